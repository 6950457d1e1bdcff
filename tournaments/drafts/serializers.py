"""API shapes of drafts: requests are validated here; answers are the services' plain dicts."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from gameplay.runeslingers.site_catalog import check_entry_count
from tournaments.limited import DRAFT_BOT_LEVELS, MAX_SEATS, MIN_SEATS


class SeatPodsSerializer(serializers.Serializer[Any]):
    seats_per_pod = serializers.IntegerField(min_value=MIN_SEATS, max_value=MAX_SEATS, default=MAX_SEATS)
    fill_with_bots = serializers.BooleanField(default=False)
    bot_level = serializers.ChoiceField(
        choices=list(DRAFT_BOT_LEVELS.items()), default="normal", help_text="How bot seats pick: normal or hard."
    )
    settings = serializers.DictField(
        child=serializers.IntegerField(min_value=0),
        required=False,
        help_text="Times in seconds (DraftTimes fields): base_seconds, per_card_seconds, forced_seconds, "
        "review_seconds_first, review_seconds_increment, draft_deck_building_seconds.",
    )


class PickSerializer(serializers.Serializer[Any]):
    round = serializers.IntegerField(min_value=1)
    pick_number = serializers.IntegerField(min_value=1)
    pack = serializers.IntegerField(min_value=0, required=False, allow_null=True, help_text="The opening seat.")
    cards = serializers.ListField(child=serializers.CharField(max_length=80), min_length=1, max_length=2)


class MarkSerializer(serializers.Serializer[Any]):
    round = serializers.IntegerField(min_value=1)
    pick_number = serializers.IntegerField(min_value=1)
    cards = serializers.ListField(child=serializers.CharField(max_length=80), max_length=2)


class SwapSerializer(serializers.Serializer[Any]):
    seat = serializers.IntegerField(min_value=0, max_value=MAX_SEATS - 1)


class SealedOpenSerializer(serializers.Serializer[Any]):
    build_minutes = serializers.IntegerField(min_value=1, max_value=240, required=False)


class DeckInputSerializer(serializers.Serializer[Any]):
    runeslinger = serializers.CharField(max_length=120, required=False, allow_blank=True)
    equips = serializers.ListField(child=serializers.CharField(max_length=120), required=False, max_length=4)
    cards = serializers.DictField(child=serializers.IntegerField(min_value=1, max_value=99), required=False)
    text = serializers.CharField(max_length=20_000, required=False, allow_blank=True, help_text="A pasted list.")

    def validate_cards(self, value: dict[str, Any]) -> dict[str, Any]:
        check_entry_count(value)
        return value
