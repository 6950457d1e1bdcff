"""The match from start to finish, beyond the moves: a player concedes, and a finished match is
offered again (a rematch).

A concession is recorded through the same path as a played game (``games.end_game``) with the
reason ``concession``. In an event's match (one an overseer claims) it is a game loss: the match
goes on if the best-of is not decided. In practice and challenges it gives the match away.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from gameplay.matches import oversight, turn_notices
from gameplay.matches.engines import engine_for
from gameplay.matches.errors import Conflict, Forbidden, MatchRefusal
from gameplay.matches.models import MatchChallenge, PlayMatch
from gameplay.matches.protocol import is_cooperative
from gameplay.matches.push import push_rematch
from gameplay.matches.services.changes import ChangeResult, locked, publish_change, seat_to_act
from gameplay.matches.services.clock import charge_clock, past_deadline
from gameplay.matches.services.deadlines import at_deadline
from gameplay.matches.services.games import create_match, end_game, end_match
from gameplay.matches.services.views import Views

CONCESSION = "concession"


def concession_loses_match(match: PlayMatch) -> bool:
    """Outside events a concession gives the match away; in an event it loses the current game."""
    return not oversight.claimed(match)


@transaction.atomic
def concede(match_id: int, user: User, version: int) -> ChangeResult:
    """``user`` concedes the current game (an event's match) or the match (practice, challenges).

    Refused like a move: not a player (403), the match paused or over (409), an old version (409).
    A deadline already past acts first, as if its timer had been on time."""
    match = locked(match_id)
    seat = seat_to_act(match, user, version)
    game = match.current_game()
    assert game is not None
    now = timezone.now()
    if past_deadline(match, now):
        views = at_deadline(match, now, viewer=seat, game=game)[1]
        game.refresh_from_db()
        if game.finished:
            return ChangeResult(match, refused="The game ended before your concession arrived.", views=views)
    charge_clock(match, now)
    return ChangeResult(match, views=_concede_game(match, seat, now))


def _concede_game(match: PlayMatch, seat: int, now: Any) -> Views:
    game = match.current_game()
    assert game is not None
    if is_cooperative(engine_for(match)):  # the seats give up together, and the game is lost
        end_game(match, game, None, CONCESSION, now, outcome=PlayMatch.TableOutcome.LOST)
    elif concession_loses_match(match):
        game.finished, game.winner, game.end_reason, game.finished_at = True, 1 - seat, CONCESSION, now
        game.save()
        wins = list(match.wins)
        wins[1 - seat] = max(wins[1 - seat], match.best_of // 2 + 1)
        match.wins = wins
        end_match(match, now)
    else:
        end_game(match, game, 1 - seat, CONCESSION, now)
    return publish_change(match, viewer=seat)


@dataclass(frozen=True)
class Rematch:
    """What asking for a rematch did: a new match started (``match``), or an offer made (``offer``)."""

    match: PlayMatch | None = None
    offer: MatchChallenge | None = None


def open_offer(match: PlayMatch) -> MatchChallenge | None:
    """The rematch offered from this finished match that nobody has answered yet."""
    return match.rematch_offers.filter(status=MatchChallenge.Status.OPEN).order_by("-created_at").first()


@transaction.atomic
def rematch(match_id: int, user: User) -> Rematch:
    """Play again: against the bot a new practice match starts at once with the same decks; in a
    challenge the first to ask offers (pushed to the other seat's page), the other accepts by
    asking too (the new match starts and both pages are told). Events have no rematch."""
    match = locked(match_id)
    seat = match.seat_of(user.pk)
    if seat is None:
        raise Forbidden(MatchRefusal.NOT_PLAYING, "You are not playing in this match.")
    if not match.is_finished:
        raise Conflict(MatchRefusal.MATCH_NOT_OVER, "A rematch can be offered once the match is over.")
    if oversight.claimed(match):
        raise Conflict(MatchRefusal.NO_REMATCH, "An event's matches have no rematch; the event pairs the next round.")
    if match.seated:
        raise Conflict(MatchRefusal.NO_REMATCH, "A table has no rematch; set up a new table to play again.")
    if match.bot:
        return Rematch(match=_again(match, match.player1, None, [match.decks[0], match.decks[1]], "practice"))
    offer = open_offer(match)
    if offer is not None and offer.challenger_id == user.pk:
        raise Conflict(MatchRefusal.REMATCH_OFFERED, "You have offered a rematch; your opponent may accept it.")
    if offer is not None:
        return Rematch(match=_accept(match, offer, seat))
    opponent = match.player2 if seat == 0 else match.player1
    assert opponent is not None
    made = MatchChallenge.objects.create(
        challenger=user, opponent=opponent, challenger_deck=match.decks[seat], best_of=match.best_of,
        rematch_of=match, bank_seconds=match.bank_seconds,
    )  # fmt: skip
    turn_notices.challenged(made)
    transaction.on_commit(lambda: push_rematch(match.pk, {"type": "rematch", "offered_by": f"p{seat + 1}"}))
    return Rematch(offer=made)


def _accept(match: PlayMatch, offer: MatchChallenge, seat: int) -> PlayMatch:
    """The other player accepts the offer: a new challenge match with the same decks."""
    challenger_seat = 1 - seat
    new = _again(match, offer.challenger, offer.opponent, [offer.challenger_deck, match.decks[seat]], "challenge")
    offer.match = new
    offer.set_status(MatchChallenge.Status.ACCEPTED)
    offer.answered_at = timezone.now()
    offer.save()
    started = {"type": "rematch", "offered_by": f"p{challenger_seat + 1}", "match": new.pk}
    transaction.on_commit(lambda: push_rematch(match.pk, started))
    return new


def _again(match: PlayMatch, player1: User, player2: User | None, decks: list[dict[str, Any]], label: str) -> PlayMatch:
    return create_match(
        player1, player2, decks, bot=match.bot, best_of=match.best_of, clock_seconds=match.clock_seconds,
        window_seconds=match.window_seconds, label=label, pace=match.pace, bank_seconds=match.bank_seconds,
    )  # fmt: skip
