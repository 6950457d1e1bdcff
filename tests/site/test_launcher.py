"""`make run`'s launcher: everything comes up green, and Ctrl-C leaves nothing running."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.processes import free_port
from tests.waiting import wait_until

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
    found: set[int] = set()
    frontier = {pid}
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


def launcher_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    """A development site of its own (SQLite and embedded Redis under ``tmp_path``), migrated."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "DATABASE_URL"}}
    env.update(
        {
            "FETT_ENV": "development",
            "FETT_VAR_DIR": str(tmp_path / "var"),
            "PORT": str(port),
            "WORKER_CONCURRENCY": "1",
            "WORKER_HEARTBEAT_SECONDS": "1",
            **extra,
        }
    )
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True, timeout=300)
    return env


def start_launcher(env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    with log.open("w") as sink:
        return subprocess.Popen(
            [sys.executable, "-m", "config.launcher"], cwd=ROOT, env=env, stdout=sink, stderr=subprocess.STDOUT
        )


def health(port: str) -> tuple[int, dict[str, object]]:
    try:
        return get_json(f"http://127.0.0.1:{port}/healthz")
    except OSError:
        return 0, {}


def stop_launcher(launcher: subprocess.Popen[bytes], children: set[int]) -> None:
    """Ctrl-C, as a person would; then nothing it started may be left running."""
    if launcher.poll() is None:
        launcher.send_signal(signal.SIGINT)
    launcher.wait(timeout=120)
    wait_until(lambda: not [pid for pid in children if alive(pid)], 60, "every child of the launcher to exit")


@pytest.mark.parametrize("value", ["soon", "0", "3600"])
def test_a_wrong_back_off_stops_the_launcher_before_it_starts_anything(tmp_path: Path, value: str) -> None:
    env = {k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "DATABASE_URL"}}
    env.update({"FETT_ENV": "development", "FETT_VAR_DIR": str(tmp_path / "var"), "LAUNCHER_BACKOFF_SECONDS": value})
    run = subprocess.run([sys.executable, "-m", "config.launcher"], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=120)  # fmt: skip
    assert run.returncode == 1
    assert "LAUNCHER_BACKOFF_SECONDS must be" in run.stderr and repr(value) in run.stderr
    assert "started" not in run.stdout and not (tmp_path / "var" / "redis").exists()


@pytest.mark.slow
def test_the_launcher_serves_a_green_site_and_stops_every_child(tmp_path: Path) -> None:
    env = launcher_env(tmp_path)
    log = tmp_path / "launcher.log"
    launcher = start_launcher(env, log)
    children: set[int] = set()
    try:
        wait_until(lambda: health(env["PORT"])[0] == 200, 120, "/healthz to turn green")
        wait_until(lambda: "Fett is running at" in log.read_text(), 60, "the launcher's banner")
        children = descendants(launcher.pid)
        assert len(children) >= 4  # redis, web, worker (+ its pool), beat
    finally:
        children |= descendants(launcher.pid)
        stop_launcher(launcher, children)
    output = log.read_text()
    assert launcher.returncode == 0, output
    assert "Fett is running at" in output
    assert "everything stopped" in output


@pytest.mark.slow
def test_a_worker_that_keeps_dying_is_left_down_while_the_web_server_stays_up(tmp_path: Path) -> None:
    dies = f"{sys.executable} -c 'raise SystemExit(3)'"
    env = launcher_env(tmp_path, FETT_LAUNCHER_WORKER_COMMAND=dies, LAUNCHER_BACKOFF_SECONDS="3")
    log = tmp_path / "launcher.log"
    launcher = start_launcher(env, log)
    children: set[int] = set()
    try:
        wait_until(lambda: "worker died 6 times in a minute" in log.read_text(), 120, "the launcher to give up")
        replies: list[tuple[int, dict[str, object]]] = []

        def reports_it() -> bool:
            replies.append(health(env["PORT"]))
            return replies[-1][0] == 503 and "gave up" in str(replies[-1][1])

        wait_until(reports_it, 120, "/healthz to report the worker the launcher gave up on")
        body = replies[-1][1]
        assert isinstance(body["down"], list), body
        assert "celery_worker" in body["down"]
        checks = body["checks"]
        assert isinstance(checks, dict)
        detail = checks["celery_worker"]["detail"]
        assert "the worker is down" in detail and "the launcher gave up restarting it at" in detail, detail
        assert checks["database"]["status"] == "up" and checks["redis"]["status"] == "up"
        with urllib.request.urlopen(f"http://127.0.0.1:{env['PORT']}/cards/", timeout=30) as page:
            assert page.status == 200  # the site still serves pages
        # After the back-off it tries again; the worker dies again, and is left down for twice as long.
        wait_until(lambda: "trying worker again after 3 s" in log.read_text(), 120, "the launcher to try again")
        wait_until(lambda: "leaving it down for 6 s" in log.read_text(), 120, "a longer second back-off")
        assert launcher.poll() is None, log.read_text()
        children = descendants(launcher.pid)
    finally:
        children |= descendants(launcher.pid)
        stop_launcher(launcher, children)
    output = log.read_text()
    assert launcher.returncode == 0, output
    assert "keeps dying" not in output and "web exited" not in output


@pytest.mark.slow
def test_a_web_server_that_keeps_dying_stops_the_whole_site(tmp_path: Path) -> None:
    dies = f"{sys.executable} -c 'raise SystemExit(3)'"
    env = launcher_env(tmp_path, FETT_LAUNCHER_WEB_COMMAND=dies)
    log = tmp_path / "launcher.log"
    launcher = start_launcher(env, log)
    children: set[int] = set()
    try:

        def stopped() -> bool:
            children.update(descendants(launcher.pid))  # what it started, to check none is left running
            return launcher.poll() is not None

        wait_until(stopped, 180, "the launcher to stop the site")
    finally:
        stop_launcher(launcher, children)
    output = log.read_text()
    assert launcher.returncode == 1, output
    assert "web keeps dying; nothing can be served, stopping" in output
    assert "everything stopped" in output
