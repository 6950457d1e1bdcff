"""Rebuild every rating (or one kind) from the results: the same results give the same numbers."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from tournaments.ratings import services
from tournaments.ratings.models import Kind


class Command(BaseCommand):
    help = "Recompute the ratings and their history from every result (docs/ratings.md)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--kind", choices=Kind.values, help="Rebuild this kind only (default: all).")

    def handle(self, *args: Any, **options: Any) -> None:
        for kind in [options["kind"]] if options["kind"] else Kind.values:
            results = services.rebuild(kind)
            self.stdout.write(f"{Kind(kind).label}: {results} results rated.")
