from __future__ import annotations

from django.apps import AppConfig


class NoticesConfig(AppConfig):
    name = "accounts.notices"
    label = "notices"
    verbose_name = "Notices"
