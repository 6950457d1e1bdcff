"""The deck swap of 004's customised deck draft variant: choices, the auto-choice, passes and ownership."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gameplay.runebound.catalog import shipped_runebound
from gameplay.runebound.decks import RuneboundDeck, check_custom
from gameplay.runebound.model import RuneboundCatalog
from gameplay.runebound.swap import (
    SwapChoice,
    SwapError,
    auto_choice,
    check_choice,
    enemy_cards,
    game_deck,
    neighbours,
    passes,
    received,
    returned,
)

CATALOG = shipped_runebound()
ENEMY = [c.id for c in CATALOG.class_cards.values() if c.is_enemy]
FRIENDLY = [c.id for c in CATALOG.class_cards.values() if not c.is_enemy]


def battlemage(catalog: RuneboundCatalog) -> RuneboundDeck:
    return RuneboundDeck.from_published(catalog.decks["battlemage"])


def test_enemy_cards_are_in_name_order_not_list_order(runebound: RuneboundCatalog) -> None:
    deck = battlemage(runebound)
    names = [runebound.class_cards[i].name for i in enemy_cards(deck, runebound)]
    assert names == sorted(names, key=str.casefold)
    assert len(names) == 13
    shuffled = RuneboundDeck.of(reversed(deck.class_cards), deck.talents)
    assert enemy_cards(shuffled, runebound) == enemy_cards(deck, runebound)


def test_auto_choice_deals_the_first_ten_alternately(runebound: RuneboundCatalog) -> None:
    deck = battlemage(runebound)
    first = enemy_cards(deck, runebound)[:10]
    choice = auto_choice(deck, runebound)
    assert choice.left == (first[0], first[2], first[4], first[6], first[8])
    assert choice.right == (first[1], first[3], first[5], first[7], first[9])
    assert check_choice(deck, choice, runebound) == []


def test_auto_choice_refuses_a_deck_without_ten_enemy_cards(runebound: RuneboundCatalog) -> None:
    deck = RuneboundDeck.of(ENEMY[:9] + FRIENDLY[:5], ())
    with pytest.raises(SwapError, match="has 9 enemy class cards; the deck swap needs at least 10"):
        auto_choice(deck, runebound)


def test_every_problem_of_a_choice_is_named_at_once(runebound: RuneboundCatalog) -> None:
    deck = battlemage(runebound)
    enemy = enemy_cards(deck, runebound)
    friendly = next(i for i in deck.class_cards if not runebound.class_cards[i].is_enemy)
    foreign = next(i for i in ENEMY if i not in deck.class_cards)
    choice = SwapChoice.of([enemy[0], enemy[0], friendly, foreign], [enemy[1], enemy[2], "nonsense"])
    problems = check_choice(deck, choice, runebound, left_name="Ada", right_name="Bo")
    assert [p.rule for p in problems] == [
        "unknown-class-card",
        "not-in-deck",
        "not-enemy",
        "all-different",
        "left-count",
        "right-count",
    ]
    messages = [p.message for p in problems]
    assert messages[0] == "Not a Runebound class card: nonsense."
    assert messages[1] == f"Not in your class deck: {runebound.class_cards[foreign].name}."
    assert runebound.class_cards[friendly].name in messages[2]
    assert f"{runebound.class_cards[enemy[0]].name} (2 times)" in messages[3]
    assert messages[4] == "Choose 5 cards for Ada; you chose 4."
    assert messages[5] == "Choose 5 cards for Bo; you chose 3."


def test_left_is_the_next_position_and_right_the_previous() -> None:
    seating = ("a", "b", "c", "d")
    assert neighbours(seating, "a") == ("b", "d")
    assert neighbours(seating, "d") == ("a", "c")
    with pytest.raises(SwapError):
        neighbours(("a",), "a")


def test_in_a_pod_of_two_the_other_player_receives_all_ten(runebound: RuneboundCatalog) -> None:
    deck = battlemage(runebound)
    choices = {"a": auto_choice(deck, runebound), "b": auto_choice(deck, runebound)}
    swap = passes(("a", "b"), choices)
    got = received("b", swap)
    assert len(got) == 10
    assert {p.giver for p in got} == {"a"}
    assert Counter(p.side for p in got) == {"left": 5, "right": 5}


def test_passes_need_every_choice(runebound: RuneboundCatalog) -> None:
    with pytest.raises(SwapError, match="1 players of the pod have no choice yet"):
        passes(("a", "b"), {"a": auto_choice(battlemage(runebound), runebound)})


@st.composite
def legal_decks(draw: st.DrawFn) -> RuneboundDeck:
    """A legal customised deck: 12 to 30 different class cards, at least 12 of them enemy cards."""
    enemy = draw(st.lists(st.sampled_from(ENEMY), min_size=12, max_size=20, unique=True))
    friendly = draw(st.lists(st.sampled_from(FRIENDLY), max_size=30 - len(enemy), unique=True))
    order = draw(st.permutations(enemy + friendly))
    return RuneboundDeck.of(order, ())


@st.composite
def chosen(draw: st.DrawFn, deck: RuneboundDeck) -> SwapChoice:
    """A valid choice a person might make: any ten enemy cards of the deck, any 5 + 5 split."""
    enemy = list(enemy_cards(deck, CATALOG))
    ten = draw(st.permutations(enemy))[:10]
    return SwapChoice.of(ten[:5], ten[5:])


@st.composite
def pods(draw: st.DrawFn) -> tuple[tuple[int, ...], dict[int, RuneboundDeck], dict[int, SwapChoice]]:
    size = draw(st.integers(min_value=2, max_value=6))
    seating = tuple(draw(st.permutations(range(size))))
    decks = {p: draw(legal_decks()) for p in seating}
    automatic = draw(st.lists(st.booleans(), min_size=size, max_size=size))
    choices = {
        p: auto_choice(decks[p], CATALOG) if auto else draw(chosen(decks[p]))
        for p, auto in zip(seating, automatic, strict=True)
    }
    return seating, decks, choices


@settings(max_examples=150, deadline=None)
@given(legal_decks())
def test_the_auto_choice_is_always_valid_for_a_legal_customised_deck(deck: RuneboundDeck) -> None:
    assert check_custom(deck, CATALOG) == []
    assert check_choice(deck, auto_choice(deck, CATALOG), CATALOG) == []


@pytest.mark.slow  # long: run by `make test` and CI, not by `make test-fast`
@settings(max_examples=150, deadline=None)
@given(pods())
def test_cards_are_conserved_and_each_player_gives_and_receives_ten(
    pod: tuple[tuple[int, ...], dict[int, RuneboundDeck], dict[int, SwapChoice]],
) -> None:
    seating, decks, choices = pod
    for p in seating:
        assert check_choice(decks[p], choices[p], CATALOG) == []
    swap = passes(seating, choices)
    for p in seating:
        assert sum(1 for x in swap if x.giver == p) == 10
        assert len(received(p, swap)) == 10
        left, right = neighbours(seating, p)
        assert {x.receiver for x in swap if x.giver == p} == {left, right}
    game = {p: game_deck(p, decks[p], swap) for p in seating}
    before = Counter((card, p) for p in seating for card in decks[p].class_cards)
    during = Counter((owned.card, owned.owner) for cards in game.values() for owned in cards)
    assert during == before  # no card created or lost, every card still with its owner's mark
    for p in seating:
        assert len(game[p]) == len(decks[p].class_cards)
        assert sum(1 for owned in game[p] if owned.owner != p) == 10
    back = returned(game)
    assert back == {p: sorted(decks[p].class_cards) for p in seating}
