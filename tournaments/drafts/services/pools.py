"""Pools after a draft or a sealed opening; deck submission and the deck-building deadline.

At the deadline a player without a deck gets the pure ``build_deck`` result (deterministic,
legal) with the class's default Runeslinger and equips, registered as an automatic version;
the pool keeps a notice for the organiser's dashboard.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from common import deadlines
from gameplay.runeslingers.cards.schema import CardClass
from gameplay.runeslingers.formats import Deck
from gameplay.runeslingers.site_catalog import DeckReport, check_deck, current_catalog
from tournaments.clock_low import BUILD_LOW, low_at
from tournaments.drafts.errors import DraftRefusal
from tournaments.drafts.models import Pod, Pool, Seat
from tournaments.drafts.services import clock, push
from tournaments.drafts.services.state import card_set, clean_times, load_state, seats_of, times
from tournaments.errors import Conflict, EventError, Forbidden, Invalid
from tournaments.limited import (
    DEFAULT_TIMES,
    DRAFT_DECK,
    SEALED_DECK,
    DraftState,
    PoolTooSmallError,
    build_deck,
    default_loadout,
    pools,
    sealed_cards,
    sealed_pool,
)
from tournaments.models import Event, Registration, Round
from tournaments.permissions import Perm, require
from tournaments.services.common import locked_event
from tournaments.services.decks import register_deck

log = logging.getLogger(__name__)
SEALED_FORMAT = "sealed"


def before_round_one_refusal(event: Event, what: str) -> str:
    """Why ``what`` ("Pods are seated", "Sealed pools are opened") cannot happen now, in words, or "":
    both happen while the event runs and before round 1 is paired."""
    if event.status in (Event.Status.DRAFT, Event.Status.REGISTRATION):
        return f"{what} after the event starts: start it when the players are here (no-shows drop out then)."
    if Round.objects.filter(event=event).exists():
        return f"{what} before round 1 is paired; round 1 is paired already."
    if event.status != Event.Status.RUNNING:
        return f"{what} while the event runs; {event.name} has finished."
    return ""


def _start_build_clock(pool: Pool, seconds: int, now: datetime) -> None:
    pool.build_deadline = now + timedelta(seconds=seconds)
    pool.build_low_at = low_at(now, pool.build_deadline)
    pool.build_timer_version += 1
    pool.save(update_fields=["build_deadline", "build_low_at", "build_timer_version"])
    deadlines.schedule(clock.DECK_BUILD, pool.pk, pool.build_timer_version, pool.build_deadline)
    deadlines.schedule(BUILD_LOW, pool.pk, pool.build_timer_version, pool.build_low_at)


def create_draft_pools(pod: Pod, seats: list[Seat], state: DraftState, now: datetime) -> None:
    """Each player's 36 cards become their pool; the deck-building clock starts (bots get none)."""
    seconds = times(pod).draft_deck_building_seconds
    drafted = pools(state)
    for seat in seats:
        if seat.registration is None:
            continue
        pool = Pool.objects.create(
            event=pod.event, registration=seat.registration, pod=pod, kind=Pool.Kind.DRAFT,
            player_index=seat.index, cards=list(drafted[seat.index]), card_data_version=pod.card_data_version,
            created_at=now,
        )  # fmt: skip
        _start_build_clock(pool, seconds, now)


def open_sealed(event: Event, by: User, build_seconds: int | None = None, now: datetime | None = None) -> list[Pool]:
    """Every player opens six boosters (seeded from the event seed); one build clock for all.

    Idempotent: players who already have a pool keep it; later players get theirs.
    """
    now = now or timezone.now()
    with transaction.atomic():
        event = locked_event(event)
        require(by, Perm.MANAGE, event)
        if event.format != SEALED_FORMAT:
            raise Invalid(
                DraftRefusal.NOT_SEALED_EVENT, f"{event.name} is not a sealed event (its format is {event.format})."
            )
        closed = before_round_one_refusal(event, "Sealed pools are opened")
        if closed:
            raise Conflict(DraftRefusal.POOLS_CLOSED, closed)
        seconds = DEFAULT_TIMES.sealed_deck_building_seconds if build_seconds is None else build_seconds
        try:
            clean_times({"sealed_deck_building_seconds": seconds})
        except ValueError as exc:
            raise Invalid(DraftRefusal.BAD_TIMES, str(exc)) from None
        players = list(Registration.objects.filter(event=event, dropped_after_round__isnull=True).order_by("pk"))
        have = set(Pool.objects.filter(event=event).values_list("registration_id", flat=True))
        cards = card_set()
        index = Pool.objects.filter(event=event).count()
        for entry in players:
            if entry.pk in have:
                continue
            opened = sealed_cards(sealed_pool(cards, str(event.seed), index))
            pool = Pool.objects.create(
                event=event, registration=entry, kind=Pool.Kind.SEALED, player_index=index, cards=list(opened),
                card_data_version=cards.version, created_at=now, created_by=by,
            )  # fmt: skip
            _start_build_clock(pool, seconds, now)
            index += 1
        return list(Pool.objects.filter(event=event).select_related("registration__player"))


def pool_counts(pool: Pool) -> dict[str, int]:
    return dict(Counter(pool.cards))


def check_pool_deck(pool: Pool, deck: Deck) -> DeckReport:
    """Live legality of a deck against the pool under the event's format (nothing is stored)."""
    return check_deck(pool.event.format, deck, current_catalog(), pool_counts(pool))


def submit_deck(pool: Pool | int, user: User, deck: Deck, now: datetime | None = None) -> Pool:
    """Register the player's deck from their pool (every violation listed if it is not legal)."""
    now = now or timezone.now()
    with transaction.atomic():
        pool = (
            Pool.objects.select_for_update()
            .select_related("event", "registration__player")
            .get(pk=pool.pk if isinstance(pool, Pool) else pool)
        )
        if pool.registration.player_id != user.pk:
            raise Forbidden(DraftRefusal.NOT_YOUR_POOL, "Only the pool's player submits a deck from it.")
        if pool.build_deadline is not None and pool.build_deadline <= now and not pool.deck_done:
            raise Conflict(
                DraftRefusal.BUILD_TIME_OVER, "Deck building time is over; your deck is being built from your pool."
            )
        if pool.auto_built:
            raise Conflict(
                DraftRefusal.DECK_AUTO_BUILT,
                "Time ran out and your deck was built from your pool; ask the organiser to change it.",
            )
        register_deck(pool.event, user, deck, by=user, pool=pool_counts(pool))
        pool.deck_submitted_at = now
        pool.save(update_fields=["deck_submitted_at"])
        _maybe_done(pool)
        return pool


def expire_build(pool_id: int, version: int | None = None, now: datetime | None = None) -> bool:
    """At the deck deadline, build and register a legal deck for a player who submitted none."""
    now = now or timezone.now()
    with transaction.atomic():
        pool = (
            Pool.objects.select_for_update()
            .select_related("event__organiser", "registration__player")
            .filter(pk=pool_id)
            .first()
        )
        due = (
            pool is not None and not pool.deck_done and pool.build_deadline is not None and pool.build_deadline <= now
            and (version is None or pool.build_timer_version == version)
        )  # fmt: skip
        if not due:
            return False
        assert pool is not None
        pool.deck_submitted_at = now
        pool.auto_built = True
        pool.auto_build_note = _auto_build(pool)
        pool.save(update_fields=["deck_submitted_at", "auto_built", "auto_build_note"])
        _maybe_done(pool)
        return True


def suggested_deck(pool: Pool) -> Deck:
    """The deterministic deck the site builds from the pool (the one a late player gets).

    Raises ``PoolTooSmallError``, or ``Invalid`` when the class has no default Runeslinger.
    """
    return suggestion(pool).deck


@dataclass(frozen=True)
class Suggestion:
    """A deck built from a pool around what the player chose, and what had to change, in words."""

    deck: Deck
    changes: list[str]


def suggestion(pool: Pool, chosen: Deck | None = None) -> Suggestion:
    """The deck the site suggests from the pool, built around ``chosen`` (the Runeslinger, the
    equips and the cards the player has already put in): the Runeslinger's class decides the
    cards, legal chosen equips stay (one that does not fit is replaced, a missing one added), the
    chosen cards stay as far as the pool and the deck's size allow, and the rest is filled with the
    pool's best cards. ``changes`` says, in words, whatever of the player's choice was not kept.

    Raises ``PoolTooSmallError``, or ``Invalid`` when the class has no Runeslinger to build with.
    """
    catalog = current_catalog()
    cards = card_set()
    rules = SEALED_DECK if pool.kind == Pool.Kind.SEALED else DRAFT_DECK
    chosen = chosen or Deck.of(None, (), {})
    changes: list[str] = []
    slinger = catalog.runeslingers.get(chosen.runeslinger or "")
    if chosen.runeslinger and slinger is None:
        changes.append("The Runeslinger you chose is not in the card catalog; another was chosen.")
    equips = [catalog.equips[e] for e in chosen.equips if e in catalog.equips]
    card_class = slinger.card_class if slinger else _one_class(equips)
    in_pool = pool_counts(pool)
    keep = {slug: n for slug, n in chosen.cards.items() if slug in in_pool}
    built = build_deck(cards, pool.cards, rules, card_class=card_class, keep=keep)
    if slinger is None:
        loadout = default_loadout(catalog, built.card_class)
        if loadout is None:
            raise Invalid(
                DraftRefusal.NO_RUNESLINGER, f"There is no Runeslinger of class {built.card_class.value} to build with."
            )
        slinger = catalog.runeslingers[loadout.runeslinger]
    loadout_equips, equip_changes = _equips_around(pool, catalog, slinger.id, [e.id for e in equips], built.cards)
    changes += equip_changes
    changes += _card_changes(catalog, chosen.cards, keep, built.dropped, built.cards)
    return Suggestion(Deck.of(slinger.id, loadout_equips, dict(built.cards)), changes)


def _one_class(equips: list[Any]) -> CardClass | None:
    """The class of the chosen equips when they share one (the Runeslinger is still to choose)."""
    classes = {e.card_class for e in equips}
    return classes.pop() if len(classes) == 1 else None


def _equips_around(
    pool: Pool, catalog: Any, slinger: str, chosen: list[str], cards: Mapping[str, int]
) -> tuple[tuple[str, ...], list[str]]:
    """Legal equips for ``slinger`` keeping as many of ``chosen`` as the rules allow (catalog order
    for the others), and what changed in words."""
    name = catalog.runeslingers[slinger].name
    of_class = [e.id for e in catalog.equips.values() if e.card_class is catalog.runeslingers[slinger].card_class]
    fitting = [e for e in chosen if e in of_class]

    def legal(pair: tuple[str, ...]) -> bool:
        violations = check_pool_deck(pool, Deck.of(slinger, pair, dict(cards))).violations
        return not any(v.rule in EQUIP_RULES for v in violations)

    candidates: list[tuple[str, ...]] = []
    if len(fitting) >= 2:
        candidates.append((fitting[0], fitting[1]))
    for kept in fitting[:2]:
        candidates += [(kept, other) for other in of_class if other != kept]
    candidates += [(a, b) for n, a in enumerate(of_class) for b in of_class[n + 1 :]]
    pair = next((p for p in candidates if legal(p)), None)
    if pair is None:
        raise Invalid(DraftRefusal.NO_RUNESLINGER, f"{name} has no equips that go together under the rules.")
    words = catalog.equips
    changes = []
    for equip in chosen:
        if equip not in pair:
            why = "does not go with the other equip" if equip in of_class else f"is not one of {name}'s equips"
            changes.append(f"{words[equip].name} {why}, so it was replaced.")
    added = [words[e].name for e in pair if e not in chosen]
    if added and chosen:
        changes.append(f"Equips added: {', '.join(added)}.")
    return pair, changes


def _card_changes(
    catalog: Any,
    asked: Mapping[str, int],
    keep: Mapping[str, int],
    dropped: Mapping[str, int],
    built: Mapping[str, int],
) -> list[str]:
    """The chosen cards the suggestion could not keep, in words."""

    def named(counts: Mapping[str, int]) -> str:
        return ", ".join(
            f"{n} {catalog.cards[s].name}" if s in catalog.cards else f"{n} {s}" for s, n in sorted(counts.items())
        )

    changes = []
    missing = {s: n for s, n in asked.items() if s not in keep}
    over = {s: asked[s] - built.get(s, 0) for s in keep if asked[s] > built.get(s, 0) and s not in dropped}
    if missing:
        changes.append(f"Not in your pool, so left out: {named(missing)}.")
    if over:
        changes.append(f"More copies than your pool (or the format) allows, so fewer kept: {named(over)}.")
    if dropped:
        changes.append(f"Your deck had more cards than it may; moved to the sideboard: {named(dropped)}.")
    return changes


EQUIP_RULES = ("runeslinger", "equips", "equip-class", "unknown-equip")


def _auto_build(pool: Pool) -> str:
    """Register the built deck; the notice for the organiser (also when building failed)."""
    player = pool.registration.player
    try:
        deck = suggested_deck(pool)
        with transaction.atomic():
            register_deck(pool.event, player, deck, by=pool.event.organiser, pool=pool_counts(pool), automatic=True)
    except (PoolTooSmallError, EventError) as exc:
        log.warning("auto-build for pool %s failed: %s", pool.pk, exc)
        return f"No deck could be built for {player.public_name} at the deadline: {exc}"
    catalog = current_catalog()
    slinger = catalog.runeslingers[deck.runeslinger or ""]
    return (
        f"{player.public_name} submitted no deck in time: a {slinger.card_class.value} deck "
        f"({slinger.name}) was built from the pool."
    )


def _maybe_done(pool: Pool) -> None:
    if pool.pod_id is None:
        return
    pod = Pod.objects.select_for_update().get(pk=pool.pod_id)
    if pod.status == Pod.Status.BUILDING and not pod.pools.filter(deck_submitted_at__isnull=True).exists():
        pod.set_status(Pod.Status.DONE)
        pod.version += 1
        pod.save(update_fields=["status", "version"])
        seats = seats_of(pod)
        push.after_commit(pod, seats, load_state(pod, seats))


__all__ = [
    "Suggestion", "check_pool_deck", "create_draft_pools", "expire_build", "open_sealed", "submit_deck",
    "suggested_deck", "suggestion",
]  # fmt: skip
