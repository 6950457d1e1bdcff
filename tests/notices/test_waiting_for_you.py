"""Issue 29's "the opponent has connected" (kind ``table_ready``): a player who opens their match
(the real site socket marks them present in the embedded Redis) while the others are away tells
them, once per match and person, through ``notify`` (the task recorded and run here). Not the
ones already there, not a bot, not a tutorial, not a turn-based game."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import async_to_sync

from accounts.models import User
from accounts.notices.models import Notice
from gameplay.matches import services
from gameplay.matches.models import PlayMatch
from gameplay.matches.services.tables import SeatSpec
from tests.factories import UserFactory
from tests.matches.test_arrival import event_match, open_page
from tests.matches.test_services import STARTERS
from tests.matches.test_tables import SETUP
from tests.notices.conftest import Queued

pytestmark = pytest.mark.django_db(transaction=True)  # the socket's threads close connections


def opens(match: PlayMatch, *users: User, close: bool = True) -> None:
    """Each user opens the match's page in turn (and, with ``close``, all close them at the end)."""

    async def scenario() -> None:
        sockets = []
        for user in users:
            socket = await open_page(match.pk, user)
            await socket.receive_json_from(timeout=10)  # its first view: presence is marked by then
            sockets.append(socket)
        if close:
            for socket in sockets:
                await socket.disconnect()

    async_to_sync(scenario)()


def waiting_tasks(queued: Queued) -> list[Any]:
    """The queued deliveries of "waiting for you" notices (a round's own notices aside)."""
    return [args for _, args in queued.notice_tasks() if any(d["key"].endswith(":waiting") for d in args[1])]


def told(user: User) -> list[tuple[str, str, str]]:
    return [
        (n.title, n.body, n.url)
        for n in Notice.objects.filter(user=user, kind="table_ready", key__endswith=":waiting").order_by("pk")
    ]


def test_the_first_at_an_event_table_tells_the_other_once_and_the_second_tells_nobody(
    fresh_redis_state: None, queued: Queued, django_capture_on_commit_callbacks: Any
) -> None:
    event, match, (first, second) = event_match()
    opens(match, first)
    opens(match, first)  # a reload: the same wait, told once
    assert len(waiting_tasks(queued)) == 1  # one task for both opens
    queued.run_all(django_capture_on_commit_callbacks)
    assert told(second) == [
        (
            f"{event.name}, round 1, table 1: {first.public_name} is at the table and waiting for you",
            "The clocks start once you are both there.",
            f"/play/{match.pk}/",
        )
    ]
    opens(match, first, second, close=False)  # the second comes while the first is there
    queued.run_all(django_capture_on_commit_callbacks)
    assert told(first) == [] and len(told(second)) == 1
    assert PlayMatch.objects.get(pk=match.pk).deadline_kind != PlayMatch.TimerKind.ARRIVAL  # both there: it started


def test_a_casual_match_tells_the_opponent_and_a_table_every_person_away(
    fresh_redis_state: None, queued: Queued, django_capture_on_commit_callbacks: Any
) -> None:
    ann, bob, cy = (UserFactory.create(username=n, display_name=n.title()) for n in ("ann", "bob", "cy"))
    match = services.create_match(ann, bob, STARTERS)
    opens(match, bob)
    table = services.create_table(
        "runemasters", SETUP | {"guardians": ["neltai", "kulak", "kyreas"]},
        [SeatSpec(ann), SeatSpec(None), SeatSpec(cy)], label="Practice table",
    )  # fmt: skip
    opens(table, cy)
    queued.run_all(django_capture_on_commit_callbacks)
    assert told(ann) == [
        ("Bob is waiting for you in your match", "Open it to play.", f"/play/{match.pk}/"),
        ("Cy is at your Runemasters table and waiting for you", "Open it to play.", f"/play/{table.pk}/"),
    ]
    assert told(bob) == [] and told(cy) == []


def test_no_notice_against_a_bot_in_a_tutorial_or_in_a_turn_based_game(
    fresh_redis_state: None, queued: Queued, django_capture_on_commit_callbacks: Any
) -> None:
    ann, bob = UserFactory.create(username="ann"), UserFactory.create(username="bob")
    practice = services.create_match(ann, None, STARTERS, bot="random")
    turns = services.create_match(ann, bob, STARTERS, pace=PlayMatch.Pace.TURNS, bank_seconds=24 * 3600)
    tutorial = services.create_match(ann, bob, STARTERS)  # a tutorial is played against the tutor, but
    PlayMatch.objects.filter(pk=tutorial.pk).update(tutorial="awakening")  # even with a person it stays quiet
    opens(practice, ann)
    opens(turns, ann)
    opens(tutorial, ann)
    assert waiting_tasks(queued) == []
    queued.run_all(django_capture_on_commit_callbacks)
    assert Notice.objects.filter(kind="table_ready").count() == 0
