"""``common.renderers.FastJSONRenderer`` writes what REST framework's ``JSONRenderer`` writes, byte
for byte: on values of every kind the API hands it, and on the views of a match played move by move."""

from __future__ import annotations

import datetime
import decimal
import random
import uuid
from typing import Any

import pytest
from django.db import models
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy
from rest_framework import serializers
from rest_framework.renderers import JSONRenderer
from rest_framework.utils.serializer_helpers import ReturnDict, ReturnList

from common.renderers import FastJSONRenderer
from gameplay.matches import services
from tests.factories import UserFactory
from tests.matches.test_services import decider, play_first


class Colour(models.TextChoices):
    RED = "red", "Red"


class Size(models.IntegerChoices):
    SMALL = 1, "Small"


MADE_BY: serializers.Serializer[Any] = serializers.Serializer()  # what a serializer's .data carries along

SAMPLES: list[Any] = [
    ReturnDict({"serializer": "data", "rows": ReturnList([{"a": 1}], serializer=MADE_BY)}, serializer=MADE_BY),
    {"safe": mark_safe("<b>bold</b>"), "colour": Colour.RED, "size": Size.SMALL},
    {"id": 7, "name": "Ann", "score": 1.5, "none": None, "yes": True, "list": [1, [2, {"x": []}]]},
    {"text": "é — “quoted” \u2028 and \u2029 kept apart", "emoji": "\U0001f0cf"},
    {1: "an integer key", 2.5: "a float key", False: "a boolean key"},
    {"at": datetime.datetime(2026, 11, 29, 18, 30, 5, 123456, tzinfo=datetime.UTC)},
    {"naive": datetime.datetime(2026, 1, 2), "day": datetime.date(2026, 11, 29)},
    {"time": datetime.time(9, 30, 1, 250000), "gap": datetime.timedelta(seconds=90)},
    {"money": decimal.Decimal("12.50"), "uuid": uuid.UUID(int=7), "lazy": gettext_lazy("Hello")},
    {"big": 2**70},  # past orjson's integers: rendered by REST framework itself
    [],
    "just text",
    12,
]


@pytest.mark.parametrize("data", SAMPLES, ids=range(len(SAMPLES)))
def test_the_same_bytes_as_rest_framework(data: Any) -> None:
    assert FastJSONRenderer().render(data) == JSONRenderer().render(data)


def test_none_is_an_empty_body_and_indented_is_rest_frameworks() -> None:
    assert FastJSONRenderer().render(None) == b""
    indented = FastJSONRenderer().render({"a": [1]}, "application/json; indent=2")
    assert indented == JSONRenderer().render({"a": [1]}, "application/json; indent=2") and b"\n" in indented


@pytest.mark.django_db
def test_every_view_of_a_played_match_renders_the_same() -> None:
    players = [UserFactory.create(username="ann"), UserFactory.create(username="bob")]
    match = services.create_match(players[0], players[1], [{"starter": "eva-starter"}, {"starter": "romin-starter"}])
    match = play_first(match, players)
    rng = random.Random(31)
    compared = 0
    for _ in range(60):
        found = decider(match, players)
        if found is None:
            break
        user, view = found
        for seat in (0, 1, None):
            shown = services.player_view(match, seat)
            assert FastJSONRenderer().render(shown) == JSONRenderer().render(shown)
            compared += 1
        services.play(match.pk, user, rng.choice(view["board"]["legal"]), view["version"])
    assert compared >= 60
