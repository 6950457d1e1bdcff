"""The last kinds of notice: an event about to start (a deadline before ``Event.starts_at``, told
once per start time) and a match on the site ready to play (one per match). In words, to the
people concerned only, never an id, a deck or a card."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser

from accounts.notices.models import Notice
from common import deadlines
from gameplay.invitations import services as answers
from gameplay.invitations.models import Invitation
from gameplay.invitations.services import waiting_count
from tests.coop.conftest import rules
from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory, UserFactory
from tests.matches.test_event_matches import onsite_event
from tests.notices.conftest import Queued
from tournaments import notices
from tournaments.coop import services as coop
from tournaments.models import Event, Registration
from tournaments.services import rounds
from tournaments.services.soon import EVENT_SOON
from tournaments.services.soon import lead as soon_lead

pytestmark = pytest.mark.django_db
T0 = datetime(2026, 5, 2, 8, tzinfo=UTC)


def heard(user: Any, kind: str) -> list[tuple[str, str]]:
    return list(Notice.objects.filter(user=user, kind=kind).order_by("id").values_list("title", "url"))


def spring_open() -> tuple[Event, dict[str, Any]]:
    event = EventFactory.create(name="Spring Open", starts_at=T0 + timedelta(hours=3))
    people = {n: UserFactory.create(display_name=n) for n in ("Ann", "Bo", "Cy", "Eve")}
    people["Dee"] = UserFactory.create(display_name="Dee", is_guest=True)
    for name in ("Ann", "Bo", "Cy", "Dee"):
        RegistrationFactory.create(event=event, player=people[name])
    Registration.objects.filter(player=people["Cy"]).update(dropped_after_round=0)
    return event, people


def sweep(now: datetime, capture: Any, queued: Queued) -> int:
    with capture(execute=True):
        done = deadlines.sweep(now=now, only=[EVENT_SOON])
    queued.run_all(capture)
    return done


def test_the_registered_players_hear_an_hour_before_the_start_once(
    queued: Queued, django_capture_on_commit_callbacks: Any
) -> None:
    event, people = spring_open()
    assert soon_lead() == timedelta(hours=1)
    assert sweep(T0, django_capture_on_commit_callbacks, queued) == 0
    with django_capture_on_commit_callbacks(execute=True):
        assert deadlines.feed(now=T0, only=[EVENT_SOON]) == 0  # two hours off: not yet
        assert deadlines.feed(now=T0 + timedelta(hours=2, seconds=-30), only=[EVENT_SOON]) == 1  # within a minute
    assert ("common.deadlines.expire_deadline", (EVENT_SOON, event.pk, 0)) in queued.calls
    assert deadlines.fire(EVENT_SOON, event.pk, 0, now=T0) == 0  # a task that came early does nothing
    assert sweep(T0 + timedelta(hours=2, seconds=1), django_capture_on_commit_callbacks, queued) == 1
    told = [("Spring Open starts in 1 hour", f"/events/{event.pk}/")]
    assert heard(people["Ann"], "event_soon") == told
    assert heard(people["Bo"], "event_soon") == told
    for name in ("Cy", "Dee", "Eve"):  # dropped, a guest, not registered
        assert heard(people[name], "event_soon") == []
    assert sweep(T0 + timedelta(hours=2, minutes=30), django_capture_on_commit_callbacks, queued) == 0
    assert deadlines.fire(EVENT_SOON, event.pk, 0, now=T0 + timedelta(hours=2, minutes=31)) == 0
    assert Notice.objects.filter(kind="event_soon").count() == 2


def test_a_moved_start_is_told_afresh_and_a_start_already_past_is_not_told(
    queued: Queued, django_capture_on_commit_callbacks: Any
) -> None:
    event, people = spring_open()
    assert sweep(T0 + timedelta(hours=2, minutes=15), django_capture_on_commit_callbacks, queued) == 1
    assert heard(people["Ann"], "event_soon") == [("Spring Open starts in 45 minutes", f"/events/{event.pk}/")]
    Event.objects.filter(pk=event.pk).update(starts_at=T0 + timedelta(hours=5))  # the organiser moves it
    assert sweep(T0 + timedelta(hours=2, minutes=20), django_capture_on_commit_callbacks, queued) == 0
    assert sweep(T0 + timedelta(hours=4), django_capture_on_commit_callbacks, queued) == 1
    assert [t for t, _ in heard(people["Ann"], "event_soon")] == [
        "Spring Open starts in 45 minutes",
        "Spring Open starts in 1 hour",
    ]
    late = EventFactory.create(name="Late Open", starts_at=T0)
    RegistrationFactory.create(event=late, player=people["Bo"])
    assert sweep(T0 + timedelta(minutes=5), django_capture_on_commit_callbacks, queued) == 0
    late.refresh_from_db()
    assert late.soon_told_for == T0  # marked, so the sweep leaves it be
    assert deadlines.due(EVENT_SOON, T0 + timedelta(minutes=6)) == []
    assert heard(people["Bo"], "event_soon") == heard(people["Ann"], "event_soon")  # nothing of Late Open


def test_an_event_not_open_for_registration_tells_nobody(
    queued: Queued, django_capture_on_commit_callbacks: Any
) -> None:
    event, _people = spring_open()
    Event.objects.filter(pk=event.pk).update(status=Event.Status.DRAFT)
    assert sweep(T0 + timedelta(hours=2, seconds=1), django_capture_on_commit_callbacks, queued) == 0
    assert Notice.objects.count() == 0


def test_each_player_of_a_match_on_the_site_hears_it_is_ready_once(
    queued: Queued, django_capture_on_commit_callbacks: Any
) -> None:
    event, organiser = onsite_event()
    with django_capture_on_commit_callbacks(execute=True):
        round_ = rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    queued.run_all(django_capture_on_commit_callbacks)
    for match in round_.matches.select_related("player_a", "player_b"):
        a, b = match.player_a, match.player_b
        assert a is not None and b is not None
        url = f"/play/{match.play_id}/"
        assert heard(a, "table_ready") == [(f"Round 1: your match against {b.public_name} is ready", url)]
        assert heard(b, "table_ready") == [(f"Round 1: your match against {a.public_name} is ready", url)]
    assert heard(organiser, "table_ready") == []
    assert set(Notice.objects.filter(kind="table_ready").values_list("body", flat=True)) == {event.name}
    with django_capture_on_commit_callbacks(execute=True):
        notices.matches_ready(round_)  # sent again (a retried step): nothing more
    queued.run_all(django_capture_on_commit_callbacks)
    assert Notice.objects.filter(kind="table_ready").count() == 4


def test_the_headers_invitation_count_is_one_query_of_those_waiting(
    queued: Queued, django_assert_num_queries: Any, client: Any
) -> None:
    organiser = OrganiserFactory.create(username="orla")
    trio = coop.publish(coop.create_challenge(organiser, rules(guardian_count=3)), organiser)
    ann, bob, cy = (UserFactory.create(username=n, display_name=n.title()) for n in ("ann", "bob", "cy"))
    coop.register_team(trio, ann, "Dawn", ["bob", "cy"])
    answers.decline(Invitation.objects.get(invitee=cy).pk, cy)
    with django_assert_num_queries(1):
        assert waiting_count(bob) == 1
    assert waiting_count(ann) == 0 and waiting_count(cy) == 0 and waiting_count(AnonymousUser()) == 0
    client.force_login(bob)
    page = client.get("/").content.decode()
    assert 'data-testid="nav-invitations-count">1<' in page and 'href="/ratings/awakening/"' in page
    client.logout()
    page = client.get("/").content.decode()
    assert 'data-testid="nav-invitations"' not in page and 'href="/ratings/awakening/"' in page
