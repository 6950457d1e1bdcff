"""The pages of Runemasters challenges: the list, a challenge (rules, window, your team, start an
attempt, leaderboard, winners and replays), the organiser's forms and confirmations, the
leaderboard as CSV, and the daily challenge."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from accounts.auth import signed_in_user
from common.downloads import csv_download
from common.web import Confirmation, confirmation_page, refusals_shown, require_confirmed
from common.words import agree, count
from tournaments.coop import invitations, services
from tournaments.coop.forms import ChallengeForm, GuardiansForm, InviteForm, TeamForm
from tournaments.coop.models import Challenge, Team
from tournaments.errors import EventError
from tournaments.permissions import Perm, has_permission


def challenge_list(request: HttpRequest) -> HttpResponse:
    services.settle_due()
    shown = services.visible(request.user).filter(daily__isnull=True).select_related("organiser")
    context = {
        "open": [c for c in shown if c.is_open],
        "drafts": [c for c in shown if c.is_draft],
        "finished": [c for c in shown if c.is_finished][:20],
        "can_create": has_permission(request.user, Perm.CREATE_CHALLENGE),
        "daily": services.daily_challenge(),
    }
    return render(request, "coop/list.html", context)


def _page_context(request: HttpRequest, challenge: Challenge) -> dict[str, Any]:
    team = services.team_of(challenge, request.user)
    rows = services.leaderboard(challenge)
    context: dict[str, Any] = {
        "challenge": challenge,
        "rules": services.rules_words(challenge),
        "window": services.window_words(challenge),
        "rows": rows,
        "winners": [row for row in rows if row.rank == 1] if challenge.is_finished else [],
        "team": team,
        "manages": has_permission(request.user, Perm.MANAGE, challenge),
        "in_window": challenge.in_window(),
        "team_form": TeamForm(most=services.team_limit(challenge)),
        "waiting": invitations.waiting_in(challenge, request.user),
    }
    if team is not None:
        context |= _team_context(request, challenge, team)
        attempts = list(team.attempts.select_related("match"))
        context["attempts"] = attempts
        context["attempts_left"] = services.attempts_left(challenge, team)
        context["in_play"] = next((a for a in attempts if not a.is_finished), None)
        if challenge.teams_choose_guardians:
            context["guardians_form"] = GuardiansForm(challenge.guardian_count)
    return context


def _team_context(request: HttpRequest, challenge: Challenge, team: Team) -> dict[str, Any]:
    """What a member sees of their own team: whether it may still change, and for the captain the
    invitations sent and the form to send one."""
    changeable = challenge.is_open and not invitations.team_has_played(team)
    captain = team.captain_id == request.user.pk
    return {
        "captain": captain,
        "changeable": changeable,
        "invited": list(invitations.for_team(team).select_related("invitee").order_by("created_at", "id")[:20])
        if captain
        else [],
        "invite_form": InviteForm() if captain and changeable else None,
    }


@refusals_shown
def challenge_page(request: HttpRequest, pk: int) -> HttpResponse:
    challenge = services.challenge_for(request.user, pk)
    return render(request, "coop/challenge.html", _page_context(request, challenge))


def daily_page(request: HttpRequest) -> HttpResponse:
    challenge = services.daily_challenge()
    context = _page_context(request, challenge)
    yesterday = services.yesterday_daily()
    context["daily"] = True
    context["yesterday"] = yesterday
    context["yesterday_rows"] = services.leaderboard(yesterday)[:10] if yesterday else []
    return render(request, "coop/challenge.html", context)


def _not_allowed(request: HttpRequest, message: str) -> HttpResponse:
    return render(request, "common/refused.html", {"message": message, "back": "/"}, status=403)


def _back(challenge: Challenge) -> str:
    return reverse("coop:daily") if challenge.daily else reverse("coop:challenge", args=[challenge.pk])


@login_required
@require_POST
@refusals_shown
def register_team(request: HttpRequest, pk: int) -> HttpResponse:
    challenge = services.challenge_for(request.user, pk)
    form = TeamForm(request.POST, most=services.team_limit(challenge))
    if form.is_valid():
        try:
            team = services.register_team(
                challenge, signed_in_user(request), form.cleaned_data["name"], form.member_names()
            )
        except EventError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, f"{team.name} is registered.")
            return redirect(_back(challenge))
    context = _page_context(request, challenge) | {"team_form": form}
    return render(request, "coop/challenge.html", context, status=400)


@login_required
@require_POST
@refusals_shown
def start_attempt(request: HttpRequest, pk: int) -> HttpResponse:
    challenge = services.challenge_for(request.user, pk)
    guardians = None
    if challenge.teams_choose_guardians:
        form = GuardiansForm(challenge.guardian_count, request.POST)
        if not form.is_valid():
            context = _page_context(request, challenge) | {"guardians_form": form}
            return render(request, "coop/challenge.html", context, status=400)
        guardians = form.chosen()
    attempt = services.start_attempt(challenge, signed_in_user(request), guardians)
    return redirect("gameplay:play", pk=attempt.match_id)


@login_required
@require_http_methods(["GET", "POST"])
@refusals_shown
def create_challenge(request: HttpRequest) -> HttpResponse:
    if not has_permission(request.user, Perm.CREATE_CHALLENGE):
        return _not_allowed(request, "Only organisers may run challenges.")
    form = ChallengeForm(request.POST or None, initial={"timing": Challenge.Timing.WINDOW})
    if request.method == "POST" and form.is_valid():
        try:
            challenge = services.create_challenge(signed_in_user(request), form.rules())
        except EventError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, f"{challenge.name} is saved. Publish it when it is ready for teams.")
            return redirect("coop:challenge", pk=challenge.pk)
    status = 400 if form.errors else 200
    return render(request, "coop/form.html", {"form": form, "challenge": None}, status=status)


@login_required
@require_http_methods(["GET", "POST"])
@refusals_shown
def edit_challenge(request: HttpRequest, pk: int) -> HttpResponse:
    challenge = services.challenge_for(request.user, pk)
    if not has_permission(request.user, Perm.MANAGE, challenge):
        return _not_allowed(request, "Only the organiser may edit it.")
    form = ChallengeForm.of(challenge, request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.edit_challenge(challenge, signed_in_user(request), form.rules())
        except EventError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, "The challenge is saved.")
            return redirect("coop:challenge", pk=challenge.pk)
    status = 400 if form.errors else 200
    return render(request, "coop/form.html", {"form": form, "challenge": challenge}, status=status)


def _publish_confirmation(challenge: Challenge) -> Confirmation:
    return Confirmation(
        f"Publish {challenge.name}?",
        "Publish the challenge",
        [
            "Anyone signed in can see it and register a team.",
            f"Teams play {services.window_words(challenge)}.",
            "Its rules lock once the first team plays. A published challenge cannot go back to preparation.",
        ],
    )


def _finish_confirmation(challenge: Challenge) -> Confirmation:
    playing = sum(1 for row in services.leaderboard(challenge) for a in row.team.attempts.all() if not a.is_finished)
    still = count(playing, "game is", "games are")
    then = agree(playing, "it counts when it ends", "they count when they end")
    warnings = [f"{still} still being played; {then}."] if playing else []
    return Confirmation(
        f"Finish {challenge.name} now?",
        "Finish the challenge",
        ["No team can start another attempt.", "The winners are shown and every finished game can be replayed."],
        warnings,
        danger=True,
    )


Step = tuple[Callable[[Challenge], Confirmation], Callable[[Challenge, Any], Challenge], str]
STEPS: dict[str, Step] = {
    "publish": (_publish_confirmation, services.publish, "{name} is open to teams."),
    "finish": (_finish_confirmation, services.finish, "{name} is finished."),
}


@login_required
@require_http_methods(["GET", "POST"])
@refusals_shown
def step(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    """GET: what the button will do; POST (from that page, confirm=yes): do it."""
    challenge = services.challenge_for(request.user, pk)
    if action not in STEPS or not has_permission(request.user, Perm.MANAGE, challenge):
        return _not_allowed(request, "Only the organiser may do that.")
    confirm, run, done = STEPS[action]
    if request.method == "GET":
        return confirmation_page(request, confirm(challenge), _back(challenge))
    require_confirmed(request, confirm(challenge).confirm_label)
    run(challenge, signed_in_user(request))
    messages.success(request, done.format(name=challenge.name))
    return redirect(_back(challenge))


@refusals_shown
def leaderboard_csv(request: HttpRequest, pk: int) -> HttpResponse:
    challenge = services.challenge_for(request.user, pk)
    response, writer = csv_download(f"leaderboard-{challenge.pk}.csv")
    writer.writerow(["rank", "team", "members", "won", "temple_hp", "guardians_alive", "rounds", "attempts", "result"])
    for row in services.leaderboard(challenge):
        score = row.score
        writer.writerow([
            row.rank or "", row.team.name, "; ".join(row.members),
            "" if score is None else ("yes" if score.won else "no"),
            "" if score is None else score.temple_hp, "" if score is None else score.guardians_alive,
            "" if score is None else score.rounds, row.attempts, row.result,
        ])  # fmt: skip
    return response


# --- invitations to teams --------------------------------------------------------------------


@login_required
@require_POST
@refusals_shown
def invite(request: HttpRequest, pk: int) -> HttpResponse:
    challenge = services.challenge_for(request.user, pk)
    form = InviteForm(request.POST)
    status = 400
    if form.is_valid():
        try:
            made = invitations.invite(challenge, signed_in_user(request), form.cleaned_data["player"])
        except EventError as exc:
            form.add_error(None, str(exc))
            status = exc.status_code
        else:
            messages.success(request, f"{made.invitee.public_name} is invited; they join once they accept.")
            return redirect(_back(challenge))
    context = _page_context(request, challenge) | {"invite_form": form}
    return render(request, "coop/challenge.html", context, status=status)


def _leave_confirmation(challenge: Challenge) -> Confirmation:
    return Confirmation(
        "Leave your team?",
        "Leave the team",
        [
            f"You will no longer be in a team of {challenge.name}.",
            "You may then register a team or accept another invitation.",
        ],
    )


def _withdraw_confirmation(challenge: Challenge) -> Confirmation:
    return Confirmation(
        "Withdraw your team?",
        "Withdraw the team",
        [
            "The team is gone from the challenge and its leaderboard.",
            "Every member is free to join another team; invitations not yet answered are withdrawn.",
        ],
        danger=True,
    )


TEAM_STEPS: dict[str, tuple[Callable[[Challenge], Confirmation], Callable[[Challenge, Any], Any], str]] = {
    "leave": (_leave_confirmation, invitations.leave, "You left {team}."),
    "withdraw": (_withdraw_confirmation, invitations.withdraw_team, "{team} is withdrawn."),
}


@login_required
@require_http_methods(["GET", "POST"])
@refusals_shown
def team_step(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    """Leave the team, or (the captain) withdraw it: GET asks, POST with confirm=yes does it."""
    challenge = services.challenge_for(request.user, pk)
    if action not in TEAM_STEPS:
        return _not_allowed(request, "There is no such step.")
    confirm, run, done = TEAM_STEPS[action]
    if request.method == "GET":
        return confirmation_page(request, confirm(challenge), _back(challenge))
    require_confirmed(request, confirm(challenge).confirm_label)
    result = run(challenge, signed_in_user(request))
    messages.success(request, done.format(team=getattr(result, "name", result)))
    return redirect(_back(challenge))
