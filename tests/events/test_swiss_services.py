"""Events through the services: a hand-computed Swiss, refusals that change nothing, races, timers."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from accounts.models import User
from common import deadlines
from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory, UserFactory
from tournaments.errors import Conflict, EventError, Forbidden, Invalid
from tournaments.models import Event, Match, ResultReport, Round
from tournaments.services import registration, results, rounds, timers
from tournaments.services.results import Score
from tournaments.services.standings import standings


def five_player_event(best_of: int = 3) -> tuple[Event, User, dict[str, User]]:
    organiser = OrganiserFactory.create(username="oda")
    event = EventFactory.create(organiser=organiser, best_of=best_of, rounds=3)
    players = {name: UserFactory.create(username=name, display_name=name) for name in "ABCDE"}
    for user in players.values():
        RegistrationFactory.create(event=event, player=user)
    registration.start_event(event, organiser)
    return event, organiser, players


def play_round(event: Event, organiser: User, tables: list[tuple[User, User | None]], scores: list[Score]) -> Round:
    round_ = rounds.pair_next_round(event, organiser)
    round_ = rounds.edit_pairings(round_, [(a.pk, b.pk if b else None) for a, b in tables], organiser)
    rounds.publish_round(round_, organiser)
    for match, score in zip(round_.matches.exclude(player_b=None).order_by("table"), scores, strict=True):
        player_a, player_b = match.player_a, match.player_b
        assert player_b is not None
        results.report_result(match, player_a, score)
        results.confirm_result(match, player_b)
    return rounds.end_round(round_, organiser)


@pytest.mark.django_db
def test_standings_match_a_hand_computed_three_round_swiss_with_byes_a_draw_and_a_drop() -> None:
    event, organiser, p = five_player_event()
    play_round(event, organiser, [(p["A"], p["B"]), (p["C"], p["D"]), (p["E"], None)], [Score(2, 0), Score(2, 1)])
    play_round(event, organiser, [(p["A"], p["C"]), (p["E"], p["B"]), (p["D"], None)], [Score(2, 1), Score(2, 0)])
    registration.drop(event.registrations.get(player=p["B"]), p["B"])
    play_round(event, organiser, [(p["A"], p["D"]), (p["C"], p["E"])], [Score(2, 0), Score(1, 1, 1)])

    # By hand (MW%/GW% floored at 0.33, byes count in a player's own MW%/GW% and are left out of
    # opponents' averages; game points: win 3, draw 1):
    #   A 9 pts: MW 9/9=1; GW 18/21=.8571; OMW (.33+.4444+.3333)/3=.3693; OGW (.33+.4815+.4286)/3=.4134
    #   E 7 pts: MW 7/9=.7778; GW 16/21=.7619; OMW (.33+.4444)/2=.3872; OGW (.33+.4815)/2=.4057
    #   C 4 pts: MW 4/9=.4444; GW 13/27=.4815; OMW (.3333+1+.7778)/3=.7037; OGW (.4286+.8571+.7619)/3=.6825
    #   D 3 pts: MW 3/9=.3333; GW 9/21=.4286; OMW (.4444+1)/2=.7222; OGW (.4815+.8571)/2=.6693
    #   B 0 pts (dropped): MW .33; GW .33; OMW (1+.7778)/2=.8889; OGW (.8571+.7619)/2=.8095
    expected = [
        ("A", 9, 1.0, 0.3693, 0.8571, 0.4134),
        ("E", 7, 0.7778, 0.3872, 0.7619, 0.4057),
        ("C", 4, 0.4444, 0.7037, 0.4815, 0.6825),
        ("D", 3, 0.3333, 0.7222, 0.4286, 0.6693),
        ("B", 0, 0.33, 0.8889, 0.33, 0.8095),
    ]
    rows = standings(event)
    got = [
        (r.player.username, r.standing.points, round(r.standing.mw, 4), round(r.standing.omw, 4),
         round(r.standing.gw, 4), round(r.standing.ogw, 4))
        for r in rows
    ]  # fmt: skip
    assert got == expected
    assert rows[-1].standing.dropped


@pytest.mark.django_db
def test_results_are_reported_confirmed_disputed_and_settled_with_every_report_kept() -> None:
    event, organiser, p = five_player_event(best_of=1)
    round_ = rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    match = round_.matches.exclude(player_b=None).first()
    assert match is not None and match.player_b is not None
    a, b = match.player_a, match.player_b
    outsider = next(u for u in p.values() if u.pk not in match.players())

    with pytest.raises(Forbidden, match="not playing in this match"):
        results.report_result(match, outsider, Score(1, 0))
    with pytest.raises(Invalid, match="Both players cannot have won"):
        results.report_result(match, a, Score(1, 1))
    with pytest.raises(Invalid, match="nobody wins more than 1 game"):
        results.report_result(match, a, Score(2, 0))
    results.report_result(match, a, Score(1, 0))
    with pytest.raises(Conflict, match=r"already reported a result \(You won 1-0\)"):
        results.report_result(match, a, Score(1, 0))
    with pytest.raises(Conflict, match="opponent has to confirm"):
        results.confirm_result(match, a)
    disputed = results.report_result(match, b, Score(0, 1))
    assert disputed.status == Match.Status.DISPUTED
    with pytest.raises(Conflict, match="disputed"):
        results.report_result(match, b, Score(1, 0))
    with pytest.raises(Forbidden):
        results.set_result(match, a, Score(1, 0))
    settled = results.set_result(match, organiser, Score(1, 0))
    assert settled.status == Match.Status.CONFIRMED and settled.winner_id() == a.pk
    kinds = list(ResultReport.objects.filter(match=match).values_list("kind", "by__username", "a_games", "b_games"))
    assert kinds == [("report", a.username, 1, 0), ("report", b.username, 0, 1), ("override", "oda", 1, 0)]


@pytest.mark.django_db
@pytest.mark.parametrize("rounds_set", [None, 3], ids=["rounds-recommended", "rounds-set"])
@pytest.mark.parametrize("players", [0, 1])
def test_an_event_with_fewer_than_two_players_is_refused_its_start(players: int, rounds_set: int | None) -> None:
    """With no rounds set, the rounds are recommended from the players; for fewer than two there is
    no recommendation, and the start is refused as too few players (not a server error)."""
    organiser = OrganiserFactory.create(username="oda")
    event = EventFactory.create(organiser=organiser, rounds=rounds_set, status=Event.Status.REGISTRATION)
    for index in range(players):
        RegistrationFactory.create(event=event, player=UserFactory.create(username=f"p{index}"))
    with pytest.raises(Conflict, match=f"needs at least 2 players to start; it has {players}"):
        registration.start_event(event, organiser)
    event.refresh_from_db()
    assert (event.status, event.rounds) == (Event.Status.REGISTRATION, rounds_set)


@pytest.mark.django_db
def test_refusals_change_nothing() -> None:
    event, organiser, p = five_player_event(best_of=1)
    round_ = rounds.pair_next_round(event, organiser)
    checks: list[tuple[object, type[EventError], str]] = [
        (lambda: rounds.pair_next_round(event, organiser), Conflict, "already paired as a preview"),
        (lambda: rounds.end_round(round_, organiser), Conflict, "only a round in progress can end"),
        (lambda: rounds.edit_pairings(round_, [(p["A"].pk, p["A"].pk)], organiser), Invalid, "paired more than once"),
        (lambda: rounds.publish_round(round_, p["A"]), Forbidden, "organiser"),
        (lambda: registration.update_event(event, organiser, format="draft"), Conflict, "cannot change once"),
    ]
    before = list(Match.objects.values_list("table", "player_a", "player_b").order_by("table"))
    for call, error, message in checks:
        with pytest.raises(error, match=message):
            call()  # type: ignore[operator]
    assert list(Match.objects.values_list("table", "player_a", "player_b").order_by("table")) == before
    rounds.publish_round(round_, organiser)
    with pytest.raises(Conflict, match="still in progress"):
        rounds.pair_next_round(event, organiser)
    with pytest.raises(Conflict, match="unconfirmed results at table"):
        rounds.end_round(round_, organiser)
    for table in round_.matches.exclude(player_b=None):
        results.set_result(table, organiser, Score(1, 0))
    rounds.end_round(round_, organiser)
    match = round_.matches.exclude(player_b=None).first()
    assert match is not None
    with pytest.raises(Conflict, match="has ended"):
        results.report_result(match, match.player_a, Score(0, 1))
    with pytest.raises(Conflict, match="Only 1 of 3 rounds has been played"):
        rounds.finish_event(event, organiser)
    registration.update_event(event, organiser, rounds=1)  # the organiser shortens the event to finish it
    rounds.finish_event(event, organiser)
    with pytest.raises(Conflict, match="finished"):
        results.set_result(match, organiser, Score(0, 1))
    with pytest.raises(Conflict, match="finished"):
        registration.update_event(event, organiser, name="Renamed")


@pytest.mark.django_db
def test_drops_late_entries_and_readds_shape_the_next_pairing() -> None:
    organiser = OrganiserFactory.create()
    event = EventFactory.create(organiser=organiser, late_entry_until_round=2, best_of=1)
    players = [RegistrationFactory.create(event=event).player for _ in range(6)]
    registration.start_event(event, organiser)
    first = rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    registration.drop(event.registrations.get(player=players[0]), players[0])
    late = UserFactory.create(username="latecomer")
    entry = registration.register(event, late)
    assert entry.late_entry_round == 2 and entry.checked_in
    for match in first.matches.all():
        results.set_result(match, organiser, Score(1, 0))
    rounds.end_round(first, organiser)
    second = rounds.pair_next_round(event, organiser)
    paired = {p for m in second.matches.all() for p in m.players()}
    assert players[0].pk not in paired and late.pk in paired and len(paired) == 6
    rounds.publish_round(second, organiser)
    with pytest.raises(Conflict, match="Late entry"):
        registration.register(event, UserFactory.create())
    registration.readd(event.registrations.get(player=players[0]), organiser)
    assert event.registrations.get(player=players[0]).active


@pytest.mark.django_db
def test_a_round_clock_calls_time_once_and_a_stale_timer_does_nothing() -> None:
    event, organiser, _p = five_player_event(best_of=1)
    round_ = rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    version = round_.timer_version
    assert timers.call_time(round_.pk, version) is False  # not due yet
    Round.objects.filter(pk=round_.pk).update(ends_at=timezone.now() - timedelta(seconds=1))
    rounds.add_time(Round.objects.get(pk=round_.pk), 1, organiser)  # moves the version on
    Round.objects.filter(pk=round_.pk).update(ends_at=timezone.now() - timedelta(seconds=1))
    assert timers.call_time(round_.pk, version) is False  # the old task is stale
    assert deadlines.sweep(only=[timers.ROUND_CLOCK]) == 1
    assert deadlines.sweep(only=[timers.ROUND_CLOCK]) == 0  # a second sweep (or a duplicate task) changes nothing
    round_.refresh_from_db()
    assert round_.time_called_at is not None
    open_matches = Match.objects.filter(round=round_).exclude(player_b=None)
    assert all(m.time_called for m in open_matches)


@pytest.mark.django_db(transaction=True)
def test_two_organisers_pairing_at_once_create_exactly_one_round() -> None:
    event, organiser, _p = five_player_event(best_of=1)
    event.judges.add(helper := UserFactory.create(username="co", is_staff=True))
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def press(user: User) -> None:
        try:
            barrier.wait()
            rounds.pair_next_round(event, user)
            outcomes.append("paired")
        except Conflict as exc:
            outcomes.append(f"refused: {exc}")
        finally:
            connection.close()

    threads = [threading.Thread(target=press, args=(who,)) for who in (organiser, helper)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(o.split(":")[0] for o in outcomes) == ["paired", "refused"]
    assert Round.objects.filter(event=event).count() == 1
