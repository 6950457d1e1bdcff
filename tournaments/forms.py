from __future__ import annotations

from typing import Any

from django import forms

from gameplay.deckformats import RUNESLINGERS, deck_formats, grouped_choices
from tournaments.models import Event
from tournaments.services.registration import BEST_OF_THREE_FORMATS, played_on_site_problem


class EventForm(forms.ModelForm[Event]):
    format = forms.ChoiceField(
        choices=grouped_choices(),  # grouped by game: Runeslingers, Runebound
        # static/js/event-form.js: picking one of these sets "best of three" unless the organiser chose
        # and picking a format of a game played at the table (Runebound) unticks "played on site"
        widget=forms.Select(
            attrs={
                "data-best-of-three": " ".join(BEST_OF_THREE_FORMATS),
                "data-table-only": " ".join(f.slug for f in deck_formats() if f.game != RUNESLINGERS),
            }
        ),
        help_text="Runebound events are played at the table, never on the site.",
    )

    class Meta:
        model = Event
        fields = (
            "name", "format", "structure", "rounds", "round_minutes", "best_of", "top_cut", "tiebreakers",
            "bye_counts_in_own_mw", "late_entry_until_round", "pod_rounds", "starts_at", "played_on_site",
            "clock_minutes", "window_seconds", "clock_loses_match", "extra_turns", "matches_public",
        )  # fmt: skip
        widgets = {"starts_at": forms.DateTimeInput(attrs={"type": "datetime-local"})}

    def clean(self) -> dict[str, Any]:
        """The refusal the service would give, shown on the field so the form keeps what was typed."""
        data = super().clean() or {}
        problem = played_on_site_problem(data.get("format", ""), bool(data.get("played_on_site")))
        if problem:
            self.add_error("played_on_site", problem)
        return data


class ScoreForm(forms.Form):
    """A result from the reporter's side: my wins, my losses, drawn games."""

    wins = forms.IntegerField(min_value=0, max_value=3)
    losses = forms.IntegerField(min_value=0, max_value=3)
    draws = forms.IntegerField(min_value=0, max_value=3, initial=0, required=False)


class TableScoreForm(forms.Form):
    """A result in table order, for staff."""

    a_games = forms.IntegerField(min_value=0, max_value=3)
    b_games = forms.IntegerField(min_value=0, max_value=3)
    draws = forms.IntegerField(min_value=0, max_value=3, initial=0, required=False)


class AddTimeForm(forms.Form):
    minutes = forms.IntegerField(min_value=-60, max_value=120)
