"""The invitations page (``/invitations/``: waiting for your answer, sent by you, answered) and the
buttons of an invitation: Accept and Decline for the invited player, Withdraw for whoever sent
it. Every kind answers here; what an answer does is the kind's (``gameplay/invitations``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from accounts.auth import signed_in_user
from common.refusals import NotFound
from common.web import refusals_shown
from gameplay.invitations import services
from gameplay.invitations.errors import InvitationRefusal
from gameplay.invitations.models import Invitation


@login_required
def invitation_list(request: HttpRequest) -> HttpResponse:
    user = signed_in_user(request)
    received = list(services.received(user)[:50])
    context = {
        "waiting": [i for i in received if i.is_pending],
        "answered": [i for i in received if not i.is_pending],
        "sent": list(services.sent(user)[:50]),
    }
    return render(request, "gameplay/invitations.html", context)


ANSWERS: dict[str, tuple[Callable[[int, Any], Invitation], str]] = {
    "accept": (services.accept, "You accepted the invitation to {about}."),
    "decline": (services.decline, "You declined the invitation to {about}."),
    "withdraw": (services.withdraw, "The invitation of {invitee} is withdrawn."),
}


def _after(request: HttpRequest, answered: Invitation) -> str:
    """Back to the page the button was on (``back=page``: what it is to), else the invitations."""
    page = services.where(answered) if request.POST.get("back") == "page" else None
    return page or reverse("gameplay:invitations")


@login_required
@require_POST
@refusals_shown
def answer(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    if action not in ANSWERS:
        raise NotFound(InvitationRefusal.NO_SUCH_STEP, "An invitation is accepted, declined or withdrawn.")
    run, done = ANSWERS[action]
    answered = run(pk, signed_in_user(request))
    messages.success(request, done.format(about=answered.about, invitee=answered.invitee.public_name))
    return redirect(_after(request, answered))
