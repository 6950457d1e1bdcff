"""The card catalog as database rows: a loaded copy of the pure catalog, for querying.

The YAML files read by `gameplay.runeslingers.cards.catalog.load_catalog` are the truth; `manage.py
load_catalog` (see `gameplay.runeslingers.site_catalog.load_catalog_into_db`) copies them here so pages and the
API can filter and paginate. Rows are never deleted: a card that leaves the data is marked
inactive, because decks and games elsewhere may still point at it.
"""

from __future__ import annotations

from django.db import models


class CatalogVersion(models.Model):
    """One load of the card data, identified by its data version (a sha256)."""

    data_version = models.CharField(max_length=64, unique=True)
    loaded_at = models.DateTimeField()
    card_count = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ("-loaded_at", "-id")
        get_latest_by = "loaded_at"

    def __str__(self) -> str:
        return f"{self.data_version[:12]} ({self.card_count} cards)"


class CatalogRow(models.Model):
    """What every catalog row shares: a stable slug, a name and whether the data still has it."""

    slug = models.SlugField(max_length=80, unique=True)
    name = models.CharField(max_length=120)
    card_class = models.CharField(max_length=20, db_index=True)
    text = models.TextField(blank=True)
    script = models.JSONField(default=list, blank=True)
    is_active = models.BooleanField(default=True, db_index=True)
    position = models.PositiveIntegerField(default=0)  # order in the data files
    data_version = models.CharField(max_length=64)  # the version that last wrote this row

    class Meta:
        abstract = True
        ordering = ("position", "slug")

    def __str__(self) -> str:
        return self.name


class Card(CatalogRow):
    type = models.CharField(max_length=20, db_index=True)
    subtype = models.CharField(max_length=20, blank=True)
    cost = models.PositiveSmallIntegerField(db_index=True)
    defense = models.PositiveSmallIntegerField(null=True, blank=True)
    keywords = models.JSONField(default=list, blank=True)  # [{"keyword": "sear", "value": 2}, ...]
    # "|sear|shout|": filtering by keyword with a plain LIKE works on every database.
    keyword_index = models.CharField(max_length=200, blank=True, db_index=True)
    is_x = models.BooleanField(default=False)
    rarity = models.CharField(max_length=20, db_index=True)
    search_name = models.CharField(max_length=120, db_index=True)  # case-folded name

    class Meta(CatalogRow.Meta):
        pass

    @property
    def keyword_labels(self) -> list[str]:
        return [keyword_label(k) for k in self.keywords]


def keyword_label(entry: dict[str, object]) -> str:
    label = str(entry["keyword"]).capitalize()
    return label if entry.get("value") is None else f"{label} {entry['value']}"


class Runeslinger(CatalogRow):
    health = models.PositiveSmallIntegerField()
    block = models.PositiveSmallIntegerField()
    inherent_name = models.CharField(max_length=120)
    inherent_light_cost = models.PositiveSmallIntegerField()
    inherent_text = models.TextField(blank=True)

    class Meta(CatalogRow.Meta):
        pass


class Equip(CatalogRow):
    """A stance (always active) or an ability (activated, costing determinations)."""

    class Kind(models.TextChoices):
        STANCE = "stance", "Stance"
        ABILITY = "ability", "Ability"

    kind = models.CharField(max_length=10, choices=Kind.choices)
    determinations = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta(CatalogRow.Meta):
        pass


class StarterDeck(models.Model):
    slug = models.SlugField(max_length=80, unique=True)
    name = models.CharField(max_length=120)
    runeslinger = models.CharField(max_length=80)  # runeslinger slug
    equips = models.JSONField(default=list)  # equip slugs
    cards = models.JSONField(default=dict)  # card slug -> copies
    is_active = models.BooleanField(default=True)
    position = models.PositiveIntegerField(default=0)
    data_version = models.CharField(max_length=64)

    class Meta:
        ordering = ("position", "slug")

    def __str__(self) -> str:
        return self.name

    @property
    def size(self) -> int:
        return sum(int(n) for n in self.cards.values())


# Saved decks (a player's own decks) and matches played on the site live in their own modules;
# importing them here registers them.
from gameplay.decks.models import SavedDeck, SavedDeckVersion  # noqa: E402
from gameplay.invitations.models import Invitation, TableRequest  # noqa: E402
from gameplay.matches.models import Game, GameAction, PlayMatch  # noqa: E402

__all__ = [
    "Card", "CatalogRow", "CatalogVersion", "Equip", "Game", "GameAction", "Invitation", "PlayMatch", "Runeslinger",
    "SavedDeck", "SavedDeckVersion", "StarterDeck", "TableRequest",
]  # fmt: skip
