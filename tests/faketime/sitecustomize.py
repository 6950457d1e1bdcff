"""Python's ``time.sleep`` under libfaketime with a real monotonic clock (``make test-future``).

``make test-future`` runs the suite under libfaketime with ``FAKETIME_DONT_FAKE_MONOTONIC=1``: with
a faked monotonic clock, Python's timed waits (``Event.wait``, ``Lock.acquire(timeout=...)``,
``queue.get(timeout=...)``) hang, since ``sem_clockwait`` is not intercepted and waits for a
monotonic deadline a year away. With the monotonic clock left real, libfaketime 0.9.10 (Debian 12)
still shifts the absolute monotonic deadline of ``clock_nanosleep``, which Python 3.11's
``time.sleep`` uses, and the kernel refuses it (``OSError: [Errno 22] Invalid argument``; fixed in
later libfaketime releases). The target puts this folder on ``PYTHONPATH``, so every Python process
of the run (pytest, the servers, the Celery workers, the launcher) imports this module at start up
and sleeps with ``select`` instead, which takes a relative timeout. Outside libfaketime it does nothing.
"""

from __future__ import annotations

import os
import select
import time

if "faketime" in os.environ.get("LD_PRELOAD", ""):

    def _sleep(seconds: float) -> None:
        if seconds < 0:
            raise ValueError("sleep length must be non-negative")
        select.select([], [], [], seconds)  # restarted with the time left if a signal interrupts it

    time.sleep = _sleep
