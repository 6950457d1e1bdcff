"""Answering invitations of every kind: accept and decline (the invited player), withdraw (whoever
sent it). What an answer does to the thing invited to is the kind's own: an app registers a
``Kind`` for each kind it makes (``register``, from its ``AppConfig.ready``), as the teams of
``tournaments/coop`` do, since ``gameplay`` imports no app above it. Every refusal is raised
before anything is written; the signals go after the commit (``signals.py``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from common.refusals import Conflict, Forbidden, NotFound
from common.states import IllegalTransition
from gameplay.invitations.errors import InvitationRefusal
from gameplay.invitations.models import Invitation
from gameplay.invitations.signals import answered_after_commit


def _nothing(invitation: Invitation) -> None:
    return None


def _nowhere(invitation: Invitation) -> str | None:
    return None


@dataclass(frozen=True)
class Kind:
    """What an answer does for one kind: ``accepted`` runs when the invited player accepts, before
    the status moves (it may refuse, and then nothing changes); ``answered`` after any answer
    (accepted, declined or withdrawn); ``where`` is the page of what it is to (None: none now)."""

    accepted: Callable[[Invitation, Any], None]
    answered: Callable[[Invitation], None] = _nothing
    where: Callable[[Invitation], str | None] = _nowhere


KINDS: dict[str, Kind] = {}


def register(kind: str, handler: Kind) -> None:
    KINDS[kind] = handler


def where(invitation: Invitation) -> str | None:
    handler = KINDS.get(invitation.kind)
    return None if handler is None else handler.where(invitation)


def _own(pk: int, by: Any) -> Invitation:
    invitation = Invitation.objects.select_for_update().select_related("invitee").filter(pk=pk).first()
    if invitation is None or by.pk not in (invitation.invitee_id, invitation.inviter_id):
        raise NotFound(InvitationRefusal.NO_SUCH_INVITATION, "There is no such invitation for you.")
    return invitation


def _invited(pk: int, by: Any) -> Invitation:
    invitation = _own(pk, by)
    if invitation.invitee_id != by.pk:
        raise Forbidden(
            InvitationRefusal.NOT_YOUR_INVITATION,
            f"This invitation is for {invitation.invitee.public_name}; only they may answer it.",
        )
    return invitation


def move(invitation: Invitation, new: str) -> None:
    """Answer ``invitation`` (accepted, declined or withdrawn), or refuse (409) one answered already."""
    try:
        invitation.set_status(new)
    except IllegalTransition as exc:
        raise Conflict(InvitationRefusal.ALREADY_ANSWERED, f"{exc} Nothing was changed.") from exc
    invitation.answered_at = timezone.now()
    invitation.save(update_fields=["status", "answered_at"])
    answered_after_commit(invitation)


def _answer(invitation: Invitation, new: str) -> Invitation:
    move(invitation, new)
    handler = KINDS.get(invitation.kind)
    if handler is not None:
        handler.answered(invitation)
    return invitation


@transaction.atomic
def accept(pk: int, by: Any) -> Invitation:
    invitation = _invited(pk, by)
    handler = KINDS.get(invitation.kind)
    if invitation.is_pending and handler is not None:
        handler.accepted(invitation, by)
    return _answer(invitation, Invitation.Status.ACCEPTED)


@transaction.atomic
def decline(pk: int, by: Any) -> Invitation:
    return _answer(_invited(pk, by), Invitation.Status.DECLINED)


@transaction.atomic
def withdraw(pk: int, by: Any) -> Invitation:
    """The inviter takes back an invitation not yet answered."""
    invitation = _own(pk, by)
    if invitation.inviter_id != by.pk:
        raise Forbidden(InvitationRefusal.NOT_YOUR_INVITATION, "Only whoever sent an invitation may withdraw it.")
    return _answer(invitation, Invitation.Status.WITHDRAWN)


def received(user: Any) -> QuerySet[Invitation]:
    return Invitation.objects.filter(invitee=user).select_related("inviter", "invitee")


def waiting_count(user: Any) -> int:
    """How many invitations wait for ``user``'s answer (one query; 0 for an anonymous visitor)."""
    if user is None or not user.is_authenticated:
        return 0
    return Invitation.objects.filter(invitee=user, status=Invitation.Status.PENDING).count()


def sent(user: Any) -> QuerySet[Invitation]:
    return Invitation.objects.filter(inviter=user).select_related("inviter", "invitee")
