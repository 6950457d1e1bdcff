"""The pages of a co-operative table (a Runemasters game, ``PlayMatch.seated``): its play page, its
replay page, and the play home's form that sets a table up. The play and replay views
(``play_views``) send a table here; the plumbing (API, socket) is the matches' own.

The board is drawn by the Runemasters board script and partial; a table's page script
(``static/gameplay/coop-play.js``) fetches, listens and sends through ``match-link.js`` as the
play page does.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template import TemplateDoesNotExist
from django.template.loader import get_template

from accounts.auth import signed_in_user
from accounts.models import User
from common.refusals import Refusal
from gameplay.games import GAMES
from gameplay.games import RUNEMASTERS as RUNEMASTERS_GAME
from gameplay.invitations import tables
from gameplay.invitations.models import TableRequest
from gameplay.invitations.tables import offer_table
from gameplay.matches import selectors
from gameplay.matches.banks import TIME_BANKS
from gameplay.matches.models import PlayMatch
from gameplay.matches.services import SeatSpec
from gameplay.matches.services.views import seat_names
from gameplay.runemasters.hosting import RUNEMASTERS

BOARD_PARTIAL = "gameplay/_runemasters_board.html"
BOARD_SCRIPT = GAMES[RUNEMASTERS_GAME].board
TURN_CLOCKS = ((0, "Untimed"), (30, "30 seconds"), (60, "1 minute"), (120, "2 minutes"), (300, "5 minutes"))
HOLDERS = (("me", "You"), ("greedy", "Normal bot"), ("random", "Easy bot"), ("player", "Another player"))


def _board_parts() -> dict[str, str]:
    """The Runemasters board's partial and script, named only if they are there (the page still
    works without them: it lists the actions in words)."""
    parts = {}
    try:
        get_template(BOARD_PARTIAL)
        parts["board_partial"] = BOARD_PARTIAL
    except TemplateDoesNotExist:
        pass
    if finders.find(BOARD_SCRIPT):
        parts["board_script"] = BOARD_SCRIPT
    return parts


def table_context(match: PlayMatch, seen: selectors.Sight) -> dict[str, Any]:
    names = seat_names(match)
    return {
        "match": match,
        "seat": seen.seat,
        "watching": seen.seat is None,
        "seat_names": [(f"p{n + 1}", name) for n, name in enumerate(names)],
        "guardians": [str(seat.get("guardian", "")).capitalize() for seat in match.decks],
        "difficulty": str((match.setup or {}).get("difficulty", "initiate")).capitalize(),
        "has_finished_game": match.games.filter(finished=True).exists(),
        **_board_parts(),
    }


def play_again_fields(match: PlayMatch, user: User) -> list[tuple[str, str]]:
    """The play home's table form filled in as this table was set up (the same guardians, each held
    as before: by the viewer ("me"), another player (by username) or the same bot; the same
    difficulty and turn clock): "Play again" posts it (``start_table``)."""
    holders = match.holders()
    usernames = dict(
        User.objects.filter(pk__in=[h.user_id for h in holders if h.user_id]).values_list("pk", "username")
    )
    fields = [("action", "table"), ("difficulty", str((match.setup or {}).get("difficulty", "initiate")))]
    fields.append(("turn_seconds", str(match.turn_seconds or 0)))
    for seat, holder in zip(match.decks, holders, strict=False):
        guardian = str(seat.get("guardian", ""))
        fields.append((f"guardian_{guardian}", "1"))
        if holder.user_id == user.pk:
            fields.append((f"holder_{guardian}", "me"))
        elif holder.user_id:
            fields += [(f"holder_{guardian}", "player"), (f"player_{guardian}", usernames.get(holder.user_id, ""))]
        else:
            fields.append((f"holder_{guardian}", str(holder.bot)))
    return fields


def play_page(request: HttpRequest, match: PlayMatch, seen: selectors.Sight) -> HttpResponse:
    context = table_context(match, seen)
    if seen.seat is not None and isinstance(request.user, User):
        context["play_again"] = play_again_fields(match, request.user)
    return render(request, "gameplay/coop_play.html", context)


def replay_page(request: HttpRequest, match: PlayMatch, seen: selectors.Sight) -> HttpResponse:
    """Step through a finished table's game (public: a table hides nothing but its decks' order)."""
    game = match.games.filter(finished=True).first()
    context = table_context(match, seen)
    if game is None:
        context["problem"] = "The game has not finished yet: there is nothing to replay."
        return render(request, "gameplay/coop_replay.html", context, status=404)
    return render(request, "gameplay/coop_replay.html", {**context, "game": game, "steps": game.actions.count()})


def form_context() -> dict[str, Any]:
    """What the play home's table form offers."""
    return {
        "rm_guardians": [(g, g.capitalize()) for g in RUNEMASTERS.guardians],
        "rm_difficulties": [(d, d.capitalize()) for d in RUNEMASTERS.difficulties],
        "rm_clocks": TURN_CLOCKS,
        "rm_banks": TIME_BANKS.items(),
        "rm_holders": HOLDERS,
    }


def start_table(request: HttpRequest, user: User) -> PlayMatch | TableRequest | None:
    """A Runemasters table from the play home's form: the guardians ticked (2 to 4), who plays each
    (you, a bot, or another player by username: invited, see ``gameplay/invitations/tables.py``),
    the difficulty and the turn clock; or None with the reason in the page's messages."""
    post = request.POST
    chosen = [g for g in RUNEMASTERS.guardians if post.get(f"guardian_{g}")]
    seats = []
    for guardian in chosen:
        holder = post.get(f"holder_{guardian}", "me")
        if holder == "me":
            seats.append(SeatSpec(user))
        elif holder == "player":
            name = post.get(f"player_{guardian}", "").strip()
            other = User.objects.filter(username__iexact=name, is_guest=False, is_active=True).first() if name else None
            if other is None:
                messages.error(request, f"Who plays {guardian.capitalize()}? No player is called {name or '(empty)'}.")
                return None
            if other.pk == user.pk:
                messages.error(request, f"You cannot invite yourself to play {guardian.capitalize()}: choose You.")
                return None
            seats.append(SeatSpec(other))
        elif holder in PlayMatch.Bot.values and holder != PlayMatch.Bot.TUTOR:
            seats.append(SeatSpec(None, holder))
        else:
            messages.error(request, f"Choose who plays {guardian.capitalize()}: you, a bot or another player.")
            return None
    if not any(spec.user is not None and spec.user.pk == user.pk for spec in seats):
        messages.error(request, "Play at least one guardian yourself (tick it and choose You).")
        return None
    clock = post.get("turn_seconds", "0")
    turn_seconds = int(clock) if clock.isdigit() and int(clock) in dict(TURN_CLOCKS) else None
    turn_seconds = turn_seconds or None  # 0: untimed
    bank = post.get("bank_seconds", "")  # turn-based: a time bank a turn (refused unless one of the set)
    pace = PlayMatch.Pace.TURNS if bank else PlayMatch.Pace.STANDARD
    setup = {"guardians": chosen, "difficulty": post.get("difficulty", "initiate")}
    try:
        return offer_table(user, "runemasters", setup, seats, turn_seconds, "Runemasters", pace=pace, bank_seconds=bank)
    except Refusal as exc:
        messages.error(request, str(exc))
        return None


@login_required
def waiting_table_page(request: HttpRequest, pk: int) -> HttpResponse:
    """A table waiting for the people its host invited: each seat and its answer in words, Accept
    and Decline for a person invited, Withdraw for the host; once started, the table itself."""
    user = signed_in_user(request)
    waiting = tables.request_for(user, pk)
    if waiting.match_id is not None:
        return redirect("gameplay:play", pk=waiting.match_id)
    invitations = tables.invitations_of(waiting)
    context = {
        "waiting": waiting,
        "seats": tables.seat_words(waiting, user),
        "difficulty": str(waiting.setup.get("difficulty", "initiate")).title(),
        "mine": [i for i in invitations if i.invitee_id == user.pk and i.is_pending],
        "sent": [i for i in invitations if i.inviter_id == user.pk],
    }
    return render(request, "gameplay/table_request.html", context)
