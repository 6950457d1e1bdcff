"""Challenges as tests need them: an open challenge, teams, and finished attempts whose tables hold
a real Runemasters playout (its final state is what the match leaves)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from gameplay.invitations import services as answers
from gameplay.matches.models import Game, PlayMatch
from gameplay.matches.services import match_finished
from gameplay.runemasters import game as runemasters
from gameplay.runemasters.state import State
from tests.factories import OrganiserFactory, UserFactory
from tournaments.coop import invitations, services
from tournaments.coop.models import Attempt, Challenge, Team


def rules(**overrides: Any) -> services.Rules:
    now = timezone.now()
    fields: dict[str, Any] = {
        "name": "Autumn Vigil",
        "difficulty": "initiate",
        "guardian_count": 2,
        "guardians": [],
        "timing": Challenge.Timing.WINDOW,
        "starts_at": now - timedelta(hours=1),
        "ends_at": now + timedelta(days=3),
        "attempts_allowed": 2,
        "turn_seconds": 60,
    }
    return services.Rules(**(fields | overrides))


@pytest.fixture
def organiser(db: None) -> Any:
    return OrganiserFactory.create(username="orla")


@pytest.fixture
def challenge(organiser: Any) -> Challenge:
    return services.publish(services.create_challenge(organiser, rules()), organiser)


def playout(seed: int, guardians: list[str], difficulty: str = "initiate", bot: str = "greedy") -> State:
    state = runemasters.new_game({"guardians": guardians, "difficulty": difficulty}, seed)
    while (decision := runemasters.pending(state)) is not None:
        state, _ = runemasters.apply(state, runemasters.bot_action(state, decision.seat, bot, seed))
    return state


def finish_attempt(team: Team, state: State) -> Attempt:
    """An attempt whose table ended on ``state``: the rows a finished table leaves, then the signal."""
    challenge = team.challenge
    captain = team.captain
    match = PlayMatch.objects.create(
        player1=captain, engine=runemasters.NAME, decks=[], seed=challenge.seed, status=PlayMatch.Status.FINISHED,
        wins=[0, 0], remaining_ms=[0, 0], finished_at=timezone.now(),
    )  # fmt: skip
    Game.objects.create(
        match=match, number=1, seed=challenge.seed, first=0, chooser=0, setup={"guardians": [], "difficulty": "x"},
        engine_version=runemasters.version(), state=runemasters.to_json(state),
        state_hash=runemasters.state_hash(state),
        finished=True,
    )  # fmt: skip
    attempt = Attempt.objects.create(team=team, number=team.attempts.count() + 1, match=match)
    match_finished.send(sender=PlayMatch, match=match)
    attempt.refresh_from_db()
    return attempt


def accept_all(team: Team) -> None:
    """Every player invited to ``team`` accepts (nobody is put on a team without accepting)."""
    for invitation in invitations.pending_for(team).select_related("invitee"):
        answers.accept(invitation.pk, invitation.invitee)


@pytest.fixture
def make_team(challenge: Challenge) -> Callable[..., Team]:
    def make(name: str, *members: str) -> Team:
        users = [UserFactory.create(username=m) for m in members]
        team = services.register_team(challenge, users[0], name, [u.username for u in users[1:]])
        accept_all(team)
        return team

    return make


def play_to_end(match: PlayMatch, bot: str = "greedy", seed: int = 0) -> PlayMatch:
    """Play a table through the hosting service, each seat's move made by its holder (the greedy
    guardian's choice); the caller runs the after-commit work so ``match_finished`` is sent."""
    from gameplay.matches import services as tables

    while True:
        match.refresh_from_db()
        state = runemasters.from_json(match.current_game().state)  # type: ignore[union-attr]
        decision = runemasters.pending(state)
        if decision is None or match.is_finished:
            return match
        holder = match.seats.get(index=decision.seat).user
        assert holder is not None, "challenge tables have no bots"
        action = runemasters.bot_action(state, decision.seat, bot, seed)
        tables.play(match.pk, holder, action, match.version)
