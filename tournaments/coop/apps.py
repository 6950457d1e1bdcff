from __future__ import annotations

from django.apps import AppConfig


class CoopConfig(AppConfig):
    name = "tournaments.coop"
    label = "coop"
    verbose_name = "Runemasters challenges"

    def ready(self) -> None:
        from tournaments.coop import receivers  # models load only once the app registry is ready

        receivers.connect()
