"""The customised deck draft variant of rulebook 004: the deck swap within a pod.

PURE. "Each player chooses 10 enemy class cards from his class deck and, from these 10, selects 5
to pass to the player to his left and 5 to pass to the player to his right. Then each player takes
the 10 new cards dealt to him and shuffles them into his class deck."

- `check_choice` names every problem of a player's choice at once (as the deck rules do).
- `auto_choice` is the choice made for a player who did not choose by the deadline: the first ten
  enemy class cards of the deck in name order (case-insensitive; the id breaks a tie), dealt
  alternately left, right, left, ... Name order, not list order: a deck stored as JSON on
  PostgreSQL does not keep its order, and a rule a player can check by hand should not depend on it.
- Seating is clockwise by position: the player to one's LEFT sits at position + 1 (mod n), the
  player to one's RIGHT at position - 1. In a pod of 2 both are the other player, who receives all
  ten cards; the choice keeps its 5 + 5 form so the page and the rule stay the same.
- `passes` says which card goes from whom to whom; `game_deck` is a player's class deck for the
  round, every card marked with its owner; `returned` gives every card back to its owner.

A deck with fewer than 10 enemy class cards cannot take part (a legal customised deck has at least
12, a published one 13): `auto_choice` and `passes` raise `SwapError` naming the deck, and the site
leaves such a pod out of the swap.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from gameplay.runebound.decks import RuneboundDeck
from gameplay.runebound.model import RuneboundCatalog
from gameplay.runeslingers.formats import Violation

PER_SIDE = 5
CHOSEN = 2 * PER_SIDE
LEFT = "left"
RIGHT = "right"

P = TypeVar("P", bound=Hashable)


class SwapError(ValueError):
    """The swap cannot be made as asked (a deck without ten enemy class cards, a pod of one)."""


@dataclass(frozen=True)
class SwapChoice:
    """The cards a player passes: five to the left, five to the right (class card ids)."""

    left: tuple[str, ...]
    right: tuple[str, ...]

    @classmethod
    def of(cls, left: Iterable[str], right: Iterable[str]) -> SwapChoice:
        return cls(tuple(left), tuple(right))

    @property
    def cards(self) -> tuple[str, ...]:
        return self.left + self.right


@dataclass(frozen=True)
class Pass(Generic[P]):
    """One card passed: from its owner (the giver) to the player beside them."""

    card: str
    giver: P
    receiver: P
    side: str  # LEFT or RIGHT, as seen by the giver


@dataclass(frozen=True)
class OwnedCard(Generic[P]):
    card: str
    owner: P


def _name(catalog: RuneboundCatalog, card_id: str) -> str:
    card = catalog.class_cards.get(card_id)
    return card.name if card else card_id


def enemy_cards(deck: RuneboundDeck, catalog: RuneboundCatalog) -> tuple[str, ...]:
    """The deck's different enemy class cards, in name order (case-insensitive, then id)."""
    ids = {i for i in deck.class_cards if (card := catalog.class_cards.get(i)) and card.is_enemy}
    return tuple(sorted(ids, key=lambda i: (catalog.class_cards[i].name.casefold(), i)))


def check_choice(
    deck: RuneboundDeck,
    choice: SwapChoice,
    catalog: RuneboundCatalog,
    left_name: str = "the player to your left",
    right_name: str = "the player to your right",
) -> list[Violation]:
    """Every problem with a choice, at once, naming the cards; [] when it may be made."""
    chosen = choice.cards
    known = [i for i in dict.fromkeys(chosen) if i in catalog.class_cards]
    unknown = tuple(dict.fromkeys(i for i in chosen if i not in catalog.class_cards))
    counts = Counter(chosen)
    found = [
        _problem("unknown-class-card", "Not a Runebound class card: {}.", unknown, str),
        _problem(
            "not-in-deck",
            "Not in your class deck: {}.",
            tuple(i for i in known if i not in deck.class_cards),
            lambda i: _name(catalog, i),
        ),
        _problem(
            "not-enemy",
            "Only enemy class cards are passed; these are friendly: {}.",
            tuple(i for i in known if not catalog.class_cards[i].is_enemy),
            lambda i: _name(catalog, i),
        ),
        _problem(
            "all-different",
            f"Choose {CHOSEN} different cards; chosen more than once: {{}}.",
            tuple(i for i, n in counts.items() if n > 1),
            lambda i: f"{_name(catalog, i)} ({counts[i]} times)",
        ),
    ]
    for side, cards, who in ((LEFT, choice.left, left_name), (RIGHT, choice.right, right_name)):
        if len(cards) != PER_SIDE:
            found.append(
                Violation(f"{side}-count", f"Choose {PER_SIDE} cards for {who}; you chose {len(cards)}.", cards)
            )
    return [v for v in found if v is not None]


def _problem(rule: str, message: str, cards: tuple[str, ...], name: Callable[[str], str]) -> Violation | None:
    if not cards:
        return None
    return Violation(rule, message.format(", ".join(name(i) for i in cards)), cards)


def auto_choice(deck: RuneboundDeck, catalog: RuneboundCatalog) -> SwapChoice:
    """The deadline's choice: the first ten enemy cards in name order, dealt left, right, left, ..."""
    enemy = enemy_cards(deck, catalog)
    if len(enemy) < CHOSEN:
        raise SwapError(f"This class deck has {len(enemy)} enemy class cards; the deck swap needs at least {CHOSEN}.")
    first = enemy[:CHOSEN]
    return SwapChoice(first[0::2], first[1::2])


def neighbours(seating: Sequence[P], player: P) -> tuple[P, P]:
    """(left, right) of a player, seating listed clockwise by position."""
    if len(seating) < 2:
        raise SwapError("A pod of one has nobody to pass cards to.")
    at = list(seating).index(player)
    return seating[(at + 1) % len(seating)], seating[(at - 1) % len(seating)]


def passes(seating: Sequence[P], choices: Mapping[P, SwapChoice]) -> list[Pass[P]]:
    """Every card passed in a pod, giver by giver in seating order (left cards first)."""
    missing = [p for p in seating if p not in choices]
    if missing:
        raise SwapError(f"{len(missing)} players of the pod have no choice yet.")
    found: list[Pass[P]] = []
    for giver in seating:
        left, right = neighbours(seating, giver)
        choice = choices[giver]
        found += [Pass(card, giver, left, LEFT) for card in choice.left]
        found += [Pass(card, giver, right, RIGHT) for card in choice.right]
    return found


def received(player: P, swap: Iterable[Pass[P]]) -> list[Pass[P]]:
    """What one player receives, in the order of `passes`."""
    return [p for p in swap if p.receiver == player]


def game_deck(player: P, deck: RuneboundDeck, swap: Sequence[Pass[P]]) -> tuple[OwnedCard[P], ...]:
    """The player's class deck for the round: own cards minus those given, plus those received."""
    given = {p.card for p in swap if p.giver == player}
    own = tuple(OwnedCard(card, player) for card in deck.class_cards if card not in given)
    return own + tuple(OwnedCard(p.card, p.giver) for p in received(player, swap))


def returned(game_decks: Mapping[P, Iterable[OwnedCard[P]]]) -> dict[P, list[str]]:
    """After the round every card goes back to its owner: each owner's cards, by card id."""
    back: dict[P, list[str]] = {player: [] for player in game_decks}
    for cards in game_decks.values():
        for owned in cards:
            back.setdefault(owned.owner, []).append(owned.card)
    return {player: sorted(cards) for player, cards in back.items()}
