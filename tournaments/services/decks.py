"""Deck registration for events: check against the event's format, keep every version, lock at the start.

A constructed list locks when the event starts; a limited (draft/sealed) deck, built after the
pool is opened, locks when the first round is published. The organiser may enter a list for any
player until the event finishes (audited). Organisers and judges see every list;
players see their own, and everyone's once the organiser publishes the lists.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from django.db.models import QuerySet

from accounts.models import User
from gameplay.deckformats import RUNEBOUND, AnyDeck, deck_format, runebound_deck_of
from gameplay.games import sections_deck
from gameplay.runebound.decks import RuneboundDeck
from tournaments.errors import Conflict, EventRefusal, Forbidden, Invalid
from tournaments.models import AuditEntry, DeckCheck, DeckVersion, Event, EventDeck, Registration, Round
from tournaments.permissions import Perm, has_permission, require
from tournaments.services.common import locked_event


def lock_reason(event: Event) -> str | None:
    """Why lists can no longer change, or None while they can."""
    if event.status == Event.Status.FINISHED:
        return f"{event.name} is finished."
    if deck_format(event.format).limited:
        if Round.objects.filter(event=event).exclude(status=Round.Status.PREVIEW).exists():
            return f"Deck lists for {event.name} locked when round 1 was published."
        return None
    if event.status not in (Event.Status.DRAFT, Event.Status.REGISTRATION):
        return f"Deck lists for {event.name} locked when the event started."
    return None


def require_may_register(event: Event, player: User, by: User) -> None:
    """Refuse (403/409) a registration ``by`` may not make for ``player``: checked before the list
    is read, so a caller who may not register costs the site no parsing.

    The organiser may enter a list for any player still in the event (a guest walk-in, a player
    who never registered one) until the event finishes: the lock at the start holds the players
    to the list they had when pairings came out, not the organiser (every such entry is in the
    history)."""
    if by.pk != player.pk:
        require(by, Perm.MANAGE, event)
    if not Registration.objects.filter(event=event, player=player, dropped_after_round__isnull=True).exists():
        raise Forbidden(EventRefusal.NOT_REGISTERED, f"{player.public_name} is not registered for {event.name}.")
    if by.pk != player.pk:
        if event.status == Event.Status.FINISHED:
            raise Conflict(EventRefusal.DECKS_LOCKED, f"{event.name} is finished; its lists can no longer change.")
        return
    reason = lock_reason(event)
    if reason is not None:
        raise Conflict(
            EventRefusal.DECKS_LOCKED, reason + " Later changes are refused; ask a judge if something is wrong."
        )


@transaction.atomic
def register_deck(
    event: Event,
    player: User,
    deck: AnyDeck,
    by: User,
    pool: Mapping[str, int] | None = None,
    source: str = "",
    automatic: bool = False,
) -> DeckVersion:
    """Check ``deck`` (of the event's game) under the event's format and store it as the player's
    next version."""
    event = locked_event(event)
    require_may_register(event, player, by)
    played = deck_format(event.format)
    if played.limited and pool is None:
        raise Invalid(EventRefusal.DECK_FROM_POOL, f"{played.name} decks are built from your pool on the pool page.")
    try:
        violations = played.check(deck, pool)
    except TypeError:
        raise Invalid(EventRefusal.DECK_NOT_LEGAL, f"{event.name} plays {played.game_name} decks.") from None
    if violations:
        raise Invalid(
            EventRefusal.DECK_NOT_LEGAL,
            f"This deck is not legal in {played.name}: " + " ".join(v.message for v in violations),
        )
    record, _ = EventDeck.objects.get_or_create(event=event, player=player)
    number = (record.versions.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    version = DeckVersion.objects.create(
        deck=record,
        number=number,
        **played.stored(deck),
        text=source.strip() or played.write(deck),
        catalog_version=played.catalog_version,
        submitted_by=by,
        automatic=automatic,
    )
    if by.pk != player.pk and not automatic:  # the organiser entered it: the history says so
        AuditEntry.objects.create(
            event=event, by=by, kind=AuditEntry.Kind.DECK_LIST, subject=player.public_name[:80],
            new=str(number), note=f"deck list entered by {by.public_name} (version {number})",
        )  # fmt: skip
    return version


def registered_runebound_deck(event: Event, player: User) -> RuneboundDeck | None:
    """The player's current registered Runebound deck for the event, class cards and Talents in
    list order; None if the event is not a Runebound one or the player has registered no list."""
    if deck_format(event.format).game != RUNEBOUND:
        return None
    version = DeckVersion.objects.filter(deck__event=event, deck__player=player).order_by("-number").first()
    return runebound_deck_of(version) if version is not None else None


def registered_runebound_decks(event: Event) -> dict[int, RuneboundDeck]:
    """Every player's current registered Runebound deck for the event, by player id, in one read
    (the newest version of each player's list); empty if the event is not a Runebound one."""
    if deck_format(event.format).game != RUNEBOUND:
        return {}
    newest: dict[int, Any] = {}
    # As values, not rows: a round of the Fett reads 1,024 lists here, and building a model
    # instance for each (and its deck's) was half the time of opening its swaps.
    versions = DeckVersion.objects.filter(deck__event=event).order_by("deck_id", "number")
    for player, sections in versions.values_list("deck__player_id", "sections"):
        newest[player] = sections  # later numbers replace earlier ones
    return {player: sections_deck(sections) for player, sections in newest.items()}


def visible_decks(user: User | AnonymousUser, event: Event) -> QuerySet[EventDeck]:
    decks = EventDeck.objects.filter(event=event).select_related("player").prefetch_related("versions")
    if event.lists_published or has_permission(user, Perm.VIEW_PRIVATE, event):
        return decks
    if user.is_authenticated:
        return decks.filter(player=user)
    return decks.none()


@transaction.atomic
def mark_checked(version: DeckVersion, by: User, passed: bool, note: str = "") -> DeckCheck:
    require(by, Perm.RECORD_RESULTS, version.deck.event)
    if len(note) > 2000:
        raise Invalid(EventRefusal.NOTE_TOO_LONG, "Keep the note under 2,000 characters.")
    return DeckCheck.objects.create(version=version, by=by, passed=passed, note=note)


@transaction.atomic
def publish_lists(event: Event, by: User, published: bool = True) -> Event:
    event = locked_event(event)
    require(by, Perm.MANAGE, event)
    event.lists_published = published
    event.save(update_fields=["lists_published"])
    return event
