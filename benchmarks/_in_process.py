"""What the in-process CPU benchmarks (``bench_move_cpu.py``, ``bench_pick_cpu.py``) share: the
CPU and wall time of the calls they measure, the local PostgreSQL's CPU over the run, and their
report beside the baseline."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

from benchmarks._baseline import compare
from benchmarks._processes import cpu_of


class CallCost:
    """The measured calls of one run: ``with cost.measure(): call()`` for each, then ``report``.
    On PostgreSQL, every postgres process's CPU from the cost's making to the report is counted
    (the reads that choose each call included)."""

    def __init__(self, vendor: str) -> None:
        self.vendor = vendor
        self.cpu = self.wall = 0.0
        self.calls = 0
        self.database_before = cpu_of("postgres") if vendor == "postgresql" else 0.0

    @contextmanager
    def measure(self) -> Iterator[None]:
        cpu, wall = time.process_time(), time.perf_counter()
        try:
            yield
        finally:
            self.cpu += time.process_time() - cpu
            self.wall += time.perf_counter() - wall
            self.calls += 1

    def report(self, bench: str, short: str, called: str, unit: str) -> None:
        """Print the CPU and wall time a call of ``called`` (named ``short`` in the figures) took,
        a ``unit`` each, PostgreSQL's share, and compare them with ``bench``'s baseline."""
        cpu, wall = self.cpu / self.calls * 1000, self.wall / self.calls * 1000
        figures = {f"{short} CPU a {unit} (ms)": cpu, f"{short} wall a {unit} (ms)": wall}
        print(f"  {called}: CPU {cpu:.3f} ms, wall {wall:.3f} ms a {unit}")
        if self.vendor == "postgresql":
            database = (cpu_of("postgres") - self.database_before) / self.calls * 1000
            figures[f"PostgreSQL CPU a {unit} (ms)"] = database
            print(f"  PostgreSQL (every postgres process of this machine): {database:.3f} ms a {unit}")
        compare(f"{bench} ({self.vendor})", figures)
