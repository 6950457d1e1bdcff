"""The events API: the same operations and permissions as the pages."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Q
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.serializers import BaseSerializer

from accounts.auth import signed_in_user
from accounts.models import User
from common.ids import ID_PATTERN, parse_id
from common.words import count
from gameplay.deckformats import RUNESLINGERS, AnyDeck, DeckFormat, deck_format
from gameplay.decks import services as saved_decks
from gameplay.runeslingers.site_catalog import (
    MAX_DECK_INPUT_BYTES,
    DeckInputError,
    current_catalog,
    deck_from_parts,
    declared_length,
)
from tournaments import listing, selectors
from tournaments.errors import EventRefusal, Invalid, NotFound
from tournaments.models import DeckVersion, Event, Match, PodTable, Registration, Round
from tournaments.permissions import Perm, has_permission, require
from tournaments.pods import services as pods
from tournaments.serializers import (
    AddTimeSerializer,
    CheckInSerializer,
    ClaimSerializer,
    ConfirmSerializer,
    DeckCheckSerializer,
    DeckSubmitSerializer,
    DeckVersionSerializer,
    DisputeSerializer,
    EventSerializer,
    MatchSerializer,
    NoListChoiceSerializer,
    PaidSerializer,
    PlacementsSerializer,
    PodReportSerializer,
    PodsEditSerializer,
    PodTableSerializer,
    RegistrationSerializer,
    ResultReportSerializer,
    RoundSerializer,
    ScoreSerializer,
    TablesSerializer,
    WaitingEntrySerializer,
    WaitingPlaceSerializer,
    WalkInSerializer,
    places_of,
)
from tournaments.services import decks, registration, results, rounds, waiting
from tournaments.services.desk import NoListChoice
from tournaments.services.standings import bracket
from tournaments.structures import structure_of

EMPTY = extend_schema(request=None)


def _private(entry: Registration) -> dict[str, Any]:
    """A registration as the organiser reads it (with the paid flag)."""
    return dict(RegistrationSerializer(entry, context={"private": True}).data)


def _valid(serializer: BaseSerializer[Any]) -> dict[str, Any]:
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


@extend_schema(tags=["events"])
class EventViewSet(viewsets.ModelViewSet[Event]):
    serializer_class = EventSerializer
    permission_classes = [IsAuthenticatedOrReadOnly]
    lookup_value_regex = ID_PATTERN
    http_method_names = ["get", "post", "patch", "head", "options"]

    def get_queryset(self) -> Any:
        taken = Count("registrations", filter=Q(registrations__dropped_after_round__isnull=True))
        events = selectors.visible_events(self.request.user).annotate(registered=taken)  # places_taken, one query
        return events.order_by("-created_at", "-id")  # a grouped query drops the model's ordering

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "when", str, enum=[w.value for w in listing.When if w], description="upcoming, running or finished"
            ),
            OpenApiParameter("game", str, description="a game's key: runeslingers, runebound"),
            OpenApiParameter("deck_format", str, description="a deck format's slug"),
        ]
    )
    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """Events, filtered (``when``, ``game``, ``deck_format``) and paged (``page``); a bad value is a 400."""
        wanted = listing.event_filter(request.query_params, format_param="deck_format")
        events = listing.filtered(self.get_queryset(), wanted)
        size = getattr(self.paginator, "page_size", None)
        pages = max(1, -(-events.count() // size)) if size else 1
        if wanted.page > pages:
            raise Invalid(
                EventRefusal.BAD_FILTER, f"page: the list has {count(pages, 'page', 'pages')}, not {wanted.page}."
            )
        page = self.paginate_queryset(events)
        if page is None:
            return Response(self.get_serializer(events, many=True).data)
        return self.get_paginated_response(self.get_serializer(page, many=True).data)

    def perform_create(self, serializer: BaseSerializer[Event]) -> None:
        serializer.instance = registration.create_event(signed_in_user(self.request), **_valid(serializer))

    def perform_update(self, serializer: BaseSerializer[Event]) -> None:
        assert isinstance(serializer.instance, Event)
        serializer.instance = registration.update_event(
            serializer.instance, signed_in_user(self.request), **_valid(serializer)
        )

    def _answer(self, event: Event, code: int = status.HTTP_200_OK) -> Response:
        return Response(EventSerializer(event).data, status=code)

    @EMPTY
    @action(detail=True, methods=["post"], url_path="open-registration")
    def open_registration(self, request: Request, pk: str) -> Response:
        event = registration.change_status(self.get_object(), Event.Status.REGISTRATION, signed_in_user(request))
        return self._answer(event)

    @EMPTY
    @action(detail=True, methods=["post"], url_path="close-registration")
    def close_registration(self, request: Request, pk: str) -> Response:
        return self._answer(registration.change_status(self.get_object(), Event.Status.DRAFT, signed_in_user(request)))

    @extend_schema(request=NoListChoiceSerializer)
    @action(detail=True, methods=["post"])
    def start(self, request: Request, pk: str) -> Response:
        """Start; players without a legal list (a constructed event) are paired, marked, or dropped
        as ``no_legal_list`` says (each recorded in the history)."""
        choice = _no_list_choice(request)
        return self._answer(registration.start_event(self.get_object(), signed_in_user(request), choice))

    @EMPTY
    @action(detail=True, methods=["post"])
    def finish(self, request: Request, pk: str) -> Response:
        return self._answer(rounds.finish_event(self.get_object(), signed_in_user(request)))

    @extend_schema(request=NoListChoiceSerializer, responses={201: RoundSerializer})
    @action(detail=True, methods=["post"], url_path="pair-next-round")
    def pair_next_round(self, request: Request, pk: str) -> Response:
        """Pair the next round as a preview; players without a legal list as ``no_legal_list`` says."""
        round_ = rounds.pair_next_round(self.get_object(), signed_in_user(request), _no_list_choice(request))
        return Response(RoundSerializer(round_).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses={201: RoundSerializer})
    @action(detail=True, methods=["post"])
    def cut(self, request: Request, pk: str) -> Response:
        round_ = rounds.cut_to_top(self.get_object(), signed_in_user(request))
        return Response(RoundSerializer(round_).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses={201: RegistrationSerializer})
    @action(detail=True, methods=["post"], permission_classes=[IsAuthenticated])
    def register(self, request: Request, pk: str) -> Response:
        entry = registration.register(self.get_object(), signed_in_user(request))
        return Response(RegistrationSerializer(entry).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses=RegistrationSerializer)
    @action(detail=True, methods=["post"], permission_classes=[IsAuthenticated])
    def drop(self, request: Request, pk: str) -> Response:
        event = self.get_object()
        entry = Registration.objects.filter(event=event, player=signed_in_user(request)).first()
        if entry is None:
            return Response({"detail": "You are not registered for this event."}, status=status.HTTP_404_NOT_FOUND)
        return Response(RegistrationSerializer(registration.drop(entry, signed_in_user(request))).data)

    @extend_schema(request=None, responses={200: WaitingPlaceSerializer, 201: WaitingPlaceSerializer})
    @action(detail=True, methods=["get", "post"], url_path="waiting-list", permission_classes=[IsAuthenticated])
    def waiting_list(self, request: Request, pk: str) -> Response:
        """The reader's place on a full event's waiting list: GET reads it (404 when not on it), POST
        joins the list."""
        event, player = self.get_object(), signed_in_user(request)
        if request.method == "POST":
            waiting.join(event, player)
        place = waiting.place_of(event, player.pk)
        if place is None:
            raise NotFound(EventRefusal.NOT_WAITING, f"You are not on the waiting list of {event.name}.")
        code = status.HTTP_201_CREATED if request.method == "POST" else status.HTTP_200_OK
        return Response(WaitingPlaceSerializer(place).data, status=code)

    @extend_schema(request=None, responses={200: WaitingEntrySerializer(many=True)})
    @action(
        detail=True,
        methods=["get"],
        url_path="waiting-entries",
        permission_classes=[IsAuthenticated],
        pagination_class=None,
    )
    def waiting_entries(self, request: Request, pk: str) -> Response:
        """The whole waiting list in order, with each offer and its deadline: the event's organiser
        (and staff) only; players see their own place (``waiting-list/``), never each other's."""
        entries = waiting.list_for_organiser(self.get_object(), signed_in_user(request))
        rows = [
            {"position": position, "name": entry.player.public_name, "joined_at": entry.joined_at,
             "offered_at": entry.offered_at, "expires_at": entry.offer_expires_at if entry.offered_at else None}
            for position, entry in enumerate(entries, start=1)
        ]  # fmt: skip
        return Response(WaitingEntrySerializer(rows, many=True).data)

    @extend_schema(request=None, responses={204: None})
    @action(detail=True, methods=["post"], url_path="leave-waiting-list", permission_classes=[IsAuthenticated])
    def leave_waiting_list(self, request: Request, pk: str) -> Response:
        """Leave the waiting list (declining a place offered: the next on the list is offered it)."""
        waiting.leave(self.get_object(), signed_in_user(request))
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(request=None, responses={201: RegistrationSerializer})
    @action(detail=True, methods=["post"], url_path="accept-place", permission_classes=[IsAuthenticated])
    def accept_place(self, request: Request, pk: str) -> Response:
        """Take the place offered to the reader from the waiting list: they are registered."""
        entry = waiting.accept(self.get_object(), signed_in_user(request))
        return Response(RegistrationSerializer(entry).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=WalkInSerializer, responses={201: RegistrationSerializer})
    @action(detail=True, methods=["post"], url_path="walk-in")
    def walk_in(self, request: Request, pk: str) -> Response:
        """The organiser adds a player at the desk: an account (``player``) or a guest (``guest_name``)."""
        data = _valid(WalkInSerializer(data=request.data))
        player = registration.account_with_id(data["player"]) if "player" in data else None
        entry = registration.add_walk_in(
            self.get_object(), signed_in_user(request), player=player, guest_name=data.get("guest_name", "")
        )
        return Response(_private(entry), status=status.HTTP_201_CREATED)

    @extend_schema(responses=RegistrationSerializer(many=True))
    @action(detail=True, methods=["get"], pagination_class=None)
    def registrations(self, request: Request, pk: str) -> Response:
        event = self.get_object()
        entries = Registration.objects.filter(event=event).select_related("player")
        private = has_permission(request.user, Perm.VIEW_PRIVATE, event)
        return Response(RegistrationSerializer(entries, many=True, context={"private": private}).data)

    @extend_schema(responses=RoundSerializer(many=True))
    @action(detail=True, methods=["get"], pagination_class=None)
    def rounds(self, request: Request, pk: str) -> Response:
        event = self.get_object()
        found = selectors.public_rounds(request.user, event).prefetch_related("matches__player_a", "matches__player_b")
        return Response(RoundSerializer(found, many=True).data)

    @extend_schema(
        methods=["GET"],
        request=None,
        responses=DeckVersionSerializer,
        parameters=[
            OpenApiParameter("player", int, required=False, description="A player's list (organiser, judges).")
        ],
    )
    @extend_schema(
        methods=["POST"],
        request=DeckSubmitSerializer,
        responses={201: DeckVersionSerializer},
        parameters=[
            OpenApiParameter("player", int, required=False, description="Enter this player's list (organiser).")
        ],
    )
    @action(detail=True, methods=["get", "post"], permission_classes=[IsAuthenticated])
    def deck(self, request: Request, pk: str) -> Response:
        """Your registered deck (GET), or register a new version of it (POST). With ``?player=<id>``
        the organiser enters that player's list (a guest walk-in's, anyone's; in the history), and
        the organiser and judges read it."""
        event = self.get_object()
        player = self._deck_player(request, event)
        if request.method == "GET":
            version = DeckVersion.objects.filter(deck__event=event, deck__player=player).order_by("-number")
            if not version:
                whose = "You have" if player.pk == request.user.pk else f"{player.public_name} has"
                return Response({"detail": f"{whose} not registered a deck for this event."}, status=404)
            return Response(DeckVersionSerializer(version[0]).data)
        return _submit_deck(request, event, player)

    @staticmethod
    def _deck_player(request: Request, event: Event) -> User:
        """The signed-in player, or (``?player=``) a registered player of the event for its staff."""
        user = signed_in_user(request)
        if "player" not in request.query_params:
            return user
        player_id = parse_id(request.query_params["player"])
        if player_id is None:
            raise Invalid(EventRefusal.NOT_REGISTERED, "player: the id of a registered player (a whole number).")
        if player_id == user.pk:
            return user
        require(user, Perm.MANAGE if request.method == "POST" else Perm.VIEW_PRIVATE, event)
        entry = Registration.objects.select_related("player").filter(event=event, player_id=player_id).first()
        if entry is None:
            raise NotFound(EventRefusal.NOT_REGISTERED, "That player is not registered for this event.")
        return entry.player

    @extend_schema(responses=DeckVersionSerializer(many=True))
    @action(detail=True, methods=["get"], pagination_class=None)
    def decks(self, request: Request, pk: str) -> Response:
        """Every list you may see: staff see all; players their own until the lists are published."""
        found = [d.current() for d in decks.visible_decks(request.user, self.get_object())]
        return Response(DeckVersionSerializer([v for v in found if v is not None], many=True).data)

    @extend_schema(request=CheckInSerializer)
    @action(detail=True, methods=["post"], url_path="publish-lists")
    def publish_lists(self, request: Request, pk: str) -> Response:
        published = _valid(CheckInSerializer(data={"checked_in": request.data.get("published")}))["checked_in"]
        return self._answer(decks.publish_lists(self.get_object(), signed_in_user(request), published))

    @extend_schema(responses={200: {"type": "array", "items": {"type": "object", "additionalProperties": {}}}})
    @action(detail=True, methods=["get"])
    def standings(self, request: Request, pk: str) -> Response:
        """Swiss rows (match points and tiebreaks) or, in a pod event, pod rows (points, opponents'
        average points per round, placement history)."""
        return Response(structure_of(self.get_object()).standings_data())

    @extend_schema(responses=OpenApiTypes.OBJECT)
    @action(detail=True, methods=["get"])
    def bracket(self, request: Request, pk: str) -> Response:
        state = bracket(self.get_object())
        if state is None:
            return Response({"size": 0, "rounds": []})
        return Response(
            {
                "size": state.size,
                "seeds": list(state.seeds),
                "champion": state.champion,
                "rounds": [[{"a": m.a, "b": m.b, "winner": m.winner} for m in r] for r in state.rounds],
            }
        )


@extend_schema(tags=["events"])
class RegistrationViewSet(viewsets.GenericViewSet[Registration]):
    serializer_class = RegistrationSerializer
    permission_classes = [IsAuthenticated]
    lookup_value_regex = ID_PATTERN

    def get_queryset(self) -> Any:
        return Registration.objects.filter(event__in=selectors.visible_events(self.request.user))

    @EMPTY
    @action(detail=True, methods=["post"])
    def drop(self, request: Request, pk: str) -> Response:
        return Response(RegistrationSerializer(registration.drop(self.get_object(), signed_in_user(request))).data)

    @EMPTY
    @action(detail=True, methods=["post"])
    def readd(self, request: Request, pk: str) -> Response:
        return Response(RegistrationSerializer(registration.readd(self.get_object(), signed_in_user(request))).data)

    @extend_schema(request=CheckInSerializer)
    @action(detail=True, methods=["post"], url_path="check-in")
    def check_in(self, request: Request, pk: str) -> Response:
        data = _valid(CheckInSerializer(data=request.data))
        entry = registration.set_checked_in(self.get_object(), signed_in_user(request), data["checked_in"])
        return Response(RegistrationSerializer(entry).data)

    @extend_schema(request=PaidSerializer)
    @action(detail=True, methods=["post"])
    def paid(self, request: Request, pk: str) -> Response:
        data = _valid(PaidSerializer(data=request.data))
        return Response(_private(registration.set_paid(self.get_object(), signed_in_user(request), data["paid"])))

    @extend_schema(request=ClaimSerializer)
    @action(detail=True, methods=["post"])
    def claim(self, request: Request, pk: str) -> Response:
        """Link this registration's guest to an account (everything of the guest moves to it)."""
        entry = self.get_object()
        account = registration.account_named(_valid(ClaimSerializer(data=request.data))["username"])
        registration.claim_guest(entry.player, account, signed_in_user(request))
        entry.refresh_from_db()
        return Response(_private(entry))


@extend_schema(tags=["events"])
class RoundViewSet(mixins.RetrieveModelMixin, viewsets.GenericViewSet[Round]):
    serializer_class = RoundSerializer
    permission_classes = [IsAuthenticatedOrReadOnly]
    lookup_value_regex = ID_PATTERN
    queryset = Round.objects.all()  # for the schema; lookups go through selectors.round_for

    def get_object(self) -> Round:
        return selectors.round_for(self.request.user, int(self.kwargs["pk"]))

    def _answer(self, round_: Round) -> Response:
        return Response(RoundSerializer(Round.objects.get(pk=round_.pk)).data)

    @extend_schema(request=NoListChoiceSerializer)
    @action(detail=True, methods=["post"])
    def publish(self, request: Request, pk: str) -> Response:
        """Publish the preview. Players without a legal list: ``pair`` publishes with them, marked;
        ``drop`` drops them and answers with the round paired again, still a preview, to check."""
        done = rounds.publish_round(self.get_object(), signed_in_user(request), no_legal_list=_no_list_choice(request))
        return self._answer(done)

    @extend_schema(request=None, responses={204: None})
    @action(detail=True, methods=["post"])
    def discard(self, request: Request, pk: str) -> Response:
        rounds.discard_preview(self.get_object(), signed_in_user(request))
        return Response(status=status.HTTP_204_NO_CONTENT)

    @EMPTY
    @action(detail=True, methods=["post"])
    def end(self, request: Request, pk: str) -> Response:
        return self._answer(rounds.end_round(self.get_object(), signed_in_user(request)))

    @extend_schema(request=AddTimeSerializer)
    @action(detail=True, methods=["post"], url_path="add-time")
    def add_time(self, request: Request, pk: str) -> Response:
        minutes = _valid(AddTimeSerializer(data=request.data))["minutes"]
        return self._answer(rounds.add_time(self.get_object(), minutes, signed_in_user(request)))

    @extend_schema(request=TablesSerializer)
    @action(detail=True, methods=["put"])
    def pairings(self, request: Request, pk: str) -> Response:
        tables = [tuple(t) for t in _valid(TablesSerializer(data=request.data))["tables"]]
        if any(a is None for a, _b in tables):
            return Response({"detail": "The first seat of a table cannot be empty."}, status=400)
        return self._answer(rounds.edit_pairings(self.get_object(), tables, signed_in_user(request)))


def _pods_answer(round_: Round) -> Response:
    return Response(PodTableSerializer(pods.tables_of(round_), many=True).data)


@extend_schema(tags=["events"])
class RoundPodsViewSet(viewsets.ViewSet):
    """A pod round's pods: read them (everyone who may see the round), edit a preview's (the organiser)."""

    permission_classes = [IsAuthenticatedOrReadOnly]
    lookup_value_regex = ID_PATTERN

    def get_object(self) -> Round:
        return selectors.round_for(self.request.user, int(self.kwargs["pk"]))

    @extend_schema(responses=PodTableSerializer(many=True))
    def retrieve(self, request: Request, pk: str) -> Response:
        return _pods_answer(self.get_object())

    @extend_schema(request=PodsEditSerializer, responses=PodTableSerializer(many=True))
    def update(self, request: Request, pk: str) -> Response:
        edited = [list(pod) for pod in _valid(PodsEditSerializer(data=request.data))["pods"]]
        return _pods_answer(pods.edit_pods(self.get_object(), edited, signed_in_user(request)))


@extend_schema(tags=["events"])
class PodTableViewSet(mixins.RetrieveModelMixin, viewsets.GenericViewSet[PodTable]):
    """One pod: its seats and places; a member reports, another confirms or disputes; staff set them."""

    serializer_class = PodTableSerializer
    permission_classes = [IsAuthenticatedOrReadOnly]
    lookup_value_regex = ID_PATTERN
    queryset = PodTable.objects.all()  # for the schema; lookups go through selectors.pod_table_for

    def get_object(self) -> PodTable:
        return selectors.pod_table_for(self.request.user, int(self.kwargs["pk"]))

    def _answer(self, table: PodTable) -> Response:
        found = PodTable.objects.filter(pk=table.pk)
        return Response(PodTableSerializer(pods.tables_of(table.round, found)[0]).data)

    @extend_schema(request=PlacementsSerializer)
    @action(detail=True, methods=["post"])
    def report(self, request: Request, pk: str) -> Response:
        places = places_of(_valid(PlacementsSerializer(data=request.data)))
        return self._answer(pods.report_placements(self.get_object(), signed_in_user(request), places))

    @EMPTY
    @action(detail=True, methods=["post"])
    def confirm(self, request: Request, pk: str) -> Response:
        return self._answer(pods.confirm_placements(self.get_object(), signed_in_user(request)))

    @extend_schema(request=DisputeSerializer)
    @action(detail=True, methods=["post"])
    def dispute(self, request: Request, pk: str) -> Response:
        note = _valid(DisputeSerializer(data=request.data))["note"]
        return self._answer(pods.dispute_placements(self.get_object(), signed_in_user(request), note))

    @extend_schema(request=PlacementsSerializer)
    @action(detail=True, methods=["post"], url_path="set-placements")
    def set_placements(self, request: Request, pk: str) -> Response:
        """The organiser or a judge sets or changes the places (also after the round ended)."""
        places = places_of(_valid(PlacementsSerializer(data=request.data)))
        return self._answer(pods.set_placements(self.get_object(), signed_in_user(request), places))

    @extend_schema(responses=PodReportSerializer(many=True))
    @action(detail=True, methods=["get"], pagination_class=None)
    def reports(self, request: Request, pk: str) -> Response:
        table = self.get_object()
        members = table.seats.filter(player_id=request.user.pk).exists()
        if not (members or has_permission(request.user, Perm.VIEW_PRIVATE, table.round.event)):
            return Response({"detail": "Only the pod's players and the event's staff see the reports."}, status=403)
        return Response(PodReportSerializer(selectors.pod_reports(table), many=True).data)


@extend_schema(tags=["events"])
class MatchViewSet(mixins.RetrieveModelMixin, viewsets.GenericViewSet[Match]):
    serializer_class = MatchSerializer
    permission_classes = [IsAuthenticatedOrReadOnly]
    lookup_value_regex = ID_PATTERN
    queryset = Match.objects.all()  # for the schema; lookups go through selectors.match_for

    def get_object(self) -> Match:
        return selectors.match_for(self.request.user, int(self.kwargs["pk"]))

    def _answer(self, match: Match) -> Response:
        """The match as the requesting user reads it (``result_text`` in their words)."""
        return Response(MatchSerializer(match, context=self.get_serializer_context()).data)

    def _score(self, request: Request, match: Match) -> results.Score:
        data = _valid(ScoreSerializer(data=request.data))
        if "wins" in data:
            return results.Score.from_players_view(
                match, signed_in_user(request), data["wins"], data["losses"], data["draws"]
            )
        return results.Score(data["a_games"], data["b_games"], data["draws"])

    @extend_schema(request=ScoreSerializer)
    @action(detail=True, methods=["post"])
    def report(self, request: Request, pk: str) -> Response:
        match = self.get_object()
        return self._answer(results.report_result(match, signed_in_user(request), self._score(request, match)))

    @extend_schema(request=ConfirmSerializer)
    @action(detail=True, methods=["post"])
    def confirm(self, request: Request, pk: str) -> Response:
        """Confirm the opponent's report; with ``version``, only the report as it was at that version."""
        version = _valid(ConfirmSerializer(data=request.data)).get("version")
        return self._answer(results.confirm_result(self.get_object(), signed_in_user(request), version))

    @extend_schema(request=ScoreSerializer)
    @action(detail=True, methods=["post"], url_path="set-result")
    def set_result(self, request: Request, pk: str) -> Response:
        """The organiser or a judge enters or overrides the result. A match played on the site ends
        with it there too (or, finished, is corrected): the event and the match never disagree."""
        match = self.get_object()
        return self._answer(results.set_result(match, signed_in_user(request), self._score(request, match)))

    @extend_schema(responses=ResultReportSerializer(many=True))
    @action(detail=True, methods=["get"], pagination_class=None)
    def reports(self, request: Request, pk: str) -> Response:
        match = self.get_object()
        if not (
            request.user.pk in match.players() or has_permission(request.user, Perm.VIEW_PRIVATE, match.round.event)
        ):
            return Response({"detail": "Only the players and the event's staff see the reports."}, status=403)
        return Response(ResultReportSerializer(selectors.match_reports(match), many=True).data)


def _no_list_choice(request: Request) -> NoListChoice:
    return NoListChoice(_valid(NoListChoiceSerializer(data=request.data))["no_legal_list"])


def _submit_deck(request: Request, event: Event, player: User) -> Response:
    decks.require_may_register(event, player, signed_in_user(request))  # before reading the list
    if declared_length(request) > MAX_DECK_INPUT_BYTES:
        return Response({"detail": f"The deck is too large: at most {MAX_DECK_INPUT_BYTES // 1024} KB."}, status=413)
    data = _valid(DeckSubmitSerializer(data=request.data))
    played = deck_format(event.format)
    if data.get("format") and data["format"] != event.format:
        detail = f"{event.name} uses {played.name}, not {data['format']!r}."
        return Response({"detail": detail}, status=400)
    try:
        deck, source = _submitted_deck(request, played, data)
    except DeckInputError as exc:
        return Response({"detail": "The list cannot be read.", "errors": exc.errors}, status=400)
    violations = played.check(deck)
    if violations and not played.limited:
        body = [{"rule": v.rule, "message": v.message, "cards": list(v.cards)} for v in violations]
        return Response({"detail": "The deck is not legal for this event.", "violations": body}, status=400)
    version = decks.register_deck(event, player, deck, signed_in_user(request), source=source)
    return Response(DeckVersionSerializer(version).data, status=status.HTTP_201_CREATED)


def _submitted_deck(request: Request, played: DeckFormat, data: dict[str, Any]) -> tuple[AnyDeck, str]:
    """The deck sent (a list, structured input or a saved deck legal in the event's format) and its text."""
    if "saved_deck" in data:
        saved = saved_decks.legal_version(signed_in_user(request), data["saved_deck"], played.slug)
        return saved_decks.deck_of(saved), saved.text
    if "text" in data:
        return played.read(data["text"]), data["text"]
    if played.game != RUNESLINGERS:
        raise DeckInputError([f"Send a {played.game_name} list as `text` (or a saved deck as `saved_deck`)."])
    catalog = current_catalog()
    return deck_from_parts(catalog, data.get("runeslinger"), data.get("equips", []), data["cards"]), ""


@extend_schema(tags=["events"])
class DeckVersionViewSet(mixins.RetrieveModelMixin, viewsets.GenericViewSet[DeckVersion]):
    serializer_class = DeckVersionSerializer
    permission_classes = [IsAuthenticated]
    lookup_value_regex = ID_PATTERN
    queryset = DeckVersion.objects.all()

    def get_queryset(self) -> Any:
        user = signed_in_user(self.request)
        versions = DeckVersion.objects.select_related("deck__event", "deck__player")
        if user.is_staff:
            return versions
        return versions.filter(
            Q(deck__player=user)
            | Q(deck__event__lists_published=True)
            | Q(deck__event__organiser=user)
            | Q(deck__event__judges=user)
        ).distinct()

    @extend_schema(request=DeckCheckSerializer, responses={201: DeckCheckSerializer})
    @action(detail=True, methods=["post"])
    def check(self, request: Request, pk: str) -> Response:
        data = _valid(DeckCheckSerializer(data=request.data))
        done = decks.mark_checked(self.get_object(), signed_in_user(request), data["passed"], data.get("note", ""))
        return Response(DeckCheckSerializer(done).data, status=status.HTTP_201_CREATED)
