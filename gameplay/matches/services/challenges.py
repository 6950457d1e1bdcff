"""Challenges between players outside events: one invites, the other accepts (the match starts)
or declines, or the challenger withdraws."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from gameplay.matches import turn_notices
from gameplay.matches.banks import check_bank
from gameplay.matches.engines import DEFAULT, engines
from gameplay.matches.errors import Conflict, Forbidden, Invalid, MatchRefusal
from gameplay.matches.models import MatchChallenge, PlayMatch
from gameplay.matches.protocol import SetupError
from gameplay.matches.services.games import create_match, seat_setup

#: No clock runs in an accepted live challenge (not even the choice of who goes first) until both
#: players have the match open, or this long has passed.
CHALLENGE_ARRIVAL = 120


def challenge(
    challenger: User, opponent: User, deck: dict[str, Any], best_of: int = 1, bank_seconds: Any = None
) -> MatchChallenge:
    """Invite ``opponent`` to a match: live, or turn-based with ``bank_seconds`` a move (one of
    ``banks.TIME_BANKS``, else refused)."""
    bank = None if bank_seconds in (None, "") else check_bank(bank_seconds)
    if opponent.pk == challenger.pk:
        raise Invalid(MatchRefusal.SELF_CHALLENGE, "You cannot challenge yourself.")
    if best_of not in (1, 3):
        raise Invalid(MatchRefusal.BAD_BEST_OF, "A match is best of one or best of three.")
    if MatchChallenge.objects.filter(
        challenger=challenger, opponent=opponent, status=MatchChallenge.Status.OPEN
    ).exists():
        raise Conflict(
            MatchRefusal.CHALLENGE_ALREADY_OPEN, f"You already have an open challenge to {opponent.public_name}."
        )
    check_deck(deck)
    made = MatchChallenge.objects.create(challenger=challenger, opponent=opponent, challenger_deck=seat_setup(deck),
                                         best_of=best_of, bank_seconds=bank)  # fmt: skip
    turn_notices.challenged(made)
    return made


def check_deck(deck: dict[str, Any]) -> None:
    """Refuse (Invalid) a deck that cannot play a game of the default engine."""
    try:
        engines[DEFAULT].check_seat(seat_setup(deck))
    except SetupError as exc:
        raise Invalid(MatchRefusal.DECK_CANNOT_PLAY, f"That deck cannot play: {exc}") from None


@transaction.atomic
def answer_challenge(challenge_id: int, by: User, accept: bool, deck: dict[str, Any] | None = None) -> MatchChallenge:
    """The opponent accepts (with their deck: the match starts) or declines; the challenger may withdraw."""
    found = MatchChallenge.objects.select_for_update().get(pk=challenge_id)
    if by.pk not in (found.opponent_id, found.challenger_id):
        raise Forbidden(MatchRefusal.NOT_YOUR_CHALLENGE, "This challenge is not yours.")
    if found.status != MatchChallenge.Status.OPEN:
        raise Conflict(
            MatchRefusal.CHALLENGE_ANSWERED, f"This challenge is already {found.get_status_display().lower()}."
        )
    if by.pk == found.challenger_id:
        if accept:
            raise Forbidden(
                MatchRefusal.CHALLENGER_CANNOT_ACCEPT, "Your opponent accepts; you may withdraw the challenge."
            )
        found.set_status(MatchChallenge.Status.CANCELLED)
    elif accept:
        if deck is None:
            raise Invalid(MatchRefusal.NO_DECK_CHOSEN, "Choose your deck to accept.")
        check_deck(deck)
        found.match = create_match(
            found.challenger,
            found.opponent,
            [found.challenger_deck, deck],
            best_of=found.best_of,
            label="challenge",
            arrival_seconds=CHALLENGE_ARRIVAL,
            pace=PlayMatch.Pace.STANDARD if found.bank_seconds is None else PlayMatch.Pace.TURNS,
            bank_seconds=found.bank_seconds,
        )
        found.set_status(MatchChallenge.Status.ACCEPTED)
    else:
        found.set_status(MatchChallenge.Status.DECLINED)
    found.answered_at = timezone.now()
    found.save()
    return found
