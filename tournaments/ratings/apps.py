from __future__ import annotations

from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "tournaments.ratings"
    label = "ratings"
    verbose_name = "Ratings"

    def ready(self) -> None:
        from tournaments.ratings import receivers  # models load only once the app registry is ready

        receivers.connect()
