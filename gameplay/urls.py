"""Pages of the gameplay app."""

from __future__ import annotations

from typing import Any

app_name = "gameplay"
urlpatterns: list[Any] = []
