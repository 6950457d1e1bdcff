"""Every status-bearing model moves only along its transition table, through ``set_status``.

Each legal move is made on a real row and saved; every other move is refused with the typed
``IllegalTransition`` (naming the statuses in words) and leaves the row as it was. Event and round
moves, and results set by staff, leave an audit row that the organiser's page shows in words.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime
from itertools import product
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.models import Model

from common.states import IllegalTransition, StatusMachine
from gameplay.invitations.models import Invitation, TableRequest
from gameplay.matches.models import MatchChallenge, PlayMatch
from tests.conftest import Personas
from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory, UserFactory
from tournaments.coop import services as coop
from tournaments.coop.models import Challenge as CoopChallenge
from tournaments.drafts.models import Pod
from tournaments.models import AuditEntry, Event, Match, PodTable, Round
from tournaments.services import registration, results, rounds
from tournaments.services.results import Score
from tournaments.webhooks.models import Delivery, Endpoint, Kind


def _event() -> Event:
    return EventFactory.create()


def _round() -> Round:
    return Round.objects.create(event=EventFactory.create(), number=1, stage=Round.Stage.SWISS)


def _match() -> Match:
    round_ = Round.objects.create(event=EventFactory.create(), number=1, stage=Round.Stage.SWISS)
    return Match.objects.create(round=round_, table=1, player_a=UserFactory.create(), player_b=UserFactory.create())


def _pod_table() -> PodTable:
    round_ = Round.objects.create(event=EventFactory.create(structure="pods"), number=1, stage=Round.Stage.PODS)
    return PodTable.objects.create(round=round_, table=1)


def _play_match() -> PlayMatch:
    return PlayMatch.objects.create(player1=UserFactory.create(), player2=UserFactory.create(), decks=[{}, {}], seed=7)


def _challenge() -> MatchChallenge:
    return MatchChallenge.objects.create(
        challenger=UserFactory.create(), opponent=UserFactory.create(), challenger_deck={}
    )


def _pod() -> Pod:
    return Pod.objects.create(event=EventFactory.create(format="draft"), number=1, seed="seed")


def _delivery() -> Delivery:
    endpoint = Endpoint.objects.create(
        event=EventFactory.create(), url="http://127.0.0.1:9/hook", secret="s", created_by=UserFactory.create()
    )
    return Delivery.objects.create(endpoint=endpoint, kind=Kind.PING, payload={})


def _coop_challenge() -> CoopChallenge:
    return coop.daily_challenge()


def _invitation() -> Invitation:
    team_type = ContentType.objects.get_for_model(Invitation)  # any row will do as the target here
    return Invitation.objects.create(
        kind=Invitation.Kind.TEAM, inviter=UserFactory.create(), invitee=UserFactory.create(),
        target_type=team_type, target_id=1, about="the team Dawn",
    )  # fmt: skip


def _table_request() -> TableRequest:
    return TableRequest.objects.create(host=UserFactory.create(), engine="runemasters")


MAKERS: dict[type[Model], Callable[[], Any]] = {
    Event: _event,
    Round: _round,
    Match: _match,
    PodTable: _pod_table,
    PlayMatch: _play_match,
    MatchChallenge: _challenge,
    Pod: _pod,
    Delivery: _delivery,
    CoopChallenge: _coop_challenge,
    Invitation: _invitation,
    TableRequest: _table_request,
}


def _status_models() -> list[type[Model]]:
    """Every model of the project's apps with a status field."""
    from django.apps import apps

    ours = [m for m in apps.get_models() if m.__module__.split(".")[0] in ("tournaments", "gameplay", "accounts")]
    return [m for m in ours if any(f.name == "status" for f in m._meta.get_fields())]


def _moves(model: type[Any]) -> list[tuple[str, str, bool]]:
    values = [str(v) for v in model.Status.values]
    return [(a, b, b in model.TRANSITIONS[a]) for a, b in product(values, values)]


def test_every_model_with_a_status_is_a_status_machine_whose_table_names_each_status_once() -> None:
    found = _status_models()
    assert set(found) == set(MAKERS), "a model with a status field needs a table and a test here"
    for model in found:
        assert issubclass(model, StatusMachine), model.__name__
        values = {str(v) for v in model.Status.values}  # type: ignore[attr-defined]
        table = model.TRANSITIONS
        assert set(table) == values, model.__name__
        assert all(targets <= values for targets in table.values()), model.__name__


@pytest.mark.django_db
@pytest.mark.parametrize("model", list(MAKERS), ids=lambda m: m.__name__)
def test_every_legal_move_is_made_and_saved(model: type[Any]) -> None:
    legal = [(a, b) for a, b, ok in _moves(model) if ok]
    assert legal
    for old, new in legal:
        row = MAKERS[model]()
        type(row).objects.filter(pk=row.pk).update(status=old)  # the starting point, not a move
        row.refresh_from_db()
        row.set_status(new, by=None)
        row.save()
        row.refresh_from_db()
        assert row.status == new, (old, new)


@pytest.mark.django_db
@pytest.mark.parametrize("model", list(MAKERS), ids=lambda m: m.__name__)
def test_every_illegal_move_is_refused_in_words_and_changes_nothing(model: type[Any]) -> None:
    illegal = [(a, b) for a, b, ok in _moves(model) if not ok]
    assert illegal
    labels = {str(v): str(label).lower() for v, label in model.Status.choices}
    row = MAKERS[model]()
    for old, new in illegal:
        type(row).objects.filter(pk=row.pk).update(status=old)
        row.refresh_from_db()
        entries = AuditEntry.objects.count()
        with pytest.raises(IllegalTransition) as refused:
            row.set_status(new, by=None)
        assert (refused.value.model, refused.value.current, refused.value.new) == (model, old, new)
        message = str(refused.value)
        assert f"that is {labels[old]} cannot move to {labels[new]}." in message
        assert row.status == old
        row.refresh_from_db()
        assert row.status == old and AuditEntry.objects.count() == entries


def test_a_refusal_names_the_statuses_as_people_read_them() -> None:
    row = Match(status=Match.Status.PENDING)
    with pytest.raises(IllegalTransition, match=r"^A match that is not reported cannot move to disputed\.$"):
        row.set_status(Match.Status.DISPUTED)
    preview = Round(status=Round.Status.OPEN)
    with pytest.raises(IllegalTransition, match=r"^A round that is in progress cannot move to preview\.$"):
        preview.set_status(Round.Status.PREVIEW)


def _running_event() -> tuple[Event, Any, list[Any]]:
    organiser = OrganiserFactory.create(username="orla", display_name="Orla")
    event = EventFactory.create(organiser=organiser, best_of=3, status=Event.Status.DRAFT)
    players = [UserFactory.create(username=f"p{i}") for i in range(4)]
    for player in players:
        RegistrationFactory.create(event=event, player=player)
    registration.change_status(event, Event.Status.REGISTRATION, organiser)
    registration.start_event(event, organiser)
    event.refresh_from_db()  # the services lock and move their own copy of the row
    return event, organiser, players


@pytest.mark.django_db
def test_event_and_round_moves_and_results_set_by_staff_are_audited_with_who_and_what() -> None:
    event, organiser, _players = _running_event()
    judge = UserFactory.create(username="jude", display_name="Jude")
    event.judges.add(judge)
    round_ = rounds.pair_next_round(event, organiser)
    round_ = rounds.publish_round(round_, organiser)
    first = round_.matches.order_by("table").first()
    assert first is not None
    results.set_result(first, judge, Score(2, 1, 0))
    results.set_result(first, judge, Score(2, 0, 0))
    for match in round_.matches.exclude(pk=first.pk):
        results.set_result(match, organiser, Score(2, 0, 0))
    rounds.end_round(round_, organiser)

    rows = list(AuditEntry.objects.filter(event=event))
    a, b = first.player_a.public_name, first.player_b.public_name  # type: ignore[union-attr]
    said = [(row.kind, row.by, row.describe()) for row in rows]
    assert said[:5] == [
        (AuditEntry.Kind.EVENT_STATUS, organiser, "Event: not yet open → registration open"),
        (AuditEntry.Kind.EVENT_STATUS, organiser, "Event: registration open → running"),
        (AuditEntry.Kind.ROUND_STATUS, organiser, "Round 1: preview → in progress"),
        (AuditEntry.Kind.RESULT_SET, judge, f"Round 1, table 1: result set: {a} won 2-1 against {b}"),
        (
            AuditEntry.Kind.RESULT_SET,
            judge,
            f"Round 1, table 1: result changed to {a} won 2-0 against {b} (was {a} won 2-1 against {b})",
        ),
    ]
    assert said[-1] == (AuditEntry.Kind.ROUND_STATUS, organiser, "Round 1: in progress → ended")
    assert [row.kind for row in rows].count(AuditEntry.Kind.RESULT_SET) == 2 + round_.matches.count() - 1


@pytest.mark.django_db
def test_a_refused_move_leaves_no_audit_row() -> None:
    event, organiser, _players = _running_event()
    before = AuditEntry.objects.count()
    with pytest.raises(IllegalTransition):
        event.set_status(Event.Status.REGISTRATION, by=organiser)
    event.refresh_from_db()
    assert event.status == Event.Status.RUNNING and AuditEntry.objects.count() == before


@pytest.mark.django_db
def test_the_manage_page_shows_the_history_in_names_and_words(personas: Personas) -> None:
    event = personas.event
    personas.organiser.display_name = "Oda Organiser"
    personas.organiser.save()
    RegistrationFactory.create(event=event, player=UserFactory.create(username="quinn"))
    registration.start_event(event, personas.organiser)
    round_ = rounds.publish_round(rounds.pair_next_round(event, personas.organiser), personas.organiser)

    page = personas.client("organiser").get(f"/events/{event.pk}/manage/")
    assert page.status_code == 200
    history = page.content.decode().split('data-testid="history"', 1)[1].split("</ul>", 1)[0]
    assert "Event: registration open → running" in history
    assert f"{round_.label}: preview → in progress" in history
    assert history.count("by Oda Organiser") == 2
    for raw in ("event_status", "round_status", "registration →", "→ open"):
        assert raw not in history


# --- no template compares a raw status string -----------------------------------------------------

RAW_STATUS = re.compile(r"""status\s*(==|!=|in)\s*["']|["']\s*(==|!=)\s*[\w.]*status\b""")
SHOWN_RAW = re.compile(r"\{\{\s*[\w.]*\.status\s*\}\}")
CSS_CLASS = re.compile(r"""class="[^"]*\{\{\s*[\w.]*\.status\s*\}\}""")


def raw_status_uses(templates: Path) -> list[str]:
    """Lines of ``templates`` that compare a status to a string, or print a raw status to a
    person (a status used only to name a CSS class is allowed: nobody reads it)."""
    found = []
    for path in sorted(templates.rglob("*.html")):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            shown = SHOWN_RAW.findall(CSS_CLASS.sub("", line))
            if RAW_STATUS.search(line) or shown:
                found.append(f"{path.relative_to(templates)}:{number}: {line.strip()[:100]}")
    return found


def test_no_template_compares_or_shows_a_raw_status_string() -> None:
    templates = Path(settings.BASE_DIR) / "templates"
    assert list(templates.rglob("*.html"))
    assert raw_status_uses(templates) == []


def test_the_template_scan_catches_a_comparison_and_a_raw_status(tmp_path: Path) -> None:
    (tmp_path / "bad.html").write_text(
        '{% if round.status == "open" %}x{% endif %}\n'
        "{% if 'done' != pod.status %}y{% endif %}\n"
        "<span>{{ pod.status }}</span>\n"
        '<tr class="status-{{ m.status }}">{{ m.get_status_display }}</tr>\n'
    )
    assert [line.split(":")[1] for line in raw_status_uses(tmp_path)] == ["1", "2", "3"]


# --- the rename's migration -------------------------------------------------------------------------

BEFORE = [("tournaments", "0004_event_matches_public")]


@pytest.mark.django_db(transaction=True)
def test_the_migrations_turn_draft_rounds_into_previews_and_keep_the_event_status_history() -> None:
    executor = MigrationExecutor(connection)
    leaves = executor.loader.graph.leaf_nodes()
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    user = old.get_model("accounts", "User").objects.create(username="mo", password="x")
    event = old.get_model("tournaments", "Event").objects.create(name="Old Open", organiser_id=user.pk, seed=1)
    old_round = old.get_model("tournaments", "Round")
    for number, status in ((1, "ended"), (2, "open"), (3, "draft")):
        old_round.objects.create(event_id=event.pk, number=number, stage="swiss", status=status)
    change = old.get_model("tournaments", "EventStatusChange")
    at = datetime(2026, 1, 2, 10, tzinfo=UTC)
    change.objects.create(event_id=event.pk, old="registration", new="running", by_id=user.pk, at=at)

    executor = MigrationExecutor(connection)
    executor.migrate(leaves)
    by_number = dict(Round.objects.filter(event_id=event.pk).values_list("number", "status"))
    assert by_number == {1: "ended", 2: "open", 3: "preview"}
    entry = AuditEntry.objects.get(event_id=event.pk)
    assert (entry.kind, entry.old, entry.new, entry.by_id) == ("event_status", "registration", "running", user.pk)


# --- the admin does not edit statuses around the tables ------------------------------------------


@pytest.mark.django_db
def test_the_admin_shows_statuses_but_offers_no_way_to_edit_them() -> None:
    from django.test import Client

    admin = Client()
    admin.force_login(UserFactory.create(username="root", is_staff=True, is_superuser=True))
    pod = _pod()
    for url in (f"/admin/tournaments/event/{pod.event_id}/change/", f"/admin/drafts/pod/{pod.pk}/change/"):
        page = admin.get(url)
        assert page.status_code == 200, url
        form = page.content.decode()
        assert 'name="status"' not in form, url
        assert 'name="number"' in form or 'name="name"' in form, url  # the other fields stay editable
