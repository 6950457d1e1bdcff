"""Challenge services on the real database: organisers' rules, teams, results arriving through
match_finished, the leaderboard with shared ranks, finishing, and the daily challenge."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest
from django.utils import timezone

from common.refusals import Conflict, Forbidden, Invalid, NotFound
from config.celery import app
from gameplay.matches.models import PlayMatch
from gameplay.runemasters import game as runemasters
from gameplay.runemasters.scores import Score, summary
from tests.coop.conftest import accept_all, finish_attempt, playout, rules
from tests.factories import UserFactory
from tournaments.coop import services
from tournaments.coop.errors import ChallengeRefusal
from tournaments.coop.models import Challenge, Member, Team
from tournaments.coop.tasks import settle_challenges

pytestmark = pytest.mark.django_db


def test_only_organisers_create_and_bad_rules_are_named_and_write_nothing(organiser: Any) -> None:
    with pytest.raises(Forbidden):
        services.create_challenge(UserFactory.create(), rules())
    with pytest.raises(Invalid) as refused:
        services.create_challenge(
            organiser, rules(name=" ", guardian_count=3, guardians=["kulak", "kulak"], attempts_allowed=0)
        )
    message = str(refused.value)
    assert "the name is empty" in message and "choose 3 guardians" in message and "once" in message
    assert "attempts per team" in message
    with pytest.raises(Invalid, match="window must end after it starts"):
        services.create_challenge(organiser, rules(ends_at=timezone.now() - timedelta(days=1)))
    assert not Challenge.objects.exists()


def test_a_set_time_lets_games_start_for_a_quarter_of_an_hour(organiser: Any) -> None:
    start = timezone.now() + timedelta(days=1)
    made = services.create_challenge(organiser, rules(timing=Challenge.Timing.SET_TIME, starts_at=start, ends_at=None))
    assert made.ends_at == start + timedelta(minutes=15) and made.is_draft and made.seed > 0
    assert "games start within 15 minutes" in services.window_words(made)


def test_drafts_are_the_organisers_alone(organiser: Any) -> None:
    draft = services.create_challenge(organiser, rules())
    assert services.challenge_for(organiser, draft.pk) == draft
    with pytest.raises(NotFound):
        services.challenge_for(UserFactory.create(), draft.pk)
    with pytest.raises(Forbidden):
        services.publish(draft, UserFactory.create())
    with pytest.raises(Conflict):
        services.register_team(draft, organiser, "Too early")


def test_a_player_is_in_one_team_and_a_team_fits_the_guardians(challenge: Challenge) -> None:
    ann, bob, cy = (UserFactory.create(username=n) for n in ("ann", "bob", "cy"))
    team = services.register_team(challenge, ann, "Dawnbreakers", ["BOB"])
    assert [m.user for m in team.members.all()] == [ann] and team.captain == ann  # bob is invited
    accept_all(team)
    assert [m.user for m in team.members.all()] == [ann, bob]
    with pytest.raises(Conflict, match="Already in a team of this challenge: .*Dawnbreakers"):
        services.register_team(challenge, cy, "Others", ["bob"])
    with pytest.raises(Invalid, match="No player is called nobody-here"):
        services.register_team(challenge, cy, "Ghosts", ["nobody-here"])
    with pytest.raises(Conflict, match="called dawnbreakers"):
        services.register_team(challenge, cy, "dawnbreakers")
    assert Team.objects.count() == 1 and Member.objects.count() == 2


def test_a_team_larger_than_the_guardian_count_is_refused(challenge: Challenge) -> None:
    names = [UserFactory.create().username for _ in range(2)]
    with pytest.raises(Conflict, match="at most 2 players"):
        services.register_team(challenge, UserFactory.create(), "Crowd", names)
    assert not Team.objects.exists()


def test_seats_go_round_the_members() -> None:
    assert services.seat_holders(["a"], 3) == ["a", "a", "a"]
    assert services.seat_holders(["a", "b"], 4) == ["a", "b", "a", "b"]
    assert services.seat_holders(["a", "b", "c"], 3) == ["a", "b", "c"]


def test_results_arrive_through_match_finished_and_rank_with_ties_shared(
    challenge: Challenge, make_team: Callable[..., Team]
) -> None:
    teams = [make_team(f"Team {i}", f"p{i}") for i in range(4)]
    games = {seed: playout(seed, ["neltai", "kulak"]) for seed in range(40)}
    won = [s for s in games.values() if s.outcome == "won"]
    lost = [s for s in games.values() if s.outcome == "lost"]
    assert won and lost
    finish_attempt(teams[0], lost[0])
    best_won = min(won, key=lambda s: summary(s).key())
    first = finish_attempt(teams[1], best_won)
    assert first.won and first.score() == summary(best_won)
    finish_attempt(teams[2], best_won)  # the same result: a shared first place
    board = services.leaderboard(challenge)
    assert [(row.rank, row.team.name, row.shared) for row in board] == [
        (1, "Team 1", True), (1, "Team 2", True), (3, "Team 0", False), (None, "Team 3", False)
    ]  # fmt: skip
    assert board[0].result.startswith("Won, temple ") and board[-1].result == "No result yet"
    # a second, worse attempt does not lower a team's best; a better one lifts it
    finish_attempt(teams[1], lost[0])
    finish_attempt(teams[0], best_won)
    board = services.leaderboard(challenge)
    assert [row.rank for row in board if row.rank] == [1, 1, 1]
    assert {row.team.name: row.attempts for row in board}["Team 1"] == 2


def test_a_match_that_is_no_attempt_is_left_alone(challenge: Challenge) -> None:
    assert services.record_result(PlayMatch(pk=10**9)) is None


def test_a_table_closed_before_the_end_counts_as_lost(challenge: Challenge, make_team: Callable[..., Team]) -> None:
    attempt = finish_attempt(make_team("Quitters", "q1"), runemasters.new_game({"guardians": ["neltai", "kulak"]}, 5))
    assert attempt.score() == Score(False, 6, 2, 1)


def test_rules_lock_with_the_first_game_but_the_name_and_window_may_change(
    challenge: Challenge, organiser: Any, make_team: Callable[..., Team]
) -> None:
    services.edit_challenge(challenge, organiser, rules(difficulty="hero"))
    finish_attempt(make_team("Early", "e1"), playout(1, ["neltai", "kulak"]))
    with pytest.raises(Conflict, match=r"rules cannot change \(difficulty\)"):
        services.edit_challenge(challenge, organiser, rules(difficulty="legend"))
    later = timezone.now() + timedelta(days=9)
    edited = services.edit_challenge(challenge, organiser, rules(difficulty="hero", name="Winter Vigil", ends_at=later))
    assert edited.name == "Winter Vigil" and edited.ends_at == later and edited.difficulty == "hero"
    with pytest.raises(Forbidden):
        services.edit_challenge(challenge, UserFactory.create(), rules(difficulty="hero"))


def test_finishing_shows_winners_and_makes_every_game_replayable(
    challenge: Challenge, organiser: Any, make_team: Callable[..., Team]
) -> None:
    attempt = finish_attempt(make_team("Wardens", "w1"), playout(2, ["neltai", "kulak"]))
    assert not attempt.match.public and services.winners(challenge) == []
    services.finish(challenge, organiser)
    challenge.refresh_from_db()
    attempt.match.refresh_from_db()
    assert challenge.is_finished and attempt.match.public
    assert [row.team.name for row in services.winners(challenge)] == ["Wardens"]
    with pytest.raises(Conflict):
        services.finish(challenge, organiser)
    with pytest.raises(Conflict):
        services.register_team(challenge, UserFactory.create(), "Late")


def test_a_challenge_past_its_window_finishes_when_read(challenge: Challenge) -> None:
    Challenge.objects.filter(pk=challenge.pk).update(ends_at=timezone.now() - timedelta(minutes=1))
    assert services.settle_due() == 1
    assert Challenge.objects.get(pk=challenge.pk).is_finished
    assert services.finish(challenge).is_finished  # settled twice at once: the second does nothing


@pytest.mark.time_machine(datetime(2026, 11, 24, 12, tzinfo=UTC), tick=False)
def test_the_daily_challenge_is_one_per_day_with_a_seed_from_the_date(settings: Any) -> None:
    day = date(2026, 11, 24)  # "now" is that day's noon (UTC), whatever day the suite runs on
    assert services.today() == day
    first = services.daily_challenge(day)
    assert services.daily_challenge(day) == first and Challenge.objects.count() == 1
    assert first.is_open and first.organiser is None and first.attempts_allowed == 1
    assert first.seed == services.daily_seed(day) != services.daily_seed(day + timedelta(days=1))
    assert (first.ends_at - first.starts_at) == timedelta(days=1) and first.starts_at.hour == 0
    next_days = [services.daily_challenge(day + timedelta(days=n)) for n in range(1, 6)]
    assert len({(c.difficulty, c.guardian_count) for c in [first, *next_days]}) > 1
    settings.SECRET_KEY = "another site"
    assert services.daily_seed(day) != first.seed  # nobody without the key can work a day's decks out


def test_the_daily_challenge_changes_at_midnight_utc_and_yesterdays_closes(time_machine: Any) -> None:
    time_machine.move_to(datetime(2026, 12, 31, 23, 59, 59, 999_000, tzinfo=UTC), tick=False)
    last = services.daily_challenge()  # the last of the year, asked in its last millisecond
    assert last.daily == date(2026, 12, 31) and last.is_open and last.in_window()
    assert services.yesterday_daily() is None  # nobody asked for the 30th
    time_machine.move_to(datetime(2027, 1, 1, tzinfo=UTC), tick=False)
    first = services.daily_challenge()
    assert first.daily == date(2027, 1, 1) and first.pk != last.pk and first.is_open
    assert first.starts_at == datetime(2027, 1, 1, tzinfo=UTC) and first.name == "Daily challenge, Fri 1 Jan 2027"
    yesterday = services.yesterday_daily()
    assert yesterday is not None and yesterday.pk == last.pk and yesterday.is_finished  # its window ended at 00:00
    assert services.daily_challenge(date(2026, 12, 31)).is_finished


def test_every_refusal_reason_is_a_known_word() -> None:
    assert ChallengeRefusal("rules-locked") is ChallengeRefusal.RULES_LOCKED


@pytest.mark.time_machine(datetime(2026, 11, 24, 23, 59, 59, tzinfo=UTC), tick=False)
def test_beat_makes_the_day_and_finishes_what_is_due(challenge: Challenge) -> None:
    assert app.conf.beat_schedule["settle-challenges"]["task"] == settle_challenges.name
    Challenge.objects.filter(pk=challenge.pk).update(ends_at=timezone.now() - timedelta(seconds=1))
    assert settle_challenges() == 1
    assert Challenge.objects.filter(daily=services.today()).exists()
    assert Challenge.objects.get(pk=challenge.pk).is_finished
