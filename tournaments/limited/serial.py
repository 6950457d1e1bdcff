"""Draft state to and from JSON: the opened packs plus the pick log.

PURE (no Django, no I/O). This module decides the stored text form of a `DraftState`. Only what
cannot be derived is written: seed, pod, seat names, the opened draft packs and the picks.
Reading it back re-applies every pick through `draft.pick`, so a damaged or hand-edited
document is refused (`DraftDataError`) instead of producing an impossible pod.

Document (``"format": "fett-draft-state-v1"``)::

    {"format": ..., "algorithm": "fett-boosters-v1", "seed": "...", "pod": 0,
     "seats": ["ann", ...], "packs": [[[slug, ...] per seat] per round],
     "picks": [{"seat": 0, "round": 1, "pick": 1, "pack": 0, "cards": [...], "auto": false}, ...]}
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, cast

import orjson

from tournaments.limited.draft import DraftError, DraftState, Pick, all_picks, apply_picks, start_draft

STATE_FORMAT = "fett-draft-state-v1"


class DraftDataError(DraftError):
    """A stored draft document is malformed or holds an illegal pick."""


def pick_to_json(made: Pick) -> dict[str, Any]:
    return {
        "seat": made.seat,
        "round": made.round,
        "pick": made.pick_number,
        "pack": made.pack,
        "cards": list(made.cards),
        "auto": made.auto,
    }


def pick_from_json(data: Mapping[str, Any]) -> Pick:
    try:
        cards = data["cards"]
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise TypeError("cards must be a list of slugs")
        numbers = [data[k] for k in ("seat", "round", "pick", "pack")]
        if not all(isinstance(n, int) and not isinstance(n, bool) for n in numbers):
            raise TypeError("seat, round, pick and pack must be whole numbers")
        seat, round_number, pick_number, opener = numbers
        return Pick(seat, round_number, pick_number, opener, tuple(cards), bool(data.get("auto", False)))
    except (KeyError, TypeError) as exc:
        raise DraftDataError(f"Malformed pick {data!r}: {exc}") from None


def to_json(state: DraftState) -> dict[str, Any]:
    """A JSON-ready dict (use `json.dumps` for text); picks in canonical order."""
    return {
        "format": STATE_FORMAT,
        "algorithm": state.algorithm,
        "seed": state.seed,
        "pod": state.pod,
        "seats": list(state.seats),
        "packs": [[list(p) for p in packs] for packs in state.opened],
        "picks": [pick_to_json(p) for p in all_picks(state)],
    }


def from_json(data: Mapping[str, Any] | str) -> DraftState:
    """The state a `to_json` document (dict or text) describes, every pick re-checked."""
    doc = _load(data)
    if doc.get("format") != STATE_FORMAT:
        raise DraftDataError(f"Not a {STATE_FORMAT} document (format {doc.get('format')!r}).")
    try:
        state = start_draft(doc["seed"], doc["seats"], _packs(doc["packs"]), pod=doc["pod"])
        state = DraftState(
            state.seed, state.pod, state.seats, state.opened, state.remaining, state.picks, str(doc["algorithm"])
        )
        return apply_picks(state, [pick_from_json(p) for p in doc["picks"]])
    except DraftDataError:
        raise
    except (DraftError, KeyError, TypeError) as exc:
        raise DraftDataError(f"Invalid draft document: {exc}") from None


SNAPSHOT_FORMAT = "fett-draft-snapshot-v1"


def snapshot(state: DraftState) -> str:
    """The whole state as compact JSON text, packs left included: for a cache shared by processes.

    Unlike `to_json` nothing is left to derive, so reading it back (`from_snapshot`) costs one
    JSON parse instead of re-applying every pick; it is for text this program wrote itself.
    Written and read by orjson: every pick of a pod writes it, and ``json`` took five times as long
    to write one (8 seats: 51 against 10 µs; the text is the same JSON, non-ASCII as UTF-8)."""
    return orjson.dumps(
        [SNAPSHOT_FORMAT, state.algorithm, state.seed, state.pod, state.seats, state.opened, state.remaining,
         [[[p.round, p.pick_number, p.pack, p.cards, p.auto] for p in seat] for seat in state.picks]],
    ).decode()  # fmt: skip


def from_snapshot(text: str | bytes) -> DraftState:
    """The state a `snapshot` wrote; `DraftDataError` if the text is not one."""
    try:
        fmt, algorithm, seed, pod, seats, opened, remaining, picks = orjson.loads(text)
        if fmt != SNAPSHOT_FORMAT:
            raise ValueError(f"format {fmt!r}")

        def packs(rounds: list[list[list[str]]]) -> tuple[tuple[tuple[str, ...], ...], ...]:
            return tuple(tuple(tuple(pack) for pack in packs) for packs in rounds)

        made = tuple(
            tuple(Pick(seat, r, n, pack, tuple(cards), bool(auto)) for r, n, pack, cards, auto in seat_picks)
            for seat, seat_picks in enumerate(picks)
        )
        return DraftState(str(seed), int(pod), tuple(seats), packs(opened), packs(remaining), made, str(algorithm))
    except (ValueError, TypeError) as exc:
        raise DraftDataError(f"Not a {SNAPSHOT_FORMAT} text: {exc}") from None


def _packs(data: object) -> list[list[list[str]]]:
    """The opened packs, checked to be lists (rounds) of lists (seats) of lists of slugs."""
    ok = isinstance(data, list) and all(
        isinstance(packs, list) and all(isinstance(p, list) and all(isinstance(c, str) for c in p) for p in packs)
        for packs in data
    )
    if not ok:
        raise DraftDataError("packs must be a list of rounds, each a list of packs, each a list of slugs.")
    return cast("list[list[list[str]]]", data)


def _load(data: Mapping[str, Any] | str) -> Mapping[str, Any]:
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            raise DraftDataError(f"Draft document is not JSON: {exc}") from None
    if not isinstance(data, Mapping):
        raise DraftDataError("A draft document is a JSON object.")
    return data
