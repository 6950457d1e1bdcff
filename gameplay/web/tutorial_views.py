"""The guided first games (``/learn/tutorial/<slug>/``) and their coach box's words for the play page.

A tutorial is an ordinary match (``PlayMatch.tutorial`` names its script, ``gameplay/tutorials``):
for The Awakening fixed decks and seed, the tutor bot in seat 2; for Runemasters an ordinary
table of fixed guardians and seed, every seat the player's. Neither has a clock. The tutorial page
starts it or resumes the player's unfinished one; the coach box of the play page or the table's
page (``static/gameplay/tutorial.js``) reads the current step from ``tutorial_step`` after every
change it sees.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from accounts import throttling
from accounts.models import User
from common.refusals import Refusal
from gameplay import tutorials
from gameplay.glossary import explain
from gameplay.matches import selectors, services
from gameplay.matches.models import Game, PlayMatch
from gameplay.matches.services import SeatSpec
from gameplay.matches.services.views import load_state
from gameplay.runemasters import hosting as runemasters
from gameplay.runemasters.hosting import RUNEMASTERS
from gameplay.runeslingers.hosting import RUNESLINGERS, seat_situation
from gameplay.web.presentation import DEFAULT_BOT_LEVEL

PRACTICE_DECKS = ("eva-starter", "vesna-starter")  # the untimed practice game offered at the end
PRACTICE_WORDS = "untimed, against the Normal bot"
TABLE_GAME = "runemasters"  # the tutorials played at a table (their script names the table's setup)


def _tutorial(slug: str) -> tutorials.Tutorial:
    if slug not in tutorials.names():
        raise Http404("No such tutorial.")
    return tutorials.load(slug)


def open_tutorial(user: User, slug: str) -> PlayMatch | None:
    """The player's unfinished match of this tutorial, if there is one."""
    return (
        PlayMatch.objects.filter(player1=user, tutorial=slug, status=PlayMatch.Status.PLAYING)
        .order_by("-created_at")
        .first()
    )


def start_tutorial(user: User, tutorial: tutorials.Tutorial) -> PlayMatch:
    """A new tutorial match: the script's decks and seed, the tutor in seat 2, untimed; or, for a
    table game, a table of the script's setup and seed whose every seat is the player's."""
    if tutorial.game == TABLE_GAME:
        guardians = list(tutorial.table.get("guardians") or [])
        return services.create_table(
            TABLE_GAME, dict(tutorial.table), [SeatSpec(user) for _ in guardians], seed=tutorial.seed,
            label="tutorial", pace=PlayMatch.Pace.UNTIMED, tutorial=tutorial.slug,
        )  # fmt: skip
    return services.create_match(
        user, None, [dict(tutorial.you), dict(tutorial.tutor)], bot=PlayMatch.Bot.TUTOR, label="tutorial",
        seed=tutorial.seed, pace=PlayMatch.Pace.UNTIMED, tutorial=tutorial.slug,
    )  # fmt: skip


@login_required
@require_http_methods(["GET", "POST"])
def tutorial_page(request: HttpRequest, slug: str) -> HttpResponse:
    """GET: what the tutorial is, with Start (or Resume); POST: start a new one, or resume the open one."""
    user = request.user
    assert isinstance(user, User)
    tutorial = _tutorial(slug)
    current = open_tutorial(user, slug)
    if request.method == "POST":
        if current is None or request.POST.get("again") == "1":
            current = start_tutorial(user, tutorial)
        return redirect("gameplay:play", pk=current.pk)
    return render(request, "learn/tutorial.html", {"tutorial": tutorial, "current": current})


@require_GET
def tutorial_step(request: HttpRequest, pk: int) -> JsonResponse:
    """The coach box's words now, for the player of a tutorial match (404 for anyone else)."""
    found = selectors.seen_match(pk, request.user) if request.user.is_authenticated else None
    if found is None or not found[0].tutorial or found[1].seat is None:
        raise Http404("No such tutorial.")
    match, seen = found
    seat = seen.seat
    assert seat is not None
    tutorial = _tutorial(match.tutorial)
    game = match.games.order_by("-number").first()
    assert game is not None
    step = tutorials.guide(tutorial, _situation(match, game, tutorial, seat))
    over = match.status == PlayMatch.Status.FINISHED
    body: dict[str, Any] = {
        "version": match.version, "over": over, "step": None, "practice": tutorial.practice or PRACTICE_WORDS,
    }  # fmt: skip
    if step is not None:
        body["step"] = {
            "id": step.step.id,
            "say": step.step.say,
            "why": step.step.why,
            "terms": [explain(slug) for slug in step.step.terms],
            "action": step.action,
        }
    if over:
        won = match.outcome == PlayMatch.TableOutcome.WON if match.seated else match.winner == 1
        body["finish"] = tutorial.finish if won else ""
    return JsonResponse(body)


def _situation(match: PlayMatch, game: Game, tutorial: tutorials.Tutorial, seat: int) -> tutorials.Situation:
    """The player's moment: at a table, whichever of their seats decides (they may hold every one)."""
    if match.seated:
        held = match.seats_of(match.player1_id)
        done = list(game.actions.filter(seat__in=held).values_list("action", flat=True))
        return runemasters.seat_situation(tutorial, load_state(game, RUNEMASTERS), held, done)
    done = list(game.actions.filter(seat=seat).values_list("action", flat=True))
    return seat_situation(tutorial, RUNESLINGERS, load_state(game, RUNESLINGERS), seat, done)


@login_required
@require_http_methods(["POST"])
def practice_after_tutorial(request: HttpRequest) -> HttpResponse:
    """The end screen's "Play a practice game": an untimed game against the Normal bot; after a
    table game's tutorial (``tutorial`` posted), an untimed table of its guardians, the first the
    player's and the others the Normal bot's."""
    user = request.user
    assert isinstance(user, User)
    refused = throttling.check_page(request, "practice-match")
    if refused is not None:
        messages.error(request, refused.message)
        return redirect("gameplay:play-home")
    slug = request.POST.get("tutorial", "")
    tutorial = tutorials.load(slug) if slug in tutorials.names() else None
    try:
        if tutorial is not None and tutorial.game == TABLE_GAME:
            guardians = list(tutorial.table.get("guardians") or [])
            seats = [SeatSpec(user), *(SeatSpec(None, DEFAULT_BOT_LEVEL) for _ in guardians[1:])]
            setup = {"guardians": guardians, "difficulty": tutorial.table.get("difficulty", "initiate")}
            match = services.create_table(TABLE_GAME, setup, seats, label="practice", pace=PlayMatch.Pace.UNTIMED)
            return redirect("gameplay:play", pk=match.pk)
        match = services.create_match(
            user, None, [{"starter": PRACTICE_DECKS[0]}, {"starter": PRACTICE_DECKS[1]}], bot=DEFAULT_BOT_LEVEL,
            label="practice", pace=PlayMatch.Pace.UNTIMED,
        )  # fmt: skip
    except Refusal as exc:
        messages.error(request, str(exc))
        return redirect("gameplay:play-home")
    return redirect("gameplay:play", pk=match.pk)
