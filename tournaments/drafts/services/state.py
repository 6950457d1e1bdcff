"""A pod's state: the packs opened at the start plus its pick rows, with caches of the newest
state (in each process and, shared, in Redis) so a pick need not re-apply every earlier one."""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from dataclasses import fields
from datetime import datetime
from typing import Any, NamedTuple, TypeVar, cast

from django.db import transaction
from redis.exceptions import RedisError

from common.redis import key as redis_key
from common.redis import state_redis
from gameplay.runeslingers.site_catalog import current_catalog
from tournaments.drafts.models import Pick, Pod, Seat
from tournaments.drafts.services import rows
from tournaments.limited import CardSet, DraftState, DraftTimes, apply_picks, card_set_from_catalog, start_draft
from tournaments.limited import Pick as PurePick
from tournaments.limited.serial import DraftDataError, from_snapshot, snapshot
from tournaments.models import Registration

T = TypeVar("T")

_CARD_SETS: dict[str, CardSet] = {}
TIME_FIELDS = tuple(f.name for f in fields(DraftTimes))
MAX_SECONDS = 4 * 3600


def card_set() -> CardSet:
    """The current catalog as limited play sees it (built once per card data version)."""
    catalog = current_catalog()
    found = _CARD_SETS.get(catalog.data_version)
    if found is None:
        found = _CARD_SETS[catalog.data_version] = card_set_from_catalog(catalog)
    return found


def clean_times(raw: dict[str, Any]) -> dict[str, int]:
    """Validated time settings (whole seconds, 0 to 4 h); raises ValueError naming a wrong one."""
    cleaned: dict[str, int] = {}
    for key, value in raw.items():
        if key not in TIME_FIELDS:
            raise ValueError(f"Unknown time setting {key!r}; known: {', '.join(TIME_FIELDS)}.")
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SECONDS:
            raise ValueError(f"{key} must be a whole number of seconds from 0 to {MAX_SECONDS}, not {value!r}.")
        cleaned[key] = value
    return cleaned


def times(pod: Pod) -> DraftTimes:
    return DraftTimes(**clean_times({k: v for k, v in pod.settings.items() if k in TIME_FIELDS}))


#: What a pick needs of each seat's player (the whole user rows cost more to load than the rest).
_PLAYER_FIELDS = ("id", "player", "player__username", "player__display_name")


class _SeatedPlayers(NamedTuple):
    """A pod's seated registrations with their players, as read at ``read_at`` (monotonic)."""

    created_at: datetime  # the pod's: a pod of the same id in a recreated database is another
    ids: tuple[int, ...]
    read_at: float
    registrations: dict[int, Registration]


#: Each pod's seated players. Who sits where changes only when the organiser seats the pods or a
#: bot takes a seat (other ids: read again), so a pick reads only the seats' own rows, not the
#: join to the players (half the CPU of reading the seats). A renamed player's new name shows in
#: the draft within ``PLAYERS_TTL`` seconds.
_PLAYERS: dict[int, _SeatedPlayers] = {}
PLAYERS_TTL = 60.0


def seats_of(pod: Pod) -> list[Seat]:
    """The pod's seats in order, each with its registration and the player fields a pick and a
    push need (``registration.player``: id, username and display name)."""
    seats = rows.seats(pod.pk)
    ids = tuple(seat.registration_id for seat in seats if seat.registration_id is not None)
    now, kept = time.monotonic(), _PLAYERS.get(pod.pk)
    if kept is None or (kept.created_at, kept.ids) != (pod.created_at, ids) or now - kept.read_at >= PLAYERS_TTL:
        found = Registration.objects.filter(pk__in=ids).select_related("player").only(*_PLAYER_FIELDS)
        kept = _SeatedPlayers(pod.created_at, ids, now, {registration.pk: registration for registration in found})
        _bounded_put(_PLAYERS, pod.pk, kept)
    for seat in seats:
        held = kept.registrations.get(seat.registration_id) if seat.registration_id is not None else None
        if held is not None:
            Seat.registration.field.set_cached_value(seat, held)
    return seats


def seat_names(seats: Sequence[Seat]) -> list[str]:
    return [seat.name for seat in sorted(seats, key=lambda s: s.index)]


# Committed states by pod: (version, state). Every change bumps the pod's version in the same
# transaction, so a state cached for the version on the locked row is exactly what the rows say.
# Each process keeps the states it saw; all processes share the newest one of each pod through
# Redis (a snapshot keyed by pod and tagged with its version), so the process that makes the
# next pick (another web process, a timer worker) need not rebuild it from the pick rows.
_STATES: dict[int, tuple[str, DraftState]] = {}
MAX_CACHED_PODS = 1024
SHARED_TTL = 6 * 3600

log = logging.getLogger(__name__)


def _shared_key(pod_id: int) -> str:
    return redis_key("draft", "state", str(pod_id))


def load_state(pod: Pod, seats: Sequence[Seat] | None = None) -> DraftState:
    """The pod's draft state: its opened packs with every stored pick re-applied (and re-checked)."""
    tag = _tag(pod.version, pod.created_at)
    cached = _STATES.get(pod.pk)
    if cached is not None and cached[0] == tag:
        return cached[1]
    shared = _shared_state(pod, tag)
    if shared is not None:
        _keep(pod.pk, tag, shared)
        return shared
    return rebuild_state(pod, seats)


def _shared_state(pod: Pod, tag: str) -> DraftState | None:
    try:
        raw = cast(bytes | None, state_redis().get(_shared_key(pod.pk)))
    except RedisError as exc:  # the rows are the truth: rebuild from them
        log.warning("draft state cache unreachable (%s)", exc)
        return None
    if raw is None:
        return None
    stored_tag, _, text = bytes(raw).partition(b" ")
    if stored_tag != tag.encode():
        return None
    try:
        state = from_snapshot(text)
    except DraftDataError:
        return None
    return state if (state.seed, state.pod) == (pod.seed, pod.number) else None


def _tag(version: int, created_at: datetime) -> str:
    """The pod's version and creation time: another pod with the same id (a database restored or
    recreated beside a live Redis, a test database) is told apart by the latter."""
    return f"{version}/{created_at.timestamp():.6f}"


def rebuild_state(pod: Pod, seats: Sequence[Seat] | None = None) -> DraftState:
    """The state from the rows alone (what a restarted server does)."""
    seats = seats if seats is not None else list(pod.seats.all())
    initial = start_draft(pod.seed, seat_names(seats), pod.packs, pod=pod.number)
    rows = Pick.objects.filter(pod=pod).values_list("seat__index", "round", "pick_number", "pack", "cards", "auto")
    return apply_picks(initial, [PurePick(s, r, n, p, tuple(c), a) for s, r, n, p, c, a in rows])


def _keep(pod_id: int, tag: str, state: DraftState) -> None:
    _bounded_put(_STATES, pod_id, (tag, state))


def _bounded_put(cache: dict[int, T], pod_id: int, value: T) -> None:
    """Keep ``value`` for the pod in a per-process cache of at most ``MAX_CACHED_PODS`` pods (the
    oldest entry goes first)."""
    if pod_id not in cache and len(cache) >= MAX_CACHED_PODS:
        cache.pop(next(iter(cache)))
    cache[pod_id] = value


def remember(pod: Pod, state: DraftState) -> None:
    """Cache the state for the pod's version once the transaction that made it commits: in this
    process, and for the others in Redis."""
    pod_id, tag = pod.pk, _tag(pod.version, pod.created_at)

    def store() -> None:
        _keep(pod_id, tag, state)
        try:
            state_redis().set(_shared_key(pod_id), f"{tag} {snapshot(state)}", ex=SHARED_TTL)
        except RedisError as exc:
            log.warning("draft state cache unreachable (%s)", exc)

    transaction.on_commit(store)
