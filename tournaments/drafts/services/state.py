"""A pod's state, always rebuilt from the packs opened at the start plus its pick rows."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from typing import Any

from django.db import transaction

from gameplay.services import current_catalog
from tournaments.drafts.models import Pick, Pod, Seat
from tournaments.limited import CardSet, DraftState, DraftTimes, apply_picks, card_set_from_catalog, start_draft
from tournaments.limited import Pick as PurePick

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


def seat_names(seats: Sequence[Seat]) -> list[str]:
    return [seat.name for seat in sorted(seats, key=lambda s: s.index)]


# Committed states by pod: (version, state). Every change bumps the pod's version in the same
# transaction, so a state cached for the version on the locked row is exactly what the rows say.
_STATES: dict[int, tuple[int, DraftState]] = {}
MAX_CACHED_PODS = 1024


def load_state(pod: Pod, seats: Sequence[Seat] | None = None) -> DraftState:
    """The pod's draft state: its opened packs with every stored pick re-applied (and re-checked)."""
    cached = _STATES.get(pod.pk)
    if cached is not None and cached[0] == pod.version:
        return cached[1]
    return rebuild_state(pod, seats)


def rebuild_state(pod: Pod, seats: Sequence[Seat] | None = None) -> DraftState:
    """The state from the rows alone (what a restarted server does)."""
    seats = seats if seats is not None else list(pod.seats.all())
    initial = start_draft(pod.seed, seat_names(seats), pod.packs, pod=pod.number)
    rows = Pick.objects.filter(pod=pod).values_list("seat__index", "round", "pick_number", "pack", "cards", "auto")
    return apply_picks(initial, [PurePick(s, r, n, p, tuple(c), a) for s, r, n, p, c, a in rows])


def remember(pod: Pod, state: DraftState) -> None:
    """Cache the state for the pod's version once the transaction that made it commits."""
    key, version = pod.pk, pod.version

    def store() -> None:
        if len(_STATES) >= MAX_CACHED_PODS:
            _STATES.pop(next(iter(_STATES)))
        _STATES[key] = (version, state)

    transaction.on_commit(store)
