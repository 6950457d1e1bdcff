"""The drafts API: pods, picks, marks, pick logs, pools and decks (same services as the pages)."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.auth import signed_in_user
from common.ids import ID_PATTERN, parse_id
from gameplay.runeslingers.formats import Deck
from gameplay.runeslingers.site_catalog import (
    DeckInputError,
    current_catalog,
    deck_from_parts,
    deck_from_text,
    with_choices,
)
from tournaments import selectors
from tournaments.api import _valid
from tournaments.drafts.errors import DraftRefusal
from tournaments.drafts.models import Pod, Pool
from tournaments.drafts.serializers import (
    DeckInputSerializer,
    MarkSerializer,
    PickSerializer,
    SealedOpenSerializer,
    SeatPodsSerializer,
    SwapSerializer,
)
from tournaments.drafts.services import draft_pods, picking, pools, reading
from tournaments.errors import Forbidden, Invalid
from tournaments.limited import PoolTooSmallError
from tournaments.permissions import Perm, has_permission

OBJECT = OpenApiTypes.OBJECT
OBJECT_ITEM = {"type": "object", "additionalProperties": {}}
OBJECTS = {"type": "array", "items": OBJECT_ITEM}


def visible_pods(user: Any) -> QuerySet[Pod]:
    return Pod.objects.select_related("event").filter(event__in=selectors.visible_events(user))


def _pod_id(pk: str) -> int:
    found = parse_id(pk)
    if found is None:
        raise Http404("No pod matches the given query.")
    return found


def deck_from_input(data: dict[str, Any]) -> Deck:
    """A deck from a pasted list or from ids/names; every input problem listed at once."""
    catalog = current_catalog()
    runeslinger, equips = data.get("runeslinger") or None, list(data.get("equips") or [])
    try:
        if data.get("text"):
            return with_choices(deck_from_text(data["text"], catalog), catalog, runeslinger, equips)
        return deck_from_parts(catalog, runeslinger, equips, dict(data.get("cards") or {}))
    except DeckInputError as exc:
        raise Invalid(DraftRefusal.BAD_DECK_INPUT, "; ".join(exc.errors)) from None


@extend_schema(tags=["drafts"])
class EventDraftViewSet(viewsets.ViewSet):
    """Seating pods and opening sealed pools for an event."""

    permission_classes = [IsAuthenticated]
    lookup_value_regex = ID_PATTERN

    @extend_schema(request=SeatPodsSerializer, responses={201: OBJECT})
    def seat(self, request: Request, event_pk: int) -> Response:
        event = selectors.event_for(request.user, event_pk)
        made = draft_pods.seat_pods(event, signed_in_user(request), **_valid(SeatPodsSerializer(data=request.data)))
        return Response(reading.dashboard(made), status=status.HTTP_201_CREATED)

    @extend_schema(responses={200: OBJECT_ITEM})  # a list action: the schema makes it an array of these
    def list(self, request: Request, event_pk: int) -> Response:
        event = selectors.event_for(request.user, event_pk)
        found = list(Pod.objects.filter(event=event).select_related("event"))
        if has_permission(request.user, Perm.VIEW_PRIVATE, event):
            return Response(reading.dashboard(found))
        return Response([reading.pod_summary(pod) for pod in found])

    @extend_schema(request=SealedOpenSerializer, responses={201: OBJECTS})
    def open_sealed(self, request: Request, event_pk: int) -> Response:
        event = selectors.event_for(request.user, event_pk)
        minutes = _valid(SealedOpenSerializer(data=request.data)).get("build_minutes")
        opened = pools.open_sealed(event, signed_in_user(request), None if minutes is None else minutes * 60)
        return Response([reading.pool_summary(p) for p in opened], status=status.HTTP_201_CREATED)


@extend_schema(tags=["drafts"])
class PodViewSet(viewsets.ViewSet):
    """One pod: its summary, the organiser's controls, and a player's picks."""

    permission_classes = [IsAuthenticated]
    lookup_value_regex = ID_PATTERN
    queryset = Pod.objects.none()  # for the schema (the id's type); lookups go through visible_pods

    def _pod(self, pk: str) -> Pod:
        return get_object_or_404(visible_pods(self.request.user), pk=pk)

    @extend_schema(responses=OBJECT)
    def retrieve(self, request: Request, pk: str) -> Response:
        pod = self._pod(pk)
        reading.require_seat_or_spectator(request.user, pod)
        if reading.spectates(request.user, pod):
            return Response(reading.dashboard([pod])[0])
        return Response(reading.pod_summary(pod))

    def _control(self, pod: Pod) -> Response:
        pod.refresh_from_db()
        return Response(reading.dashboard([pod])[0])

    @extend_schema(request=None, responses=OBJECT)
    @action(detail=True, methods=["post"])
    def start(self, request: Request, pk: str) -> Response:
        return self._control(draft_pods.start_pod(self._pod(pk), signed_in_user(request)))

    @extend_schema(request=None, responses=OBJECT)
    @action(detail=True, methods=["post"])
    def pause(self, request: Request, pk: str) -> Response:
        return self._control(draft_pods.pause_pod(self._pod(pk), signed_in_user(request)))

    @extend_schema(request=None, responses=OBJECT)
    @action(detail=True, methods=["post"])
    def resume(self, request: Request, pk: str) -> Response:
        return self._control(draft_pods.resume_pod(self._pod(pk), signed_in_user(request)))

    @extend_schema(request=SwapSerializer, responses=OBJECT)
    @action(detail=True, methods=["post"], url_path="swap-for-bot")
    def swap_for_bot(self, request: Request, pk: str) -> Response:
        seat = _valid(SwapSerializer(data=request.data))["seat"]
        return self._control(draft_pods.swap_for_bot(self._pod(pk), seat, signed_in_user(request)))

    @extend_schema(responses=OBJECT, description="The caller's own pick state: current pack, picks, clock.")
    @action(detail=True, methods=["get"])
    def me(self, request: Request, pk: str) -> Response:
        pod = self._pod(pk)
        seat = reading.seat_of(request.user, pod)
        if seat is None:
            raise Forbidden(DraftRefusal.NO_SEAT, "You have no seat in this pod.")
        return Response(reading.seat_state(pod, seat))

    @extend_schema(
        request=PickSerializer,
        responses={200: OBJECT, 400: OBJECT, 409: OBJECT},
        description="Idempotent: repeating a pick you made answers 200 with `repeated: true`; any other pick "
        "for a (round, pick number) already made, a late pick, or one for a pack not in front of you answers "
        "409 with `reason`, `recorded`, `state` and `version`.",
    )
    @action(detail=True, methods=["post"])
    def pick(self, request: Request, pk: str) -> Response:
        data = _valid(PickSerializer(data=request.data))
        # The pick finds and locks the pod itself (a pod the caller may not see answers 404 there).
        result = picking.make_pick(
            _pod_id(pk), signed_in_user(request), data["round"], data["pick_number"], data["cards"], data.get("pack")
        )
        return Response({"repeated": result.repeated, "recorded": result.recorded, "state": result.state,
                         "version": result.state["version"]})  # fmt: skip

    @extend_schema(request=MarkSerializer, responses=OBJECT)
    @action(detail=True, methods=["post"])
    def marks(self, request: Request, pk: str) -> Response:
        data = _valid(MarkSerializer(data=request.data))
        return Response(picking.set_marks(self._pod(pk), signed_in_user(request), data["round"], data["pick_number"],
                                          data["cards"]))  # fmt: skip

    @extend_schema(
        parameters=[OpenApiParameter("seat", int, required=False, description="Spectators: one seat (default all).")],
        responses=OBJECT,
    )
    @action(detail=True, methods=["get"])
    def log(self, request: Request, pk: str) -> Response:
        """Pick logs as JSON: a player gets their own; the organiser and judges any seat's."""
        pod = self._pod(pk)
        mine = reading.require_seat_or_spectator(request.user, pod)
        seats = list(pod.seats.select_related("registration__player"))
        if not reading.spectates(request.user, pod):
            assert mine is not None
            seats = [mine]
        elif (wanted := parse_id(request.query_params.get("seat"))) is not None:
            seats = [s for s in seats if s.index == wanted]
        return Response({"pod": pod.pk, "seats": [reading.pick_log(pod, seat) for seat in seats]})


@extend_schema(tags=["drafts"])
class PoolViewSet(viewsets.ViewSet):
    """Pools after a draft or sealed opening: read, check a deck live, submit it."""

    permission_classes = [IsAuthenticated]
    lookup_value_regex = ID_PATTERN
    queryset = Pool.objects.none()  # for the schema (the id's type); lookups check the viewer

    def _pool(self, pk: str) -> Pool:
        pool = get_object_or_404(
            Pool.objects.select_related("event", "registration__player"),
            pk=pk,
            event__in=selectors.visible_events(self.request.user),
        )
        owner = pool.registration.player_id == self.request.user.pk
        if not owner and not has_permission(self.request.user, Perm.VIEW_PRIVATE, pool.event):
            raise Forbidden(
                DraftRefusal.POOL_HIDDEN, "Only the pool's player, the organiser and judges may see this pool."
            )
        return pool

    @extend_schema(
        operation_id="pools_list",
        parameters=[OpenApiParameter("event", int, required=False)],
        responses={200: OBJECTS},
        description="Your pools (of one event with ?event=<id>); the organiser and judges see every pool of it.",
    )
    def list(self, request: Request) -> Response:
        user = signed_in_user(request)
        event_id = parse_id(request.query_params.get("event"))
        found = Pool.objects.select_related("registration__player", "event")
        if event_id is None:
            return Response([reading.pool_summary(p) for p in found.filter(registration__player=user)])
        event = selectors.event_for(user, event_id)
        found = found.filter(event=event)
        if not has_permission(user, Perm.VIEW_PRIVATE, event):
            found = found.filter(registration__player=user)
        return Response([reading.pool_summary(p) for p in found])

    @extend_schema(responses=OBJECT)
    def retrieve(self, request: Request, pk: str) -> Response:
        pool = self._pool(pk)
        return Response({**reading.pool_summary(pool), "cards": list(pool.cards), "format": pool.event.format})

    @extend_schema(
        request=DeckInputSerializer,
        responses=OBJECT,
        description=(
            "The deck the site would build from this pool (GET), or built around the player's choice "
            "(POST the Runeslinger, equips and cards chosen so far): what is kept of it, and `changes`, "
            "in words, whatever had to change."
        ),
    )
    @action(detail=True, methods=["get", "post"])
    def suggestion(self, request: Request, pk: str) -> Response:
        pool = self._pool(pk)
        chosen = deck_from_input(_valid(DeckInputSerializer(data=request.data))) if request.method == "POST" else None
        try:
            suggested = pools.suggestion(pool, chosen)
        except PoolTooSmallError as exc:
            raise Invalid(DraftRefusal.POOL_TOO_SMALL, str(exc)) from None
        deck = suggested.deck
        return Response({
            "runeslinger": deck.runeslinger, "equips": list(deck.equips), "cards": dict(deck.cards),
            "changes": suggested.changes,
        })  # fmt: skip

    @extend_schema(request=DeckInputSerializer, responses=OBJECT)
    @action(detail=True, methods=["post"])
    def check(self, request: Request, pk: str) -> Response:
        pool = self._pool(pk)
        checked = pools.check_pool_deck(pool, deck_from_input(_valid(DeckInputSerializer(data=request.data))))
        return Response(
            {
                "legal": checked.legal,
                "violations": [{"rule": v.rule, "message": v.message, "cards": list(v.cards)}
                               for v in checked.violations],
                "counts": checked.counts,
                "curve": [{"cost": b.cost, "label": b.label, "count": b.count} for b in checked.curve],
                "text": checked.text,
            }
        )  # fmt: skip

    @extend_schema(request=DeckInputSerializer, responses={201: OBJECT})
    @action(detail=True, methods=["post"])
    def deck(self, request: Request, pk: str) -> Response:
        pool = self._pool(pk)
        deck = deck_from_input(_valid(DeckInputSerializer(data=request.data)))
        pool = pools.submit_deck(pool, signed_in_user(request), deck)
        return Response(reading.pool_summary(pool), status=status.HTTP_201_CREATED)
