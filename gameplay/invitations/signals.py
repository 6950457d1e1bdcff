"""The hook for notices: ``invitation_sent(sender=Invitation, invitation=...)`` when an invitation
is made and ``invitation_answered(sender=Invitation, invitation=...)`` when it is accepted,
declined or withdrawn. Both are sent after the transaction commits (never for a change that was
rolled back); a receiver reads ``invitation.status`` for the answer."""

from __future__ import annotations

from django.db import transaction
from django.dispatch import Signal

from gameplay.invitations.models import Invitation

invitation_sent = Signal()
invitation_answered = Signal()


def sent_after_commit(invitation: Invitation) -> None:
    transaction.on_commit(lambda: invitation_sent.send(sender=Invitation, invitation=invitation))


def answered_after_commit(invitation: Invitation) -> None:
    transaction.on_commit(lambda: invitation_answered.send(sender=Invitation, invitation=invitation))
