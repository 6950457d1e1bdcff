"""API shapes of events, rounds, matches and standings."""

from __future__ import annotations

from datetime import UTC
from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from common.ids import MAX_ID
from gameplay.runeslingers.site_catalog import check_entry_count
from tournaments.models import (
    DeckCheck,
    DeckVersion,
    Event,
    Match,
    PodReport,
    PodTable,
    Registration,
    ResultReport,
    Round,
)
from tournaments.outcomes import report_words, result_words
from tournaments.pods import services as pods
from tournaments.services import capacity
from tournaments.services.standings import StandingRow


class EventSerializer(serializers.ModelSerializer[Event]):
    starts_at = serializers.DateTimeField(
        required=False, allow_null=True, default_timezone=UTC, help_text="ISO 8601, in UTC."
    )
    organiser = serializers.CharField(source="organiser.username", read_only=True)
    status_display = serializers.CharField(source="get_status_display", read_only=True)
    places_taken = serializers.SerializerMethodField(help_text="Players registered and not dropped.")

    class Meta:
        model = Event
        fields = (
            "id", "name", "organiser", "format", "structure", "rounds", "round_minutes", "best_of", "top_cut",
            "tiebreakers", "bye_counts_in_own_mw", "late_entry_until_round", "pod_rounds", "starts_at",
            "played_on_site", "clock_minutes", "window_seconds", "clock_loses_match", "extra_turns", "matches_public",
            "arrival_minutes", "lists_published", "pod_size", "pod_minimum", "pod_maximum", "placement_points",
            "description", "venue", "online", "fee", "capacity", "places_taken", "status", "status_display",
            "cut_seeds", "created_at",
        )  # fmt: skip
        read_only_fields = (
            "id",
            "organiser",
            "places_taken",
            "status",
            "status_display",
            "cut_seeds",
            "created_at",
            "lists_published",
        )

    def get_places_taken(self, event: Event) -> int:
        registered = getattr(event, "registered", None)  # counted with the list (EventViewSet)
        return int(registered) if registered is not None else capacity.places_taken(event)


class WaitingPlaceSerializer(serializers.Serializer[Any]):
    position = serializers.IntegerField(read_only=True, help_text="1 is first on the list.")
    offered = serializers.BooleanField(read_only=True, help_text="A place is offered to the player: accept it.")
    expires_at = serializers.DateTimeField(
        read_only=True, allow_null=True, help_text="When the place offered lapses if not taken (null: none offered)."
    )


class WaitingEntrySerializer(serializers.Serializer[Any]):
    """One player on the waiting list, as the organiser reads it (the name shown on the site; no e-mail)."""

    position = serializers.IntegerField(read_only=True, help_text="1 is first on the list.")
    name = serializers.CharField(read_only=True, help_text="The player's name as the site shows it.")
    joined_at = serializers.DateTimeField(read_only=True)
    offered_at = serializers.DateTimeField(read_only=True, allow_null=True, help_text="When a place was offered.")
    expires_at = serializers.DateTimeField(
        read_only=True, allow_null=True, help_text="When the place offered lapses if not taken."
    )


class RegistrationSerializer(serializers.ModelSerializer[Registration]):
    username = serializers.SerializerMethodField(help_text="Empty for a guest (a guest's username is internal).")
    name = serializers.CharField(source="player.public_name", read_only=True)
    guest = serializers.BooleanField(source="player.is_guest", read_only=True)
    paid = serializers.SerializerMethodField(help_text="Shown to the organiser and judges only (empty otherwise).")

    class Meta:
        model = Registration
        fields = (
            "id", "player", "username", "name", "guest", "checked_in", "paid", "late_entry_round", "pod",
            "dropped_after_round",
        )  # fmt: skip
        read_only_fields = fields

    def get_username(self, entry: Registration) -> str | None:
        return None if entry.player.is_guest else entry.player.username

    def get_paid(self, entry: Registration) -> bool | None:
        return entry.paid if self.context.get("private") else None


class WalkInSerializer(serializers.Serializer[Any]):
    """An account's id (``player``) or a guest's name (``guest_name``)."""

    player = serializers.IntegerField(required=False, min_value=1)
    guest_name = serializers.CharField(required=False, allow_blank=True, max_length=200, trim_whitespace=False)


class PaidSerializer(serializers.Serializer[Any]):
    paid = serializers.BooleanField()


class ClaimSerializer(serializers.Serializer[Any]):
    username = serializers.CharField(max_length=150, help_text="The account that takes over the guest's entry.")


class ResultReportSerializer(serializers.ModelSerializer[ResultReport]):
    by = serializers.CharField(source="by.username", default=None, read_only=True)
    text = serializers.SerializerMethodField(help_text="The report in words, with the players' names.")

    class Meta:
        model = ResultReport
        fields = ("kind", "by", "a_games", "b_games", "draws", "at", "text")
        read_only_fields = fields

    def get_text(self, report: ResultReport) -> str:
        return report_words(report)


class MatchSerializer(serializers.ModelSerializer[Match]):
    round = serializers.IntegerField(source="round.number", read_only=True)
    player_a_name = serializers.CharField(source="player_a.public_name", read_only=True)
    player_b_name = serializers.CharField(source="player_b.public_name", default=None, read_only=True)
    winner = serializers.IntegerField(source="winner_id", read_only=True, allow_null=True)
    result_text = serializers.SerializerMethodField(help_text="The result in words for the requesting user.")

    class Meta:
        model = Match
        fields = (
            "id", "round", "table", "player_a", "player_a_name", "player_b", "player_b_name", "explanation",
            "status", "a_games", "b_games", "draws", "winner", "reported_by", "confirmed_by", "time_called",
            "version", "result_text",
        )  # fmt: skip
        read_only_fields = fields

    def get_result_text(self, match: Match) -> str:
        request = self.context.get("request")
        return result_words(match, request.user if request is not None else None)


class RoundSerializer(serializers.ModelSerializer[Round]):
    matches = MatchSerializer(many=True, read_only=True)

    class Meta:
        model = Round
        fields = (
            "id", "number", "stage", "status", "bye_explanation", "published_at", "ends_at", "time_called_at",
            "ended_at", "matches",
        )  # fmt: skip
        read_only_fields = fields


class NoListChoiceSerializer(serializers.Serializer[Any]):
    """What happens to players without a legal deck list (a constructed event): ``pair`` (they play,
    marked; the default) or ``drop``; recorded in the event's history."""

    no_legal_list = serializers.ChoiceField(choices=["pair", "drop"], required=False, default="pair")


class ConfirmSerializer(serializers.Serializer[Any]):
    """The match's version the opponent read the report at (optional): a report corrected since is
    not confirmed unseen."""

    version = serializers.IntegerField(min_value=0, required=False)


class ScoreSerializer(serializers.Serializer[Any]):
    """Either table order (a_games, b_games) or the reporter's view (wins, losses); draws optional."""

    a_games = serializers.IntegerField(min_value=0, max_value=9, required=False)
    b_games = serializers.IntegerField(min_value=0, max_value=9, required=False)
    wins = serializers.IntegerField(min_value=0, max_value=9, required=False)
    losses = serializers.IntegerField(min_value=0, max_value=9, required=False)
    draws = serializers.IntegerField(min_value=0, max_value=9, default=0)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        table = "a_games" in attrs and "b_games" in attrs
        mine = "wins" in attrs and "losses" in attrs
        if table == mine:
            raise serializers.ValidationError("Give either a_games and b_games, or wins and losses.")
        return attrs


class TablesSerializer(serializers.Serializer[Any]):
    tables = serializers.ListField(
        child=serializers.ListField(
            child=serializers.IntegerField(allow_null=True, max_value=MAX_ID), min_length=2, max_length=2
        ),
        allow_empty=False,
        max_length=2048,
    )


class AddTimeSerializer(serializers.Serializer[Any]):
    minutes = serializers.IntegerField(min_value=-60, max_value=120)


class CheckInSerializer(serializers.Serializer[Any]):
    checked_in = serializers.BooleanField()


def standing_data(row: StandingRow) -> dict[str, Any]:
    s = row.standing
    return {
        "rank": s.rank, "player": s.player, "username": row.player.username, "name": row.player.public_name,
        "points": s.points, "wins": s.wins, "losses": s.losses, "draws": s.draws, "byes": s.byes,
        "mw": round(s.mw, 4), "omw": round(s.omw, 4), "gw": round(s.gw, 4), "ogw": round(s.ogw, 4),
        "dropped": s.dropped,
    }  # fmt: skip


class PodSeatSerializer(serializers.Serializer[Any]):
    """A seat of a pod: seats run clockwise from 1 (seat 1 plays first); left is the next seat."""

    player = serializers.IntegerField(help_text="The player's account id (a key; show the name).")
    name = serializers.CharField()
    seat = serializers.IntegerField(help_text="1 … n clockwise round the table; seat 1 plays first.")
    placement = serializers.IntegerField(allow_null=True, help_text="The confirmed place (ties share one).")
    placement_text = serializers.CharField(help_text='"1st", "2nd", … or empty before confirmation.')
    reported_placement = serializers.IntegerField(
        allow_null=True, help_text="The place in the report awaiting confirmation."
    )
    points = serializers.IntegerField(allow_null=True, help_text="Points for the confirmed place.")


class PodTableSerializer(serializers.ModelSerializer[PodTable]):
    round = serializers.IntegerField(source="round.number", read_only=True)
    status_display = serializers.CharField(source="get_status_display", read_only=True)
    reported_by_name = serializers.CharField(
        source="reported_by.public_name", default=None, read_only=True, allow_null=True
    )
    confirmed_by_name = serializers.CharField(
        source="confirmed_by.public_name", default=None, read_only=True, allow_null=True
    )
    seats = serializers.SerializerMethodField()

    class Meta:
        model = PodTable
        fields = (
            "id", "round", "table", "explanation", "status", "status_display", "version", "reported_by",
            "reported_by_name", "reported_at", "confirmed_by", "confirmed_by_name", "confirmed_at", "time_called",
            "seats",
        )  # fmt: skip
        read_only_fields = fields

    @extend_schema_field(PodSeatSerializer(many=True))
    def get_seats(self, table: PodTable) -> list[dict[str, Any]]:
        points = pods.placement_points(table.round.event)
        seats = sorted(table.seats.all(), key=lambda seat: seat.position)
        return [pods.seat_data(seat, points, len(seats)) for seat in seats]


class PlaceSerializer(serializers.Serializer[Any]):
    player = serializers.IntegerField(min_value=1, max_value=MAX_ID)
    place = serializers.IntegerField(min_value=1, max_value=6)


class PlacementsSerializer(serializers.Serializer[Any]):
    """Every player's place: 1 for the winner; tied players share a place and the next is skipped."""

    places = PlaceSerializer(many=True, allow_empty=False)

    def validate_places(self, value: list[dict[str, int]]) -> list[dict[str, int]]:
        if len(value) > 6:
            raise serializers.ValidationError("A pod seats at most 6 players.")
        if len({entry["player"] for entry in value}) != len(value):
            raise serializers.ValidationError("Give each player one place.")
        return value


def places_of(data: dict[str, Any]) -> dict[int, int]:
    return {entry["player"]: entry["place"] for entry in data["places"]}


class DisputeSerializer(serializers.Serializer[Any]):
    note = serializers.CharField(required=False, allow_blank=True, max_length=pods.NOTE_LENGTH, default="")


class PodsEditSerializer(serializers.Serializer[Any]):
    """The organiser's pods: player ids, each pod in seating order (clockwise from seat 1)."""

    pods = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField(max_value=MAX_ID), min_length=1, max_length=12),
        allow_empty=False,
        max_length=1024,
    )


class PodReportSerializer(serializers.ModelSerializer[PodReport]):
    by = serializers.CharField(source="by.public_name", default=None, read_only=True)
    kind_display = serializers.CharField(source="get_kind_display", read_only=True)

    class Meta:
        model = PodReport
        fields = ("kind", "kind_display", "by", "places", "note", "at")
        read_only_fields = fields


def pod_standing_data(row: pods.PodStandingRow) -> dict[str, Any]:
    s = row.standing
    return {
        "rank": s.rank, "player": s.player, "name": row.player.public_name, "points": s.points, "rounds": s.rounds,
        "opponents_average": round(row.opponents_average, 4), "places": list(s.places),
        "places_text": row.places_text, "dropped": s.dropped, "late_entry_round": row.late_entry_round,
    }  # fmt: skip


class DeckCheckSerializer(serializers.ModelSerializer[DeckCheck]):
    by = serializers.CharField(source="by.username", default=None, read_only=True)

    class Meta:
        model = DeckCheck
        fields = ("passed", "note", "by", "at")
        read_only_fields = ("by", "at")


class DeckVersionSerializer(serializers.ModelSerializer[DeckVersion]):
    player = serializers.CharField(source="deck.player.username", read_only=True)
    checks = DeckCheckSerializer(many=True, read_only=True)

    class Meta:
        model = DeckVersion
        fields = (
            "id", "player", "number", "runeslinger", "equips", "cards", "sections", "size", "text", "catalog_version",
            "submitted_at", "automatic", "checks",
        )  # fmt: skip
        read_only_fields = fields


class DeckSubmitSerializer(serializers.Serializer[Any]):
    """Either a pasted list (`text`) or structured input (`runeslinger`, `equips`, `cards`)."""

    format = serializers.CharField(required=False, max_length=40, help_text="If given, it must be the event's format.")
    text = serializers.CharField(required=False, allow_blank=False, max_length=64 * 1024, trim_whitespace=False)
    runeslinger = serializers.CharField(required=False, max_length=80)
    equips = serializers.ListField(child=serializers.CharField(max_length=80), required=False, max_length=4)
    cards = serializers.DictField(child=serializers.JSONField(), required=False)
    saved_deck = serializers.IntegerField(
        required=False, min_value=1, help_text="One of your saved decks (its current list), instead of a list."
    )

    def validate_cards(self, value: dict[str, Any]) -> dict[str, Any]:
        check_entry_count(value)
        return value

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if sum(key in attrs for key in ("text", "cards", "saved_deck")) != 1:
            raise serializers.ValidationError(
                "Send either `text`, `cards` (with `runeslinger` and `equips`) or `saved_deck`."
            )
        return attrs
