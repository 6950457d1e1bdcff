"""Pages of the tournaments app."""

from __future__ import annotations

from typing import Any

app_name = "tournaments"
urlpatterns: list[Any] = []
