"""`make run`'s launcher: everything comes up green, and Ctrl-C leaves nothing running."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.processes import free_port

ROOT = Path(__file__).resolve().parents[2]


def get_json(url: str) -> tuple[int, dict[str, object]]:
    try:
        with urllib.request.urlopen(url, timeout=3) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def descendants(pid: int) -> set[int]:
    parent_of: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent_of[int(stat.parent.name)] = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
    found, frontier = set(), {pid}
    while frontier:
        frontier = {child for child, parent in parent_of.items() if parent in frontier} - found
        found |= frontier
    return found


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    return stat.exists() and stat.read_text().rsplit(")", 1)[1].split()[0] != "Z"


@pytest.mark.slow
def test_the_launcher_serves_a_green_site_and_stops_every_child(tmp_path: Path) -> None:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "DATABASE_URL"}}
    env.update(
        {
            "FETT_ENV": "development",
            "FETT_VAR_DIR": str(tmp_path / "var"),
            "PORT": str(port),
            "WORKER_CONCURRENCY": "1",
            "WORKER_HEARTBEAT_SECONDS": "1",
        }
    )
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True, timeout=120)
    log = tmp_path / "launcher.log"
    with log.open("w") as sink:
        launcher = subprocess.Popen(
            [sys.executable, "-m", "config.launcher"], cwd=ROOT, env=env, stdout=sink, stderr=subprocess.STDOUT
        )
    try:
        deadline, status, body = time.monotonic() + 60, 0, {}
        while time.monotonic() < deadline:
            try:
                status, body = get_json(f"http://127.0.0.1:{port}/healthz")
            except OSError:
                status = 0
            if status == 200:
                break
            time.sleep(0.5)
        assert status == 200, body
        while "Fett is running at" not in log.read_text() and time.monotonic() < deadline + 10:
            time.sleep(0.2)
        children = descendants(launcher.pid)
        assert len(children) >= 4  # redis, web, worker (+ its pool), beat
    finally:
        launcher.send_signal(signal.SIGINT)
        launcher.wait(timeout=60)
    output = log.read_text()
    assert launcher.returncode == 0, output
    assert "Fett is running at" in output
    assert "everything stopped" in output
    time.sleep(0.5)
    assert [pid for pid in children if alive(pid)] == []
