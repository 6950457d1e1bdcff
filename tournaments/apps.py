from __future__ import annotations

from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        from tournaments import receivers  # models load only once the app registry is ready

        receivers.connect()

        from tournaments import structures
        from tournaments.structures.installed import STRUCTURES  # it imports the pages and services

        structures.install(STRUCTURES)
