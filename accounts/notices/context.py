"""The bell on every page: the signed-in user's unread count, read only when a page shows it."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from accounts.notices.services import unread_count


def notices(request: HttpRequest) -> dict[str, Any]:
    return {"unread_notices": SimpleLazyObject(lambda: unread_count(getattr(request, "user", None)))}
