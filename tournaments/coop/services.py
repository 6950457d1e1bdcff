"""Runemasters challenges: creating and editing them, teams, attempts, results, leaderboards and
the daily challenge. Every refusal is raised before anything is written.

Decided (docs/runemasters.md, "Challenges"): a team has 1 to ``guardian_count`` members (at most
4), every seat is a member's (no bots: the team plays every guardian), and the seats go round the
members in their order, so a pair plays seats 1 and 3, and 2 and 4. A team plays one attempt at
a time. The ranking is ``gameplay.runemasters.scores`` and cannot change once a game is played:
the rules (difficulty, guardians, attempts, clock) lock with the first attempt.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Count, Q, QuerySet
from django.utils import timezone

from common.states import IllegalTransition
from common.words import count
from gameplay.matches import services as tables
from gameplay.matches.models import PlayMatch
from gameplay.runemasters import game as runemasters
from gameplay.runemasters.rules import GUARDIANS
from gameplay.runemasters.scores import NotFinished, Placed, Score, rank, summary
from tournaments.coop import invitations
from tournaments.coop.errors import ChallengeRefusal
from tournaments.coop.models import Attempt, Challenge, Difficulty, Member, Team, team_limit
from tournaments.errors import Conflict, Forbidden, Invalid, NotFound
from tournaments.permissions import Perm, has_permission

MAX_ATTEMPTS = 20
TURN_SECONDS = (10, 3600)
RULE_FIELDS = ("difficulty", "guardian_count", "guardians", "attempts_allowed", "turn_seconds", "timing")
#: Daily challenges go round these (by the day's number): a different game every day of three.
DAILY_LEVELS = (Difficulty.INITIATE, Difficulty.NOVICE, Difficulty.GUARDIAN)
DAILY_GUARDIANS = (2, 3, 4)
DAILY_ATTEMPTS = 1
DAILY_TURN_SECONDS: int | None = None


# --- who may see and change a challenge ------------------------------------------------------


def visible(user: Any) -> QuerySet[Challenge]:
    """Challenges ``user`` may see: every published one, and their own in preparation."""
    shown = Q(status__in=[Challenge.Status.OPEN, Challenge.Status.FINISHED])
    if getattr(user, "is_authenticated", False):
        if user.is_staff:
            return Challenge.objects.all()
        shown |= Q(organiser=user)
    return Challenge.objects.filter(shown)


def challenge_for(user: Any, pk: int) -> Challenge:
    found = visible(user).filter(pk=pk).select_related("organiser").first()
    if found is None:
        raise NotFound(ChallengeRefusal.NO_SUCH_CHALLENGE, "There is no such challenge.")
    return settle(found)


def _require_manager(user: Any, challenge: Challenge) -> None:
    if not has_permission(user, Perm.MANAGE, challenge):
        raise Forbidden(ChallengeRefusal.NOT_ORGANISER, f"Only the organiser of {challenge.name} may change it.")


# --- the challenge itself --------------------------------------------------------------------


@dataclass(frozen=True)
class Rules:
    """What an organiser sets; checked as a whole before anything is written."""

    name: str
    difficulty: str
    guardian_count: int
    guardians: list[str]
    timing: str
    starts_at: datetime
    ends_at: datetime | None
    attempts_allowed: int
    turn_seconds: int | None

    def _window(self, problems: list[str]) -> datetime | None:
        if self.timing == Challenge.Timing.SET_TIME:
            return self.starts_at + Challenge.SET_TIME_GRACE
        if self.timing != Challenge.Timing.WINDOW:
            problems.append("the timing must be a window of days or a set time")
        elif self.ends_at is None or self.ends_at <= self.starts_at:
            problems.append("the window must end after it starts")
        return self.ends_at

    def _game_problems(self) -> list[str]:
        problems: list[str] = []
        if self.difficulty not in Difficulty.values:
            problems.append(f"the difficulty must be one of {', '.join(Difficulty.labels)}")
        if not 2 <= self.guardian_count <= 4:
            problems.append("a challenge has 2 to 4 guardians")
        elif self.guardians:
            problems.extend(guardian_problems(self.guardians, self.guardian_count))
        if not 1 <= self.attempts_allowed <= MAX_ATTEMPTS:
            problems.append(f"attempts per team must be 1 to {MAX_ATTEMPTS}")
        if self.turn_seconds is not None and not TURN_SECONDS[0] <= self.turn_seconds <= TURN_SECONDS[1]:
            problems.append(f"a turn clock is {TURN_SECONDS[0]} to {TURN_SECONDS[1]} seconds, or none")
        return problems

    def checked(self) -> dict[str, Any]:
        problems = [] if self.name.strip() else ["the name is empty"]
        problems += self._game_problems()
        ends_at = self._window(problems)
        if problems:
            raise Invalid(ChallengeRefusal.FORM_PROBLEMS, f"The challenge has problems: {'; '.join(problems)}.")
        return {
            "name": self.name.strip(),
            "difficulty": self.difficulty,
            "guardian_count": self.guardian_count,
            "guardians": list(self.guardians),
            "timing": self.timing,
            "starts_at": self.starts_at,
            "ends_at": ends_at,
            "attempts_allowed": self.attempts_allowed,
            "turn_seconds": self.turn_seconds,
        }


def guardian_problems(guardians: Sequence[str], count: int) -> list[str]:
    problems = []
    if len(guardians) != count:
        problems.append(f"choose {count} guardians, one per seat")
    if len(set(guardians)) != len(guardians):
        problems.append("each guardian can be played once")
    unknown = [g for g in guardians if g not in GUARDIANS]
    if unknown:
        problems.append(f"the guardians are {', '.join(g.title() for g in GUARDIANS)}")
    return problems


def create_challenge(by: Any, rules: Rules) -> Challenge:
    if not has_permission(by, Perm.CREATE_CHALLENGE):
        raise Forbidden(ChallengeRefusal.NOT_ORGANISER, "Only organisers may run challenges.")
    fields = rules.checked()
    return Challenge.objects.create(organiser=by, seed=secrets.randbelow(2**53), **fields)


@transaction.atomic
def edit_challenge(challenge: Challenge, by: Any, rules: Rules) -> Challenge:
    """The organiser changes the challenge; its rules (not its name or window) lock with the first
    attempt, so the ranking and the game stay what every team played."""
    challenge = Challenge.objects.select_for_update().get(pk=challenge.pk)
    _require_manager(by, challenge)
    if challenge.is_finished:
        raise Conflict(ChallengeRefusal.NOT_OPEN, f"{challenge.name} is finished; it can no longer change.")
    fields = rules.checked()
    played = Attempt.objects.filter(team__challenge=challenge).exists()
    changed = [name for name in RULE_FIELDS if getattr(challenge, name) != fields[name]]
    if played and changed:
        raise Conflict(
            ChallengeRefusal.RULES_LOCKED,
            f"Teams have played {challenge.name} already, so its rules cannot change "
            f"({', '.join(name.replace('_', ' ') for name in changed)}). Only the name and the window may.",
        )
    too_big = Team.objects.filter(challenge=challenge).filter(_more_members_than(fields["guardian_count"]))
    if too_big.exists():
        raise Conflict(
            ChallengeRefusal.BAD_MEMBERS,
            f"A team has more members than {fields['guardian_count']} guardians; keep the guardian count.",
        )
    for name, value in fields.items():
        setattr(challenge, name, value)
    challenge.save()
    return challenge


def _more_members_than(count: int) -> Q:
    return Q(pk__in=Team.objects.annotate(n=Count("members")).filter(n__gt=count).values("pk"))


def _move(challenge: Challenge, new: str) -> None:
    try:
        challenge.set_status(new)
    except IllegalTransition as exc:
        raise Conflict(ChallengeRefusal.NOT_OPEN, str(exc)) from exc


@transaction.atomic
def publish(challenge: Challenge, by: Any) -> Challenge:
    """Open the challenge to teams (cannot be undone)."""
    challenge = Challenge.objects.select_for_update().get(pk=challenge.pk)
    _require_manager(by, challenge)
    _move(challenge, Challenge.Status.OPEN)
    challenge.save(update_fields=["status"])
    return challenge


@transaction.atomic
def finish(challenge: Challenge, by: Any = None) -> Challenge:
    """Close the challenge (``by`` None: the window is over). No attempt starts after; games in
    play still count when they end. Every finished game becomes public, to replay."""
    challenge = Challenge.objects.select_for_update().get(pk=challenge.pk)
    if by is not None:
        _require_manager(by, challenge)
    elif not challenge.is_open:
        return challenge  # another request (or beat) settled it first
    _move(challenge, Challenge.Status.FINISHED)
    challenge.finished_at = timezone.now()
    if challenge.ends_at > challenge.finished_at:
        challenge.ends_at = challenge.finished_at
    challenge.save(update_fields=["status", "finished_at", "ends_at"])
    PlayMatch.objects.filter(coop_attempt__team__challenge=challenge, status=PlayMatch.Status.FINISHED).update(
        public=True
    )
    return challenge


def settle(challenge: Challenge, now: datetime | None = None) -> Challenge:
    """An open challenge whose window is over is finished (asked whenever one is read, and by beat)."""
    if challenge.is_open and challenge.ends_at <= (now or timezone.now()):
        return finish(challenge)
    return challenge


def settle_due(now: datetime | None = None) -> int:
    due = Challenge.objects.filter(status=Challenge.Status.OPEN, ends_at__lte=now or timezone.now())
    return sum(1 for challenge in due if settle(challenge, now).is_finished)


# --- teams -----------------------------------------------------------------------------------


@transaction.atomic
def register_team(challenge: Challenge, by: Any, name: str, member_names: Sequence[str] = ()) -> Team:
    """``by`` registers a team and is its captain (its first member); each named player gets an
    invitation and joins the team only by accepting it (``tournaments/coop/invitations.py``). A
    player is in one team per challenge, and a team has no more members (and players invited) than
    the challenge has guardians."""
    challenge = Challenge.objects.select_for_update().get(pk=challenge.pk)
    if not challenge.is_open or challenge.ends_at <= timezone.now():
        raise Conflict(ChallengeRefusal.NOT_OPEN, f"{challenge.name} is not open for teams.")
    name = " ".join(name.split())
    if not 1 <= len(name) <= 60:
        raise Invalid(ChallengeRefusal.BAD_TEAM_NAME, "A team needs a name of 1 to 60 characters.")
    others = [n for n in (" ".join(n.split()) for n in member_names) if n]
    invited = [invitations.user_named(n) for n in others]
    mine = Member.objects.filter(challenge=challenge, user=by).select_related("team").first()
    if mine is not None:
        raise Conflict(
            ChallengeRefusal.ALREADY_IN_A_TEAM, f"Already in a team of this challenge: you are in {mine.team.name}."
        )
    if Team.objects.filter(challenge=challenge, name__iexact=name).exists():
        raise Conflict(ChallengeRefusal.TEAM_NAME_TAKEN, f"A team called {name} is registered already.")
    invitations.check_invitees(Team(challenge=challenge, name=name, captain=by), by, invited)
    try:
        with transaction.atomic():
            team = Team.objects.create(challenge=challenge, name=name, captain=by)
            Member.objects.create(team=team, challenge=challenge, user=by, place=0)
    except IntegrityError as exc:  # a race with another registration: the same answer as above
        raise Conflict(ChallengeRefusal.ALREADY_IN_A_TEAM, "You or the name are taken already.") from exc
    invitations.send(team, by, invited)
    return team


def team_of(challenge: Challenge, user: Any) -> Team | None:
    if not getattr(user, "is_authenticated", False):
        return None
    member = Member.objects.filter(challenge=challenge, user=user).select_related("team").first()
    return None if member is None else member.team


def seat_holders(members: Sequence[Any], seats: int) -> list[Any]:
    """Seat ``i`` goes to member ``i mod n``: the seats go round the team."""
    return [members[i % len(members)] for i in range(seats)]


# --- attempts --------------------------------------------------------------------------------


def attempts_left(challenge: Challenge, team: Team) -> int:
    return max(0, challenge.attempts_allowed - team.attempts.count())


@transaction.atomic
def start_attempt(challenge: Challenge, by: Any, guardians: Sequence[str] | None = None) -> Attempt:
    """A new Runemasters table for ``by``'s team on the challenge's seed, inside the window."""
    challenge = Challenge.objects.select_for_update().get(pk=challenge.pk)
    member = Member.objects.filter(challenge=challenge, user=by).select_related("team").first()
    if member is None:
        raise Forbidden(ChallengeRefusal.NOT_A_MEMBER, "Register a team (or join one) before you play.")
    team = Team.objects.select_for_update().get(pk=member.team_id)
    now = timezone.now()
    if not challenge.is_open:
        raise Conflict(ChallengeRefusal.NOT_OPEN, f"{challenge.name} is not open.")
    if not challenge.starts_at <= now < challenge.ends_at:
        raise Conflict(
            ChallengeRefusal.OUTSIDE_WINDOW, f"{challenge.name} can be played only {window_words(challenge)}."
        )
    if team.attempts.filter(finished_at__isnull=True).exists():
        raise Conflict(ChallengeRefusal.ATTEMPT_IN_PLAY, f"{team.name} has a game in play; finish it first.")
    used = team.attempts.count()
    if used >= challenge.attempts_allowed:
        raise Conflict(ChallengeRefusal.NO_ATTEMPTS_LEFT, f"{team.name} has used all its attempts ({used}).")
    chosen = list(challenge.guardians or guardians or [])
    problems = guardian_problems(chosen, challenge.guardian_count)
    if problems:
        raise Invalid(ChallengeRefusal.BAD_GUARDIANS, f"The guardians: {'; '.join(problems)}.")
    members = [m.user for m in team.members.select_related("user")]
    seats = [tables.SeatSpec(user=user) for user in seat_holders(members, challenge.guardian_count)]
    number = used + 1
    match = tables.create_table(
        runemasters.NAME,
        {"guardians": chosen, "difficulty": challenge.difficulty},
        seats,
        seed=challenge.seed,
        turn_seconds=challenge.turn_seconds,
        label=f"{challenge.name}: {team.name}, attempt {number}",
        public=False,  # watching would show the decks' order to the other teams before they play
    )
    return Attempt.objects.create(team=team, number=number, match=match, guardians=chosen, started_at=now)


@transaction.atomic
def record_result(match: PlayMatch) -> Attempt | None:
    """Copy a finished attempt's score onto its row (``match_finished``); other matches: nothing."""
    attempt = Attempt.objects.select_for_update().filter(match=match).select_related("team__challenge").first()
    game = match.current_game()
    if attempt is None or game is None:
        return None
    state = runemasters.from_json(game.state)
    try:
        score = summary(state)
    except NotFinished:
        score = summary(state, cut_short=True)  # a referee closed the table: lost, as the board stood
    attempt.won, attempt.temple_hp = score.won, score.temple_hp
    attempt.guardians_alive, attempt.rounds = score.guardians_alive, score.rounds
    attempt.finished_at = match.finished_at or timezone.now()
    attempt.save(update_fields=["won", "temple_hp", "guardians_alive", "rounds", "finished_at"])
    if attempt.team.challenge.is_finished:  # a game that ends after the window: public at once
        PlayMatch.objects.filter(pk=match.pk).update(public=True)
    return attempt


# --- the leaderboard -------------------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    rank: int | None  # None: no finished game yet
    shared: bool
    team: Team
    members: list[str]
    best: Attempt | None
    score: Score | None
    attempts: int

    @property
    def result(self) -> str:
        return self.score.words() if self.score else "No result yet"


def leaderboard(challenge: Challenge) -> list[Row]:
    """Every team, ranked by its best finished attempt (ties shared); teams without one last."""
    teams = list(
        Team.objects.filter(challenge=challenge).prefetch_related("members__user", "attempts__match").order_by("pk")
    )
    bests: list[tuple[int, Score]] = []
    best_attempt: dict[int, Attempt] = {}
    for team in teams:
        finished = [a for a in team.attempts.all() if a.score() is not None]
        if finished:
            # the best score; between equal ones, the first played (for the replay link)
            chosen = min(finished, key=lambda a: (a.score().key(), a.number))  # type: ignore[union-attr]
            best_attempt[team.pk] = chosen
            bests.append((team.pk, chosen.score()))  # type: ignore[arg-type]
    by_pk = {team.pk: team for team in teams}
    placed: list[Placed[int]] = rank(bests)
    rows = [_row(by_pk[p.team], p.rank, p.shared, best_attempt[p.team], p.score) for p in placed]
    rows += [_row(team, None, False, None, None) for team in teams if team.pk not in best_attempt]
    return rows


def _row(team: Team, place: int | None, shared: bool, best: Attempt | None, score: Score | None) -> Row:
    members = [m.user.public_name for m in team.members.all()]
    return Row(place, shared, team, members, best, score, len(team.attempts.all()))


def winners(challenge: Challenge) -> list[Row]:
    """The teams ranked first once the challenge is finished (a shared first place: all of them)."""
    if not challenge.is_finished:
        return []
    return [row for row in leaderboard(challenge) if row.rank == 1]


# --- words -----------------------------------------------------------------------------------


def _when(moment: datetime) -> str:
    return timezone.localtime(moment, UTC).strftime("%a %-d %b %Y, %H:%M UTC")


def window_words(challenge: Challenge) -> str:
    if challenge.timing == Challenge.Timing.SET_TIME:
        minutes = int(Challenge.SET_TIME_GRACE.total_seconds() // 60)
        return f"at {_when(challenge.starts_at)} (games start within {count(minutes, 'minute', 'minutes')})"
    return f"from {_when(challenge.starts_at)} to {_when(challenge.ends_at)}"


def rules_words(challenge: Challenge) -> list[str]:
    """The challenge's rules in sentences, for its page."""
    chosen = (
        "each team chooses its guardians"
        if challenge.teams_choose_guardians
        else "the guardians are " + ", ".join(g.title() for g in challenge.guardians)
    )
    attempts = "one attempt" if challenge.attempts_allowed == 1 else f"up to {challenge.attempts_allowed} attempts"
    clock = (
        f"each guardian's turn has a {challenge.turn_seconds}-second clock; when it runs out the turn ends"
        if challenge.turn_seconds
        else "turns have no clock"
    )
    limit = team_limit(challenge)
    return [
        f"{Difficulty(challenge.difficulty).label} difficulty, {challenge.guardian_count} guardians; {chosen}.",
        f"Teams of 1 to {limit} players; each player runs one or more guardians, and no bots play.",
        f"Every team plays the same monster and event decks; {attempts} per team; {clock}.",
        f"Played {window_words(challenge)}.",
        "Ranking: a won game above a lost one, then more temple HP, then more guardians standing, "
        "then fewer rounds; equal results share a place. A team's best attempt counts.",
    ]


# --- the daily challenge ---------------------------------------------------------------------


def today() -> date:
    return timezone.now().astimezone(UTC).date()


def daily_seed(day: date) -> int:
    """The day's seed: an HMAC of the date under the site's secret key, so nobody can work out a
    day's decks ahead, and the same day always gets the same seed."""
    digest = hmac.new(settings.SECRET_KEY.encode(), f"runemasters-daily:{day.isoformat()}".encode(), hashlib.sha256)
    return int.from_bytes(digest.digest()[:7], "big")


def daily_challenge(day: date | None = None) -> Challenge:
    """The day's (UTC) challenge, made the first time anyone asks for it."""
    day = day or today()
    found = Challenge.objects.filter(daily=day).first()
    if found is not None:
        return settle(found)
    number = day.toordinal()
    starts = datetime.combine(day, time(0), tzinfo=UTC)
    fields = {
        "name": f"Daily challenge, {day.strftime('%a %-d %b %Y')}",
        "difficulty": DAILY_LEVELS[number % len(DAILY_LEVELS)],
        "guardian_count": DAILY_GUARDIANS[(number // len(DAILY_LEVELS)) % len(DAILY_GUARDIANS)],
        "seed": daily_seed(day),
        "timing": Challenge.Timing.WINDOW,
        "starts_at": starts,
        "ends_at": starts + timedelta(days=1),
        "attempts_allowed": DAILY_ATTEMPTS,
        "turn_seconds": DAILY_TURN_SECONDS,
        "status": Challenge.Status.OPEN,
    }
    try:
        with transaction.atomic():
            made = Challenge.objects.create(daily=day, **fields)
    except IntegrityError:  # made at the same moment by another request
        made = Challenge.objects.get(daily=day)
    return settle(made)


def yesterday_daily() -> Challenge | None:
    found = Challenge.objects.filter(daily=today() - timedelta(days=1)).first()
    return None if found is None else settle(found)
