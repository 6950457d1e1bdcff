"""Boosters: 9-card packs collated by rarity slots from a per-event seed, and seed commitments.

PURE (no Django, no I/O). This module decides what is in every booster of an event, so any pack
of any event can be regenerated and audited from the event seed, the card set and
`BOOSTER_ALGORITHM`; and how an organiser commits to a seed before the event.

Words:
- *slots*: how many cards each sheet gives a booster (`BoosterSlots`): by default 6 commons,
  2 uncommons and 1 rare slot, which holds a mythic (X) card 1 time in 8.
- *booster*: one sealed pack, named by (pod, player, number); never two copies of a card.
- *draft pack*: the 18 cards a player drafts from in one round: their two boosters of that
  round shuffled together (rulebook 001, "Draft"). It may hold two copies of a card.
- *event seed*: the secret text every pack of the event derives from; *commitment*: its sha256
  (hex), published before the event, the seed itself after.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass

from tournaments.limited.cards import CardSet, CardSetError, Sheet
from tournaments.limited.rng import Stream, derive_seed

BOOSTER_ALGORITHM = "fett-boosters-v1"
MAX_SEED_LENGTH = 200


class InvalidSeedError(ValueError):
    """An event seed must be non-empty printable text of at most `MAX_SEED_LENGTH` characters."""


class SheetTooSmallError(CardSetError):
    """A sheet holds fewer distinct cards than its slots need, so a booster cannot avoid repeats."""


@dataclass(frozen=True)
class BoosterSlots:
    commons: int = 6
    uncommons: int = 2
    rares: int = 1  # rare slots; each holds a mythic instead 1 time in `mythic_one_in`
    mythic_one_in: int = 8

    def __post_init__(self) -> None:
        if min(self.commons, self.uncommons, self.rares) < 0 or self.mythic_one_in < 1 or self.size < 1:
            raise ValueError(f"impossible booster slots: {self}")

    @property
    def size(self) -> int:
        return self.commons + self.uncommons + self.rares


DEFAULT_SLOTS = BoosterSlots()


@dataclass(frozen=True)
class Booster:
    pod: int
    player: int
    number: int
    cards: tuple[str, ...]
    algorithm: str = BOOSTER_ALGORITHM


def check_seed(seed: object) -> str:
    if not isinstance(seed, str) or not seed or len(seed) > MAX_SEED_LENGTH or not seed.isprintable():
        raise InvalidSeedError(
            f"An event seed is non-empty printable text of at most {MAX_SEED_LENGTH} characters, not {seed!r}."
        )
    return seed


def new_event_seed() -> str:
    """A fresh secret seed (256 bits, hex). The only function here that is not deterministic."""
    return secrets.token_hex(32)


def seed_commitment(seed: str) -> str:
    """The sha256 (hex) of the seed's UTF-8 bytes: ``printf %s SEED | sha256sum`` checks it."""
    return hashlib.sha256(check_seed(seed).encode("utf-8")).hexdigest()


def verify_commitment(seed: str, commitment: str) -> bool:
    try:
        expected = seed_commitment(seed)
    except InvalidSeedError:
        return False
    return hmac.compare_digest(expected, commitment.strip().lower())


def check_sheets(card_set: CardSet, slots: BoosterSlots = DEFAULT_SLOTS) -> None:
    """Refuse a card set whose sheets cannot fill the slots without repeating a card."""
    needs = ((Sheet.COMMON, slots.commons), (Sheet.UNCOMMON, slots.uncommons), (Sheet.RARE, slots.rares))
    short = [
        f"{sheet.value}: {len(card_set.sheet(sheet))} of {n}" for sheet, n in needs if len(card_set.sheet(sheet)) < n
    ]
    if short:
        raise SheetTooSmallError(f"The card set cannot fill a booster ({'; '.join(short)} needed).")


def pack(
    card_set: CardSet, event_seed: str, player: int, number: int, *, pod: int = 0, slots: BoosterSlots = DEFAULT_SLOTS
) -> Booster:
    """Booster `number` of `player` in `pod`: a pure function of its arguments.

    Draws, in this order, from the stream of sub-seed
    [BOOSTER_ALGORITHM, "booster", seed, pod, player, number]: one below(mythic_one_in) per rare
    slot (0 means mythic), then samples of the common, uncommon, mythic and rare sheets.
    """
    check_seed(event_seed)
    check_sheets(card_set, slots)
    stream = Stream(derive_seed(BOOSTER_ALGORITHM, "booster", event_seed, pod, player, number))
    mythic_slots = sum(1 for _ in range(slots.rares) if stream.below(slots.mythic_one_in) == 0)
    mythic_slots = min(mythic_slots, len(card_set.sheet(Sheet.MYTHIC)))
    cards = (
        stream.sample(card_set.sheet(Sheet.COMMON), slots.commons)
        + stream.sample(card_set.sheet(Sheet.UNCOMMON), slots.uncommons)
        + stream.sample(card_set.sheet(Sheet.MYTHIC), mythic_slots)
        + stream.sample(card_set.sheet(Sheet.RARE), slots.rares - mythic_slots)
    )
    return Booster(pod, player, number, tuple(cards))


def draft_pack(
    boosters: tuple[Booster, ...], event_seed: str, seat: int, round_number: int, *, pod: int = 0
) -> tuple[str, ...]:
    """The round's boosters of one seat shuffled together (sub-seed [.., "draft-pack", seed, pod, seat, round])."""
    stream = Stream(derive_seed(BOOSTER_ALGORITHM, "draft-pack", check_seed(event_seed), pod, seat, round_number))
    return tuple(stream.shuffle([card for booster in boosters for card in booster.cards]))
