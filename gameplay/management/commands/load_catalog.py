"""`manage.py load_catalog`: copy the card data files into the database (safe to run again)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from gameplay.runebound.catalog import load_runebound
from gameplay.runeslingers.cards.catalog import DEFAULT_DATA_DIR, CatalogDataError, load_catalog
from gameplay.runeslingers.site_catalog import load_catalog_into_db


class Command(BaseCommand):
    help = (
        "Load the Runeslingers card catalog (gameplay/runeslingers/cards/data) into the database;"
        " the same data version changes nothing."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--data-dir", default=str(DEFAULT_DATA_DIR), help="folder of catalog YAML files")
        parser.add_argument("--force", action="store_true", help="rewrite rows even if this version is loaded")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            catalog = load_catalog(options["data_dir"])
        except CatalogDataError as exc:
            raise CommandError(str(exc)) from None
        result = load_catalog_into_db(catalog, force=options["force"])
        self.stdout.write(str(result))
        self.check_runebound()

    def check_runebound(self) -> None:
        """The Runebound catalog is served from its data files; here it is only linted."""
        try:
            runebound = load_runebound()
        except CatalogDataError as exc:
            raise CommandError(f"Runebound: {exc}") from None
        self.stdout.write(
            f"Runebound data checked: {len(runebound.class_cards)} class cards, "
            f"{len(runebound.talents)} talents, {len(runebound.decks)} published decks."
        )
