"""The notice "Your turn against X" of turn-based play (``accounts.notices``, kind ``your_turn``).

A turn-based game waits hours or days on a player, who is not looking at the page: when the
decision passes to a person (after another seat's move, a deadline, or the start of a game), one
notice is sent, keyed by the decision (``match:<id>:turn:<timer_version>``, so a repeated push of
the same decision sends nothing more). It names the players only, never a card. Live games send
none (far too many). A challenge to a match, or a rematch offered, is an invitation notice to the
player asked (``challenged``). A player who opens their match while the others are away tells
them they are waited for (``waiting_for_you``, kind ``table_ready``).
"""

from __future__ import annotations

from datetime import timedelta

from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from accounts.notices.models import Kind
from accounts.notices.services import notify
from gameplay.matches import oversight
from gameplay.matches.banks import time_left
from gameplay.matches.models import MatchChallenge, PlayMatch
from gameplay.matches.push import first_wait
from gameplay.matches.services.views import seat_names


def your_turn(match: PlayMatch, mover: int | None) -> None:
    """Notify the person who decides now in turn-based ``match``, unless they made the change
    themselves (``mover``: the seat whose move this was; None: a timer or the match's start)."""
    seat = match.on_clock
    if not match.turn_based or match.status != PlayMatch.Status.PLAYING or seat is None or match.deadline is None:
        return
    holder = match.holders()[seat]
    if holder.user_id is None or (mover is not None and match.home_seat(mover) == match.home_seat(seat)):
        return
    names = seat_names(match)
    others = dict.fromkeys(names[s] for s in range(match.seat_count) if match.holders()[s].user_id != holder.user_id)
    title = (
        "Your turn at your Runemasters table"
        if match.seated
        else f"Your turn against {' and '.join(others) or 'your opponent'}"
    )
    left = time_left(match.deadline - timezone.now())
    body = f"{match.pace_words}. You have {left} to move, until {match.deadline:%a %d %b, %H:%M} UTC."
    key = f"match:{match.pk}:turn:{match.timer_version}"
    notify([holder.user_id], Kind.YOUR_TURN, key, title, body, reverse("gameplay:play", args=[match.pk]))


def waiting_for_you(match: PlayMatch, arrived: User, present: dict[str, bool]) -> None:
    """``arrived`` opened their match (their socket marked them present, ``present`` is which seats
    have a page open now): each other person of the match whose page is not open hears that they
    are waiting (kind ``table_ready``), once per match and person (key ``play:<id>:waiting``). Not
    for a bot's seat, a tutorial, a turn-based game, a match paused or over, nor anyone already
    there. On the presence path: with everyone there it reads nothing more; with someone away, one
    Redis round trip (``first_wait``), and the first time, an event's lookup (``oversight``) and
    the notice's Celery task, queued at once (there is no transaction here)."""
    if match.tutorial or match.turn_based or match.status != PlayMatch.Status.PLAYING:
        return  # a turn-based game waits on nobody live: its turns are told (``your_turn``)
    away = sorted({
        user_id
        for seat, user_id in enumerate(holder.user_id for holder in match.holders())
        if user_id is not None and user_id != arrived.pk and not present.get(f"p{match.home_seat(seat) + 1}")
    })  # fmt: skip
    if not away or not first_wait(match.pk, arrived.pk):
        return
    name = arrived.public_name
    if match.seated:
        title = f"{name} is at your Runemasters table and waiting for you"
    elif oversight.claimed(match):  # an event's match: its label says the event, round and table
        title = f"{match.label}: " * bool(match.label) + f"{name} is at the table and waiting for you"
    else:
        title = f"{name} is waiting for you in your match"
    body = "The clocks start once you are both there." if match.is_waiting_for_players else "Open it to play."
    notify(away, Kind.TABLE_READY, f"play:{match.pk}:waiting", title, body, reverse("gameplay:play", args=[match.pk]))


def challenged(made: MatchChallenge) -> None:
    """The player challenged to a match (or offered a rematch) hears of it (kind ``invitation``):
    who asks, live or turn-based, and where to answer (the play home). One notice per challenge."""
    asker = made.challenger.public_name
    what = "a rematch" if made.rematch_of_id else "a match"
    pace = "turn-based, " + time_left(timedelta(seconds=made.bank_seconds)) + " a move" if made.bank_seconds else ""
    title = f"{asker} challenges you to {what}" + (f" ({pace})" if pace else "")
    notify([made.opponent_id], Kind.INVITATION, f"challenge:{made.pk}", title, "Accept or decline it on the play page.",
           reverse("gameplay:play-home"))  # fmt: skip
