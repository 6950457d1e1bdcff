"""API shapes of events, rounds, matches and standings."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from gameplay.services import check_entry_count
from tournaments.models import DeckCheck, DeckVersion, Event, Match, Registration, ResultReport, Round
from tournaments.outcomes import report_words, result_words
from tournaments.services.standings import StandingRow


class EventSerializer(serializers.ModelSerializer[Event]):
    organiser = serializers.CharField(source="organiser.username", read_only=True)
    status_display = serializers.CharField(source="get_status_display", read_only=True)

    class Meta:
        model = Event
        fields = (
            "id", "name", "organiser", "format", "structure", "rounds", "round_minutes", "best_of", "top_cut",
            "tiebreakers", "bye_counts_in_own_mw", "late_entry_until_round", "pod_rounds", "starts_at",
            "played_on_site", "clock_minutes", "window_seconds", "clock_loses_match", "extra_turns", "matches_public",
            "lists_published",
            "status", "status_display", "cut_seeds", "created_at",
        )  # fmt: skip
        read_only_fields = ("id", "organiser", "status", "status_display", "cut_seeds", "created_at", "lists_published")


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
    winner = serializers.IntegerField(source="winner_id", read_only=True)
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
        child=serializers.ListField(child=serializers.IntegerField(allow_null=True), min_length=2, max_length=2),
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
