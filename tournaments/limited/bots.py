"""Draft bots and the server's auto-pick: which cards to take when a person does not choose.

PURE (no Django, no I/O). This module decides what a bot takes from a pack and what the server
takes for a player whose pick timer ran out.

Words:
- *rating*: `CardSet.score(slug)` (see `cards.py` and `docs/limited.md`).
- *affinity*: how much of what the bot already holds shares the card's class: the share of its
  held class cards in that class; basic cards, playable by every class, count `basic_affinity`.
- *commitment*: how far into the draft the bot is: held cards / `commit_after`, at most 1. A bot
  takes the best cards at first and leans to its classes as it holds more.
- *jitter*: a small fixed preference per (bot seed, card), from sha256, so bots with different
  seeds differ, the same seed always decides the same, and ties never depend on input order.

Bot score = rating + affinity_weight × commitment × affinity + jitter × (2u − 1), u in [0, 1).
A bot never fails: it takes min(take, cards in the pack) cards and knows unknown slugs as
basic cards rated 0.

*Hard* draft bots (`SearchBot`) add what the Hard game bot's evaluation says a card is worth
when played (`gameplay.runeslingers.engine.search.card_value`, weighted by `evaluation_weight`) to the same
score. `draft_bot(level, ...)` makes the bot of a level in `DRAFT_BOT_LEVELS`.

*Auto-pick*: the cards the player marked (still in the pack, in marking order) first, then the
bot's choice from what is left.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from gameplay.runeslingers.cards.schema import CardClass
from gameplay.runeslingers.engine.search import card_value
from tournaments.limited.cards import CardSet
from tournaments.limited.draft import (
    DraftState,
    NotYourPackError,
    Pick,
    PickRefusal,
    current_pack,
    current_round,
    is_finished,
    pick,
    pool,
)
from tournaments.limited.rng import derive_seed

BOT_ALGORITHM = "fett-bot-v1"


class Bot(Protocol):
    def choose(self, cards: Sequence[str], take: int, held: Sequence[str]) -> tuple[str, ...]:
        """`take` cards from `cards` (a multiset); must never raise for any pack."""
        ...


@lru_cache(maxsize=65536)
def _unit(seed: str, slug: str) -> float:
    digest = derive_seed(BOT_ALGORITHM, seed, slug)
    return int.from_bytes(digest[:8], "big") / float(1 << 64)


@dataclass(frozen=True)
class RatingBot:
    card_set: CardSet
    seed: str = ""
    affinity_weight: float = 2.0
    commit_after: int = 8
    basic_affinity: float = 0.5
    jitter: float = 0.25

    def score(self, slug: str, held: Sequence[str]) -> float:
        commitment = min(1.0, len(held) / self.commit_after) if self.commit_after > 0 else 1.0
        return (
            self.card_set.score(slug)
            + self.affinity_weight * commitment * self.affinity(slug, held)
            + self.jitter * (2 * _unit(self.seed, slug) - 1)
        )

    def affinity(self, slug: str, held: Sequence[str]) -> float:
        card_class = self.card_set.card_class(slug)
        if card_class is CardClass.BASIC:
            return self.basic_affinity
        classes = Counter(self.card_set.card_class(s) for s in held)
        classed = sum(n for c, n in classes.items() if c is not CardClass.BASIC)
        return classes[card_class] / classed if classed else 0.0

    def choose(self, cards: Sequence[str], take: int, held: Sequence[str]) -> tuple[str, ...]:
        take = max(0, min(take, len(cards)))
        scores = {slug: self.score(slug, held) for slug in set(cards)}
        order = sorted(range(len(cards)), key=lambda i: (-scores[cards[i]], cards[i], i))
        return tuple(cards[i] for i in order[:take])


@dataclass(frozen=True)
class SearchBot(RatingBot):
    """Hard: the rating bot's score plus the Hard game bot's evaluation of playing the card."""

    evaluation_weight: float = 0.25

    def score(self, slug: str, held: Sequence[str]) -> float:
        return super().score(slug, held) + self.evaluation_weight * card_value(slug)


DRAFT_BOT_LEVELS: dict[str, str] = {"normal": "Normal", "hard": "Hard"}  # level -> its name in words


def draft_bot(level: str, card_set: CardSet, seed: str = "") -> RatingBot:
    """The draft bot of a level ("normal": `RatingBot`, "hard": `SearchBot`); unknown levels are normal."""
    return SearchBot(card_set, seed=seed) if level == "hard" else RatingBot(card_set, seed=seed)


def choose_auto_pick(state: DraftState, seat: int, marked: Sequence[str], bot: Bot) -> Pick:
    """The pick the server makes for `seat` now: marked cards first, then the bot's choice.

    Raises `NotYourPackError` (reason nothing-to-pick) when the seat has no pack in front of it.
    """
    pending = current_pack(state, seat)
    if pending is None:
        raise NotYourPackError(
            PickRefusal.NOTHING_TO_PICK,
            f"Seat {seat} has no pack to pick from now.",
            seat=seat,
            round=current_round(state) or 0,
            pick_number=0,
        )
    left = list(pending.cards)
    chosen: list[str] = []
    for card in marked:
        if len(chosen) < pending.take and card in left:
            left.remove(card)
            chosen.append(card)
    chosen += _bot_choice(bot, left, pending.take - len(chosen), (*pool(state, seat), *chosen))
    return Pick(seat, pending.round, pending.pick_number, pending.pack, tuple(chosen), auto=True)


def _bot_choice(bot: Bot, left: list[str], take: int, held: Sequence[str]) -> list[str]:
    """The bot's cards, checked: anything a faulty bot returns is replaced by the pack's first cards."""
    if take <= 0:
        return []
    try:
        chosen = list(bot.choose(tuple(left), take, tuple(held)))
    except Exception:  # a bot must never stop a draft; fall back to pack order
        chosen = []
    remaining = Counter(left)
    if len(chosen) != take or any(n > remaining[c] for c, n in Counter(chosen).items()):
        chosen = left[:take]
    return chosen


def auto_pick(state: DraftState, seat: int, marked: Sequence[str], bot: Bot) -> DraftState:
    """The state after the server's automatic pick for `seat` (recorded with ``auto=True``)."""
    made = choose_auto_pick(state, seat, marked, bot)
    return pick(state, seat, made.round, made.pick_number, made.cards, pack=made.pack, auto=True)


def run_bots(state: DraftState, bots: Bot | Mapping[int, Bot], *, auto: bool = True) -> DraftState:
    """Let bots pick for their seats until the draft ends or only other seats can move.

    `bots` is one bot for every seat or a mapping seat -> bot. Seats take turns in seat order,
    one pick each, so the result is the same for the same inputs.
    """
    seats = dict(bots) if isinstance(bots, Mapping) else dict.fromkeys(range(state.size), bots)
    moved = True
    while moved and not is_finished(state):
        moved = False
        for seat, bot in sorted(seats.items()):
            pending = current_pack(state, seat)
            if pending is None:
                continue
            made = choose_auto_pick(state, seat, (), bot)
            state = pick(state, seat, made.round, made.pick_number, made.cards, pack=made.pack, auto=auto)
            moved = True
    return state
