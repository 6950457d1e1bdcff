"""Catalog API: read-only cards, Runeslingers, equips and formats, and a deck check."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from django.db.models import QuerySet
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, permissions, status
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from gameplay.models import Card, Equip, Runeslinger
from gameplay.runeslingers import site_catalog
from gameplay.runeslingers.formats import FORMATS, UnknownFormatError
from gameplay.serializers import (
    CardSerializer,
    DeckCheckRequestSerializer,
    DeckCheckResponseSerializer,
    EquipSerializer,
    ErrorSerializer,
    FormatSerializer,
    RuneslingerSerializer,
)
from gameplay.web.forms import CardFilterForm

CARD_FILTERS = [
    OpenApiParameter("q", str, description="search in the name and rules text"),
    OpenApiParameter("type", str, description="spirit, attack, utility, trinket, boon or chant"),
    OpenApiParameter("class", str, description="basic, runeseer, striker, warden or hexer"),
    OpenApiParameter("cost", int, description="light cost"),
    OpenApiParameter("keyword", str, description="e.g. sear, pierce, shout"),
    OpenApiParameter("rarity", str, description="common, uncommon, rare or mythic"),
    OpenApiParameter(
        "edition", str, description="classic: only the cards with a Classic edition (q searches their Classic text)"
    ),
]


@extend_schema(tags=["catalog"], parameters=CARD_FILTERS)
class CardListView(generics.ListAPIView[Card]):
    """Cards in the current catalog, filtered like the gallery; 400 names a bad filter."""

    serializer_class = CardSerializer
    permission_classes = [permissions.AllowAny]

    def get_queryset(self) -> QuerySet[Card]:
        form = CardFilterForm(self.request.query_params)
        if not form.is_valid():
            raise ValidationError({field: [str(e) for e in errors] for field, errors in form.errors.items()})
        return form.filter(Card.objects.filter(is_active=True), site_catalog.current_catalog())


@extend_schema(tags=["catalog"])
class CardDetailView(generics.RetrieveAPIView[Card]):
    """One card by slug (cards no longer in the catalog too, with is_active false)."""

    serializer_class = CardSerializer
    permission_classes = [permissions.AllowAny]
    queryset = Card.objects.all()
    lookup_field = "slug"


@extend_schema(tags=["catalog"])
class RuneslingerListView(generics.ListAPIView[Runeslinger]):
    serializer_class = RuneslingerSerializer
    permission_classes = [permissions.AllowAny]
    queryset = Runeslinger.objects.filter(is_active=True)


@extend_schema(
    tags=["catalog"],
    parameters=[
        OpenApiParameter("class", str, description="only this class's equips"),
        OpenApiParameter("kind", str, description="stance or ability"),
    ],
)
class EquipListView(generics.ListAPIView[Equip]):
    """Stances and abilities a Runeslinger can equip."""

    serializer_class = EquipSerializer
    permission_classes = [permissions.AllowAny]

    def get_queryset(self) -> QuerySet[Equip]:
        equips = Equip.objects.filter(is_active=True)
        if self.request.query_params.get("class"):
            equips = equips.filter(card_class=self.request.query_params["class"])
        if self.request.query_params.get("kind"):
            equips = equips.filter(kind=self.request.query_params["kind"])
        return equips


@extend_schema(tags=["catalog"], responses=FormatSerializer(many=True))
class FormatListView(APIView):
    """Every deck format with its rules in words."""

    permission_classes = [permissions.AllowAny]
    pagination_class = None

    def get(self, request: Request) -> Response:
        rows = [{**asdict(f), "equip_rule": f.equip_rule.value} for f in FORMATS.values()]
        return Response(FormatSerializer(rows, many=True).data)


@extend_schema(
    tags=["catalog"],
    request=DeckCheckRequestSerializer,
    responses={200: DeckCheckResponseSerializer, 400: ErrorSerializer, 413: ErrorSerializer},
)
class DeckCheckView(APIView):
    """Check a deck against a format: every violation, counts and the light-cost curve.

    Send `format` with either `text` (a pasted list) or `runeslinger`, `equips` and `cards`
    (names or ids). Input that cannot be read (unknown names, with a "did you mean"; counts
    under 1; an unknown format) is refused with 400 and every problem listed; a body over
    64 KB is refused with 413 before it is read. Nothing is stored.
    """

    permission_classes = [permissions.AllowAny]

    def post(self, request: Request) -> Response:
        if site_catalog.declared_length(request) > site_catalog.MAX_DECK_INPUT_BYTES:
            return _error(
                f"The request is too large: at most {site_catalog.MAX_DECK_INPUT_BYTES // 1024} KB.",
                [],
                status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
            )
        incoming = DeckCheckRequestSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        data = incoming.validated_data
        catalog = site_catalog.current_catalog()
        try:
            if "text" in data:
                deck = site_catalog.deck_from_text(data["text"], catalog)
            else:
                deck = site_catalog.deck_from_parts(
                    catalog, data.get("runeslinger"), data.get("equips", []), data.get("cards", {})
                )
            check = site_catalog.check_deck(data["format"], deck, catalog, data.get("pool"))
        except site_catalog.DeckInputError as exc:
            return _error("The deck cannot be read.", exc.errors, status.HTTP_400_BAD_REQUEST)
        except UnknownFormatError as exc:
            return _error(str(exc), [str(exc)], status.HTTP_400_BAD_REQUEST)
        return Response(_check_body(check))


def _error(detail: str, errors: list[str], code: int) -> Response:
    return Response({"detail": detail, "errors": errors}, status=code)


def _check_body(check: site_catalog.DeckReport) -> dict[str, Any]:
    return {
        "legal": check.legal,
        "format": check.format.slug,
        "violations": [{"rule": v.rule, "message": v.message, "cards": list(v.cards)} for v in check.violations],
        "counts": check.counts,
        "curve": [asdict(bar) for bar in check.curve],
        "deck": {
            "runeslinger": check.deck.runeslinger,
            "equips": list(check.deck.equips),
            "cards": dict(check.deck.cards),
        },
        "text": check.text,
    }
