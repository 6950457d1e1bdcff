"""deploy/local-cluster's configuration, checked without starting anything: the settings it gives the
site load as PgBouncer's transaction pooling needs them, the outbound tasks take their own queue, and
the proxy and PgBouncer files it writes name every port of the layout. (The cluster itself, with
PgBouncer and HAProxy installed, is measured in docs/deploying.md, not started by the suite.)"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from config.celery import OUTBOUND_TASKS, app
from deploy import cluster

ROOT = Path(__file__).resolve().parents[2]
DATABASE = "postgres://fett:s3cret@db.example:5433/fett_big"


def layout(web: int = 3, port: int = 9140, database_url: str = DATABASE) -> cluster.Layout:
    args = argparse.Namespace(
        web=web, port=port, database_url=database_url, redis_url="redis://127.0.0.1:6379", key_prefix="fett-x"
    )
    return cluster.layout_from(args)


def settings_of(env: dict[str, str], tmp_path: Path, expression: str) -> object:
    """``expression`` over the settings a process started with ``env`` loads (printed as JSON)."""
    unset = {"DATABASE_URL", "DB_PGBOUNCER", "DB_PREPARE", "CELERY_OUTBOUND_QUEUE"}  # the run's own, if set
    clean = {k: v for k, v in os.environ.items() if k not in unset}
    code = f"import json, django; django.setup(); from django.conf import settings; print(json.dumps({expression}))"
    run = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**clean, "FETT_ENV": "development", "FETT_VAR_DIR": str(tmp_path / "var"), **env},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout.strip().splitlines()[-1])


def test_the_site_environment_of_the_cluster_loads_with_pgbouncer_settings(tmp_path: Path) -> None:
    """What every web and Celery process of the cluster gets: the database through PgBouncer's port,
    server-side cursors off, no prepared statements, a persistent-connection setting Django accepts."""
    the_layout = layout()
    env = cluster.site_env(the_layout, {})
    assert env["DATABASE_URL"] == "postgres://fett:s3cret@127.0.0.1:9141/fett_big"
    database = settings_of(
        {k: env[k] for k in ("DATABASE_URL", "DB_PGBOUNCER", "CELERY_OUTBOUND_QUEUE")},
        tmp_path,
        "{**{k: settings.DATABASES['default'].get(k) for k in ('PORT', 'NAME', 'DISABLE_SERVER_SIDE_CURSORS')},"
        " 'prepare': settings.DATABASES['default']['OPTIONS'].get('prepare_threshold', 'unset'),"
        " 'pool': settings.DATABASES['default']['OPTIONS'].get('pool', {}).get('max_size'),"
        " 'outbound': settings.OUTBOUND_QUEUE}",
    )
    assert database == {
        "PORT": 9141,
        "NAME": "fett_big",
        "DISABLE_SERVER_SIDE_CURSORS": True,
        "prepare": "unset",  # Django's own default then applies: None, nothing prepared
        "pool": 26,  # WEB_THREADS + 2 client connections to PgBouncer per web process
        "outbound": "outbound",
    }


def test_without_pgbouncer_server_side_cursors_stay_on(tmp_path: Path) -> None:
    cursors = settings_of(
        {"DATABASE_URL": DATABASE}, tmp_path, "settings.DATABASES['default'].get('DISABLE_SERVER_SIDE_CURSORS')"
    )
    assert cursors is False


def test_straight_to_postgresql_statements_are_bound_and_prepared_unless_refused(tmp_path: Path) -> None:
    """docs/deploying.md: by default a direct connection binds on the server and prepares a statement
    run twice; with ``DB_PREPARE=false``, Django's defaults (values quoted into the text, nothing prepared)."""
    options = (
        "{k: settings.DATABASES['default']['OPTIONS'].get(k, 'unset')"
        " for k in ('server_side_binding', 'prepare_threshold')}"
    )
    assert settings_of({"DATABASE_URL": DATABASE}, tmp_path, options) == {
        "server_side_binding": True,
        "prepare_threshold": 2,
    }
    assert settings_of({"DATABASE_URL": DATABASE, "DB_PREPARE": "false"}, tmp_path, options) == {
        "server_side_binding": "unset",
        "prepare_threshold": "unset",
    }


def test_pgbouncer_refuses_server_side_binding(tmp_path: Path) -> None:
    clean = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    code = (
        "import dj_database_url; orig = dj_database_url.parse\n"
        "def parse(*a, **k):\n    c = orig(*a, **k); c['OPTIONS'] = {'server_side_binding': True}; return c\n"
        "dj_database_url.parse = parse\nimport django; django.setup()"
    )
    run = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**clean, "FETT_VAR_DIR": str(tmp_path / "var"), "DATABASE_URL": DATABASE, "DB_PGBOUNCER": "yes"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode != 0
    assert "DB_PGBOUNCER excludes server_side_binding" in run.stderr


def test_webhooks_and_mail_go_to_the_outbound_queue_when_one_is_set(settings: object) -> None:
    router = app.amqp.router
    assert {
        "tournaments.webhooks.tasks.deliver",
        "accounts.notices.tasks.send_emails",
        "accounts.notices.tasks.send_pushes",
    } == OUTBOUND_TASKS
    for name in OUTBOUND_TASKS:
        assert router.route({}, name)["queue"].name == "default"  # unset: one worker runs everything
    settings.OUTBOUND_QUEUE = "outbound"  # type: ignore[attr-defined]
    for name in OUTBOUND_TASKS:
        assert router.route({}, name)["queue"].name == "outbound"
    assert router.route({}, "common.deadlines.expire_deadline")["queue"].name == "timers"
    assert router.route({}, "gameplay.tasks.bot_move")["queue"].name == "default"
    assert router.route({}, "accounts.notices.tasks.deliver")["queue"].name == "default"


def test_the_proxy_balances_over_every_web_port() -> None:
    the_layout = layout(web=3, port=9300)
    config = cluster.haproxy_cfg(the_layout)
    assert "bind 127.0.0.1:9300" in config
    servers = [line.split()[2] for line in config.splitlines() if line.strip().startswith("server ")]
    assert servers == ["127.0.0.1:9310", "127.0.0.1:9311", "127.0.0.1:9312"]
    assert "timeout tunnel" in config  # websockets stay open between pushes
    assert "option forwardfor" in config  # the throttles see the client's address, not the proxy's


def test_pgbouncer_pools_transactions_in_front_of_postgresql(tmp_path: Path) -> None:
    the_layout = layout(port=9300)
    ini = cluster.pgbouncer_ini(the_layout, tmp_path)
    assert "fett_big = host=db.example port=5433 dbname=fett_big user=fett password=s3cret" in ini
    assert "listen_port = 9301" in ini
    assert "pool_mode = transaction" in ini
    assert "auth_type = scram-sha-256" in ini
    assert f"auth_file = {tmp_path / 'userlist.txt'}" in ini
    assert cluster.pgbouncer_userlist(the_layout) == '"fett" "s3cret"\n'
    trusted = layout(database_url="postgres://postgres@127.0.0.1:5432/fett_cluster")
    assert "auth_type = trust" in cluster.pgbouncer_ini(trusted, tmp_path)


def test_every_part_has_its_port_and_queue(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(cluster, "_tool", lambda name: f"/opt/{name}")
    found = cluster.parts(layout(web=2), tmp_path)
    names = [part.name for part in found]
    assert names == [
        "pgbouncer",
        "web-1",
        "web-2",
        "worker-timers",
        "worker-outbound",
        "worker-default",
        "beat",
        "proxy",
    ]
    webs = {part.name: part.args[part.args.index("--port") + 1] for part in found if part.name.startswith("web")}
    assert webs == {"web-1": "9150", "web-2": "9151"}
    queues = [part.args[part.args.index("-Q") + 1] for part in found if part.name.startswith("worker")]
    assert queues == ["timers", "outbound", "default"]


@pytest.mark.parametrize(
    ("web", "port", "database_url", "message"),
    [
        (0, 9140, DATABASE, "--web must be 1 to 10"),
        (11, 9140, DATABASE, "--web must be 1 to 10"),
        (2, 80, DATABASE, "--port must be 1024"),
        (2, 9140, "sqlite:///x.db", "--database-url must be postgres://"),
    ],
)
def test_a_bad_layout_is_refused_naming_the_option(web: int, port: int, database_url: str, message: str) -> None:
    with pytest.raises(cluster.ClusterError, match=message):
        layout(web=web, port=port, database_url=database_url)


def test_a_missing_package_is_named_with_its_install_command(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cluster.shutil, "which", lambda _name: None)
    monkeypatch.setattr(cluster.os.path, "exists", lambda _path: False)
    with pytest.raises(cluster.ClusterError, match=r"pgbouncer is not installed: apt-get install -y pgbouncer"):
        cluster._tool("pgbouncer")
