from __future__ import annotations

from django.apps import AppConfig


class DraftsConfig(AppConfig):
    name = "tournaments.drafts"
    label = "drafts"
    verbose_name = "Drafts and sealed pools"
