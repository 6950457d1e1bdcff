"""Pages of drafts and sealed pools."""

from __future__ import annotations

from typing import Any

app_name = "drafts"
urlpatterns: list[Any] = []
