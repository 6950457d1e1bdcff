"""Publishing a preview takes the organiser's unsaved changes (issue 30): the form's Publish sends
the pairings as the form holds them, the confirmation names what changed (or why it cannot be
used), and Confirm saves and publishes them in one request; nothing goes up that the organiser
did not see."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from accounts.models import User
from tests.factories import OrganiserFactory, UserFactory
from tournaments.models import AuditEntry, Event, Round
from tournaments.services import registration, rounds

pytestmark = pytest.mark.django_db

NAMES = ["Eva", "Corvin", "Mira", "Tobin", "Sela", "Ansel"]


def running_event(count: int = 6, **fields: Any) -> tuple[Event, User, dict[str, User]]:
    organiser = OrganiserFactory.create(username="oda", display_name="Oda")
    event = registration.create_event(organiser, name="Floor Open", rounds=3, **fields)
    registration.change_status(event, Event.Status.REGISTRATION, organiser)
    players = {name: UserFactory.create(username=name.lower(), display_name=name) for name in NAMES[:count]}
    for player in players.values():
        registration.register(event, player)
    registration.start_event(event, organiser)
    event.refresh_from_db()
    return event, organiser, players


def tables_of(round_: Round) -> list[tuple[int, int | None]]:
    return [(m.player_a_id, m.player_b_id) for m in round_.matches.order_by("table")]


def pods_of(round_: Round) -> list[list[int]]:
    return [[s.player_id for s in t.seats.order_by("position")] for t in round_.pod_tables.order_by("table")]


def pairing_changes(event: Event) -> list[AuditEntry]:
    return list(AuditEntry.objects.filter(event=event, kind="pairings"))


def client_of(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def form_of(round_: Round) -> dict[str, str]:
    """The preview form's fields as the manage page draws them (the saved tables)."""
    fields: dict[str, str] = {}
    for number, (a, b) in enumerate(tables_of(round_), 1):
        fields[f"t{number}a"], fields[f"t{number}b"] = str(a), "" if b is None else str(b)
    return fields


def swapped(round_: Round) -> tuple[dict[str, str], list[tuple[int, int | None]]]:
    """The form after the organiser swapped the opponents of tables 1 and 2 (not saved)."""
    tables = tables_of(round_)
    (a1, b1), (a2, b2) = tables[0], tables[1]
    edited = [(a1, b2), (a2, b1), *tables[2:]]
    fields = form_of(round_)
    fields["t1b"], fields["t2b"] = str(b2), str(b1)
    return fields, edited


def test_publish_from_the_form_names_the_unsaved_changes_and_publishes_them() -> None:
    event, organiser, players = running_event()
    preview = rounds.pair_next_round(event, organiser)
    before = tables_of(preview)
    fields, edited = swapped(preview)
    boss = client_of(organiser)
    url = f"/rounds/{preview.pk}/do/publish/"

    asked = boss.post(url, fields)  # Publish pressed on the form: the confirmation, nothing changed
    shown = asked.content.decode()
    assert asked.status_code == 200 and "Publish round 1?" in shown
    names = {p.pk: p.public_name for p in players.values()}
    assert "Your changes, not saved yet, are saved as the round is published:" in shown
    (a, b), (was_a, was_b) = edited[0], before[0]
    assert b is not None and was_b is not None
    assert f"Table 1: {names[a]} v {names[b]} (was {names[was_a]} v {names[was_b]})" in shown
    assert f'name="t1b" value="{edited[0][1]}"' in shown and 'name="confirm" value="yes"' in shown
    preview.refresh_from_db()
    assert preview.status == Round.Status.PREVIEW and tables_of(preview) == before

    done = boss.post(url, {**fields, "confirm": "yes"})
    assert done.status_code == 302
    preview.refresh_from_db()
    assert preview.status == Round.Status.OPEN
    assert tables_of(preview) == edited, "the round went up as the organiser last saw it"
    [entry] = pairing_changes(event)
    assert entry.describe().startswith("Round 1: pairings changed by the organiser: table 1: ")
    assert entry.by == organiser


def test_unusable_unsaved_changes_are_named_and_nothing_is_published() -> None:
    event, organiser, _players = running_event()
    preview = rounds.pair_next_round(event, organiser)
    before = tables_of(preview)
    fields = form_of(preview)
    fields["t2a"] = fields["t1a"]  # the same player at two tables
    boss = client_of(organiser)
    url = f"/rounds/{preview.pk}/do/publish/"

    shown = boss.post(url, fields).content.decode()
    assert "Your unsaved changes cannot be used: These pairings cannot be used: " in shown
    assert "is paired more than once (tables 1 and 2)" in shown
    assert 'data-testid="confirm-action"' not in shown

    refused = boss.post(url, {**fields, "confirm": "yes"})  # sent anyway: refused on the manage page
    assert refused.status_code == 400 and "is paired more than once" in refused.content.decode()
    preview.refresh_from_db()
    assert preview.status == Round.Status.PREVIEW and tables_of(preview) == before
    assert not pairing_changes(event)


def test_publish_with_the_saved_pairings_changes_nothing_and_a_bare_post_still_asks_for_confirm() -> None:
    event, organiser, _players = running_event()
    preview = rounds.pair_next_round(event, organiser)
    before = [(m.table, m.explanation) for m in preview.matches.order_by("table")]
    boss = client_of(organiser)
    url = f"/rounds/{preview.pk}/do/publish/"
    assert boss.post(url).status_code == 400  # no form, no confirm: refused as every weighty step is
    shown = boss.post(url, form_of(preview)).content.decode()
    assert "Your changes" not in shown and "Publish round 1?" in shown
    assert boss.post(url, {**form_of(preview), "confirm": "yes"}).status_code == 302
    preview.refresh_from_db()
    assert preview.status == Round.Status.OPEN
    assert [(m.table, m.explanation) for m in preview.matches.order_by("table")] == before  # the pairer's reasons
    assert not pairing_changes(event)


def test_the_manage_page_publish_button_sends_the_preview_form() -> None:
    event, organiser, _players = running_event()
    preview = rounds.pair_next_round(event, organiser)
    shown = client_of(organiser).get(f"/events/{event.pk}/manage/").content.decode()
    assert 'id="preview-form"' in shown
    assert f'form="preview-form" formaction="/rounds/{preview.pk}/do/publish/"' in shown


def test_saving_changed_pairings_is_in_the_history() -> None:
    event, organiser, _players = running_event()
    preview = rounds.pair_next_round(event, organiser)
    fields, edited = swapped(preview)
    assert client_of(organiser).post(f"/rounds/{preview.pk}/do/pairings/", fields).status_code == 302
    assert tables_of(preview) == edited
    [entry] = pairing_changes(event)
    assert "table 2: " in entry.note and "(was " in entry.note


def test_a_pod_preview_publishes_the_unsaved_pods() -> None:
    event, organiser, _players = running_event(
        count=6, structure=Event.Structure.PODS, pod_size=3, pod_minimum=3, format="runebound-custom"
    )
    preview = rounds.pair_next_round(event, organiser)
    seating = pods_of(preview)
    first, second = seating[0][0], seating[1][0]
    fields: dict[str, str] = {}
    for number, pod in enumerate(seating, 1):
        for position, player in enumerate(pod, 1):
            fields[f"pod-{player}"], fields[f"seat-{player}"] = str(number), str(position)
    fields[f"pod-{first}"], fields[f"pod-{second}"] = "2", "1"  # two players change pods
    boss = client_of(organiser)
    url = f"/rounds/{preview.pk}/do/publish/"
    shown = boss.post(url, fields).content.decode()
    assert "Your changes, not saved yet" in shown and "Pod 1: " in shown and "(was " in shown
    assert pods_of(preview) == seating
    assert boss.post(url, {**fields, "confirm": "yes"}).status_code == 302
    preview.refresh_from_db()
    assert preview.status == Round.Status.OPEN
    now = pods_of(preview)
    assert second in now[0] and first in now[1]
    assert len(pairing_changes(event)) == 1
