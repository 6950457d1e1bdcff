"""Deck registration for events: check against the event's format, keep every version, lock at the start.

A constructed list locks when the event starts; a limited (draft/sealed) deck, built after the
pool is opened, locks when the first round is published. Organisers and judges see every list;
players see their own, and everyone's once the organiser publishes the lists.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from django.db.models import QuerySet

from accounts.models import User
from gameplay.decklists import format_decklist
from gameplay.formats import Deck as DeckList
from gameplay.formats import get_format
from gameplay.services import current_catalog
from tournaments.errors import Conflict, EventRefusal, Forbidden, Invalid
from tournaments.models import Deck, DeckCheck, DeckVersion, Event, Registration, Round
from tournaments.permissions import Perm, has_permission, require
from tournaments.services.common import locked_event


def lock_reason(event: Event) -> str | None:
    """Why lists can no longer change, or None while they can."""
    if event.status == Event.Status.FINISHED:
        return f"{event.name} is finished."
    if get_format(event.format).limited:
        if Round.objects.filter(event=event).exclude(status=Round.Status.PREVIEW).exists():
            return f"Deck lists for {event.name} locked when round 1 was published."
        return None
    if event.status not in (Event.Status.DRAFT, Event.Status.REGISTRATION):
        return f"Deck lists for {event.name} locked when the event started."
    return None


def require_may_register(event: Event, player: User, by: User) -> None:
    """Refuse (403/409) a registration ``by`` may not make for ``player``: checked before the list
    is read, so a caller who may not register costs the site no parsing."""
    if by.pk != player.pk:
        require(by, Perm.MANAGE, event)
    if not Registration.objects.filter(event=event, player=player, dropped_after_round__isnull=True).exists():
        raise Forbidden(EventRefusal.NOT_REGISTERED, f"{player.public_name} is not registered for {event.name}.")
    reason = lock_reason(event)
    if reason is not None:
        raise Conflict(
            EventRefusal.DECKS_LOCKED, reason + " Later changes are refused; ask a judge if something is wrong."
        )


@transaction.atomic
def register_deck(
    event: Event,
    player: User,
    deck: DeckList,
    by: User,
    pool: Mapping[str, int] | None = None,
    source: str = "",
    automatic: bool = False,
) -> DeckVersion:
    """Check ``deck`` under the event's format and store it as the player's next version."""
    event = locked_event(event)
    require_may_register(event, player, by)
    deck_format = get_format(event.format)
    if deck_format.limited and pool is None:
        raise Invalid(
            EventRefusal.DECK_FROM_POOL, f"{deck_format.name} decks are built from your pool on the pool page."
        )
    catalog = current_catalog()
    violations = deck_format.check(deck, catalog, pool)
    if violations:
        raise Invalid(
            EventRefusal.DECK_NOT_LEGAL,
            f"This deck is not legal in {deck_format.name}: " + " ".join(v.message for v in violations),
        )
    record, _ = Deck.objects.get_or_create(event=event, player=player)
    number = (record.versions.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    return DeckVersion.objects.create(
        deck=record,
        number=number,
        runeslinger=deck.runeslinger or "",
        equips=list(deck.equips),
        cards=dict(deck.cards),
        text=source.strip() or format_decklist(deck, catalog),
        catalog_version=catalog.data_version,
        submitted_by=by,
        automatic=automatic,
    )


def visible_decks(user: User | AnonymousUser, event: Event) -> QuerySet[Deck]:
    decks = Deck.objects.filter(event=event).select_related("player").prefetch_related("versions")
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
