"""The one deadline helper (``common.deadlines``): a stale version does nothing, the sweep fires
what a lost task missed, an unknown kind is logged; and no other way to time things is left in the
apps (no task of their own named ``expire_*``/``sweep_*``, no ETA queued but the helper's, one
sweep in beat's schedule, every kind declared in the apps listed in the settings)."""

from __future__ import annotations

import ast
import logging
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from common import deadlines
from common.deadlines import FIRE_MANY_TASK, FIRE_TASK, DeadlineKind, expire_deadline, expire_deadlines
from config.celery import app
from gameplay.matches.timers import MATCH_CLOCK
from tests.factories import EventFactory
from tests.webhooks.conftest import Queued
from tournaments.models import Round

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("accounts", "common", "config", "gameplay", "tournaments")
HELPER = ROOT / "common" / "deadlines.py"

# --- a kind of deadline of the tests' own: open rounds, fired into a list -------------------------

FIRED: list[tuple[int, int, datetime]] = []
FAILING: set[int] = set()


def _record(key: int, version: int, now: datetime) -> int:
    if key in FAILING:
        raise RuntimeError(f"round {key} cannot be fired")
    FIRED.append((key, version, now))
    return 1


PROBE = DeadlineKind(
    name="probe", rows=Round.objects.filter(status=Round.Status.OPEN), deadline="ends_at", fire=_record
)


@pytest.fixture
def probe(settings: Any) -> list[tuple[int, int, datetime]]:
    settings.DEADLINE_KINDS = [*settings.DEADLINE_KINDS, f"{__name__}.PROBE"]
    FIRED.clear()
    FAILING.clear()
    return FIRED


def open_round(number: int, ends_in: timedelta, version: int = 1) -> Round:
    event = EventFactory.create()
    return Round.objects.create(event=event, number=number, stage=Round.Stage.SWISS, status=Round.Status.OPEN,
                                ends_at=timezone.now() + ends_in, timer_version=version)  # fmt: skip


@pytest.fixture
def queued(monkeypatch: pytest.MonkeyPatch) -> Queued:
    recorder = Queued()
    monkeypatch.setattr("common.tasks.current_app", recorder)
    return recorder


@pytest.mark.django_db
def test_a_stale_version_does_nothing_and_the_current_one_fires(probe: list[Any]) -> None:
    round_ = open_round(1, timedelta(seconds=-1), version=3)
    now = timezone.now()
    assert deadlines.fire("probe", round_.pk, 2, now) == 0
    assert probe == []
    assert deadlines.fire("probe", round_.pk, 3, now) == 1
    assert probe == [(round_.pk, 3, now)]


@pytest.mark.django_db
def test_a_due_row_its_task_missed_is_fired_by_the_sweep_and_a_later_one_is_not(probe: list[Any]) -> None:
    late = open_round(1, timedelta(seconds=-5), version=4)
    open_round(2, timedelta(minutes=5))
    now = timezone.now()
    assert deadlines.due("probe", now) == [(late.pk, 4)]
    assert deadlines.sweep(now, only=["probe"]) == 1
    assert probe == [(late.pk, 4, now)]


@pytest.mark.django_db
def test_a_row_that_fails_is_logged_and_the_sweep_goes_on(probe: list[Any], caplog: pytest.LogCaptureFixture) -> None:
    broken, fine = open_round(1, timedelta(seconds=-5)), open_round(2, timedelta(seconds=-1))
    FAILING.add(broken.pk)
    with caplog.at_level(logging.ERROR, logger="common.deadlines"):
        assert deadlines.sweep(only=["probe"]) == 1
    assert [key for key, _v, _t in probe] == [fine.pk]
    assert "deadline probe" in caplog.text and "cannot be fired" in caplog.text


@pytest.mark.django_db
def test_an_unknown_kind_is_logged_not_raised(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="common.deadlines"):
        assert expire_deadline("no-such-kind", 7, 1) == 0
    assert "no deadline kind 'no-such-kind'" in caplog.text


@pytest.mark.django_db
def test_a_deadline_is_queued_after_commit_by_name_unless_beyond_its_kinds_horizon(
    queued: Queued, django_capture_on_commit_callbacks: Any
) -> None:
    near, far = timezone.now() + timedelta(seconds=30), timezone.now() + timedelta(minutes=25)
    with django_capture_on_commit_callbacks(execute=True):
        deadlines.schedule(MATCH_CLOCK, 5, 2, near)
        deadlines.schedule(MATCH_CLOCK, 6, 1, far)  # beat's feed queues it when it comes near
        assert queued.calls == []  # nothing before the commit
    assert queued.calls == [(FIRE_TASK, (MATCH_CLOCK, 5, 2), near)]
    with pytest.raises(KeyError):
        deadlines.schedule("no-such-kind", 5, 2, near)


@pytest.mark.django_db
def test_many_deadlines_due_together_go_in_one_task_and_each_fires_as_by_its_own(
    probe: list[Any], queued: Queued, django_capture_on_commit_callbacks: Any, caplog: pytest.LogCaptureFixture
) -> None:
    """A round's deck swaps share one instant: one message for them all, not one per pod."""
    rounds = [open_round(n, timedelta(seconds=-1), version=n) for n in (1, 2, 3)]
    at = timezone.now() + timedelta(minutes=10)
    keyed = [(r.pk, r.timer_version) for r in rounds]
    with django_capture_on_commit_callbacks(execute=True):
        deadlines.schedule_many("probe", keyed, at)
        deadlines.schedule_many("probe", [], at)  # nothing to queue: no message
        assert queued.calls == []
    assert queued.calls == [(FIRE_MANY_TASK, ("probe", [list(pair) for pair in keyed]), at)]
    assert app.amqp.router.route({}, FIRE_MANY_TASK)["queue"].name == "timers"
    FAILING.add(rounds[0].pk)  # one that fails is logged; the others still fire
    stale = [rounds[1].pk, rounds[1].timer_version + 1]  # a version that moved on fires nothing
    with caplog.at_level(logging.ERROR, logger="common.deadlines"):
        fired = expire_deadlines("probe", [list(keyed[0]), stale, list(keyed[2])])
    assert fired == 1
    assert [(key, version) for key, version, _now in probe] == [keyed[2]]
    assert "cannot be fired" in caplog.text


def test_the_sweep_runs_every_two_seconds_at_most_on_the_timers_queue() -> None:
    """Match clocks were swept every 2 s before all kinds shared one sweep: no kind is later now."""
    entry = app.conf.beat_schedule["sweep-deadlines"]
    assert entry["task"] == deadlines.sweep_deadlines.name and entry["schedule"] <= 2.0
    assert app.amqp.router.route({}, entry["task"])["queue"].name == "timers"


@pytest.mark.django_db
def test_each_kinds_sweep_query_is_bounded_and_uses_an_index() -> None:
    if connection.vendor != "sqlite":
        pytest.skip("reads SQLite's query plans")
    for name, kind in deadlines.kinds().items():
        with CaptureQueriesContext(connection) as captured:
            kind.due(timezone.now())
        (query,) = captured.captured_queries
        assert f"LIMIT {deadlines.SWEEP_BATCH}" in query["sql"], name
        with connection.cursor() as cursor:
            cursor.execute(f"EXPLAIN QUERY PLAN {query['sql']}")
            plan = [str(row[-1]) for row in cursor.fetchall()]
        assert not [step for step in plan if step.startswith("SCAN")], (name, plan)


# --- one way: no other timer machinery in the apps -------------------------------------------------


def project_files() -> list[Path]:
    return sorted(p for package in PACKAGES for p in (ROOT / package).rglob("*.py") if "migrations" not in p.parts)


def _task_name(decorator: ast.expr, function: str) -> str | None:
    """The Celery task name a decorator gives ``function``, or None if it makes no task."""
    call = decorator if isinstance(decorator, ast.Call) else None
    target = call.func if call is not None else decorator
    made_by = target.id if isinstance(target, ast.Name) else target.attr if isinstance(target, ast.Attribute) else ""
    if made_by not in ("shared_task", "task"):
        return None
    for keyword in call.keywords if call is not None else []:
        if keyword.arg == "name" and isinstance(keyword.value, ast.Constant):
            return str(keyword.value.value)
    return function


def test_no_module_but_the_helper_defines_a_timer_task() -> None:
    found = []
    for path in project_files():
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) or path == HELPER:
                continue
            for decorator in node.decorator_list:
                name = _task_name(decorator, node.name)
                if name is not None and name.rsplit(".", 1)[-1].startswith(("expire_", "sweep_")):
                    found.append(f"{path.relative_to(ROOT)}: {name}")
    assert found == []


def test_no_module_but_the_helper_queues_a_task_for_later() -> None:
    """A task with an ETA or a countdown is a deadline: it is scheduled through the helper."""
    found = []
    for path in project_files():
        if path in (HELPER, ROOT / "common" / "tasks.py"):  # the helper, and the hand-off it uses
            continue
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.Call) and {k.arg for k in node.keywords} & {"eta", "countdown"}:
                func = node.func
                called = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
                if called in ("queue_after_commit", "send_task", "apply_async"):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno} {called}")
    assert found == []


def test_beat_has_one_sweep() -> None:
    sweeps = [entry["task"] for entry in app.conf.beat_schedule.values() if ".sweep_" in entry["task"]]
    assert sweeps == [deadlines.sweep_deadlines.name]


def _kinds_declared(path: Path) -> set[str]:
    """``module.NAME`` of each ``NAME = DeadlineKind(...)`` at the top of the file."""
    module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    found = set()
    for node in ast.parse(path.read_text(), filename=str(path)).body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
            func = node.value.func
            if isinstance(func, ast.Name) and func.id == "DeadlineKind":
                found |= {f"{module}.{t.id}" for t in node.targets if isinstance(t, ast.Name)}
    return found


def test_every_kind_the_apps_declare_is_in_the_settings(settings: Any) -> None:
    declared = set().union(*(_kinds_declared(path) for path in project_files()))
    assert declared == set(settings.DEADLINE_KINDS)
    assert len(deadlines.kinds()) == len(declared)
