"""Runebound pages (rulebook 004): the card gallery and search, card pages, the published
character decks, and the deck check. The catalog is read from its data files (pure,
`gameplay.runebound`), not from the database: these pages only read."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET, require_http_methods

from gameplay.runebound import faces
from gameplay.runebound.catalog import shipped_runebound
from gameplay.runebound.decklists import format_runebound_list, parse_runebound_list
from gameplay.runebound.decks import RUNEBOUND_FORMATS, RuneboundDeck, get_runebound_format
from gameplay.runebound.model import PublishedDeck, RuneboundCatalog
from gameplay.runebound.schema import ClassKind, Side
from gameplay.runeslingers.decklists import DeckListError
from gameplay.runeslingers.site_catalog import MAX_DECK_INPUT_BYTES


def _choices(blank: str, pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    return [("", blank), *pairs]


class RuneboundSearchForm(forms.Form):
    """`?q=&kind=&side=&deck=` on the gallery."""

    q = forms.CharField(required=False, max_length=100, label="Search name or text")
    kind = forms.ChoiceField(
        required=False,
        label="Kind",
        choices=_choices("Any kind", [(k.value, k.label) for k in ClassKind] + [(faces.TALENT, "Talent")]),
    )
    side = forms.ChoiceField(
        required=False, label="Side", choices=_choices("Friendly or enemy", [(s.value, s.label) for s in Side])
    )

    def __init__(self, *args: Any, catalog: RuneboundCatalog, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["deck"] = forms.ChoiceField(
            required=False,
            label="Published deck",
            choices=_choices("Any deck", [(d.id, d.name) for d in catalog.decks.values()]),
        )


class RuneboundListForm(forms.Form):
    """A pasted Runebound list (event registration uses it as is; the check and saved decks add fields)."""

    text = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 14}),
        max_length=MAX_DECK_INPUT_BYTES,
        label="Deck list",
        help_text="A 'Class deck:' line, one class card name per line, then a 'Talents:' line and the Talents.",
    )


class RuneboundCheckForm(RuneboundListForm):
    format = forms.ChoiceField(choices=[(f.slug, f.name) for f in RUNEBOUND_FORMATS.values()], label="Format")
    field_order: tuple[str, ...] = ("format", "text")


@require_GET
def card_list(request: HttpRequest) -> HttpResponse:
    catalog = shipped_runebound()
    form = RuneboundSearchForm(request.GET, catalog=catalog)
    found = faces.gallery(catalog, query=form.cleaned_data["q"], **_filters(form)) if form.is_valid() else []
    context = {"form": form, "faces": found, "total": len(found), "decks": catalog.decks.values()}
    return render(request, "runebound/card_list.html", context, status=200 if form.is_valid() else 400)


def _filters(form: RuneboundSearchForm) -> dict[str, str]:
    return {key: form.cleaned_data[key] for key in ("kind", "side", "deck")}


def search_matches(text: str) -> list[faces.Face]:
    """Runebound cards matching a search on the Runeslingers gallery, shown there in their own section."""
    return faces.gallery(shipped_runebound(), query=text) if text.strip() else []


@require_GET
def card_detail(request: HttpRequest, slug: str) -> HttpResponse:
    catalog = shipped_runebound()
    card = catalog.class_cards.get(slug) or catalog.talents.get(slug)
    if card is None:
        raise Http404("No Runebound card has that address.")
    return render(request, "runebound/card_detail.html", {"face": faces.face_of(card, catalog)})


@require_GET
def deck_list(request: HttpRequest) -> HttpResponse:
    catalog = shipped_runebound()
    decks = [_deck_view(deck, catalog) for deck in catalog.decks.values()]
    return render(request, "runebound/deck_list.html", {"decks": decks})


@require_GET
def deck_detail(request: HttpRequest, slug: str) -> HttpResponse:
    catalog = shipped_runebound()
    deck = catalog.decks.get(slug)
    if deck is None:
        raise Http404("No published Runebound deck has that address.")
    return render(request, "runebound/deck_detail.html", {"deck": _deck_view(deck, catalog)})


def _deck_view(deck: PublishedDeck, catalog: RuneboundCatalog) -> dict[str, Any]:
    listed = RuneboundDeck.from_published(deck)
    return {"deck": deck, **faces.deck_faces(listed, catalog), "text": format_runebound_list(listed, catalog)}


@require_http_methods(["GET", "POST"])
def deck_check(request: HttpRequest) -> HttpResponse:
    """Paste a list, see every violation of the chosen format at once (no JavaScript needed)."""
    catalog = shipped_runebound()
    if request.method == "GET":
        form = RuneboundCheckForm(initial=_initial(request, catalog))
        return render(request, "runebound/deck_check.html", {"form": form, "checked": False})
    form = RuneboundCheckForm(request.POST)
    context: dict[str, Any] = {"form": form, "checked": False}
    if form.is_valid():
        context.update(_check(form.cleaned_data["text"], form.cleaned_data["format"], catalog))
    status = 200 if form.is_valid() and not context.get("line_errors") else 400
    return render(request, "runebound/deck_check.html", context, status=status)


def _initial(request: HttpRequest, catalog: RuneboundCatalog) -> dict[str, str]:
    deck = catalog.decks.get(request.GET.get("deck", ""))
    if deck is None:
        return {"format": "runebound-custom"}
    return {"format": "runebound-published", "text": format_runebound_list(RuneboundDeck.from_published(deck), catalog)}


def _check(text: str, slug: str, catalog: RuneboundCatalog) -> dict[str, Any]:
    try:
        deck = parse_runebound_list(text, catalog)
    except DeckListError as exc:
        return {"line_errors": [str(e) for e in exc.errors]}
    rules = get_runebound_format(slug)
    return {
        "checked": True,
        "format_name": rules.name,
        "violations": rules.check(deck, catalog),
        "sizes": {"class_cards": len(deck.class_cards), "talents": len(deck.talents)},
        "enemy": sum(1 for i in set(deck.class_cards) if catalog.class_cards[i].is_enemy),
    }
