from __future__ import annotations

from typing import Any

from django import forms
from django.utils import timezone

from gameplay.deckformats import RUNESLINGERS, deck_formats, grouped_choices
from tournaments.models import Event, default_placement_points
from tournaments.pairing.errors import PairingError
from tournaments.pairing.pod_standings import PlacementPoints
from tournaments.services.registration import BEST_OF_THREE_FORMATS, played_on_site_problem

#: The fields only a pod event uses; static/js/event-form.js shows them when "Pods" is chosen.
POD_FIELDS = ("pod_size", "pod_minimum", "pod_maximum", "placement_points")
#: The fields a pod event does not use (pairs, games, byes, cuts); hidden when "Pods" is chosen.
PAIRS_ONLY_FIELDS = (
    "best_of", "top_cut", "tiebreakers", "bye_counts_in_own_mw", "pod_rounds", "played_on_site",
    "clock_minutes", "window_seconds", "clock_loses_match", "extra_turns", "matches_public", "arrival_minutes",
)  # fmt: skip


#: The settings of matches played on the site; static/js/event-form.js shows them only while
#: "played on the site" is ticked (without the script every field shows).
ON_SITE_FIELDS = (
    "clock_minutes", "window_seconds", "arrival_minutes", "clock_loses_match", "extra_turns", "matches_public",
)  # fmt: skip
#: Numbers an organiser may leave empty (or a hidden field may not send): each means the model's default.
DEFAULTED = (*POD_FIELDS[:3], "clock_minutes", "window_seconds", "arrival_minutes", "extra_turns")
DEFAULTS = {name: Event._meta.get_field(name).default for name in DEFAULTED}  # type: ignore[union-attr]


class PlacementPointsField(forms.CharField):
    """Points per place as people write them, "3 2 1 0" (or with commas), read into a list."""

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, list | tuple):
            return " ".join(str(n) for n in value)
        return value

    def to_python(self, value: Any) -> list[int]:  # type: ignore[override]
        text = (super().to_python(value) or "").replace(",", " ")
        words = text.split()
        if not words:
            return list(PlacementPoints().by_place)
        try:
            numbers = [int(word) for word in words]
        except ValueError:
            raise forms.ValidationError(
                f"Write whole numbers of points, one per place, best first, e.g. 3 2 1 0; got {text.strip()!r}."
            ) from None
        try:
            PlacementPoints(tuple(numbers))
        except PairingError:
            raise forms.ValidationError(
                "Points must be zero or more and never go up with the place (1st scores at least as much as "
                f"2nd, and so on); got {' '.join(words)}."
            ) from None
        return numbers


class EventForm(forms.ModelForm[Event]):
    placement_points = PlacementPointsField(
        required=False,
        initial=default_placement_points,
        max_length=60,
        label="Points per place",
        help_text="Pod events: points for 1st, 2nd, 3rd, … best first, e.g. 3 2 1 0; later places score the "
        "last number, tied players each score their shared place. Empty: 3 2 1 0.",
    )
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
            "name", "description", "venue", "online", "starts_at", "fee", "capacity", "format", "structure", "rounds",
            "round_minutes", "best_of", "top_cut", "tiebreakers", "bye_counts_in_own_mw", "late_entry_until_round",
            "pod_rounds", "played_on_site", *ON_SITE_FIELDS, *POD_FIELDS,
        )  # fmt: skip
        widgets = {
            "starts_at": forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
            "description": forms.Textarea(attrs={"rows": 4}),
        }
        labels = {
            "pod_size": "Pod size", "pod_minimum": "Smallest pod", "pod_maximum": "Largest pod",
            "capacity": "Places", "played_on_site": "Played on the site", "online": "Online (no venue)",
        }  # fmt: skip

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in POD_FIELDS:  # static/js/event-form.js shows these only for a pod event
            self.fields[name].widget.attrs["data-pods-only"] = ""
            self.fields[name].required = False  # left empty (or not sent): the default
        for name in PAIRS_ONLY_FIELDS:
            self.fields[name].widget.attrs["data-pairs-only"] = ""
        for name in ON_SITE_FIELDS:  # static/js/event-form.js shows these only while "played on the site" is ticked
            self.fields[name].widget.attrs["data-on-site-only"] = ""
        for name in DEFAULTED:
            self.fields[name].required = False  # left empty (or not sent): the default
        self.fields["rounds"].help_text = "Swiss or pod rounds; empty means the recommended number, fixed at the start."
        zone = timezone.get_current_timezone_name()  # the organiser's (common/timezones.py)
        self.fields["starts_at"].label = f"Starts ({zone})"
        self.fields["starts_at"].help_text = f"Date and time in {zone}; each player sees it in their own time zone."

    def clean(self) -> dict[str, Any]:
        """Pod settings that agree with each other, and the refusal the service would give for a game
        played at the table, shown on the field so the form keeps what was typed."""
        data = super().clean() or {}
        problem = played_on_site_problem(data.get("format", ""), bool(data.get("played_on_site")))
        if problem:
            self.add_error("played_on_site", problem)
        for name, default in DEFAULTS.items():
            if data.get(name) is None and name not in self.errors:
                data[name] = default
        if data.get("structure") != Event.Structure.PODS:
            return data
        size, smallest, largest = data.get("pod_size"), data.get("pod_minimum"), data.get("pod_maximum")
        if None in (size, smallest, largest):
            return data  # each missing number has its own message already
        assert size is not None and smallest is not None and largest is not None
        if smallest > size:
            self.add_error("pod_minimum", f"The smallest pod ({smallest}) cannot be larger than the pod size ({size}).")
        if largest < size:
            self.add_error("pod_maximum", f"The largest pod ({largest}) cannot be smaller than the pod size ({size}).")
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
