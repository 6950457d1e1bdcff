"""Auto-pass on the play page: "Pass every answer window automatically" (the player's preference,
``User.auto_pass``) and "Hold priority this turn" (``PlayMatch.holds``: this match, this turn).
Plain forms: each answers with the play page again."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from accounts.models import User
from gameplay.matches.engines import engine_for
from gameplay.matches.models import PlayMatch
from gameplay.matches.services.views import load_state


@login_required
@require_POST
def passing(request: HttpRequest, pk: int) -> HttpResponse:
    """``auto_pass=on|off`` sets the preference; ``hold=1`` holds priority for the match's current turn."""
    user = request.user
    assert isinstance(user, User)
    with transaction.atomic():
        match = PlayMatch.objects.select_for_update().filter(pk=pk).first()
        seat = None if match is None else match.seat_of(user.pk)
        if match is None or seat is None or match.seated:
            raise Http404("No such match.")
        choice = request.POST.get("auto_pass")
        if choice in ("on", "off"):
            user.auto_pass = choice == "on"
            user.save(update_fields=["auto_pass"])
            messages.success(request, "Answer windows now pass automatically." if user.auto_pass else
                             "Answer windows now wait for you.")  # fmt: skip
        elif request.POST.get("hold") == "1" and match.status == PlayMatch.Status.PLAYING:
            game = match.current_game()
            assert game is not None
            engine = engine_for(match)
            holds = list(match.holds or [None] * match.seat_count)
            holds += [None] * (match.seat_count - len(holds))
            holds[seat] = engine.turn(load_state(game, engine))
            match.holds = holds
            match.save(update_fields=["holds"])
            messages.success(request, "You hold priority this turn: every answer window waits for you.")
        else:
            messages.error(request, "Choose to turn automatic passing on or off, or to hold priority this turn.")
    return redirect("gameplay:play", pk=pk)
