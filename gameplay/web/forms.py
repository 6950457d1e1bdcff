"""Forms the catalog pages and API share: card filters and the deck builder's fields."""

from __future__ import annotations

from typing import Any

from django import forms
from django.db.models import Q, QuerySet

from common.words import count
from gameplay.models import Card
from gameplay.runeslingers.cards.catalog import Catalog
from gameplay.runeslingers.cards.schema import CardClass, CardType, Keyword, Rarity
from gameplay.runeslingers.formats import FORMATS
from gameplay.runeslingers.site_catalog import MAX_DECK_INPUT_BYTES


def _choices(values: Any, blank: str) -> list[tuple[str, str]]:
    return [("", blank)] + [(v.value, v.value.capitalize()) for v in values]


class CardFilterForm(forms.Form):
    """Search and filters for the gallery (`?q=&type=&class=&cost=&keyword=&rarity=&edition=`).

    ``edition=classic`` keeps the cards with a Classic edition (rulebook 000); its search reads
    their Classic name and text (the page draws their Classic faces)."""

    q = forms.CharField(required=False, max_length=100, label="Search name or text")
    type = forms.ChoiceField(required=False, choices=_choices(CardType, "Any type"))
    cost = forms.IntegerField(required=False, min_value=0, max_value=99, label="Light cost")
    keyword = forms.ChoiceField(required=False, choices=_choices(Keyword, "Any keyword"))
    rarity = forms.ChoiceField(required=False, choices=_choices(Rarity, "Any rarity"))
    edition = forms.ChoiceField(
        required=False, choices=[("", "The Awakening"), ("classic", "Classic (rulebook 000)")], label="Edition"
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # "class" is a Python keyword, so this field cannot be declared above.
        self.fields["class"] = forms.ChoiceField(
            required=False, choices=_choices(CardClass, "Any class"), label="Class"
        )
        self.order_fields(["q", "edition", "type", "class", "cost", "keyword", "rarity"])

    @property
    def classic(self) -> bool:
        """The Classic edition asked for (call after `is_valid()`)."""
        return self.cleaned_data.get("edition") == "classic"

    def filter(self, cards: QuerySet[Card], catalog: Catalog) -> QuerySet[Card]:
        """The cards matching every filled-in field; call after `is_valid()`. ``catalog``: the
        current catalog, whose Classic edition the ``edition`` filter reads."""
        data = self.cleaned_data
        if self.classic:
            cards = cards.filter(slug__in=_classic_matches(catalog, data.get("q") or ""))
        elif data.get("q"):
            q = data["q"].strip()
            cards = cards.filter(Q(search_name__contains=q.casefold()) | Q(text__icontains=q))
        for field, column in (("type", "type"), ("class", "card_class"), ("rarity", "rarity")):
            if data.get(field):
                cards = cards.filter(**{column: data[field]})
        if data.get("cost") is not None:
            cards = cards.filter(cost=data["cost"])
        if data.get("keyword"):
            cards = cards.filter(keyword_index__contains=f"|{data['keyword']}|")
        return cards

    def error_text(self) -> str:
        return "; ".join(f"{field}: {' '.join(str(e) for e in errors)}" for field, errors in self.errors.items())


BUILDER_FORMATS = [(f.slug, f.name) for f in FORMATS.values() if not f.limited]


def _classic_matches(catalog: Catalog, q: str) -> list[str]:
    """The ids of the cards with a Classic edition whose Classic name or text holds ``q``."""
    wanted = q.strip().casefold()
    found = catalog.classic.cards.values() if catalog.classic is not None else ()
    return [c.id for c in found if wanted in c.name.casefold() or wanted in c.text.casefold()]


class DeckBuilderForm(forms.Form):
    """The builder: a format, an optional Runeslinger and equips, the list, and a card to add."""

    format = forms.ChoiceField(choices=BUILDER_FORMATS, initial="awakening-starter")
    runeslinger = forms.ChoiceField(required=False, label="Runeslinger")
    equip_1 = forms.ChoiceField(required=False, label="Stance or ability")
    equip_2 = forms.ChoiceField(required=False, label="Second stance or ability")
    decklist = forms.CharField(
        required=False,
        label="Deck list",
        max_length=MAX_DECK_INPUT_BYTES,
        widget=forms.Textarea(
            attrs={
                "rows": 14,
                "spellcheck": "false",
                "autocomplete": "off",
                "placeholder": "Runeslinger: Eva\nStance: Talaka's Heart\n\n2 Fireball\n2 Spark",
            }
        ),
        help_text="One card a line: “2 Fireball”, “Fireball x2”. Lines such as “Runeslinger: Eva” and "
        "“Stance: Talaka's Heart” choose those too.",
    )
    add_card = forms.CharField(
        required=False,
        max_length=120,
        label="Add a card",
        widget=forms.TextInput(attrs={"list": "card-names", "autocomplete": "off"}),
    )
    add_count = forms.IntegerField(required=False, min_value=1, max_value=9, initial=1, label="Copies")

    def __init__(self, *args: Any, catalog: Catalog, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        slingers = [(r.id, f"{r.name} ({r.card_class.value.capitalize()})") for r in catalog.runeslingers.values()]
        self._choice_field("runeslinger").choices = [("", "From the list"), *slingers]
        groups: dict[str, list[tuple[str, str]]] = {}
        for equip in catalog.equips.values():
            cost = f", {count(equip.determinations, 'determination', 'determinations')}" if equip.determinations else ""
            groups.setdefault(equip.card_class.value.capitalize(), []).append(
                (equip.id, f"{equip.name} ({equip.kind.value}{cost})")
            )
        equip_choices: list[Any] = [("", "From the list"), *groups.items()]
        self._choice_field("equip_1").choices = equip_choices
        self._choice_field("equip_2").choices = equip_choices

    def _choice_field(self, name: str) -> forms.ChoiceField:
        field = self.fields[name]
        assert isinstance(field, forms.ChoiceField)
        return field
