"""API shapes of Runemasters challenges. A challenge's seed is never in them: it would give away
the monster and event decks' order."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from tournaments.coop.models import MAX_TEAM, Attempt, Challenge, Difficulty, Guardian, Team
from tournaments.coop.services import MAX_ATTEMPTS, TURN_SECONDS, Row, window_words


class RunemastersChallengeSerializer(serializers.ModelSerializer[Challenge]):
    organiser = serializers.CharField(
        source="organiser.public_name", read_only=True, default=None, allow_null=True, help_text="Empty: the site."
    )
    status_label = serializers.CharField(source="get_status_display", read_only=True)
    window = serializers.SerializerMethodField()
    guardians = serializers.ListField(
        child=serializers.ChoiceField(choices=Guardian.choices), required=False, max_length=4, default=list
    )
    ends_at = serializers.DateTimeField(required=False, allow_null=True)

    class Meta:
        model = Challenge
        fields = (
            "id", "name", "organiser", "difficulty", "guardian_count", "guardians", "timing", "starts_at",
            "ends_at", "attempts_allowed", "turn_seconds", "daily", "status", "status_label", "window",
        )  # fmt: skip
        read_only_fields = ("id", "organiser", "daily", "status", "status_label", "window")
        extra_kwargs = {
            "guardian_count": {"min_value": 2, "max_value": 4},
            "attempts_allowed": {"min_value": 1, "max_value": MAX_ATTEMPTS},
            "turn_seconds": {"min_value": TURN_SECONDS[0], "max_value": TURN_SECONDS[1]},
            "difficulty": {"choices": Difficulty.choices},
        }

    def get_window(self, challenge: Challenge) -> str:
        return window_words(challenge)


class ChallengeTeamInputSerializer(serializers.Serializer[Any]):
    name = serializers.CharField(max_length=60)
    members = serializers.ListField(
        child=serializers.CharField(max_length=150), required=False, max_length=MAX_TEAM - 1, default=list,
        help_text="The team mates' user names (the caller is the captain and a member).",
    )  # fmt: skip


class ChallengeAttemptInputSerializer(serializers.Serializer[Any]):
    guardians = serializers.ListField(
        child=serializers.ChoiceField(choices=Guardian.choices), required=False, max_length=4,
        help_text="Seat by seat, when the challenge lets teams choose; ignored otherwise.",
    )  # fmt: skip


class ChallengeAttemptSerializer(serializers.ModelSerializer[Attempt]):
    team = serializers.CharField(source="team.name", read_only=True)
    result = serializers.SerializerMethodField()

    class Meta:
        model = Attempt
        fields = (
            "team", "number", "match", "guardians", "started_at", "finished_at", "won", "temple_hp",
            "guardians_alive", "rounds", "result",
        )  # fmt: skip
        read_only_fields = fields

    def get_result(self, attempt: Attempt) -> str | None:
        score = attempt.score()
        return None if score is None else score.words()


class ChallengeTeamSerializer(serializers.ModelSerializer[Team]):
    captain = serializers.CharField(source="captain.public_name", read_only=True)
    members = serializers.SerializerMethodField()

    class Meta:
        model = Team
        fields = ("id", "name", "captain", "members")
        read_only_fields = fields

    def get_members(self, team: Team) -> list[str]:
        return [m.user.public_name for m in team.members.all()]


class LeaderboardRowSerializer(serializers.Serializer[Any]):
    rank = serializers.IntegerField(allow_null=True, help_text="Empty: no finished game yet.")
    shared = serializers.BooleanField(help_text="Another team has the same rank.")
    team = serializers.CharField(source="team.name")
    members = serializers.ListField(child=serializers.CharField())
    result = serializers.CharField()
    won = serializers.BooleanField(source="score.won", allow_null=True, default=None)
    temple_hp = serializers.IntegerField(source="score.temple_hp", allow_null=True, default=None)
    guardians_alive = serializers.IntegerField(source="score.guardians_alive", allow_null=True, default=None)
    rounds = serializers.IntegerField(source="score.rounds", allow_null=True, default=None)
    attempts = serializers.IntegerField()
    replay = serializers.SerializerMethodField(help_text="The best game's replay page, once the challenge is over.")

    def get_replay(self, row: Row) -> str | None:
        if row.best is None or not self.context.get("replays"):
            return None
        return f"/play/{row.best.match_id}/replay/"


class InviteInputSerializer(serializers.Serializer[Any]):
    player = serializers.CharField(max_length=150, help_text="The user name (or display name) of the player invited.")
