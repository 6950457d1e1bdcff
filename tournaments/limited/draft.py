"""The draft pod as a pure state machine: packs, passing, picks, pools.

PURE (no Django, no I/O, no clock). This module decides which pack each seat holds, which
picks are legal, and what every player ends with (rulebook 001, "Draft"):

- 4 to 8 seats (001: "a minimum of 4 players ... six is best"; 8 is the most a pod seats).
- Each seat has 4 boosters. In round 1 it opens boosters 1 and 2, shuffled together into an
  18-card *draft pack*; every pick takes 2 cards and passes the rest *left*; round 2 does the
  same with boosters 3 and 4, passing *right*. Each player ends with 36 cards (and builds 30).

Words:
- *seat*: an index 0..n-1 around the table; seat numbers rise clockwise, so *left* is seat + 1
  and *right* is seat - 1 (modulo n).
- *pack*: a draft pack, named by its round and the seat that opened it (`Pick.pack`).
- *pick number*: 1..9 within a round. The pack for a seat's pick k of round r is fixed: the one
  opened by seat − d·(k−1), d = +1 passing left, −1 passing right. So a pick that names round,
  pick number and pack can never land on the wrong pack.
- *waiting packs*: a seat may hold several packs at once when its upstream neighbour is faster;
  it picks from them in pick-number order (`pending_packs`). Round 2 opens only when every
  card of round 1 is picked.
- *stale pick*: one for a (seat, round, pick number) already recorded, e.g. a repeated request
  or a player's pick arriving after the server's auto-pick. It is refused; nothing changes.

The state is canonical: it depends only on the set of picks, never on their interleaving.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from tournaments.limited.boosters import BOOSTER_ALGORITHM, DEFAULT_SLOTS, BoosterSlots, check_seed, draft_pack
from tournaments.limited.boosters import pack as make_booster
from tournaments.limited.cards import CardSet

ROUNDS = 2
BOOSTERS_PER_ROUND = 2
CARDS_PER_PICK = 2
MIN_SEATS = 4
MAX_SEATS = 8


class DraftError(ValueError):
    """Base of every error this module raises."""


class DraftSetupError(DraftError):
    """The draft cannot start: wrong number of seats, repeated seat names, uneven packs."""


class PickRefusal(StrEnum):
    UNKNOWN_SEAT = "unknown-seat"
    WRONG_ROUND = "wrong-round"
    ROUND_NOT_STARTED = "round-not-started"
    WRONG_PICK_NUMBER = "wrong-pick-number"
    ALREADY_PICKED = "already-picked"
    WRONG_PACK = "wrong-pack"
    PACK_NOT_ARRIVED = "pack-not-arrived"
    NOTHING_TO_PICK = "nothing-to-pick"
    MALFORMED = "malformed"
    WRONG_COUNT = "wrong-count"
    NOT_IN_PACK = "not-in-pack"
    TOO_MANY_COPIES = "too-many-copies"


class PickError(DraftError):
    """A refused pick; `reason` says why. The state it was tried on is unchanged."""

    def __init__(self, reason: PickRefusal, message: str, *, seat: int, round: int, pick_number: int) -> None:
        super().__init__(message)
        self.reason = reason
        self.seat = seat
        self.round = round
        self.pick_number = pick_number


class StalePickError(PickError):
    """That pick was already made (repeated or late request); `recorded` is the pick on file."""

    def __init__(self, recorded: Pick) -> None:
        super().__init__(
            PickRefusal.ALREADY_PICKED,
            f"Seat {recorded.seat} already made pick {recorded.pick_number} of round {recorded.round} "
            f"({', '.join(recorded.cards)}{', automatically' if recorded.auto else ''}).",
            seat=recorded.seat,
            round=recorded.round,
            pick_number=recorded.pick_number,
        )
        self.recorded = recorded


class NotYourPackError(PickError):
    """The named pack is not the one the seat holds for that pick, or it has not arrived yet."""


class IllegalPickError(PickError):
    """The pick is malformed: unknown seat, wrong round or pick number, or cards not in the pack."""


@dataclass(frozen=True)
class Pick:
    seat: int
    round: int
    pick_number: int
    pack: int  # the seat that opened this pack in this round
    cards: tuple[str, ...]
    auto: bool = False


@dataclass(frozen=True)
class PendingPack:
    """A pack waiting in front of a seat, and what a pick from it must name."""

    round: int
    pick_number: int
    pack: int
    cards: tuple[str, ...]
    take: int


Packs = tuple[tuple[tuple[str, ...], ...], ...]  # [round - 1][opening seat] -> cards


@dataclass(frozen=True)
class DraftState:
    seed: str
    pod: int
    seats: tuple[str, ...]
    opened: Packs
    remaining: Packs
    picks: tuple[tuple[Pick, ...], ...]  # [seat] -> picks in (round, pick number) order
    algorithm: str = BOOSTER_ALGORITHM

    @property
    def size(self) -> int:
        return len(self.seats)

    @property
    def version(self) -> int:
        """The number of picks made: rises by exactly one per accepted pick."""
        return sum(len(seat_picks) for seat_picks in self.picks)


# --- setting up --------------------------------------------------------------------------------


def new_draft(
    card_set: CardSet, seed: str, seats: Sequence[str], *, pod: int = 0, slots: BoosterSlots = DEFAULT_SLOTS
) -> DraftState:
    """A fresh pod: every seat's boosters generated from the seed, opened into draft packs."""
    _check_seats(seats)
    opened = tuple(
        tuple(_seat_draft_pack(card_set, seed, seat, round_number, pod, slots) for seat in range(len(seats)))
        for round_number in range(1, ROUNDS + 1)
    )
    return start_draft(seed, seats, opened, pod=pod)


def _seat_draft_pack(
    card_set: CardSet, seed: str, seat: int, round_number: int, pod: int, slots: BoosterSlots
) -> tuple[str, ...]:
    first = (round_number - 1) * BOOSTERS_PER_ROUND + 1
    boosters = tuple(
        make_booster(card_set, seed, seat, n, pod=pod, slots=slots) for n in range(first, first + BOOSTERS_PER_ROUND)
    )
    return draft_pack(boosters, seed, seat, round_number, pod=pod)


def start_draft(
    seed: str, seats: Sequence[str], opened: Sequence[Sequence[Sequence[str]]], *, pod: int = 0
) -> DraftState:
    """A fresh pod from given draft packs ([round - 1][seat]); all packs of a round the same size."""
    _check_seats(seats)
    check_seed(seed)
    if isinstance(pod, bool) or not isinstance(pod, int) or pod < 0:
        raise DraftSetupError(f"A pod number is a whole number of 0 or more, not {pod!r}.")
    if len(opened) != ROUNDS or any(len(packs) != len(seats) for packs in opened):
        raise DraftSetupError(f"A draft needs {ROUNDS} rounds of one pack per seat.")
    for round_number, packs in enumerate(opened, start=1):
        if len({len(p) for p in packs}) != 1 or not packs[0]:
            raise DraftSetupError(f"Every pack of round {round_number} must hold the same number of cards (1+).")
    frozen = tuple(tuple(tuple(p) for p in packs) for packs in opened)
    return DraftState(seed, pod, tuple(seats), frozen, frozen, tuple(() for _ in seats))


def _check_seats(seats: Sequence[str]) -> None:
    if isinstance(seats, str):
        raise DraftSetupError("Seats are a list of seat names, not one text.")
    if not MIN_SEATS <= len(seats) <= MAX_SEATS:
        raise DraftSetupError(f"A draft pod seats {MIN_SEATS} to {MAX_SEATS} players, not {len(seats)}.")
    if any(not isinstance(s, str) or not s for s in seats) or len(set(seats)) != len(seats):
        raise DraftSetupError("Seat names must be distinct, non-empty text.")


# --- reading the state ---------------------------------------------------------------------------


def direction(round_number: int) -> int:
    """+1 (pass left) in odd rounds, -1 (pass right) in even rounds."""
    return 1 if round_number % 2 == 1 else -1


def picks_per_round(state: DraftState, round_number: int) -> int:
    size = len(state.opened[round_number - 1][0])
    return -(-size // CARDS_PER_PICK)


def pack_for_pick(state: DraftState, seat: int, round_number: int, pick_number: int) -> int:
    """The seat that opened the pack `seat` picks from at this pick number."""
    return (seat - direction(round_number) * (pick_number - 1)) % state.size


def picks_made(state: DraftState, seat: int, round_number: int) -> int:
    return sum(1 for p in state.picks[seat] if p.round == round_number)


def is_round_complete(state: DraftState, round_number: int) -> bool:
    return all(not cards for cards in state.remaining[round_number - 1])


def current_round(state: DraftState) -> int | None:
    """The round being drafted, or None once every card is picked."""
    return next((r for r in range(1, ROUNDS + 1) if not is_round_complete(state, r)), None)


def is_finished(state: DraftState) -> bool:
    return current_round(state) is None


def pending_packs(state: DraftState, seat: int) -> tuple[PendingPack, ...]:
    """The packs in front of a seat, oldest pick first; empty while it waits for its neighbour."""
    round_number = current_round(state)
    if round_number is None or not 0 <= seat < state.size:
        return ()
    upstream = (seat - direction(round_number)) % state.size
    upstream_done = picks_made(state, upstream, round_number)
    found: list[PendingPack] = []
    pick_number = picks_made(state, seat, round_number) + 1
    while pick_number <= picks_per_round(state, round_number) and upstream_done >= pick_number - 1:
        found.append(_pending(state, seat, round_number, pick_number))
        pick_number += 1
    return tuple(found)


def _pending(state: DraftState, seat: int, round_number: int, pick_number: int) -> PendingPack:
    opener = pack_for_pick(state, seat, round_number, pick_number)
    cards = state.remaining[round_number - 1][opener]
    return PendingPack(round_number, pick_number, opener, cards, min(CARDS_PER_PICK, len(cards)))


def current_pack(state: DraftState, seat: int) -> PendingPack | None:
    """The pack the seat must pick from now, or None while it has none."""
    waiting = pending_packs(state, seat)
    return waiting[0] if waiting else None


def is_forced(pack_size: int, taken: int) -> bool:
    """A pick from a pack that held no more cards than were taken (the last pick of a round) is
    *forced*: nobody chose anything, so it is never an auto-pick worth counting against a player."""
    return pack_size <= taken


def was_forced(state: DraftState, made: Pick) -> bool:
    """Whether a recorded pick was forced (see `is_forced`), from the size its pack had then."""
    opened = len(state.opened[made.round - 1][made.pack])
    return is_forced(opened - CARDS_PER_PICK * (made.pick_number - 1), len(made.cards))


def pool(state: DraftState, seat: int) -> tuple[str, ...]:
    """The cards the seat has picked so far, in pick order."""
    return tuple(card for p in state.picks[seat] for card in p.cards)


def pools(state: DraftState) -> tuple[tuple[str, ...], ...]:
    return tuple(pool(state, seat) for seat in range(state.size))


def all_picks(state: DraftState) -> tuple[Pick, ...]:
    """Every pick in a canonical replayable order: round, pick number, seat."""
    flat = [p for seat_picks in state.picks for p in seat_picks]
    return tuple(sorted(flat, key=lambda p: (p.round, p.pick_number, p.seat)))


# --- picking -------------------------------------------------------------------------------------


def pick(
    state: DraftState,
    seat: int,
    round: int,
    pick_number: int,
    cards: Sequence[str],
    *,
    pack: int | None = None,
    auto: bool = False,
) -> DraftState:
    """The state after `seat` takes `cards` at (round, pick number); refuses anything else.

    Errors (the given state is never changed): `StalePickError` if that pick was already made;
    `NotYourPackError` if `pack` names another pack or the pack has not arrived;
    `IllegalPickError` for an unknown seat, a wrong round or pick number, or wrong cards.
    """
    pending = _check_turn(state, seat, round, pick_number)
    where = {"seat": seat, "round": round, "pick_number": pick_number}
    if pack is not None and pack != pending.pack:
        raise NotYourPackError(
            PickRefusal.WRONG_PACK,
            f"Pick {pick_number} of round {round} for seat {seat} is "
            f"from the pack seat {pending.pack} opened, not seat {pack}'s.",
            **where,
        )
    if not pending.cards or _upstream_behind(state, seat, round, pick_number):
        raise NotYourPackError(
            PickRefusal.PACK_NOT_ARRIVED,
            f"Seat {seat} does not have its pack for pick {pick_number} of round {round} yet.",
            **where,
        )
    if isinstance(cards, str) or not all(isinstance(c, str) for c in cards):
        raise IllegalPickError(PickRefusal.MALFORMED, "A pick is a list of card slugs.", **where)
    chosen = tuple(cards)
    _check_cards(pending, chosen, where)
    return _apply(state, Pick(seat, round, pick_number, pending.pack, chosen, auto))


def _check_turn(state: DraftState, seat: int, round_number: int, pick_number: int) -> PendingPack:
    where = {"seat": seat, "round": round_number, "pick_number": pick_number}
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.size:
        raise IllegalPickError(PickRefusal.UNKNOWN_SEAT, f"There is no seat {seat!r} in this pod.", **where)
    if not 1 <= round_number <= ROUNDS:
        raise IllegalPickError(
            PickRefusal.WRONG_ROUND, f"A draft has rounds 1 to {ROUNDS}, not {round_number}.", **where
        )
    last = picks_per_round(state, round_number)
    if not 1 <= pick_number <= last:
        raise IllegalPickError(
            PickRefusal.WRONG_PICK_NUMBER, f"Round {round_number} has picks 1 to {last}, not {pick_number}.", **where
        )
    recorded = next((p for p in state.picks[seat] if (p.round, p.pick_number) == (round_number, pick_number)), None)
    if recorded is not None:
        raise StalePickError(recorded)
    now = current_round(state)
    if now is not None and round_number > now:
        raise IllegalPickError(
            PickRefusal.ROUND_NOT_STARTED, f"Round {round_number} starts when round {now} is fully picked.", **where
        )
    expected = picks_made(state, seat, round_number) + 1
    if pick_number != expected:
        raise IllegalPickError(
            PickRefusal.WRONG_PICK_NUMBER,
            f"Seat {seat}'s next pick in round {round_number} is pick {expected}, not {pick_number}.",
            **where,
        )
    return _pending(state, seat, round_number, pick_number)


def _upstream_behind(state: DraftState, seat: int, round_number: int, pick_number: int) -> bool:
    upstream = (seat - direction(round_number)) % state.size
    return picks_made(state, upstream, round_number) < pick_number - 1


def _check_cards(pending: PendingPack, chosen: tuple[str, ...], where: dict[str, int]) -> None:
    if len(chosen) != pending.take:
        raise IllegalPickError(
            PickRefusal.WRONG_COUNT, f"Take exactly {pending.take} card(s) from this pack, not {len(chosen)}.", **where
        )
    have = Counter(pending.cards)
    missing = sorted({c for c in chosen if c not in have})
    if missing:
        raise IllegalPickError(PickRefusal.NOT_IN_PACK, f"Not in this pack: {', '.join(missing)}.", **where)
    over = sorted(c for c, n in Counter(chosen).items() if n > have[c])
    if over:
        raise IllegalPickError(
            PickRefusal.TOO_MANY_COPIES, f"The pack holds fewer copies than you took of: {', '.join(over)}.", **where
        )


def _apply(state: DraftState, made: Pick) -> DraftState:
    left = list(state.remaining[made.round - 1][made.pack])
    for card in made.cards:
        left.remove(card)
    round_packs = list(state.remaining[made.round - 1])
    round_packs[made.pack] = tuple(left)
    remaining = list(state.remaining)
    remaining[made.round - 1] = tuple(round_packs)
    picks = list(state.picks)
    picks[made.seat] = (*picks[made.seat], made)
    return DraftState(state.seed, state.pod, state.seats, state.opened, tuple(remaining), tuple(picks), state.algorithm)


def apply_picks(state: DraftState, picks: Iterable[Pick]) -> DraftState:
    """Apply recorded picks in canonical order (round, pick number, seat): any arrival order works."""
    for made in sorted(picks, key=lambda p: (p.round, p.pick_number, p.seat)):
        state = pick(state, made.seat, made.round, made.pick_number, made.cards, pack=made.pack, auto=made.auto)
    return state


def replay(
    card_set: CardSet,
    seed: str,
    seats: Sequence[str],
    picks: Iterable[Pick],
    *,
    pod: int = 0,
    slots: BoosterSlots = DEFAULT_SLOTS,
) -> DraftState:
    """Rebuild a pod from its seed and its stored pick rows; refuses a log with an illegal pick."""
    return apply_picks(new_draft(card_set, seed, seats, pod=pod, slots=slots), picks)
