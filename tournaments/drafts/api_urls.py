"""API routes of drafts, mounted under /api/. API_ROOT_LINKS names the links shown at /api/."""

from __future__ import annotations

from typing import Any

urlpatterns: list[Any] = []
API_ROOT_LINKS: dict[str, str] = {}
