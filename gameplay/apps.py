from __future__ import annotations

from django.apps import AppConfig


class GameplayConfig(AppConfig):
    name = "gameplay"
    verbose_name = "Gameplay"

    def ready(self) -> None:
        from gameplay.invitations.tables import connect  # models load only once the registry is ready

        connect()
