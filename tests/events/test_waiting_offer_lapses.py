"""A place offered from the waiting list lapses (issue 29): held ``WAITING_OFFER_HOURS`` (24), no
later than half the time left before the start, at least 15 minutes; then the player leaves the list
(told so) and the place goes to the next (the ``waiting_list`` notice). The kind of deadline
``waiting-offer``: fed by beat once near, fired by the real task under the offer's version, swept if
the task was lost, idempotent on retry. The clock is stopped (time-machine) wherever it decides."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.test import Client

from accounts.notices.models import Notice
from common import deadlines
from common.deadlines import FIRE_TASK, expire_deadline, sweep_deadlines
from tests.clients import api_client as api
from tests.events.test_waiting_list import drop, full_event
from tests.factories import EventFactory, UserFactory
from tests.notices.conftest import Queued
from tournaments.errors import Conflict, EventRefusal
from tournaments.models import Registration, WaitingEntry
from tournaments.services import capacity, waiting
from tournaments.services.capacity import WAITING_OFFER, offer_deadline

pytestmark = pytest.mark.django_db
NOW = datetime(2026, 3, 14, 9, 30, tzinfo=UTC)
frozen = pytest.mark.time_machine(NOW, tick=False)


@pytest.fixture
def queued(monkeypatch: pytest.MonkeyPatch) -> Queued:
    """Tasks queued after commit, recorded instead of sent to the broker (as in tests/notices)."""
    recorder = Queued()
    monkeypatch.setattr("common.tasks.current_app", recorder)
    return recorder


def heard(user: Any) -> list[tuple[str, str]]:
    return list(Notice.objects.filter(user=user, kind="waiting_list").order_by("id").values_list("title", "body"))


def test_an_offer_is_held_a_day_or_half_the_time_to_the_start_and_at_least_15_minutes(settings: Any) -> None:
    def held(start: datetime | None) -> timedelta:
        return offer_deadline(EventFactory.build(starts_at=start), NOW) - NOW

    assert held(None) == timedelta(hours=24)
    assert held(NOW + timedelta(days=5)) == timedelta(hours=24)
    assert held(NOW + timedelta(hours=6)) == timedelta(hours=3)
    assert held(NOW + timedelta(minutes=10)) == timedelta(minutes=15)
    assert held(NOW - timedelta(hours=1)) == timedelta(minutes=15)  # started: a late entry
    settings.WAITING_OFFER_HOURS = 2
    assert held(None) == timedelta(hours=2)


@frozen
def test_an_offer_not_taken_lapses_through_the_real_task_and_the_next_is_offered(
    queued: Queued, django_capture_on_commit_callbacks: Any, time_machine: Any
) -> None:
    event, _organiser, players = full_event()
    cy, dee = UserFactory.create(display_name="Cy"), UserFactory.create(display_name="Dee")
    waiting.join(event, cy)
    waiting.join(event, dee)
    with django_capture_on_commit_callbacks(execute=True):
        drop(event, players[0])
    queued.run_all(django_capture_on_commit_callbacks)
    entry = WaitingEntry.objects.get(player=cy)
    assert entry.offered_at == NOW and entry.offer_expires_at == NOW + timedelta(hours=24)
    assert waiting.place_of(event, cy.pk) == waiting.Place(1, True, NOW + timedelta(hours=24))
    assert heard(cy) == [
        (
            "A place at Spring Open is yours to take",
            "Take it or turn it down on the event page; it is held for you for 24 hours, "
            "then it goes to the next on the list.",
        )
    ]
    assert (FIRE_TASK, (WAITING_OFFER, entry.pk, entry.offer_version)) not in queued.calls  # a day away: fed later

    due = NOW + timedelta(hours=24)
    with django_capture_on_commit_callbacks(execute=True):
        assert deadlines.feed(now=due - timedelta(seconds=30), only=[WAITING_OFFER]) == 1
    assert (FIRE_TASK, (WAITING_OFFER, entry.pk, entry.offer_version)) in queued.calls
    time_machine.move_to(due - timedelta(seconds=1), tick=False)
    assert expire_deadline.apply(args=(WAITING_OFFER, entry.pk, entry.offer_version)).result == 0  # early
    time_machine.move_to(due, tick=False)
    with django_capture_on_commit_callbacks(execute=True):
        assert expire_deadline.apply(args=(WAITING_OFFER, entry.pk, entry.offer_version)).result == 1
    queued.run_all(django_capture_on_commit_callbacks)
    assert not WaitingEntry.objects.filter(player=cy).exists()
    assert [title for title, _ in heard(cy)][-1] == "The place at Spring Open offered to you has lapsed"
    dees = WaitingEntry.objects.get(player=dee)
    assert dees.offered_at == due and dees.offer_expires_at == due + timedelta(hours=24)
    assert [title for title, _ in heard(dee)] == ["A place at Spring Open is yours to take"]
    for text in (t + b for t, b in heard(cy) + heard(dee)):
        assert str(entry.pk) not in text and "@" not in text  # no id, no address

    # the same task again (a retry) and the sweep change nothing more
    with django_capture_on_commit_callbacks(execute=True):
        assert expire_deadline.apply(args=(WAITING_OFFER, entry.pk, entry.offer_version)).result == 0
        assert deadlines.sweep(now=due + timedelta(seconds=2), only=[WAITING_OFFER]) == 0
    assert list(WaitingEntry.objects.filter(event=event).values_list("player", flat=True)) == [dee.pk]
    assert Registration.objects.filter(event=event, player__in=[cy, dee]).count() == 0


@frozen
def test_a_lost_task_is_swept_and_a_stale_version_does_nothing(
    queued: Queued, django_capture_on_commit_callbacks: Any, time_machine: Any
) -> None:
    event, _organiser, players = full_event()
    cy, dee = UserFactory.create(display_name="Cy"), UserFactory.create(display_name="Dee")
    waiting.join(event, cy)
    waiting.join(event, dee)
    drop(event, players[0])
    entry = WaitingEntry.objects.get(player=cy)
    assert entry.offer_expires_at is not None
    time_machine.move_to(entry.offer_expires_at + timedelta(seconds=1), tick=False)
    assert deadlines.fire(WAITING_OFFER, entry.pk, entry.offer_version - 1) == 0  # an older offer's task
    assert WaitingEntry.objects.filter(pk=entry.pk).exists()
    with django_capture_on_commit_callbacks(execute=True):
        assert sweep_deadlines.apply().result >= 1
    assert not WaitingEntry.objects.filter(pk=entry.pk).exists()
    assert WaitingEntry.objects.get(player=dee).offered_at is not None


@frozen
def test_taking_a_lapsed_offer_is_refused_and_taking_it_in_time_leaves_the_task_nothing(
    time_machine: Any,
) -> None:
    event, _organiser, players = full_event(places=3)
    cy, dee = UserFactory.create(display_name="Cy"), UserFactory.create(display_name="Dee")
    waiting.join(event, cy)
    waiting.join(event, dee)
    drop(event, players[0])
    drop(event, players[1])  # two places: both are offered
    cys, dees = WaitingEntry.objects.get(player=cy), WaitingEntry.objects.get(player=dee)
    assert cys.offer_expires_at is not None
    time_machine.move_to(cys.offer_expires_at - timedelta(minutes=1), tick=False)
    waiting.accept(event, dee)  # in time
    time_machine.move_to(cys.offer_expires_at, tick=False)
    with pytest.raises(Conflict) as caught:
        waiting.accept(event, cy)
    assert caught.value.reason == EventRefusal.OFFER_LAPSED
    assert "has lapsed" in str(caught.value) and "next on the waiting list" in str(caught.value)
    assert WaitingEntry.objects.filter(pk=cys.pk).exists()  # nothing changed: the sweep lapses it
    assert not Registration.objects.filter(event=event, player=cy).exists()
    assert deadlines.fire(WAITING_OFFER, dees.pk, dees.offer_version) == 0  # taken: no row carries it
    assert capacity.offers_held(event) == 1


@frozen
def test_pages_and_api_show_the_deadline_and_the_organiser_reads_the_list_in_order() -> None:
    event, organiser, players = full_event()
    event.starts_at = NOW + timedelta(hours=6)
    event.save(update_fields=["starts_at"])
    names = ("Cy", "Dee", "Eve")
    waiting_players = [UserFactory.create(display_name=n, email=f"{n.lower()}@example.org") for n in names]
    for player in waiting_players:
        waiting.join(event, player)
    drop(event, players[0])
    until = NOW + timedelta(hours=3)  # half the time to the start

    cy = api(waiting_players[0])
    mine = cy.get(f"/api/events/{event.pk}/waiting-list/").json()
    assert mine == {"position": 1, "offered": True, "expires_at": until.isoformat().replace("+00:00", "Z")}
    page = Client()
    page.force_login(waiting_players[0])
    html = page.get(f"/events/{event.pk}/").content.decode()
    shown = html.split('data-testid="offer-expires"')[1].split("</span>")[0]
    assert '<time datetime="2026-03-14T12:30Z">' in shown

    listed = api(organiser).get(f"/api/events/{event.pk}/waiting-entries/")
    assert listed.status_code == 200
    rows = listed.json()
    assert [(r["position"], r["name"]) for r in rows] == [(1, "Cy"), (2, "Dee"), (3, "Eve")]
    assert rows[0]["expires_at"] is not None and rows[1]["offered_at"] is None and rows[1]["expires_at"] is None
    assert "@" not in listed.content.decode()  # nobody's e-mail
    for outsider in (waiting_players[1], players[1]):
        refused = api(outsider).get(f"/api/events/{event.pk}/waiting-entries/")
        assert refused.status_code == 403 and "organiser" in refused.json()["detail"]
        assert "@" not in refused.content.decode()
    manage = Client()
    manage.force_login(organiser)
    html = manage.get(f"/events/{event.pk}/manage/").content.decode()
    assert html.count('data-testid="offer-lapses"') == 1 and "2026-03-14T12:30Z" in html
