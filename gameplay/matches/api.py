"""The play API: read your view of a match and act in it; practice against a bot; export a game log.

A move is ``POST /api/play/{id}/act/`` with ``{"version": v, "action": "play c12 target=p2"}``.
A stale version answers 409 with the current version so the client re-reads its view.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotAuthenticated, ValidationError
from rest_framework.permissions import BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from accounts import throttling
from accounts.auth import signed_in_user
from accounts.models import User
from common.api import InputSerializer
from common.ids import ID_PATTERN
from gameplay.decks import services as saved_decks
from gameplay.matches import banks, selectors, services
from gameplay.matches.errors import Forbidden, MatchError
from gameplay.matches.models import MatchChallenge, PlayMatch
from gameplay.matches.services.decisions import ACTION_LENGTH
from gameplay.runeslingers.site_catalog import current_catalog

VIEW = OpenApiTypes.OBJECT  # a seat's (or the public) view of the match, as the engine draws it

DECK_HELP = "a starter deck id, or saved-<id> for one of your saved decks (legal in its format)"


class ActSerializer(InputSerializer):
    version = serializers.IntegerField(min_value=0)
    action = serializers.CharField(max_length=ACTION_LENGTH)


class ConcedeSerializer(InputSerializer):
    version = serializers.IntegerField(min_value=0, help_text="The version of the view you concede from.")


class FirstSerializer(InputSerializer):
    first = serializers.ChoiceField(choices=["me", "opponent"], help_text="Who goes first: you or your opponent.")
    version = serializers.IntegerField(min_value=0)


class PracticeSerializer(serializers.Serializer[Any]):
    bot = serializers.ChoiceField(choices=[c for c in PlayMatch.Bot.choices if c[0] != PlayMatch.Bot.TUTOR])
    starter = serializers.CharField(max_length=60, help_text=f"Your deck: {DECK_HELP}.")
    bot_starter = serializers.CharField(max_length=60, help_text="The bot's deck: a starter deck id.")
    best_of = serializers.ChoiceField(choices=[1, 3], default=1)
    pace = serializers.ChoiceField(  # turn-based play is between people: a challenge's bank_seconds
        choices=[c for c in PlayMatch.Pace.choices if c[0] != PlayMatch.Pace.TURNS], default=PlayMatch.Pace.STANDARD
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        starters = current_catalog().playable_starters
        for key in ("starter", "bot_starter"):
            if key == "starter" and attrs[key].startswith(saved_decks.SAVED_PREFIX):
                continue  # one of your saved decks: checked when the match is made
            if attrs[key] not in starters:
                raise serializers.ValidationError({key: f"Unknown starter deck; choose one of {', '.join(starters)}."})
        return attrs


class MatchAddTimeSerializer(serializers.Serializer[Any]):
    seat = serializers.ChoiceField(choices=["p1", "p2"])
    seconds = serializers.IntegerField(min_value=-3600, max_value=3600)


class MatchSetResultSerializer(serializers.Serializer[Any]):
    wins = serializers.ListField(child=serializers.IntegerField(min_value=0, max_value=2), min_length=2, max_length=2)


class MatchSummarySerializer(serializers.ModelSerializer[PlayMatch]):
    player1 = serializers.CharField(source="player1.username", read_only=True)
    player2 = serializers.CharField(source="player2.username", default=None, read_only=True, allow_null=True)
    bot = serializers.ChoiceField(
        choices=PlayMatch.Bot.choices,
        allow_blank=True,
        read_only=True,
        help_text="Seat 2 is this bot; empty: a person.",
    )

    class Meta:
        model = PlayMatch
        fields = ("id", "label", "player1", "player2", "bot", "best_of", "status", "wins", "winner", "version")
        read_only_fields = fields


class SignedInOrWatching(BasePermission):
    """Signed in for everything; without an account only reading a match (its view, log and
    replays), which ``PlayViewSet._visible`` then allows for public matches only."""

    READS = ("retrieve", "log", "entries", "replay")

    def has_permission(self, request: Request, view: Any) -> bool:
        if request.user is not None and request.user.is_authenticated:
            return True
        return request.method == "GET" and getattr(view, "action", None) in self.READS


@extend_schema(tags=["play"])
class PlayViewSet(viewsets.GenericViewSet[PlayMatch]):
    serializer_class = MatchSummarySerializer
    permission_classes = [SignedInOrWatching]
    lookup_value_regex = ID_PATTERN
    pagination_class = None  # the list is your latest 50 matches, as an array
    queryset = PlayMatch.objects.all()

    def get_object(self) -> PlayMatch:
        return self._visible()[0]

    def _visible(self) -> tuple[PlayMatch, int | None]:
        """The match and the user's seat (None: a watcher, who sees public information only)."""
        match, seen = self._seen()
        return match, seen.seat

    def _seen(self) -> tuple[PlayMatch, selectors.Sight]:
        """The match and what this user may see of it (``selectors.sight``: one rule for every path)."""
        try:
            found = selectors.seen_match(int(self.kwargs["pk"]), self.request.user)
        except selectors.SignInFirst:
            raise NotAuthenticated() from None  # sign in first, as for everything else
        if found is None:
            raise Http404("No such match.")
        return found

    def list(self, request: Request) -> Response:
        mine = selectors.my_matches(signed_in_user(request))
        return Response(MatchSummarySerializer(mine[:50], many=True).data)

    @extend_schema(request=PracticeSerializer, responses={201: MatchSummarySerializer})
    @action(detail=False, methods=["post"])
    def practice(self, request: Request) -> Response:
        throttling.check_api(request, "practice-match")
        data = PracticeSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        d = data.validated_data
        match = services.create_match(
            signed_in_user(request), None,
            [saved_decks.seat_deck(signed_in_user(request), d["starter"]), {"starter": d["bot_starter"]}],
            bot=d["bot"], best_of=int(d["best_of"]), label="practice", pace=d["pace"],
        )  # fmt: skip
        return Response(MatchSummarySerializer(match).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses=VIEW)
    def retrieve(self, request: Request, pk: str) -> Response:
        """Your view of the match (spectating staff get the public view)."""
        match, seat = self._visible()
        return Response(services.player_view(match, seat))

    @extend_schema(request=ActSerializer, responses=VIEW)
    @action(detail=True, methods=["post"])
    def act(self, request: Request, pk: str) -> Response:
        user = signed_in_user(request)
        data = ActSerializer(data=request.data)
        if not data.is_valid():
            self._visible()  # strangers learn nothing about the match, not even what a move looks like
            raise ValidationError(data.errors)
        try:
            outcome = services.play(int(pk), user, data.validated_data["action"], data.validated_data["version"])
        except PlayMatch.DoesNotExist:
            raise Http404("No such match.") from None
        except Forbidden:
            self._visible()  # 404 for strangers
            return Response({"detail": "You are watching this match, not playing it."}, status=403)
        except MatchError:
            self._visible()
            raise
        seat = outcome.match.seat_of(user.pk)
        body = outcome.views.get(seat) or services.player_view(outcome.match, seat)
        if outcome.refused:
            return Response({"detail": outcome.refused, **body}, status=409)
        return Response(body)

    @extend_schema(request=ConcedeSerializer, responses=VIEW)
    @action(detail=True, methods=["post"])
    def concede(self, request: Request, pk: str) -> Response:
        """Concede: the current game in an event's match (a game loss), the match in practice and challenges."""
        match, seat = self._visible()
        if seat is None:
            return Response({"detail": "You are watching this match, not playing it."}, status=403)
        data = ConcedeSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        outcome = services.concede(match.pk, signed_in_user(request), data.validated_data["version"])
        body = outcome.views.get(seat) or services.player_view(outcome.match, seat)
        if outcome.refused:
            return Response({"detail": outcome.refused, **body}, status=409)
        return Response(body)

    @extend_schema(request=None, responses=MatchSummarySerializer)
    @action(detail=True, methods=["post"])
    def rematch(self, request: Request, pk: str) -> Response:
        """After a finished practice match: a new one at once (201). After a challenge: the first to
        ask offers a rematch (202), the other accepts it by asking too (201, the new match)."""
        match, seat = self._visible()
        if seat is None:
            return Response({"detail": "You are watching this match, not playing it."}, status=403)
        throttling.check_api(request, "practice-match" if match.bot else "challenge")
        made = services.rematch(match.pk, signed_in_user(request))
        if made.match is None:
            return Response(
                {"detail": "Rematch offered: your opponent may accept it."}, status=status.HTTP_202_ACCEPTED
            )
        return Response(MatchSummarySerializer(made.match).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=FirstSerializer, responses=VIEW)
    @action(detail=True, methods=["post"])
    def first(self, request: Request, pk: str) -> Response:
        """Before a game the chooser (the die roll's winner, later the last game's loser) says who goes first."""
        match, seat = self._visible()
        if seat is None:
            return Response({"detail": "You are watching this match, not playing it."}, status=403)
        data = FirstSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        outcome = services.choose_first(
            match.pk, signed_in_user(request), data.validated_data["first"] == "me", data.validated_data["version"]
        )
        body = services.player_view(PlayMatch.objects.get(pk=match.pk), seat)
        if outcome.refused:
            return Response({"detail": outcome.refused, **body}, status=409)
        return Response(body)

    @extend_schema(responses=VIEW)
    @action(detail=True, methods=["get"])
    def log(self, request: Request, pk: str) -> Response:
        """The finished games' replay data: every game's seed, setup, versions and actions, enough to
        replay it exactly, once the match is over (to others only once the event publishes its lists);
        before that the actions and your own setup only."""
        match, seen = self._seen()
        return Response(services.game_log(match, seen))

    @extend_schema(
        parameters=[OpenApiParameter("before", int, description="the entries before this move's number")],
        responses=VIEW,
    )
    @action(detail=True, methods=["get"])
    def entries(self, request: Request, pk: str) -> Response:
        """The current game's earlier log entries, up to 50 before move ``before``, oldest first, each
        with its move's number ``n``: a view carries only the newest, and the page reads the rest as
        the player scrolls back. Public words, as every view's log: no hidden card is named."""
        match, _seen = self._seen()
        before = request.query_params.get("before", "")
        if not before.isdigit():
            return Response({"detail": "before: give the number of a move (a whole number)."}, status=400)
        return Response(services.log_page(match, int(before)))

    @extend_schema(request=None, responses=VIEW)
    @action(detail=True, methods=["post"])
    def pause(self, request: Request, pk: str) -> Response:
        match, seat = self._visible()
        services.pause(match.pk, signed_in_user(request))
        return Response(services.player_view(PlayMatch.objects.get(pk=match.pk), seat))

    @extend_schema(request=None, responses=VIEW)
    @action(detail=True, methods=["post"])
    def resume(self, request: Request, pk: str) -> Response:
        match, seat = self._visible()
        services.resume(match.pk, signed_in_user(request))
        return Response(services.player_view(PlayMatch.objects.get(pk=match.pk), seat))

    @extend_schema(request=MatchAddTimeSerializer, responses=VIEW)
    @action(detail=True, methods=["post"], url_path="add-time")
    def add_time(self, request: Request, pk: str) -> Response:
        match, seat = self._visible()
        data = MatchAddTimeSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        target = 0 if data.validated_data["seat"] == "p1" else 1
        services.add_time(match.pk, signed_in_user(request), target, data.validated_data["seconds"])
        return Response(services.player_view(PlayMatch.objects.get(pk=match.pk), seat))

    @extend_schema(request=MatchSetResultSerializer, responses=VIEW)
    @action(detail=True, methods=["post"], url_path="set-result")
    def set_result(self, request: Request, pk: str) -> Response:
        match, seat = self._visible()
        data = MatchSetResultSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        wins = data.validated_data["wins"]
        services.set_result(match.pk, signed_in_user(request), (wins[0], wins[1]))
        return Response(services.player_view(PlayMatch.objects.get(pk=match.pk), seat))

    @extend_schema(responses=VIEW)
    @action(detail=True, methods=["get"])
    def replay(self, request: Request, pk: str) -> Response:
        """``?game=1&step=10&seat=p1`` (seat may be p1, p2 or public): a finished game, step by step."""
        match, seen = self._seen()
        try:
            asked = selectors.replay_request(
                request.query_params, seen, default_view="public", seats=match.seat_count, over=match.is_finished
            )
        except selectors.ReplayRefused as refused:
            return Response({"detail": str(refused)}, status=refused.status)
        game = get_object_or_404(match.games, number=asked.game)
        return Response(services.replay_view(game, asked.seat, asked.step))


class MatchChallengeSerializer(serializers.ModelSerializer[MatchChallenge]):
    challenger = serializers.CharField(source="challenger.username", read_only=True)
    opponent = serializers.CharField(source="opponent.username")
    starter = serializers.CharField(write_only=True, help_text=f"Your deck: {DECK_HELP}.")
    bank_seconds = serializers.IntegerField(
        required=False, allow_null=True, help_text=f"Turn-based: the time bank of each move, {banks.ALLOWED}; "
        "empty or left out: a live match.",
    )  # fmt: skip

    class Meta:
        model = MatchChallenge
        fields = ("id", "challenger", "opponent", "starter", "best_of", "bank_seconds", "status", "match", "created_at")
        read_only_fields = ("id", "challenger", "status", "match", "created_at")


class AnswerSerializer(serializers.Serializer[Any]):
    starter = serializers.CharField(required=False, help_text=f"Your deck when you accept: {DECK_HELP}.")


@extend_schema(tags=["play"])
class MatchChallengeViewSet(viewsets.GenericViewSet[MatchChallenge]):
    """Challenge another player to a match; they accept with their deck, or decline."""

    serializer_class = MatchChallengeSerializer
    permission_classes = [IsAuthenticated]
    lookup_value_regex = ID_PATTERN
    pagination_class = None  # the list is your latest 50 challenges, as an array
    queryset = MatchChallenge.objects.all()

    def get_queryset(self) -> Any:
        user = signed_in_user(self.request)
        return (
            MatchChallenge.objects.filter(challenger=user) | MatchChallenge.objects.filter(opponent=user)
        ).select_related("challenger", "opponent")

    def list(self, request: Request) -> Response:
        return Response(MatchChallengeSerializer(self.get_queryset()[:50], many=True).data)

    def create(self, request: Request) -> Response:
        throttling.check_api(request, "challenge")
        data = MatchChallengeSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        opponent = User.objects.filter(username=data.validated_data["opponent"]["username"]).first()
        if opponent is None:
            return Response({"detail": "No player has that username."}, status=400)
        made = services.challenge(
            signed_in_user(request),
            opponent,
            saved_decks.seat_deck(signed_in_user(request), data.validated_data["starter"]),
            int(data.validated_data.get("best_of", 1)),
            data.validated_data.get("bank_seconds"),
        )
        return Response(MatchChallengeSerializer(made).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=AnswerSerializer)
    @action(detail=True, methods=["post"])
    def accept(self, request: Request, pk: str) -> Response:
        data = AnswerSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        starter = data.validated_data.get("starter")
        deck = saved_decks.seat_deck(signed_in_user(request), starter) if starter else None
        answered = services.answer_challenge(self.get_object().pk, signed_in_user(request), True, deck)
        return Response(MatchChallengeSerializer(answered).data)

    @extend_schema(request=None)
    @action(detail=True, methods=["post"])
    def decline(self, request: Request, pk: str) -> Response:
        answered = services.answer_challenge(self.get_object().pk, signed_in_user(request), False)
        return Response(MatchChallengeSerializer(answered).data)
