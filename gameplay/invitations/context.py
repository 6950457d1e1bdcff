"""The header's Invitations link on every page: how many invitations wait for the signed-in
user's answer, read only when a page shows it (one query)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from gameplay.invitations.services import waiting_count


def invitations(request: HttpRequest) -> dict[str, Any]:
    return {"waiting_invitations": SimpleLazyObject(lambda: waiting_count(getattr(request, "user", None)))}
