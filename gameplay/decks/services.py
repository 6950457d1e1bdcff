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
from gameplay.deckformats import RUNESLINGERS, AnyDeck, DeckFormat, deck_formats, find_format
from gameplay.decks.errors import Conflict, DeckRefusal, Invalid, NotFound
from gameplay.decks.models import SavedDeck, SavedDeckVersion
from gameplay.runebound.catalog import shipped_runebound
from gameplay.runebound.decks import RuneboundDeck
from gameplay.runeslingers import site_catalog
from gameplay.runeslingers.cards.catalog import Catalog
from gameplay.runeslingers.formats import FORMATS, Deck, Violation

MAX_NAME_CHARS = 80
MAX_DECKS_PER_OWNER = 200
DEFAULT_FORMAT = "awakening-starter"


def constructed_formats() -> list[DeckFormat]:
    """The formats a saved deck can be built for, of both games (limited decks come from a pool)."""
    return deck_formats(constructed=True)


def _format_of(slug: str) -> DeckFormat:
    found = find_format(slug)
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
        deck = site_catalog.deck_from_text(text, catalog)
        return site_catalog.with_choices(deck, catalog, runeslinger or None, list(equips))
    except site_catalog.DeckInputError as exc:
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


def read_list(format_slug: str, text: str) -> AnyDeck:
    """The deck in a pasted list of the format's game; unreadable input is refused, every line named."""
    try:
        return _format_of(format_slug).read(text)
    except site_catalog.DeckInputError as exc:
        raise Invalid(
            DeckRefusal.CANNOT_READ, "The deck list cannot be read: " + "; ".join(exc.errors), errors=exc.errors
        ) from None


def deck_of(version: SavedDeckVersion) -> AnyDeck:
    """The deck a version holds, as its game's pure value (a Runebound deck in list order)."""
    return _format_of(version.deck.format).from_stored(version)


# --- changing ----------------------------------------------------------------------------------


@transaction.atomic
def save(owner: User, name: str, format_slug: str, deck: AnyDeck, saved: SavedDeck | None = None) -> SavedDeckVersion:
    """Save ``deck`` as a new deck (``saved`` None) or as the next version of ``saved``.

    A deck may be saved while it is not yet legal (work in progress); where it may be used checks
    legality. Saving the same list again renames or moves it to another format but adds no version.
    """
    clean = _clean_name(name)
    deck_format = _format_of(format_slug)
    try:
        fields = deck_format.stored(deck)
    except TypeError:
        message = f"{deck_format.name} is a format for {deck_format.game_name} decks."
        raise Invalid(DeckRefusal.BAD_FORMAT, message) from None
    if saved is not None and saved.game != deck_format.game:
        message = f"{saved.name} is a {saved.format_name} deck; save a {deck_format.game_name} list as a new deck."
        raise Invalid(DeckRefusal.BAD_FORMAT, message)
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
    if current is not None and _unchanged(current, fields):
        return current
    return SavedDeckVersion.objects.create(
        deck=saved,
        number=(current.number if current else 0) + 1,
        text=deck_format.write(deck),
        **fields,
        catalog_version=deck_format.catalog_version,
        saved_at=now,
    )


def _unchanged(version: SavedDeckVersion, fields: dict[str, Any]) -> bool:
    return all(_plain(getattr(version, name)) == _plain(value) for name, value in fields.items())


def _plain(value: Any) -> Any:
    """A stored field compared as data: card counts as whole numbers, lists as lists."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


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
    catalog = site_catalog.current_catalog()
    starter = catalog.starter_decks.get(starter_id)
    if starter is None:
        raise NotFound(DeckRefusal.NO_SUCH_STARTER, "There is no such starter deck.")
    return save(owner, f"{starter.name} (copy)", DEFAULT_FORMAT, Deck.from_starter(starter)).deck


RUNEBOUND_DEFAULT_FORMAT = "runebound-custom"


def from_published(owner: User, published_id: str) -> SavedDeck:
    """A saved copy of a published Runebound character deck, to customise (one tap on the page)."""
    published = shipped_runebound().decks.get(published_id)
    if published is None:
        raise NotFound(DeckRefusal.NO_SUCH_STARTER, "There is no such published character deck.")
    deck = RuneboundDeck.from_published(published)
    return save(owner, f"{published.name} (copy)", RUNEBOUND_DEFAULT_FORMAT, deck).deck


# --- where a saved deck may be used -----------------------------------------------------------


def violations(version: SavedDeckVersion, format_slug: str) -> list[Violation]:
    """Every problem of the version in a format; a format of the other game is one problem."""
    played, own = find_format(format_slug), find_format(version.deck.format)
    if played is None or own is None:
        return [Violation("format", "Unknown format.")]
    if played.game != own.game:
        return [Violation("game", f"This is a {own.game_name} deck; {played.name} is a {played.game_name} format.")]
    return played.check(own.from_stored(version))


def legal_decks(owner: User | Any, format_slug: str) -> list[SavedDeck]:
    """The owner's saved decks whose current list is legal in the format (none for a limited one)."""
    played = find_format(format_slug)
    if played is None or played.limited or not getattr(owner, "is_authenticated", False):
        return []
    found = []
    for deck in my_decks(owner):
        versions = list(deck.versions.all())
        if versions and not violations(versions[0], format_slug):
            found.append(deck)
    return found


def playable_decks(owner: User | Any) -> list[SavedDeck]:
    """Saved decks that may be played in practice and challenges: Runeslingers decks legal in their
    own format (Runebound is played at the table)."""
    if not getattr(owner, "is_authenticated", False):
        return []
    found = []
    for deck in my_decks(owner).filter(format__in=list(FORMATS)):
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
        played = find_format(format_slug)
        name = played.name if played is not None else format_slug
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
    if deck.game != RUNESLINGERS:
        raise Conflict(DeckRefusal.NOT_LEGAL, f"{deck.name} is a {deck.format_name} deck, played at the table.")
    version = legal_version(owner, deck.pk, deck.format)
    return FORMATS[deck.format].seat_deck(version.runeslinger, version.equips, version.cards)


SAVED_PREFIX = "saved-"  # a deck select's value for a saved deck: "saved-<id>"; other values name starter decks


def seat_deck(owner: User, choice: str) -> dict[str, Any]:
    """The deck a select's value brings to a practice match or a challenge: a starter deck's id as
    before, or ``saved-<id>`` for one of the owner's saved decks (refused unless legal in its format)."""
    if choice.startswith(SAVED_PREFIX):
        return play_setup(owner, parse_id(choice.removeprefix(SAVED_PREFIX)))
    return {"starter": choice}
