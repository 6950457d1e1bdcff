"""Pages for matches played on the site: your matches, practice against a bot, the play page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods

from accounts.models import User
from gameplay.matches import services
from gameplay.matches.errors import MatchError
from gameplay.matches.models import Challenge, PlayMatch
from gameplay.services import current_catalog


@login_required
@require_http_methods(["GET", "POST"])
def play_home(request: HttpRequest) -> HttpResponse:
    user = request.user
    assert isinstance(user, User)
    catalog = current_catalog()
    if request.method == "POST" and request.POST.get("action") in ("challenge", "accept", "decline"):
        return _challenge_action(request, user)
    if request.method == "POST":
        starters = catalog.starter_decks
        mine, theirs = request.POST.get("starter", ""), request.POST.get("bot_starter", "")
        bot = request.POST.get("bot", "")
        if mine not in starters or theirs not in starters or bot not in PlayMatch.Bot.values:
            messages.error(request, "Choose your starter deck, the bot's deck and the bot.")
        else:
            try:
                match = services.create_match(user, None, [{"starter": mine}, {"starter": theirs}], bot=bot,
                                              label="practice")  # fmt: skip
            except MatchError as exc:
                messages.error(request, str(exc))
            else:
                return redirect("gameplay:play", pk=match.pk)
    matches = (PlayMatch.objects.filter(player1=user) | PlayMatch.objects.filter(player2=user)).order_by("-created_at")
    challenges = (Challenge.objects.filter(opponent=user) | Challenge.objects.filter(challenger=user)).filter(
        status=Challenge.Status.OPEN
    )
    context = {
        "matches": matches[:30],
        "starters": catalog.starter_decks.values(),
        "bots": PlayMatch.Bot.choices,
        "challenges": challenges.select_related("challenger", "opponent"),
    }
    return render(request, "gameplay/play_home.html", context)


@login_required
def play_page(request: HttpRequest, pk: int) -> HttpResponse:
    match = get_object_or_404(PlayMatch.objects.select_related("player1", "player2"), pk=pk)
    seat = match.seat_of(request.user.pk)
    if seat is None and not request.user.is_staff:
        raise Http404("No such match.")
    catalog = current_catalog()
    cards = {
        c.id: {"name": c.name, "type": c.type.value, "cost": c.cost, "text": c.text} for c in catalog.cards.values()
    }
    names = {r.id: r.name for r in catalog.runeslingers.values()} | {e.id: e.name for e in catalog.equips.values()}
    context = {
        "match": match,
        "seat": seat,
        "catalog": {"cards": cards, "names": names},
        "opponent": match.player2.public_name if match.player2 else match.get_bot_display(),
    }
    return render(request, "gameplay/play.html", context)


def _challenge_action(request: HttpRequest, user: User) -> HttpResponse:
    action = request.POST["action"]
    try:
        if action == "challenge":
            opponent = User.objects.filter(username=request.POST.get("opponent", "").strip()).first()
            if opponent is None:
                messages.error(request, "No player has that username.")
                return redirect("gameplay:play-home")
            services.challenge(user, opponent, {"starter": request.POST.get("starter", "")})
            messages.success(request, f"Challenge sent to {opponent.public_name}.")
            return redirect("gameplay:play-home")
        challenge_id = int(request.POST.get("challenge", "0"))
        accept = action == "accept"
        answered = services.answer_challenge(
            challenge_id, user, accept, {"starter": request.POST.get("starter", "")} if accept else None
        )
    except (MatchError, ValueError, Challenge.DoesNotExist) as exc:
        messages.error(request, str(exc) or "That challenge cannot be answered.")
        return redirect("gameplay:play-home")
    if answered.match_id:
        return redirect("gameplay:play", pk=answered.match_id)
    messages.success(request, f"Challenge {answered.get_status_display().lower()}.")
    return redirect("gameplay:play-home")
