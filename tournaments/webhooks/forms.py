from __future__ import annotations

from django import forms

from tournaments.webhooks.addresses import MAX_URL_LENGTH
from tournaments.webhooks.models import SUBSCRIBABLE


class EndpointForm(forms.Form):
    url = forms.CharField(
        label="Endpoint address", max_length=MAX_URL_LENGTH, help_text="The web address Fett will POST to."
    )
    kinds = forms.MultipleChoiceField(
        label="Send",
        choices=[(kind.value, kind.label) for kind in SUBSCRIBABLE],
        widget=forms.CheckboxSelectMultiple(attrs={"class": "choices"}),
        required=False,
        help_text="Tick none to get every kind.",
    )
