"""Start-up refuses bad configuration, and production settings pass Django's deploy checks."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = {
    "FETT_ENV": "production",
    "SECRET_KEY": "k3y-for-the-deploy-check-only-" + "0123456789abcdefghijklmnopqrstuvwxyz",
    "ALLOWED_HOSTS": "fett.example",
    "DATABASE_URL": "postgres://fett:secret@db.example:5432/fett",
    "REDIS_URL": "redis://cache.example:6379",
}


def manage(*args: str, env: dict[str, str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DATABASE_URL", "REDIS_URL", "SECRET_KEY", "DEBUG", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    }
    clean.update({"FETT_VAR_DIR": str(tmp_path / "var"), **env})
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=clean, capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"FETT_ENV": "development", "DEBUG": "maybe"}, "DEBUG must be true or false"),
        ({"FETT_ENV": "staging"}, "FETT_ENV must be one of development, test, production"),
        ({"FETT_ENV": "development", "REDIS_URL": "http://localhost"}, "REDIS_URL must start with"),
        ({"FETT_ENV": "development", "DATABASE_URL": "nosuchdb://x"}, "DATABASE_URL cannot be understood"),
        ({**PRODUCTION, "SECRET_KEY": ""}, "SECRET_KEY must be set"),
        ({**PRODUCTION, "ALLOWED_HOSTS": ""}, "ALLOWED_HOSTS must be set in production"),
        ({**PRODUCTION, "DATABASE_URL": ""}, "DATABASE_URL must be set in production"),
        ({**PRODUCTION, "REDIS_URL": ""}, "REDIS_URL must be set in production"),
    ],
)
def test_a_wrong_value_stops_start_up_naming_the_variable(env: dict[str, str], message: str, tmp_path: Path) -> None:
    run = manage("check", env=env, tmp_path=tmp_path)
    assert run.returncode != 0
    assert message in run.stderr


@pytest.mark.slow  # long: run by `make test` and CI, not by `make test-fast`
def test_production_settings_pass_the_deploy_checks(tmp_path: Path) -> None:
    run = manage("check", "--deploy", "--fail-level", "WARNING", env=PRODUCTION, tmp_path=tmp_path)
    assert run.returncode == 0, run.stderr
    assert "no issues" in run.stdout


def test_development_makes_its_secret_key_once_and_keeps_it(tmp_path: Path) -> None:
    code = "from django.conf import settings; print(settings.SECRET_KEY)"
    env = {
        "FETT_ENV": "development",
        "FETT_VAR_DIR": str(tmp_path / "var"),
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    runs = [
        subprocess.run(
            [sys.executable, "-c", f"import django; django.setup(); {code}"],
            cwd=ROOT,
            env={**os.environ, **env},
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        ).stdout.strip()
        for _ in range(2)
    ]
    assert runs[0] == runs[1]
    assert len(runs[0]) >= 50
    assert (tmp_path / "var" / "secret_key").read_text().strip() == runs[0]


def test_the_default_database_is_sqlite_in_wal_mode_with_immediate_transactions() -> None:
    from django.conf import settings

    options = settings.SQLITE_OPTIONS
    assert options["transaction_mode"] == "IMMEDIATE"
    assert options["timeout"] == 20
    assert "journal_mode=WAL" in options["init_command"]


def test_processes_starting_at_once_agree_on_one_secret_key(tmp_path: Path) -> None:
    """Two test runs in one checkout (CI runs both at once) start many processes together: every
    one must read the same key, whole, and leave no half-made file behind."""
    env = {
        **{k: v for k, v in os.environ.items() if k != "SECRET_KEY"},
        "FETT_ENV": "development",
        "FETT_VAR_DIR": str(tmp_path / "var"),
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    # Each process imports Django first, then waits for the same instant (a file appearing) before
    # it reads the settings, so the six reach the key together.
    go = tmp_path / "go"
    code = (
        "import pathlib, time, django.conf\n"
        f"while not pathlib.Path({str(go)!r}).exists(): time.sleep(0.001)\n"
        "print(django.conf.settings.SECRET_KEY)"
    )
    starts = [
        subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
        for _ in range(6)
    ]
    go.touch()
    keys = {start.communicate(timeout=120)[0].strip() for start in starts}
    assert all(start.returncode == 0 for start in starts)
    assert keys == {(tmp_path / "var" / "secret_key").read_text().strip()}
    assert len(keys.pop()) >= 50
    assert sorted(path.name for path in (tmp_path / "var").glob("secret_key*")) == ["secret_key"]
