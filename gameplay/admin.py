"""Admin views of the loaded catalog: read-only, because the data files are the truth."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from gameplay.models import Card, CatalogVersion, Equip, Runeslinger, StarterDeck


class ReadOnlyAdmin(admin.ModelAdmin[Any]):
    """Change the YAML under gameplay/runeslingers/cards/data and run `manage.py load_catalog` instead."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(CatalogVersion)
class CatalogVersionAdmin(ReadOnlyAdmin):
    list_display = ("data_version", "loaded_at", "card_count")


@admin.register(Card)
class CardAdmin(ReadOnlyAdmin):
    list_display = ("name", "slug", "type", "card_class", "cost", "rarity", "is_x", "is_active")
    list_filter = ("is_active", "type", "card_class", "rarity", "cost")
    search_fields = ("name", "slug", "text")


@admin.register(Runeslinger)
class RuneslingerAdmin(ReadOnlyAdmin):
    list_display = ("name", "slug", "card_class", "health", "block", "is_active")


@admin.register(Equip)
class EquipAdmin(ReadOnlyAdmin):
    list_display = ("name", "slug", "card_class", "kind", "determinations", "is_active")
    list_filter = ("card_class", "kind", "is_active")


@admin.register(StarterDeck)
class StarterDeckAdmin(ReadOnlyAdmin):
    list_display = ("name", "slug", "runeslinger", "is_active")
