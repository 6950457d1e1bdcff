"""Turn-based play: a challenge (and its match) at a time bank of 1 h, 12 h, 24 h or 3 days a move;
each decision gets the whole bank as its deadline, held on the match row (a day away is not an ETA
task: the sweeper fires it once past, after any restart); an empty bank loses the game as the live
clock does, while a window passes and a choice is made; windows follow the player's auto-pass;
each decision that passes to a person sends one "Your turn" notice, keyed by the decision."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from accounts.notices.models import Notice
from common import deadlines
from gameplay.matches import services
from gameplay.matches.errors import Invalid
from gameplay.matches.models import GameAction, MatchChallenge, PlayMatch
from tests.factories import UserFactory
from tests.notices.conftest import Queued

pytestmark = [pytest.mark.django_db, pytest.mark.time_machine(datetime(2026, 6, 1, 9, 0, tzinfo=UTC), tick=False)]

DAY = 86400
STARTERS = [{"starter": "eva-starter"}, {"starter": "romin-starter"}]


@pytest.fixture
def queued(monkeypatch: pytest.MonkeyPatch) -> Queued:
    """Tasks queued after commit (deadline tasks, notices), recorded instead of sent to the broker."""
    recorder = Queued()
    monkeypatch.setattr("common.tasks.current_app", recorder)
    return recorder


def people() -> list[User]:
    return [UserFactory.create(username="ann"), UserFactory.create(username="ben")]


def turn_based(players: list[User], bank: int = DAY, capture: Any = None) -> PlayMatch:
    """Ann challenges Ben at ``bank`` seconds a move; Ben accepts (the match starts)."""
    made = services.challenge(players[0], players[1], STARTERS[0], bank_seconds=bank)
    if capture is None:
        answered = services.answer_challenge(made.pk, players[1], True, STARTERS[1])
    else:
        with capture(execute=True):
            answered = services.answer_challenge(made.pk, players[1], True, STARTERS[1])
    assert answered.match is not None
    return answered.match


def seeded(players: list[User], seed: int) -> PlayMatch:
    """A turn-based match (a day a move) on a known seed: the same game every run."""
    return services.create_match(
        players[0], players[1], STARTERS, seed=seed, pace=PlayMatch.Pace.TURNS, bank_seconds=DAY
    )


def decide(match: PlayMatch, players: list[User], rng: random.Random, capture: Any = None) -> int:
    """The decider (the chooser of who goes first, or the engine's) makes a random legal decision;
    answers the seat that decided."""
    match.refresh_from_db()
    seat = match.on_clock
    assert seat is not None
    game = match.current_game()
    assert game is not None

    def act() -> None:
        if game.awaiting_choice:
            services.choose_first(match.pk, players[seat], True, match.version)
            return
        view = services.player_view(match, seat)
        services.play(match.pk, players[seat], rng.choice(view["board"]["legal"]), view["version"])

    if capture is None:
        act()
    else:
        with capture(execute=True):
            act()
    return seat


def test_a_challenge_at_a_time_bank_makes_a_turn_based_match_with_the_bank_as_each_deadline(time_machine: Any) -> None:
    players = people()
    match = turn_based(players)
    assert (match.pace, match.bank_seconds) == (PlayMatch.Pace.TURNS, DAY)
    assert MatchChallenge.objects.get(match=match).bank_seconds == DAY
    start = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)
    # no wait for both players: the chooser has a day to choose who goes first
    assert match.deadline_kind == PlayMatch.TimerKind.CHOICE and match.deadline == start + timedelta(days=1)
    rng = random.Random(3)
    for n in range(1, 6):  # a decision every 20 hours (days in all); each gets the whole bank again
        now = start + timedelta(hours=20 * n)
        time_machine.move_to(now, tick=False)
        decide(match, players, rng)
        match.refresh_from_db()
        assert match.status == PlayMatch.Status.PLAYING
        assert match.deadline == now + timedelta(days=1)
        assert match.deadline_kind in (PlayMatch.TimerKind.CLOCK, PlayMatch.TimerKind.WINDOW)
        clocks = services.player_view(match, 0)["clocks"]
        assert clocks["bank_seconds"] == DAY and clocks["remaining_ms"][match.on_clock] == DAY * 1000
    assert match.pace_words == "Turn-based: 24 h a move"
    assert match.time_left_words == "1 day"


@pytest.mark.parametrize("bank", [5, 7200, "soon", -1])
def test_a_time_bank_outside_the_allowed_values_is_refused_naming_them_and_nothing_is_made(bank: Any) -> None:
    players = people()
    with pytest.raises(Invalid, match="1 h, 12 h, 24 h or 3 days"):
        services.challenge(players[0], players[1], STARTERS[0], bank_seconds=bank)
    with pytest.raises(Invalid, match="1 h, 12 h, 24 h or 3 days"):
        services.create_match(players[0], players[1], STARTERS, pace=PlayMatch.Pace.TURNS, bank_seconds=bank)
    assert not MatchChallenge.objects.exists() and not PlayMatch.objects.exists()


def test_turn_based_is_against_a_person_and_needs_a_bank() -> None:
    ann = people()[0]
    with pytest.raises(Invalid, match="against a person"):
        services.create_match(ann, None, STARTERS, bot="random", pace=PlayMatch.Pace.TURNS, bank_seconds=DAY)
    with pytest.raises(Invalid, match="time bank"):
        services.create_match(ann, people_b(), STARTERS, pace=PlayMatch.Pace.TURNS)
    assert not PlayMatch.objects.exists()


def people_b() -> User:
    return UserFactory.create(username="cai")


def test_the_api_takes_a_time_bank_and_refuses_one_outside_the_set_with_a_400() -> None:
    players = people()
    client = Client()
    client.force_login(players[0])
    url = "/api/play/challenges/"
    bad = client.post(url, {"opponent": "ben", "starter": "eva-starter", "bank_seconds": 7200}, "application/json")
    assert bad.status_code == 400
    assert "1 h, 12 h, 24 h or 3 days" in bad.json()["detail"]
    assert not MatchChallenge.objects.exists()
    good = client.post(url, {"opponent": "ben", "starter": "eva-starter", "bank_seconds": 3 * DAY}, "application/json")
    assert good.status_code == 201 and good.json()["bank_seconds"] == 3 * DAY
    assert MatchChallenge.objects.get().bank_seconds == 3 * DAY
    people_b()
    live = client.post(url, {"opponent": "cai", "starter": "eva-starter"}, "application/json")
    assert live.status_code == 201 and live.json()["bank_seconds"] is None


def test_the_challenge_form_sends_a_turn_based_challenge() -> None:
    players = people()
    client = Client()
    client.force_login(players[0])
    page = client.get("/play/")
    assert "Turn-based: 3 days a move" in page.content.decode()
    client.post("/play/", {"action": "challenge", "opponent": "ben", "starter": "eva-starter", "bank_seconds": "43200"})
    bad = client.post(
        "/play/", {"action": "challenge", "opponent": "ben", "starter": "eva-starter", "bank_seconds": "99"}
    )
    assert bad.status_code == 400 and "1 h, 12 h, 24 h or 3 days" in bad.content.decode()
    assert list(MatchChallenge.objects.values_list("bank_seconds", flat=True)) == [43200]


def test_an_empty_bank_loses_the_game_as_the_live_clock_does_and_the_row_survives_a_restart(
    queued: Queued, django_capture_on_commit_callbacks: Any, time_machine: Any
) -> None:
    players = people()
    match = turn_based(players, capture=django_capture_on_commit_callbacks)
    decide(match, players, random.Random(1), django_capture_on_commit_callbacks)  # who goes first
    match.refresh_from_db()
    while match.deadline_kind != PlayMatch.TimerKind.CLOCK:
        decide(match, players, random.Random(1), django_capture_on_commit_callbacks)
        match.refresh_from_db()
    # a day away is no ETA task in a worker: the deadline is on the row, for beat's feed and sweep
    assert deadlines.FIRE_TASK not in queued.names()
    assert match.deadline is not None
    loser = match.on_clock
    assert loser is not None
    time_machine.move_to(match.deadline - timedelta(minutes=1), tick=False)
    assert deadlines.sweep(only=["match-clock"]) == 0  # not yet
    with django_capture_on_commit_callbacks(execute=True):
        assert deadlines.feed(only=["match-clock"]) == 1  # within its minute: its task is queued now
    assert deadlines.FIRE_TASK in queued.names()
    time_machine.move_to(match.deadline + timedelta(seconds=3), tick=False)  # the task was lost: the sweep fires it
    with django_capture_on_commit_callbacks(execute=True):
        assert deadlines.sweep(only=["match-clock"]) == 1
    match.refresh_from_db()
    game = match.games.get(number=1)
    assert game.finished and game.end_reason == "clock" and game.winner == 1 - loser


def test_an_unanswered_window_passes_when_its_bank_runs_out(django_capture_on_commit_callbacks: Any) -> None:
    players = people()
    match = seeded(players, 8)
    rng = random.Random(2)
    for _ in range(400):
        match.refresh_from_db()
        if match.deadline_kind == PlayMatch.TimerKind.WINDOW:
            break
        decide(match, players, rng)
    assert match.deadline_kind == PlayMatch.TimerKind.WINDOW, "no answer window came up"
    assert match.deadline is not None and match.clock_since is not None
    seat, due = match.on_clock, match.deadline
    assert due - match.clock_since == timedelta(days=1)  # not 20 seconds: the whole bank
    with django_capture_on_commit_callbacks(execute=True):
        assert services.expire(match.pk, match.timer_version, due + timedelta(seconds=1)) == "auto-passed"
    last = GameAction.objects.filter(game__match=match).order_by("-game__number", "-seq").first()
    assert last is not None and last.seat == seat and last.automatic and last.action == "pass"
    match.refresh_from_db()
    assert match.status == PlayMatch.Status.PLAYING


def test_windows_follow_the_players_auto_pass_choice() -> None:
    players = people()
    players[0].auto_pass = True
    players[0].save()
    match = seeded(players, 8)
    rng = random.Random(4)
    waited = []
    for _ in range(200):
        match.refresh_from_db()
        if match.status != PlayMatch.Status.PLAYING:
            break
        if match.deadline_kind == PlayMatch.TimerKind.WINDOW:
            waited.append(match.on_clock)
        decide(match, players, rng)
    assert waited and set(waited) == {1}  # Ann's windows passed at once; Ben's waited with his bank
    assert GameAction.objects.filter(game__match=match, seat=0, automatic=True, action="pass").exists()


def test_each_decision_passed_to_a_person_sends_one_notice_with_a_key_of_its_own(
    queued: Queued, django_capture_on_commit_callbacks: Any, time_machine: Any
) -> None:
    players = people()
    match = turn_based(players, capture=django_capture_on_commit_callbacks)
    rng = random.Random(6)
    start = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)
    passes = 0
    for n in range(1, 13):  # a decision every 23 hours, within the day's bank
        time_machine.move_to(start + timedelta(hours=23 * n), tick=False)
        seat = decide(match, players, rng, django_capture_on_commit_callbacks)
        match.refresh_from_db()
        passes += int(match.on_clock is not None and match.on_clock != seat)
    queued.run_all(django_capture_on_commit_callbacks)
    notices = Notice.objects.filter(kind="your_turn")
    keys = list(notices.values_list("key", flat=True))
    assert len(keys) == len(set(keys)) == passes + 1  # the first: the chooser's, when the match began
    assert all(k.startswith(f"match:{match.pk}:turn:") for k in keys)
    for user, other in ((players[0], players[1]), (players[1], players[0])):
        titles = set(notices.filter(user=user).values_list("title", flat=True))
        assert titles == {f"Your turn against {other.public_name}"}
    for notice in notices:
        assert notice.url == reverse("gameplay:play", args=[match.pk]) and "Turn-based: 24 h a move" in notice.body
    # the words name players only: no card of either deck is in any notice
    assert not any("c1" in n.title + n.body for n in notices)


def test_live_matches_send_no_turn_notices(queued: Queued, django_capture_on_commit_callbacks: Any) -> None:
    players = people()
    with django_capture_on_commit_callbacks(execute=True):
        match = services.create_match(players[0], players[1], STARTERS, seed=3)
    for _ in range(6):
        decide(match, players, random.Random(1), django_capture_on_commit_callbacks)
    assert not [name for name, _ in queued.notice_tasks()]


TABLE_SETUP = {"guardians": ["neltai", "kulak"], "difficulty": "initiate"}


def test_a_runemasters_table_is_turn_based_with_the_bank_a_turn_and_tells_the_next_person(
    queued: Queued, django_capture_on_commit_callbacks: Any, time_machine: Any
) -> None:
    players = people()
    seats = [services.SeatSpec(players[0]), services.SeatSpec(players[1])]
    with pytest.raises(Invalid, match="1 h, 12 h, 24 h or 3 days"):
        services.create_table("runemasters", TABLE_SETUP, seats, pace=PlayMatch.Pace.TURNS, bank_seconds=600)
    assert not PlayMatch.objects.exists()
    with django_capture_on_commit_callbacks(execute=True):
        match = services.create_table(
            "runemasters", TABLE_SETUP, seats, pace=PlayMatch.Pace.TURNS, bank_seconds=12 * 3600
        )
    assert match.turn_based and match.turn_seconds == 12 * 3600 and match.pace_words == "Turn-based: 12 h a move"
    assert match.deadline_kind == PlayMatch.TimerKind.TURN
    assert match.deadline is not None and match.clock_since is not None
    assert match.deadline - match.clock_since == timedelta(hours=12)
    first = match.on_clock
    assert first is not None
    for _ in range(5):  # half a day: the turn ends (a reward still to choose is taken first, then it ends)
        time_machine.move_to(match.deadline + timedelta(seconds=1), tick=False)
        with django_capture_on_commit_callbacks(execute=True):
            assert deadlines.sweep(only=["match-clock"]) == 1
        match.refresh_from_db()
        if match.on_clock != first:
            break
    assert match.on_clock is not None and match.on_clock != first
    queued.run_all(django_capture_on_commit_callbacks)
    titles = set(Notice.objects.filter(kind="your_turn").values_list("user", "title"))
    assert titles == {
        (players[first].pk, "Your turn at your Runemasters table"),
        (players[match.on_clock].pk, "Your turn at your Runemasters table"),
    }


def test_a_rematch_of_a_turn_based_match_keeps_its_pace() -> None:
    players = people()
    match = turn_based(players, bank=3600)
    services.concede(match.pk, players[0], match.version)
    services.rematch(match.pk, players[0])
    again = services.rematch(match.pk, players[1]).match
    assert again is not None and (again.pace, again.bank_seconds) == (PlayMatch.Pace.TURNS, 3600)
    assert again.deadline is not None and again.deadline - timezone.now() == timedelta(hours=1)


def test_a_challenge_and_a_rematch_offered_are_invitation_notices_to_the_player_asked(
    queued: Queued, django_capture_on_commit_callbacks: Any
) -> None:
    """Issue 29 §2: "an invitation (table, team, challenge rematch)"; the words say who asks, and
    the pace of a turn-based one. The challenger is told nothing of their own challenge."""
    ann, ben = people()
    with django_capture_on_commit_callbacks(execute=True):
        made = services.challenge(ann, ben, STARTERS[0], bank_seconds=DAY)
    queued.run_all(django_capture_on_commit_callbacks)
    asked = Notice.objects.get(user=ben, kind="invitation")
    assert (asked.title, asked.url) == (
        f"{ann.public_name} challenges you to a match (turn-based, 1 day a move)",
        "/play/",
    )
    assert not Notice.objects.filter(user=ann).exists()
    with django_capture_on_commit_callbacks(execute=True):
        match = services.answer_challenge(made.pk, ben, True, STARTERS[1]).match
    assert match is not None
    services.concede(match.pk, ben, match.version)
    with django_capture_on_commit_callbacks(execute=True):
        services.rematch(match.pk, ben)
    queued.run_all(django_capture_on_commit_callbacks)
    offered = Notice.objects.filter(user=ann, kind="invitation").values_list("title", flat=True)
    assert list(offered) == [f"{ben.public_name} challenges you to a rematch (turn-based, 1 day a move)"]
