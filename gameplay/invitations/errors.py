"""Refusals of invitations: one reason enum; the classes are the common refusal categories."""

from __future__ import annotations

from enum import StrEnum


class InvitationRefusal(StrEnum):
    """Why an invitation (or what it is to) refused a request."""

    ALREADY_ANSWERED = "already-answered"
    NOT_YOUR_INVITATION = "not-your-invitation"
    NO_SUCH_INVITATION = "no-such-invitation"
    NO_SUCH_STEP = "no-such-step"
    TABLE_GONE = "table-gone"
