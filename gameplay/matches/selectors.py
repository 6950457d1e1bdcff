"""Who may see what of a match, which matches are whose, and what a replay asks for: the one
reading of each that the play pages (``gameplay.web.play_views``), the play API (``api``) and the
match socket (``consumers``) share.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import Exists, OuterRef, Q, QuerySet

from common.ids import parse_id
from gameplay.matches import oversight
from gameplay.matches.models import Game, PlayMatch

# --- sight: who may see what -------------------------------------------------------------------


def can_referee(match: PlayMatch, user: Any, known: oversight.Oversight | None = None) -> bool:
    """Staff, and whoever the match's overseer names now (an event's current organiser and
    judges); never someone not signed in. ``known``: the oversight, when the caller just read it
    (a page of many matches of one event)."""
    if user is None or not user.is_authenticated:
        return False
    return bool(user.is_staff) or user.pk in (known or oversight.oversight(match)).referees


@dataclass(frozen=True)
class Sight:
    """What one viewer may see of a match: the one rule every path that carries a game follows
    (the views and the socket, the log and its download, the replay API and page).

    ``seat`` is the viewer's own seat (None for a watcher): their live view is that seat's, or
    the public one. ``seats`` are the seats whose hidden information (hands, draws) the viewer may
    replay in finished games; the public view is always allowed. ``full_log`` gives the seeds and
    both deck setups of finished games; without it the log carries the viewer's own setup only.
    ``referee``: the viewer may pause, add time and set the result (the play page's panel)."""

    seat: int | None
    seats: frozenset[int]
    full_log: bool
    referee: bool

    def may_replay(self, view_seat: int | None) -> bool:
        return view_seat is None or view_seat in self.seats

    def replay_refusal(self, over: bool = False) -> str:
        """Why a seat view other than the allowed ones is refused (``over``: the match is finished)."""
        if self.seat is not None and over:
            return (
                "Until the event publishes its deck lists (or finishes), you may replay your own view "
                "or the public one."
            )
        if self.seat is not None:
            return "Until the match is over you may replay your own view or the public one."
        if self.referee:
            return "Until the match is over referees replay the public view only."
        return (
            "Watchers replay the public view only. "
            "Every seat opens once the match is over and its event has published its lists."
        )


def sight(match: PlayMatch, user: Any, known: oversight.Oversight | None = None) -> Sight | None:
    """What ``user`` may see of ``match`` now; None if they may not see it at all.

    Players see their own seat; while the match goes on, its finished games give them their own
    seat's view and the public one, and the log their own setup only (no seeds). Once the match is
    over, players get everything, unless its event still keeps its lists closed (neither published
    nor finished): then they keep their own seat and the public view, so a player cannot read the
    opponent's hand and face-down cards (their deck) while the event runs. Referees (the event's
    organiser and judges) and staff watch like anyone else while it goes on (public views only: a
    screen at the judges' table must never show one player the other's hand) and get everything
    once it is over. Everyone else who may watch
    gets the public view, and everything only once the match is over and its event has published
    its lists.
    ``known``: the match's oversight when the caller has just read it (else it is asked now)."""
    user_id = user.pk if user is not None and user.is_authenticated else None
    seat = match.seat_of(user_id)
    referee = can_referee(match, user, known)
    if seat is None and not (match.public or referee):
        return None
    over = match.status == PlayMatch.Status.FINISHED
    if over and not referee:
        known = known or oversight.oversight(match)
        opened = not known.lists_closed if seat is not None else known.lists_public
    else:
        opened = over and referee
    if opened:
        return Sight(seat, frozenset(range(match.seat_count)), True, referee)
    return Sight(seat, frozenset(match.seats_of(user_id)), False, referee)


class SignInFirst(Exception):
    """Someone not signed in asked for a match that is not public."""


def seen_match(match_id: int, user: Any) -> tuple[PlayMatch, Sight] | None:
    """The match and what ``user`` may see of it; None if there is no such match or they may not
    see it (both look the same: strangers learn nothing). Raises ``SignInFirst`` for a visitor
    asking for a match that is not public."""
    match = PlayMatch.objects.select_related("player1", "player2").filter(pk=match_id).first()
    if match is None:
        return None
    if not user.is_authenticated and not match.public:
        raise SignInFirst()
    seen = sight(match, user)
    return None if seen is None else (match, seen)


# --- whose matches -----------------------------------------------------------------------------


def my_matches(user: Any) -> QuerySet[PlayMatch]:
    """The matches ``user`` plays in (tables where they hold a seat too), newest first."""
    mine = Q(player1=user) | Q(player2=user) | Q(seats__user=user)
    return PlayMatch.objects.filter(mine).distinct().order_by("-created_at")


def watchable_matches(user: Any) -> QuerySet[PlayMatch]:
    """Matches going on that ``user`` may watch but does not play in, newest first."""
    may_watch = Q() if user.is_staff else Q(public=True) | oversight.refereed_by(user.pk)
    return (
        PlayMatch.objects.filter(may_watch)
        .exclude(player1=user)
        .exclude(player2=user)
        .exclude(seats__user=user)
        .exclude(status=PlayMatch.Status.FINISHED)
        .order_by("-created_at")
    )


def with_finished_game(matches: QuerySet[PlayMatch]) -> QuerySet[PlayMatch]:
    """The matches with their players, each marked ``has_finished_game`` (something to replay)."""
    finished_game = Exists(Game.objects.filter(match=OuterRef("pk"), finished=True))
    return matches.select_related("player1", "player2").annotate(has_finished_game=finished_game)


# --- what a replay asks for --------------------------------------------------------------------


def seat_views(seats: int) -> dict[str, int | None]:
    """The views a replay may ask for: each seat's (``p1`` …) and the public one."""
    return {**{f"p{n + 1}": n for n in range(seats)}, "public": None}


class ReplayRefused(ValueError):
    """A replay request that cannot be answered: the message says why, ``status`` is its HTTP status."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class ReplayRequest:
    game: int
    step: int
    seat: int | None  # the seat whose view is replayed; None for the public view

    @property
    def seat_label(self) -> str:
        return "public" if self.seat is None else f"p{self.seat + 1}"


def replay_request(
    query: Mapping[str, str],
    seen: Sight,
    default_game: int = 1,
    default_view: str | None = None,
    seats: int = 2,
    over: bool = False,
) -> ReplayRequest:
    """The game, step and seat view a replay asks for (``?game=1&step=10&seat=p1|p2|public``;
    without a seat, ``default_view`` or else the viewer's own seat, the public view for a watcher),
    or ``ReplayRefused``: numbers that are not whole numbers, an unknown view, or a seat view
    ``seen`` does not allow (``over``: the match is finished, which the refusal says)."""
    raw_game, raw_step = query.get("game", str(default_game)), query.get("step", "0")
    number, step = parse_id(raw_game), parse_id(raw_step)
    if number is None or step is None:
        raise ReplayRefused("The game and the step are whole numbers, e.g. ?game=1&step=10.", 400)
    own = "public" if seen.seat is None else f"p{seen.seat + 1}"
    wanted = query.get("seat", default_view or own)
    views = seat_views(seats)
    if wanted not in views:
        raise ReplayRefused(f"The view is {', '.join(list(views)[:-1])} or public.", 400)
    seat = views[wanted]
    if not seen.may_replay(seat):
        raise ReplayRefused(seen.replay_refusal(over), 403)
    return ReplayRequest(number, step, seat)
