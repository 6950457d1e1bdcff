from __future__ import annotations

from django import forms

from gameplay.deckformats import grouped_choices
from tournaments.models import Event
from tournaments.services.registration import BEST_OF_THREE_FORMATS


class EventForm(forms.ModelForm[Event]):
    format = forms.ChoiceField(
        choices=grouped_choices(),  # grouped by game: Runeslingers, Runebound
        # static/js/event-form.js: picking one of these sets "best of three" unless the organiser chose
        widget=forms.Select(attrs={"data-best-of-three": " ".join(BEST_OF_THREE_FORMATS)}),
    )

    class Meta:
        model = Event
        fields = (
            "name", "format", "structure", "rounds", "round_minutes", "best_of", "top_cut", "tiebreakers",
            "bye_counts_in_own_mw", "late_entry_until_round", "pod_rounds", "starts_at", "played_on_site",
            "clock_minutes", "window_seconds", "clock_loses_match", "extra_turns", "matches_public",
        )  # fmt: skip
        widgets = {"starts_at": forms.DateTimeInput(attrs={"type": "datetime-local"})}


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
