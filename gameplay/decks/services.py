"""Saved decks: save (each save a new version), duplicate, delete, copy a starter, and the checks
that decide where a saved deck may be used (an event's format; practice and challenges).

Every function takes the person acting and finds only their own decks: another person's deck is
answered as "no such deck" (a 404), never as "not yours". Refusals change nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.db.models import Prefetch, QuerySet
from django.utils import timezone

from accounts.models import User
from common.ids import parse_id
from gameplay import services as catalog_services
from gameplay.cards.catalog import Catalog
from gameplay.decklists import format_decklist
from gameplay.decks.errors import Conflict, DeckRefusal, Invalid, NotFound
from gameplay.decks.models import SavedDeck, SavedDeckVersion
from gameplay.formats import FORMATS, Deck, Format, Violation

MAX_NAME_CHARS = 80
MAX_DECKS_PER_OWNER = 200
DEFAULT_FORMAT = "awakening-starter"


def constructed_formats() -> list[Format]:
    """The formats a saved deck can be built for (limited decks come from a pool, not the catalog)."""
    return [f for f in FORMATS.values() if not f.limited]


def _format_of(slug: str) -> Format:
    found = FORMATS.get(slug)
    if found is None or found.limited:
        names = ", ".join(f.name for f in constructed_formats())
        raise Invalid(DeckRefusal.BAD_FORMAT, f"Choose one of the constructed formats: {names}.")
    return found


def _clean_name(name: str) -> str:
    cleaned = " ".join(name.split())
    if not cleaned:
        raise Invalid(DeckRefusal.BAD_NAME, "Give the deck a name.")
    if len(cleaned) > MAX_NAME_CHARS:
        raise Invalid(DeckRefusal.BAD_NAME, f"A deck name is at most {MAX_NAME_CHARS} characters.")
    return cleaned


def read_deck(text: str, catalog: Catalog, runeslinger: str = "", equips: Iterable[str] = ()) -> Deck:
    """The deck in a list (plus a Runeslinger and equips chosen outside it); unreadable input is refused."""
    try:
        deck = catalog_services.deck_from_text(text, catalog)
        return catalog_services.with_choices(deck, catalog, runeslinger or None, list(equips))
    except catalog_services.DeckInputError as exc:
        raise Invalid(
            DeckRefusal.CANNOT_READ, "The deck list cannot be read: " + "; ".join(exc.errors), errors=exc.errors
        ) from None


# --- finding -----------------------------------------------------------------------------------


def my_decks(owner: User) -> QuerySet[SavedDeck]:
    newest_first = SavedDeckVersion.objects.order_by("-number")
    return SavedDeck.objects.filter(owner=owner).prefetch_related(Prefetch("versions", queryset=newest_first))


def owned(owner: User | Any, pk: int | None) -> SavedDeck:
    found = SavedDeck.objects.filter(owner_id=getattr(owner, "pk", None), pk=pk).first() if pk else None
    if found is None:
        raise NotFound(DeckRefusal.NO_SUCH_DECK, "You have no such deck.")
    return found


def current_version(deck: SavedDeck) -> SavedDeckVersion:
    version = deck.current()
    if version is None:  # every saved deck is created with its first version; kept safe anyway
        raise NotFound(DeckRefusal.NO_SUCH_VERSION, f"{deck.name} has no saved list.")
    return version


def version_of(deck: SavedDeck, number: int | None) -> SavedDeckVersion:
    version = deck.versions.filter(number=number).first() if number else None
    if version is None:
        raise NotFound(DeckRefusal.NO_SUCH_VERSION, f"{deck.name} has no such version.")
    return version


def deck_of(version: SavedDeckVersion) -> Deck:
    return Deck.of(version.runeslinger or None, version.equips, {str(k): int(v) for k, v in version.cards.items()})


# --- changing ----------------------------------------------------------------------------------


@transaction.atomic
def save(owner: User, name: str, format_slug: str, deck: Deck, saved: SavedDeck | None = None) -> SavedDeckVersion:
    """Save ``deck`` as a new deck (``saved`` None) or as the next version of ``saved``.

    A deck may be saved while it is not yet legal (work in progress); where it may be used checks
    legality. Saving the same list again renames or moves it to another format but adds no version.
    """
    clean = _clean_name(name)
    deck_format = _format_of(format_slug)
    catalog = catalog_services.current_catalog()
    now = timezone.now()
    if saved is None:
        if SavedDeck.objects.filter(owner=owner).count() >= MAX_DECKS_PER_OWNER:
            raise Invalid(DeckRefusal.TOO_MANY, f"You have {MAX_DECKS_PER_OWNER} decks; delete one to save another.")
        saved = SavedDeck.objects.create(owner=owner, name=clean, format=deck_format.slug, created_at=now)
    else:
        saved = SavedDeck.objects.select_for_update().get(pk=owned(owner, saved.pk).pk)
    saved.name, saved.format, saved.updated_at = clean, deck_format.slug, now
    saved.save(update_fields=["name", "format", "updated_at"])
    current = saved.current()
    if current is not None and deck_of(current) == deck and dict(current.cards) == dict(deck.cards):
        return current
    return SavedDeckVersion.objects.create(
        deck=saved,
        number=(current.number if current else 0) + 1,
        text=format_decklist(deck, catalog),
        runeslinger=deck.runeslinger or "",
        equips=list(deck.equips),
        cards=dict(deck.cards),
        catalog_version=catalog.data_version,
        saved_at=now,
    )


def duplicate(owner: User, pk: int) -> SavedDeck:
    original = owned(owner, pk)
    version = current_version(original)
    name = f"{original.name[: MAX_NAME_CHARS - 7]} (copy)"
    return save(owner, name, original.format, deck_of(version)).deck


def delete(owner: User, pk: int) -> str:
    """Delete the deck and every version; returns its name (for the message)."""
    deck = owned(owner, pk)
    name = deck.name
    deck.delete()
    return name


def from_starter(owner: User, starter_id: str) -> SavedDeck:
    """A saved copy of a published starter deck, as a template to edit."""
    catalog = catalog_services.current_catalog()
    starter = catalog.starter_decks.get(starter_id)
    if starter is None:
        raise NotFound(DeckRefusal.NO_SUCH_STARTER, "There is no such starter deck.")
    return save(owner, f"{starter.name} (copy)", DEFAULT_FORMAT, Deck.from_starter(starter)).deck


# --- where a saved deck may be used -----------------------------------------------------------


def violations(version: SavedDeckVersion, format_slug: str) -> list[Violation]:
    deck_format = FORMATS.get(format_slug)
    if deck_format is None:
        return [Violation("format", "Unknown format.")]
    return deck_format.check(deck_of(version), catalog_services.current_catalog())


def legal_decks(owner: User | Any, format_slug: str) -> list[SavedDeck]:
    """The owner's saved decks whose current list is legal in the format (none for a limited one)."""
    deck_format = FORMATS.get(format_slug)
    if deck_format is None or deck_format.limited or not getattr(owner, "is_authenticated", False):
        return []
    found = []
    for deck in my_decks(owner):
        versions = list(deck.versions.all())
        if versions and not violations(versions[0], format_slug):
            found.append(deck)
    return found


def playable_decks(owner: User | Any) -> list[SavedDeck]:
    """Saved decks that may be played in practice and challenges: legal in their own format."""
    if not getattr(owner, "is_authenticated", False):
        return []
    found = []
    for deck in my_decks(owner):
        versions = list(deck.versions.all())
        if versions and not violations(versions[0], deck.format):
            found.append(deck)
    return found


def legal_version(owner: User, pk: int | None, format_slug: str) -> SavedDeckVersion:
    """The current version of the owner's deck, refused (with every problem) if not legal in the format."""
    deck = owned(owner, pk)
    version = current_version(deck)
    problems = violations(version, format_slug)
    if problems:
        name = FORMATS[format_slug].name if format_slug in FORMATS else format_slug
        raise Conflict(
            DeckRefusal.NOT_LEGAL,
            f"{deck.name} is not legal in {name}: " + " ".join(v.message for v in problems),
        )
    return version


def play_setup(owner: User, pk: int | None) -> dict[str, Any]:
    """The deck a seat brings to a practice match or a challenge, from a saved deck.

    Practice and challenges are played in the saved deck's own format: a deck not legal in it
    is refused, naming every problem."""
    deck = owned(owner, pk)
    version = legal_version(owner, deck.pk, deck.format)
    return FORMATS[deck.format].seat_deck(version.runeslinger, version.equips, version.cards)


SAVED_PREFIX = "saved-"  # a deck select's value for a saved deck: "saved-<id>"; other values name starter decks


def seat_deck(owner: User, choice: str) -> dict[str, Any]:
    """The deck a select's value brings to a practice match or a challenge: a starter deck's id as
    before, or ``saved-<id>`` for one of the owner's saved decks (refused unless legal in its format)."""
    if choice.startswith(SAVED_PREFIX):
        return play_setup(owner, parse_id(choice.removeprefix(SAVED_PREFIX)))
    return {"starter": choice}
