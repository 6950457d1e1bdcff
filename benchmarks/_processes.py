"""The machine's processes and the CPU they used, read from Linux's /proc: a benchmark's share of
each part (the web processes, the workers, PostgreSQL, Redis) over a run."""

from __future__ import annotations

import os
from pathlib import Path


def processes() -> dict[int, tuple[str, int, float]]:
    """Every process of the machine (Linux's /proc): its command name, its parent and the CPU seconds
    (user + system) it used so far; a process that ended while it was read is left out."""
    tick, found = os.sysconf("SC_CLK_TCK"), {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            name, rest = (entry / "stat").read_text().split(" (", 1)[1].rsplit(")", 1)
        except OSError:
            continue
        fields = rest.split()
        found[int(entry.name)] = (name, int(fields[1]), (int(fields[11]) + int(fields[12])) / tick)
    return found


def cpu_of(command: str, argument: str = "") -> float:
    """CPU seconds used so far by every process of the machine whose command is ``command`` (and whose
    command line holds ``argument``): the database's and Redis's share of a run."""
    used = 0.0
    for pid, (name, _parent, cpu) in processes().items():
        if name != command:
            continue
        try:
            line = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        used += cpu if argument in line else 0.0
    return used
