from __future__ import annotations

from django.apps import AppConfig

from common import ids


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        # The first of the site's apps: URL converters must exist before any URL conf is read.
        ids.register()
