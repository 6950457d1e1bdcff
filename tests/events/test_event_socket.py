"""The event on the site socket (``ws/live/``, topic ``event``): who may follow it, and what the
projector, the players' event pages and the deck-swap pages are pushed (``tournaments.live``): a
table whose result moves (reported, corrected, confirmed, disputed, set), a round that moves or
whose time is called, a swap."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from django.contrib.auth.models import AnonymousUser
from django.db.models import Q
from django.utils import timezone

from config.routing import websocket_urlpatterns
from tests.conftest import Personas
from tests.events.test_paper import started
from tests.live_socket import TopicSocket
from tests.swaps.helpers import runebound_pod_event, seat_pod
from tests.swaps.test_services import choose
from tournaments.models import Event, Match, Round
from tournaments.services import results, rounds, timers
from tournaments.swaps import services as swaps

pytestmark = pytest.mark.django_db(transaction=True)


def communicator(event: Event, user: Any) -> TopicSocket:
    """The event's topic on the site socket, for ``user``."""
    return TopicSocket("event", event.pk, user=user, application=URLRouter(websocket_urlpatterns))


async def next_message(talk: TopicSocket) -> dict[str, Any]:
    message: dict[str, Any] = await talk.receive_json_from(timeout=5)
    return message


def test_anyone_who_may_see_the_event_follows_it_and_nobody_else(personas: Personas) -> None:
    event = personas.event

    async def follows(user: Any) -> tuple[bool, Any]:
        talk = communicator(event, user)
        connected, refusal = await talk.connect()
        hello = await next_message(talk) if connected else None
        await talk.disconnect()
        return connected, hello if connected else refusal

    assert async_to_sync(follows)(AnonymousUser()) == (True, {"kind": "hello"})  # a public event
    Event.objects.filter(pk=event.pk).update(status=Event.Status.DRAFT)
    assert async_to_sync(follows)(AnonymousUser()) == (False, "You may not follow this event.")
    assert async_to_sync(follows)(personas.outsider) == (False, "You may not follow this event.")
    assert async_to_sync(follows)(personas.organiser)[0] is True


def test_a_table_whose_result_comes_in_is_pushed_as_finished_and_a_round_end_as_a_round(personas: Personas) -> None:
    round_ = started(personas)
    match = round_.matches.exclude(player_b=None).select_related("player_a", "player_b").first()
    assert match is not None

    @database_sync_to_async
    def report() -> None:
        assert match is not None and match.player_b is not None
        results.report_result(match, match.player_a, results.Score(2, 0))
        results.confirm_result(Match.objects.get(pk=match.pk), match.player_b)  # pushed too: its players' pages

    @database_sync_to_async
    def end_round() -> None:
        for table in round_.matches.exclude(status=Match.Status.CONFIRMED):
            results.set_result(table, personas.organiser, results.Score(2, 1))
        rounds.end_round(Round.objects.get(pk=round_.pk), personas.organiser)

    async def scenario() -> list[dict[str, Any]]:
        talk = communicator(personas.event, AnonymousUser())
        assert (await talk.connect())[0]
        got = [await next_message(talk)]
        await report()
        got.append(await next_message(talk))
        got.append(await next_message(talk))
        await end_round()
        while (message := await next_message(talk))["kind"] != "round":
            got.append(message)
        got.append(message)
        await talk.disconnect()
        return got

    got = async_to_sync(scenario)()
    pushed = {"kind": "table", "round": 1, "table": match.table, "finished": True, "waiting": False}
    assert got[:3] == [{"kind": "hello"}, pushed, pushed]  # reported, then confirmed
    others = [m for m in got[3:-1] if m["kind"] == "table"]
    assert match.table not in [m["table"] for m in others]  # confirmed already: the organiser set the rest
    assert got[-1] == {"kind": "round"}


def test_each_report_correction_confirmation_and_dispute_reaches_the_players_pages(personas: Personas) -> None:
    """Every move of a table's result is pushed (the players' open pages re-read their table), not
    only its first: a corrected report must reach the opponent before they confirm it."""
    round_ = started(personas)
    one, two = round_.matches.exclude(player_b=None).select_related("player_a", "player_b").order_by("table")[:2]
    assert one.player_b is not None and two.player_b is not None

    def again(match: Match) -> Match:
        return Match.objects.get(pk=match.pk)

    steps = [
        (one, lambda: results.report_result(one, one.player_a, results.Score(2, 1))),
        (one, lambda: results.report_result(again(one), one.player_a, results.Score(2, 0))),  # corrected
        (one, lambda: results.confirm_result(again(one), one.player_b, again(one).version)),
        (two, lambda: results.report_result(two, two.player_a, results.Score(2, 0))),
        (two, lambda: results.report_result(again(two), two.player_b, results.Score(0, 2))),  # disputed
        (two, lambda: results.set_result(again(two), personas.organiser, results.Score(2, 0))),  # settled
    ]

    async def scenario() -> list[dict[str, Any]]:
        talk = communicator(personas.event, personas.player)
        assert (await talk.connect())[0]
        got = [await next_message(talk)]
        for _table, step in steps:
            await database_sync_to_async(step)()
            got.append(await next_message(talk))
        await talk.disconnect()
        return got

    got = async_to_sync(scenario)()
    assert got == [
        {"kind": "hello"},
        *(
            {"kind": "table", "round": 1, "table": table.table, "finished": True, "waiting": False}
            for table, _step in steps
        ),
    ]
    assert (again(one).status, again(two).status) == (Match.Status.CONFIRMED, Match.Status.CONFIRMED)


def test_time_called_on_a_round_is_pushed(personas: Personas) -> None:
    """The players' pages say "Time has been called" when the clock runs out, without a reload."""
    round_ = started(personas)
    Round.objects.filter(pk=round_.pk).update(ends_at=timezone.now() - timedelta(seconds=1))

    async def scenario() -> list[dict[str, Any]]:
        talk = communicator(personas.event, personas.player)
        assert (await talk.connect())[0]
        got = [await next_message(talk)]
        assert await database_sync_to_async(timers.call_time)(round_.pk)
        got.append(await next_message(talk))
        await talk.disconnect()
        return got

    assert async_to_sync(scenario)() == [{"kind": "hello"}, {"kind": "round"}]


def test_the_players_event_page_follows_the_socket_instead_of_polling(personas: Personas) -> None:
    round_ = started(personas)
    match = round_.matches.get(Q(player_a=personas.player) | Q(player_b=personas.player))
    page = personas.client("player").get(f"/events/{personas.event.pk}/").content.decode()
    assert 'hx-trigger="every' not in page  # no timer: pushes, and a re-read when the socket (re)opens
    assert 'src="/static/js/live.js"' in page and 'src="/static/js/my-match.js"' in page
    assert f'data-round="1" data-table="{match.table}"' in page  # which pushes are about this reader
    live = personas.client("player").get(f"/events/{personas.event.pk}/live/").content.decode()
    assert "hx-trigger" not in live and f'data-table="{match.table}"' in live


def test_a_swap_that_moves_on_is_pushed_to_the_event() -> None:
    event = runebound_pod_event(3)
    swaps.set_plan(event, event.organiser, [1], 10)
    pod = seat_pod(event)
    (swap,) = swaps.open_swaps(pod.round)

    async def scenario() -> dict[str, Any]:
        talk = communicator(event, pod.players[0])
        assert (await talk.connect())[0]
        await next_message(talk)  # hello
        await database_sync_to_async(choose)(pod, swap, 0)
        message = await next_message(talk)
        await talk.disconnect()
        return message

    assert async_to_sync(scenario)() == {"kind": "swap", "swap": swap.pk, "version": 1}


def test_the_projector_shows_which_tables_still_play(personas: Personas) -> None:
    round_ = started(personas)
    tables = list(round_.matches.exclude(player_b=None).select_related("player_a"))
    first = tables[0]
    results.set_result(first, personas.organiser, results.Score(2, 0))
    client = personas.client("anonymous")
    base = f"/events/{personas.event.pk}"
    html = client.get(f"{base}/projector/").content.decode()
    assert f'<li data-table="{first.table}" data-testid="projector-table" class="is-finished">' in html
    assert html.count(">Finished</span>") == 1 and html.count(">Playing</span>") == len(tables) - 1
    assert f"{len(tables) - 1} tables still playing" in html
    state = client.get(f"{base}/projector/state/?tables=1").json()
    assert {t["table"]: t["finished"] for t in state["tables"] if not t["bye"]} == {
        t.table: t.pk == first.pk for t in tables
    }
    for table in tables[1:-1]:
        results.set_result(table, personas.organiser, results.Score(2, 0))
    assert "1 table still playing" in client.get(f"{base}/projector/").content.decode()
    results.set_result(tables[-1], personas.organiser, results.Score(2, 0))
    assert "Every table has finished" in client.get(f"{base}/projector/").content.decode()
