"""One result per match played on the site: the event's result and the on-site match never disagree.

A judge's event-level set-result ends the running on-site match with that result (through the
gameplay service: the match, its game, the players' pages and the event agree), or corrects a
finished one; an on-site result that arrives later is never dropped."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from gameplay.matches import services as play
from gameplay.matches.errors import Conflict
from gameplay.matches.models import PlayMatch
from tests.clients import api_client
from tests.factories import UserFactory
from tests.matches.test_event_matches import onsite_event
from tournaments.errors import Invalid
from tournaments.models import Match, ResultReport
from tournaments.services import results, rounds
from tournaments.services.onsite import record_result

pytestmark = pytest.mark.django_db


def published(capture: Any) -> tuple[Any, Any, Match]:
    """An on-site event (best of one) with round 1 published; its first table."""
    event, organiser = onsite_event()
    with capture(execute=True):
        round_ = rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    table = round_.matches.select_related("play", "player_a", "player_b").exclude(player_b=None).first()
    assert table is not None and table.play is not None
    assert table.play.status == PlayMatch.Status.PLAYING
    return event, organiser, table


def seat_of_a(table: Match) -> int:
    assert table.play is not None
    return 0 if table.play.player1_id == table.player_a_id else 1


def played_at(table: Match) -> PlayMatch:
    """The on-site match of an event table, read afresh."""
    assert table.play_id is not None, "this table is not played on the site"
    return PlayMatch.objects.get(pk=table.play_id)


def assert_agree(table: Match, a: int, b: int, draws: int = 0) -> None:
    """The event's result and the on-site match say the same."""
    table.refresh_from_db()
    played = played_at(table)
    assert played.status == PlayMatch.Status.FINISHED
    wins = played.wins if seat_of_a(table) == 0 else list(reversed(played.wins))
    assert (table.status, table.a_games, table.b_games, table.draws) == (Match.Status.CONFIRMED, a, b, draws)
    assert wins == [a, b]
    assert played.winner == (None if a == b else (seat_of_a(table) if a > b else 1 - seat_of_a(table)) + 1)


def test_a_judges_event_result_ends_the_running_match_on_the_site(django_capture_on_commit_callbacks: Any) -> None:
    _event, organiser, table = published(django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):  # the match's own result fires its signal too
        results.set_result(table, organiser, results.Score(1, 0))
    assert_agree(table, 1, 0)
    played = played_at(table)
    game = played.games.get()
    assert game.finished and game.end_reason == "set by a referee"
    view = play.player_view(played, 0)
    assert view["status"] == "finished" and view["end_reason"] == "set by a referee"
    assert list(table.reports.values_list("kind", flat=True)) == [ResultReport.Kind.OVERRIDE]
    # the players cannot play on: the match is over
    user = played.player1 if played.on_clock != 1 else played.player2
    with pytest.raises(Conflict, match="finished"):
        play.play(played.pk, user, "pass", played.version)  # type: ignore[arg-type]


def test_the_api_and_the_page_end_the_match_on_the_site_too(django_capture_on_commit_callbacks: Any) -> None:
    event, organiser, table = published(django_capture_on_commit_callbacks)
    judge = UserFactory.create(username="judge-jo")
    event.judges.add(judge)
    with django_capture_on_commit_callbacks(execute=True):
        answer = api_client(judge).post(f"/api/matches/{table.pk}/set-result/", {"a_games": 0, "b_games": 1})
    assert answer.status_code == 200, answer.content
    assert_agree(table, 0, 1)

    other = table.round.matches.exclude(pk=table.pk).exclude(player_b=None).select_related("play").first()
    assert other is not None and other.play is not None and other.play.status == PlayMatch.Status.PLAYING
    client = api_client()
    client.force_login(organiser)
    dashboard = client.get(reverse("tournaments:manage", args=[event.pk]))
    assert "Setting it ends the match on the site." in dashboard.content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        page = client.post(
            reverse("tournaments:set-result", args=[other.pk]),
            {"a_games": 0, "b_games": 0, "draws": 1, "confirm": "yes"},
        )
    assert page.status_code == 302
    assert_agree(other, 0, 0, 1)


def test_draws_that_do_not_match_the_games_on_the_site_are_refused_and_nothing_changes(
    django_capture_on_commit_callbacks: Any,
) -> None:
    _event, organiser, table = published(django_capture_on_commit_callbacks)
    with pytest.raises(Invalid, match="played on the site"):
        results.set_result(table, organiser, results.Score(0, 0))  # the game going on would be a draw: 0-0-1
    url = f"/api/matches/{table.pk}/set-result/"
    answer = api_client(organiser).post(url, {"a_games": 1, "b_games": 0, "draws": 1})
    assert answer.status_code == 400 and "played on the site" in answer.json()["detail"]
    table.refresh_from_db()
    assert table.status == Match.Status.PENDING and not table.reports.exists()
    assert played_at(table).status == PlayMatch.Status.PLAYING


def test_a_judge_correcting_a_finished_match_corrects_it_on_the_site(django_capture_on_commit_callbacks: Any) -> None:
    _event, organiser, table = published(django_capture_on_commit_callbacks)
    judge = UserFactory.create(username="ref-rae")
    assert table.play is not None
    table.round.event.judges.add(judge)  # referees are the event's judges
    with django_capture_on_commit_callbacks(execute=True):  # the referee panel on the match page
        play.set_result(table.play.pk, judge, (1, 0) if seat_of_a(table) == 0 else (0, 1))
    assert_agree(table, 1, 0)
    with django_capture_on_commit_callbacks(execute=True):
        results.set_result(table, organiser, results.Score(0, 1))  # e.g. a penalty found afterwards
    assert_agree(table, 0, 1)
    kinds = list(table.reports.order_by("pk").values_list("kind", flat=True))
    assert kinds == [ResultReport.Kind.AUTO, ResultReport.Kind.OVERRIDE]


def test_a_later_result_on_the_site_is_never_dropped(django_capture_on_commit_callbacks: Any) -> None:
    """An event result confirmed apart from the match (as before this fix) gives way to the
    match's own result when it arrives, with a report saying so."""
    _event, _organiser, table = published(django_capture_on_commit_callbacks)
    Match.objects.filter(pk=table.pk).update(status=Match.Status.CONFIRMED, a_games=1, b_games=0, draws=0)
    judge = UserFactory.create(username="ref-sam")
    assert table.play is not None
    table.round.event.judges.add(judge)  # referees are the event's judges
    with django_capture_on_commit_callbacks(execute=True):
        play.set_result(table.play.pk, judge, (0, 1) if seat_of_a(table) == 0 else (1, 0))
    assert_agree(table, 0, 1)
    assert table.reports.filter(kind=ResultReport.Kind.AUTO, a_games=0, b_games=1).exists()
    # and recording the same finished match again changes nothing
    before = table.version
    record_result(played_at(table))
    table.refresh_from_db()
    assert table.version == before and table.reports.count() == 1


@pytest.mark.django_db(transaction=True)
def test_both_players_pages_are_pushed_the_judges_result(
    fresh_redis_state: None, django_capture_on_commit_callbacks: Any
) -> None:
    from asgiref.sync import async_to_sync

    from config.asgi import application
    from tests.live_socket import TopicSocket
    from tests.matches.test_api import database_sync, latest

    _event, organiser, table = published(django_capture_on_commit_callbacks)
    played = played_at(table)
    players = [played.player1, played.player2]

    async def scenario() -> list[dict[str, Any]]:
        sockets = []
        for user in players:
            socket = TopicSocket("match", played.pk, application=application)
            socket.scope["user"] = user
            connected, _ = await socket.connect()
            assert connected
            sockets.append(socket)
        await database_sync(results.set_result, table, organiser, results.Score(1, 0))
        received = [await latest(s, played.version + 1) for s in sockets]
        for s in sockets:
            await s.disconnect()
        return received

    for seat, message in enumerate(async_to_sync(scenario)()):
        view = message["view"]
        assert view["seat"] == f"p{seat + 1}" and view["status"] == "finished"
        assert view["end_reason"] == "set by a referee" and view["winner"] == f"p{seat_of_a(table) + 1}"
