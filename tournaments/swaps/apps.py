from __future__ import annotations

from django.apps import AppConfig


class SwapsConfig(AppConfig):
    name = "tournaments.swaps"
    label = "swaps"
    verbose_name = "Runebound deck swaps"

    def ready(self) -> None:
        # Imported here: the receivers need the models, which are ready only now.
        from tournaments.swaps import receivers  # noqa: F401
