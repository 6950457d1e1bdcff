"""The organiser's challenge form, the team form and the guardians a team chooses for an attempt."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from django import forms
from django.utils import timezone

from tournaments.coop.models import MAX_TEAM, Challenge, Difficulty, Guardian
from tournaments.coop.services import MAX_ATTEMPTS, TURN_SECONDS, Rules

DATETIME = forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")


class UtcDateTimeField(forms.DateTimeField):
    """A time typed and shown in UTC, as its label says, whatever the viewer's zone (the site shows
    other times in it: ``common/timezones.py``)."""

    def to_python(self, value: Any) -> datetime | None:
        with timezone.override(UTC):
            return super().to_python(value)

    def prepare_value(self, value: Any) -> Any:
        with timezone.override(UTC):
            return super().prepare_value(value)


class ChallengeForm(forms.Form):
    name = forms.CharField(max_length=120)
    difficulty = forms.ChoiceField(choices=Difficulty.choices)
    guardian_count = forms.TypedChoiceField(
        label="Guardians", choices=[(n, f"{n} guardians") for n in (2, 3, 4)], coerce=int
    )
    guardians = forms.MultipleChoiceField(
        label="Set guardians",
        choices=Guardian.choices,
        required=False,
        widget=forms.CheckboxSelectMultiple(attrs={"class": "choices"}),
        help_text="Tick as many as the guardian count for every team to play them; tick none to let each team choose.",
    )
    timing = forms.ChoiceField(choices=Challenge.Timing.choices, widget=forms.RadioSelect(attrs={"class": "choices"}))
    starts_at = UtcDateTimeField(label="Starts (UTC)", widget=DATETIME)
    ends_at = UtcDateTimeField(
        label="Ends (UTC)",
        widget=DATETIME,
        required=False,
        help_text="For a window of days. A challenge at a set time lets games start for 15 minutes.",
    )
    attempts_allowed = forms.IntegerField(label="Attempts per team", min_value=1, max_value=MAX_ATTEMPTS, initial=1)
    turn_seconds = forms.IntegerField(
        label="Turn clock (seconds)",
        min_value=TURN_SECONDS[0],
        max_value=TURN_SECONDS[1],
        required=False,
        help_text="Each guardian's turn; when it runs out the turn ends. Empty: no clock.",
    )

    @classmethod
    def of(cls, challenge: Challenge, data: Any = None) -> ChallengeForm:
        initial = {name: getattr(challenge, name) for name in cls.base_fields if name != "guardians"}
        initial["guardians"] = list(challenge.guardians)
        return cls(data, initial=initial)

    def rules(self) -> Rules:
        data = self.cleaned_data
        # the boxes are ticked in any order; the seats follow the guardians' order on the form
        chosen = [value for value in Guardian.values if value in data["guardians"]]
        return Rules(
            name=data["name"],
            difficulty=data["difficulty"],
            guardian_count=data["guardian_count"],
            guardians=chosen,
            timing=data["timing"],
            starts_at=data["starts_at"],
            ends_at=data["ends_at"],
            attempts_allowed=data["attempts_allowed"],
            turn_seconds=data["turn_seconds"],
        )


class TeamForm(forms.Form):
    name = forms.CharField(label="Team name", max_length=60)
    members = forms.CharField(label="Team mates", required=False)

    def __init__(self, *args: Any, most: int = MAX_TEAM, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        help_text = (
            f"Their user names, separated by commas: each is invited and joins once they accept "
            f"(you are in the team; at most {most} players)."
        )
        self.fields["members"].help_text = help_text

    def member_names(self) -> list[str]:
        return [name.strip() for name in self.cleaned_data["members"].split(",") if name.strip()]


class InviteForm(forms.Form):
    player = forms.CharField(
        label="Invite a player", max_length=150, help_text="Their user name; they join the team once they accept."
    )


class GuardiansForm(forms.Form):
    """Seat by seat, the guardians a team plays (when the challenge lets teams choose)."""

    def __init__(self, count: int, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        defaults = Guardian.values
        for seat in range(count):
            self.fields[f"seat{seat + 1}"] = forms.ChoiceField(
                label=f"Guardian {seat + 1}", choices=Guardian.choices, initial=defaults[seat]
            )

    def chosen(self) -> list[str]:
        return [self.cleaned_data[name] for name in self.fields]
