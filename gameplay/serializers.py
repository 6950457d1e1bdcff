"""API shapes of the catalog rows and of a deck check."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import inline_serializer
from rest_framework import serializers

from gameplay.models import Card, Equip, Runeslinger
from gameplay.runeslingers.site_catalog import MAX_DECK_INPUT_BYTES, check_entry_count


class CardSerializer(serializers.ModelSerializer[Card]):
    url = serializers.HyperlinkedIdentityField(view_name="api-card-detail", lookup_field="slug")
    card_class = serializers.CharField(read_only=True, help_text="basic, runeseer, striker, warden or hexer")
    keywords = serializers.ListField(
        child=serializers.DictField(),
        read_only=True,
        help_text='[{"keyword": "sear", "value": 2}, {"keyword": "shout", "value": null}]',
    )
    script = serializers.ListField(
        child=serializers.DictField(), read_only=True, help_text="the effect script, in the data files' spelling"
    )

    class Meta:
        model = Card
        fields = (
            "slug",
            "url",
            "name",
            "type",
            "subtype",
            "card_class",
            "cost",
            "defense",
            "keywords",
            "is_x",
            "rarity",
            "text",
            "script",
            "is_active",
        )


class RuneslingerSerializer(serializers.ModelSerializer[Runeslinger]):
    script = serializers.ListField(
        child=serializers.DictField(), read_only=True, help_text="the inherent ability's script"
    )

    class Meta:
        model = Runeslinger
        fields = (
            "slug",
            "name",
            "card_class",
            "health",
            "block",
            "text",
            "inherent_name",
            "inherent_light_cost",
            "inherent_text",
            "script",
        )


class EquipSerializer(serializers.ModelSerializer[Equip]):
    script = serializers.ListField(child=serializers.DictField(), read_only=True)

    class Meta:
        model = Equip
        fields = ("slug", "name", "card_class", "kind", "determinations", "text", "script")


class FormatSerializer(serializers.Serializer[Any]):
    slug = serializers.CharField()
    name = serializers.CharField()
    description = serializers.CharField(help_text="the rules, in words")
    deck_size = serializers.IntegerField(allow_null=True, help_text="exact deck size; null for a starter-list format")
    max_copies = serializers.IntegerField(allow_null=True)
    max_x_copies = serializers.IntegerField(allow_null=True)
    equip_rule = serializers.CharField()
    limited = serializers.BooleanField(help_text="the deck must come from the player's pool")
    starter_list_only = serializers.BooleanField()


class DeckCheckRequestSerializer(serializers.Serializer[Any]):
    """Either `text` (a pasted list) or `runeslinger` + `equips` + `cards` (names or ids)."""

    format = serializers.CharField(help_text="a format slug, see /api/formats/")
    text = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=MAX_DECK_INPUT_BYTES,
        help_text='a pasted deck list, e.g. "Runeslinger: Eva\\n2 Fireball"',
    )
    runeslinger = serializers.CharField(required=False, allow_blank=True, allow_null=True)
    equips = serializers.ListField(child=serializers.CharField(), required=False, max_length=10)
    cards = serializers.DictField(
        child=serializers.JSONField(), required=False, help_text='card name or id -> copies, e.g. {"fireball": 2}'
    )
    pool = serializers.DictField(
        child=serializers.IntegerField(min_value=0),
        required=False,
        help_text="limited formats: card id -> copies in the player's pool",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        structured = any(key in attrs for key in ("runeslinger", "equips", "cards"))
        if "text" in attrs and structured:
            raise serializers.ValidationError("Send either text or runeslinger/equips/cards, not both.")
        if "text" not in attrs and not structured:
            raise serializers.ValidationError("Send a deck: text (a pasted list) or runeslinger/equips/cards.")
        return attrs

    def validate_cards(self, value: dict[str, Any]) -> dict[str, Any]:
        check_entry_count(value)
        return value

    def validate_pool(self, value: dict[str, Any]) -> dict[str, Any]:
        check_entry_count(value, "pool entries")
        return value


class ViolationSerializer(serializers.Serializer[Any]):
    rule = serializers.CharField()
    message = serializers.CharField()
    cards = serializers.ListField(child=serializers.CharField(), help_text="card ids")


# Built with inline_serializer: "label" and "errors" are the API's words but name attributes of
# DRF's own classes, so they cannot be declared as class attributes.
CurveBarSerializer = inline_serializer(
    "CurveBar",
    fields={
        "cost": serializers.IntegerField(),
        "label": serializers.CharField(help_text='"6+" for the last bar'),
        "count": serializers.IntegerField(),
    },
    many=True,
)


class DeckCheckResponseSerializer(serializers.Serializer[Any]):
    legal = serializers.BooleanField()
    format = serializers.CharField()
    violations = ViolationSerializer(many=True)
    counts = serializers.DictField(help_text="cards, distinct, by_type, by_class")
    curve = CurveBarSerializer
    deck = serializers.DictField(help_text="runeslinger, equips and cards by id")
    text = serializers.CharField(help_text="the deck as a list that parses back to it")


ErrorSerializer = inline_serializer(
    "DeckCheckError",
    fields={
        "detail": serializers.CharField(),
        "errors": serializers.ListField(child=serializers.CharField(), help_text="every problem, one a line"),
    },
)
