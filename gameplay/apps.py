from __future__ import annotations

from django.apps import AppConfig


class GameplayConfig(AppConfig):
    name = "gameplay"
    verbose_name = "Gameplay"

    def ready(self) -> None:
        from gameplay.invitations import notices, tables  # models load only once the registry is ready

        tables.connect()
        notices.connect()
