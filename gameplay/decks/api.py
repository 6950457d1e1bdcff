"""The saved decks' API (``/api/decks/mine/``): the signed-in player's own decks, as the pages offer.

Another player's deck answers 404. Saving sends the list as text (as the builder's text box);
each save adds a version, and a save of an unchanged list adds none.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.auth import signed_in_user
from common.ids import ID_PATTERN, parse_id
from gameplay.decks import services as decks
from gameplay.decks.models import SavedDeck, SavedDeckVersion
from gameplay.runeslingers.site_catalog import MAX_DECK_INPUT_BYTES


class VersionSerializer(serializers.ModelSerializer[SavedDeckVersion]):
    class Meta:
        model = SavedDeckVersion
        fields = ("number", "text", "runeslinger", "equips", "cards", "sections", "saved_at")


class SavedDeckSerializer(serializers.ModelSerializer[SavedDeck]):
    format_name = serializers.CharField(read_only=True)
    game = serializers.CharField(read_only=True, help_text="runeslingers or runebound")
    current = serializers.SerializerMethodField()
    legal = serializers.SerializerMethodField()
    violations = serializers.SerializerMethodField()

    class Meta:
        model = SavedDeck
        fields = (
            "id", "name", "format", "format_name", "game", "created_at", "updated_at", "current", "legal", "violations",
        )  # fmt: skip

    def _problems(self, deck: SavedDeck) -> list[str]:
        version = deck.current()
        return [v.message for v in decks.violations(version, deck.format)] if version else []

    def get_current(self, deck: SavedDeck) -> dict[str, Any] | None:
        version = deck.current()
        return dict(VersionSerializer(version).data) if version else None

    def get_legal(self, deck: SavedDeck) -> bool:
        return not self._problems(deck)

    def get_violations(self, deck: SavedDeck) -> list[str]:
        return self._problems(deck)


class SaveSerializer(serializers.Serializer[Any]):
    name = serializers.CharField(max_length=decks.MAX_NAME_CHARS)
    format = serializers.CharField(
        max_length=40,
        help_text="a constructed format's key, of either game (see /api/formats/, runebound-custom, "
        "runebound-published)",
    )
    text = serializers.CharField(max_length=MAX_DECK_INPUT_BYTES, allow_blank=True, help_text="the deck list")


class StarterSerializer(serializers.Serializer[Any]):
    starter = serializers.CharField(max_length=80, help_text="a starter deck's id")


class PublishedSerializer(serializers.Serializer[Any]):
    published = serializers.CharField(max_length=80, help_text="a published Runebound character deck's id")


@extend_schema(tags=["decks"])
class SavedDeckViewSet(viewsets.GenericViewSet[SavedDeck]):
    """Your saved decks: list, save (create, or a new version with PUT), duplicate, delete, versions."""

    serializer_class = SavedDeckSerializer
    permission_classes = [IsAuthenticated]
    lookup_value_regex = ID_PATTERN
    pagination_class = None  # at most decks.MAX_DECKS_PER_OWNER
    queryset = SavedDeck.objects.none()

    def get_queryset(self) -> Any:
        return decks.my_decks(signed_in_user(self.request))

    def _mine(self, pk: str) -> SavedDeck:
        return decks.owned(signed_in_user(self.request), parse_id(pk))

    def list(self, request: Request) -> Response:
        return Response(SavedDeckSerializer(self.get_queryset(), many=True).data)

    def retrieve(self, request: Request, pk: str) -> Response:
        return Response(SavedDeckSerializer(self._mine(pk)).data)

    @extend_schema(request=SaveSerializer, responses={201: SavedDeckSerializer})
    def create(self, request: Request) -> Response:
        return self._save(request, None)

    @extend_schema(request=SaveSerializer)
    def update(self, request: Request, pk: str) -> Response:
        return self._save(request, self._mine(pk))

    def _save(self, request: Request, saved: SavedDeck | None) -> Response:
        data = SaveSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        deck = decks.read_list(data.validated_data["format"], data.validated_data["text"])
        version = decks.save(
            signed_in_user(request), data.validated_data["name"], data.validated_data["format"], deck, saved
        )
        code = status.HTTP_201_CREATED if saved is None else status.HTTP_200_OK
        return Response(SavedDeckSerializer(version.deck).data, status=code)

    def destroy(self, request: Request, pk: str) -> Response:
        decks.delete(signed_in_user(request), self._mine(pk).pk)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(request=None, responses={201: SavedDeckSerializer})
    @action(detail=True, methods=["post"])
    def duplicate(self, request: Request, pk: str) -> Response:
        copy = decks.duplicate(signed_in_user(request), self._mine(pk).pk)
        return Response(SavedDeckSerializer(copy).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses=VersionSerializer(many=True))
    @action(detail=True, methods=["get"])
    def versions(self, request: Request, pk: str) -> Response:
        return Response(VersionSerializer(self._mine(pk).versions.order_by("-number"), many=True).data)

    @extend_schema(request=StarterSerializer, responses={201: SavedDeckSerializer})
    @action(detail=False, methods=["post"], url_path="from-starter")
    def from_starter(self, request: Request) -> Response:
        data = StarterSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        saved = decks.from_starter(signed_in_user(request), data.validated_data["starter"])
        return Response(SavedDeckSerializer(saved).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=PublishedSerializer, responses={201: SavedDeckSerializer})
    @action(detail=False, methods=["post"], url_path="from-published")
    def from_published(self, request: Request) -> Response:
        data = PublishedSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        saved = decks.from_published(signed_in_user(request), data.validated_data["published"])
        return Response(SavedDeckSerializer(saved).data, status=status.HTTP_201_CREATED)
