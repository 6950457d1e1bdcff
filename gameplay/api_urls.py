"""API routes of the gameplay app, mounted under /api/.

API_ROOT_LINKS maps a name shown at /api/ to the URL name it links to.
"""

from __future__ import annotations

from typing import Any

urlpatterns: list[Any] = []
API_ROOT_LINKS: dict[str, str] = {}
