"""Pages for matches played on the site: your matches, practice against a bot, the play page, replays.

Players see their own view; referees, staff and, for public matches (an event's, once the event
allows it), anyone, signed in or not, may watch the public view. Replays step through finished
games over the replay API.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import wraps
from typing import Any, cast

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.db.models import Count
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from accounts import throttling
from accounts.models import User
from common.ids import parse_id
from common.refusals import Refusal
from common.web import refused_page
from gameplay.decks import services as saved_decks
from gameplay.invitations.models import Invitation, TableRequest
from gameplay.matches import selectors, services
from gameplay.matches.banks import TIME_BANKS, check_bank
from gameplay.matches.models import Game, MatchChallenge, PlayMatch
from gameplay.runeslingers.cards.faces import catalog_faces
from gameplay.runeslingers.site_catalog import current_catalog
from gameplay.web import coop_views
from gameplay.web.presentation import BOT_LEVELS, DEFAULT_BOT_LEVEL, game_label


@login_required
@require_http_methods(["GET", "POST"])
def play_home(request: HttpRequest) -> HttpResponse:
    user = request.user
    assert isinstance(user, User)
    catalog = current_catalog()
    refused, action = None, request.POST.get("action")
    if request.method == "POST" and action not in ("accept", "decline"):
        # starting a practice match and sending a challenge have limits; over one, the page again, as a 429
        scope = "challenge" if action == "challenge" else "practice-match"
        refused = throttling.check_page(request, scope)
        if refused is not None:
            messages.error(request, refused.message)
    if refused is None and request.method == "POST" and action in ("challenge", "accept", "decline"):
        return _challenge_action(request, user)
    bad_form = False
    if refused is None and request.method == "POST":
        match = coop_views.start_table(request, user) if action == "table" else _start_practice(request, user)
        if isinstance(match, TableRequest):
            messages.success(request, "The table starts once every player you invited has answered.")
            return redirect("gameplay:table-request", pk=match.pk)
        if match is not None:
            return redirect("gameplay:play", pk=match.pk)
        bad_form = True  # nothing started: the page again with the reason in its messages, as a 400
    matches = selectors.with_finished_game(selectors.my_matches(user))
    watchable = selectors.with_finished_game(selectors.watchable_matches(user))
    challenges = (MatchChallenge.objects.filter(opponent=user) | MatchChallenge.objects.filter(challenger=user)).filter(
        status=MatchChallenge.Status.OPEN
    )
    context = {
        "matches": matches[:30],
        "watchable": watchable[:20],
        "starters": catalog.starter_decks.values(),
        "classic_starters": catalog.classic_starters,
        "my_decks": saved_decks.playable_decks(user),
        "bot_levels": BOT_LEVELS,
        "default_bot_level": DEFAULT_BOT_LEVEL,
        "paces": [
            (PlayMatch.Pace.UNTIMED, "Untimed"),
            (PlayMatch.Pace.LEARNING, "Learning (long windows)"),
            (PlayMatch.Pace.STANDARD, "Standard"),
        ],
        "challenges": challenges.select_related("challenger", "opponent"),
        "invitations_waiting": Invitation.objects.filter(invitee=user, status=Invitation.Status.PENDING).count(),
        "time_banks": TIME_BANKS.items(),
        **coop_views.form_context(),
    }
    response = render(request, "gameplay/play_home.html", context, status=400 if bad_form else 200)
    return response if refused is None else refused.mark(response)


def _start_practice(request: HttpRequest, user: User) -> PlayMatch | None:
    """A practice match with the deck chosen (a starter or a saved deck legal in its format), or None
    with the reason in the page's messages."""
    starters = current_catalog().playable_starters
    mine, theirs = request.POST.get("starter", ""), request.POST.get("bot_starter", "")
    bot, pace = request.POST.get("bot", ""), request.POST.get("pace", PlayMatch.Pace.STANDARD)
    if (
        not (mine in starters or mine.startswith(saved_decks.SAVED_PREFIX))
        or theirs not in starters
        or bot not in {level.value for level in BOT_LEVELS}
        or pace not in PlayMatch.Pace.values
    ):
        messages.error(
            request, "Choose your deck, the bot's deck, the bot's level (Easy, Normal or Hard) and the pace."
        )
        return None
    try:
        deck = saved_decks.seat_deck(user, mine)
        return services.create_match(user, None, [deck, {"starter": theirs}], bot=bot, label="practice", pace=pace)
    except Refusal as exc:
        messages.error(request, str(exc))
        return None


def _seen_match(request: HttpRequest, pk: int) -> tuple[PlayMatch, selectors.Sight]:
    """The match and what this user may see of it (``selectors.sight``, the rule every path follows)."""
    found = selectors.seen_match(pk, request.user)
    if found is None:
        raise Http404("No such match.")
    return found


def _edition(match: PlayMatch) -> str:
    """The rules the match plays: "classic" when its seats carry the Classic rules, else "awakening"."""
    rules = {str(seat.get("rules", "awakening")) for seat in match.decks}
    return "classic" if rules == {"classic"} else "awakening"


def _board_faces(match: PlayMatch) -> dict[str, Any]:
    """Every catalog object's face (card, Runeslinger, stance, ability) in the edition the match
    plays (a Classic match's seats carry ``rules``): the board draws them."""
    return catalog_faces(current_catalog(), _edition(match))


def _seat_names(match: PlayMatch) -> dict[str, str]:
    return {
        "p1": match.player1.public_name,
        "p2": match.player2.public_name if match.player2 else match.get_bot_display(),
    }


def _signing_in(view: Any) -> Any:
    """Send to the sign-in page whoever must sign in to see this match (as ``login_required`` did)."""

    @wraps(view)
    def wrapped(request: HttpRequest, pk: int) -> HttpResponse:
        try:
            return cast(HttpResponse, view(request, pk))
        except selectors.SignInFirst:
            return redirect_to_login(request.get_full_path())

    return wrapped


@_signing_in
def play_page(request: HttpRequest, pk: int) -> HttpResponse:
    match, seen = _seen_match(request, pk)
    if match.seated:  # a co-operative table has a page of its own
        return coop_views.play_page(request, match, seen)
    names = _seat_names(match)
    context = {
        "match": match,
        "seat": seen.seat,
        "watching": seen.seat is None,
        "referee": seen.referee,
        "names": names,
        "has_finished_game": match.games.filter(finished=True).exists(),
        "faces": _board_faces(match),
        "edition": _edition(match),  # the counters' explanations ({% board_explanations %})
        "concedes_match": services.concession_loses_match(match),  # else a concession loses a game (events)
    }
    return render(request, "gameplay/play.html", context)


@_signing_in
def replay_page(request: HttpRequest, pk: int) -> HttpResponse:
    """``?game=1&seat=p1|p2|public&step=0``: step through a finished game (the board comes from the replay API)."""
    match, seen = _seen_match(request, pk)
    if match.seated:
        return coop_views.replay_page(request, match, seen)
    games = list(match.games.filter(finished=True).annotate(steps=Count("actions")).order_by("number"))
    names = _seat_names(match)
    seats = [(f"p{n + 1}", f"{names[f'p{n + 1}']}'s view") for n in (0, 1) if seen.may_replay(n)]
    seats = [*seats, ("public", "Public (both hands hidden)")] if seats else [("public", "Public")]
    context: dict[str, Any] = {
        "match": match,
        "names": names,
        "games": [(g.number, game_label(g, names)) for g in games],
        "seats": seats,
        "faces": _board_faces(match),
        "edition": _edition(match),
    }
    problem, status, chosen = _replay_choice(request, games, seen, match.seat_count, match.is_finished)
    if problem:
        return render(request, "gameplay/replay.html", {**context, "problem": problem}, status=status)
    return render(request, "gameplay/replay.html", {**context, **chosen})


def _replay_choice(
    request: HttpRequest, games: Sequence[Game], seen: selectors.Sight, seat_count: int = 2, over: bool = False
) -> tuple[str, int, dict[str, Any]]:
    """The game, seat view and step asked for, or a problem and its status (nothing is replayed)."""
    if not games:
        return "No game of this match has finished yet: there is nothing to replay.", 404, {}
    try:
        asked = selectors.replay_request(request.GET, seen, default_game=games[0].number, seats=seat_count, over=over)
    except selectors.ReplayRefused as refused:
        return str(refused), refused.status, {}
    game = next((g for g in games if g.number == asked.game), None)
    if game is None:
        finished = ", ".join(str(g.number) for g in games)
        return f"Game {asked.game} is not a finished game of this match (finished: {finished}).", 404, {}
    steps = game.steps  # type: ignore[attr-defined]
    if asked.step > steps:
        return f"Step {asked.step} is past the end of game {game.number} ({steps} actions).", 400, {}
    return "", 200, {"game": game, "view_seat": asked.seat_label, "step": asked.step, "steps": steps}


def _bad_pace(request: HttpRequest) -> HttpResponse | None:
    """A challenge's time bank outside the set: a 400 page naming the allowed ones (nothing is sent)."""
    bank = request.POST.get("bank_seconds", "")
    try:
        if bank:
            check_bank(bank)
    except Refusal as exc:
        return refused_page(request, exc)
    return None


def _challenge_action(request: HttpRequest, user: User) -> HttpResponse:
    action = request.POST["action"]
    refused = _bad_pace(request) if action == "challenge" else None
    if refused is not None:
        return refused
    try:
        if action == "challenge":
            opponent = User.objects.filter(username=request.POST.get("opponent", "").strip()).first()
            if opponent is None:
                messages.error(request, "No player has that username.")
                return redirect("gameplay:play-home")
            deck = saved_decks.seat_deck(user, request.POST.get("starter", ""))
            services.challenge(user, opponent, deck, bank_seconds=request.POST.get("bank_seconds", ""))
            messages.success(request, f"Challenge sent to {opponent.public_name}.")
            return redirect("gameplay:play-home")
        challenge_id = parse_id(request.POST.get("challenge", ""))
        if challenge_id is None:
            raise MatchChallenge.DoesNotExist()  # not an id: no challenge has it
        accept = action == "accept"
        answered = services.answer_challenge(
            challenge_id, user, accept, saved_decks.seat_deck(user, request.POST.get("starter", "")) if accept else None
        )
    except (Refusal, ValueError, MatchChallenge.DoesNotExist) as exc:
        messages.error(request, str(exc) or "That challenge cannot be answered.")
        return redirect("gameplay:play-home")
    if answered.match_id:
        return redirect("gameplay:play", pk=answered.match_id)
    messages.success(request, f"Challenge {answered.get_status_display().lower()}.")
    return redirect("gameplay:play-home")
