from __future__ import annotations

from django.apps import AppConfig


class GameplayConfig(AppConfig):
    name = "gameplay"
    verbose_name = "Gameplay"
