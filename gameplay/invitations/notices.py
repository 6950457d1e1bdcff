"""Invitations as notices (``accounts.notices``, kind ``invitation``): the invited player hears of
an invitation, the one who sent it hears the answer. Connected to the invitation signals (sent after
commit) by ``GameplayConfig.ready``. The words are the invitation's own (``about``: names, never an
id); guests get none."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from accounts.notices.models import Kind
from accounts.notices.services import notify
from gameplay.invitations import services
from gameplay.invitations.models import Invitation
from gameplay.invitations.signals import invitation_answered, invitation_sent

ANSWERED = {
    Invitation.Status.ACCEPTED: "{name} accepted your invitation to {about}",
    Invitation.Status.DECLINED: "{name} declined your invitation to {about}",
}


def _where(invitation: Invitation) -> str:
    return services.where(invitation) or reverse("gameplay:invitations")


def on_sent(sender: Any, invitation: Invitation, **_: Any) -> None:
    if invitation.invitee.is_guest:
        return
    title = f"{invitation.inviter.public_name} invites you to {invitation.about}"
    notify([invitation.invitee_id], Kind.INVITATION, f"invitation:{invitation.pk}:sent", title,
           "Accept or decline it on your invitations page.", reverse("gameplay:invitations"))  # fmt: skip


def on_answered(sender: Any, invitation: Invitation, **_: Any) -> None:
    """The inviter hears an acceptance or a refusal (a withdrawal is their own doing: no notice)."""
    words = ANSWERED.get(Invitation.Status(invitation.status))
    if words is None or invitation.inviter.is_guest:
        return
    title = words.format(name=invitation.invitee.public_name, about=invitation.about)
    notify([invitation.inviter_id], Kind.INVITATION, f"invitation:{invitation.pk}:{invitation.status}", title,
           "", _where(invitation))  # fmt: skip


def connect() -> None:
    invitation_sent.connect(on_sent, dispatch_uid="invitation-notice-sent")
    invitation_answered.connect(on_answered, dispatch_uid="invitation-notice-answered")
