"""Bots lean to their classes; ratings follow the documented formula; auto-built decks are legal."""

from __future__ import annotations

from collections import Counter

import pytest

from gameplay.runeslingers.cards.model import Card, KeywordValue
from gameplay.runeslingers.cards.schema import RUNESLINGER_CLASSES, CardClass, CardType, Keyword, Rarity
from gameplay.runeslingers.formats import Deck, get_format
from tests.limited.support import catalog, real_set, seat_names, synthetic_set
from tournaments.limited import (
    DEFAULT_TIMES,
    DRAFT_DECK,
    SEALED_DECK,
    CardSet,
    DeckRules,
    DraftTimes,
    PoolCard,
    PoolTooSmallError,
    RatingBot,
    build_deck,
    default_loadout,
    new_draft,
    pool_counts,
    pools,
    rate_card,
    run_bots,
    sealed_cards,
    sealed_pool,
)


def test_a_bot_takes_the_highest_rated_cards_of_a_fresh_pack() -> None:
    cs = synthetic_set()
    bot = RatingBot(cs, jitter=0.0)
    pack = [c.slug for c in cs.cards[:18]]
    best = sorted(pack, key=lambda s: (-cs.score(s), s))[:2]
    assert bot.choose(pack, 2, ()) == tuple(best)


def test_a_bot_leans_to_the_class_it_holds() -> None:
    cards = [
        PoolCard("hexer-card", Rarity.COMMON, CardClass.HEXER, rating=3.0),
        PoolCard("striker-card", Rarity.COMMON, CardClass.STRIKER, rating=3.5),
        PoolCard("held-hexer", Rarity.COMMON, CardClass.HEXER, rating=1.0),
    ]
    bot = RatingBot(CardSet.of(cards), jitter=0.0)
    assert bot.choose(["hexer-card", "striker-card"], 1, ()) == ("striker-card",)
    assert bot.choose(["hexer-card", "striker-card"], 1, ["held-hexer"] * 8) == ("hexer-card",)


def test_bots_with_the_same_seed_agree_and_different_seeds_can_differ() -> None:
    cs = real_set()
    a = run_bots(new_draft(cs, "same", seat_names(6)), RatingBot(cs, "x"))
    b = run_bots(new_draft(cs, "same", seat_names(6)), RatingBot(cs, "x"))
    c = run_bots(new_draft(cs, "same", seat_names(6)), RatingBot(cs, "y", jitter=2.0))
    assert a == b
    assert pools(a) != pools(c)


def test_the_rating_formula_matches_the_documentation() -> None:
    card = Card(
        id="t",
        name="T",
        type=CardType.SPIRIT,
        card_class=CardClass.STRIKER,
        cost=2,
        rarity=Rarity.RARE,
        text="",
        script=(),
        keywords=(KeywordValue(Keyword.PAIN, 3), KeywordValue(Keyword.SHOUT)),
    )
    # rare 4 + cheap 0.5 + spirit 0.5 - pain 0.3 + keyword 0.25 + no script 0
    assert rate_card(card) == pytest.approx(4.95)
    heavy = Card("h", "H", CardType.UTILITY, CardClass.BASIC, 6, Rarity.COMMON, "", ())
    assert rate_card(heavy) == pytest.approx(2 - 0.5)


def test_every_catalog_card_is_in_the_card_set_with_a_rating() -> None:
    cs = real_set()
    assert len(cs.cards) == len(catalog().cards)
    assert cs.version == catalog().data_version
    assert all(0 < c.score < 10 for c in cs.cards)


def test_pick_times_fall_with_the_cards_left() -> None:
    seconds = [DEFAULT_TIMES.pick_seconds(left) for left in range(18, 0, -2)]  # two cards a pick
    assert seconds[0] == 60 and seconds[-1] == 0 and len(seconds) == 9
    assert seconds == sorted(seconds, reverse=True)
    assert (DEFAULT_TIMES.review_seconds(1), DEFAULT_TIMES.review_seconds(2)) == (60, 90)
    assert (DEFAULT_TIMES.draft_deck_building_seconds, DEFAULT_TIMES.sealed_deck_building_seconds) == (1500, 1800)
    assert DraftTimes(base_seconds=0, per_card_seconds=4, forced_seconds=5).pick_seconds(1) == 5


def check(format_slug: str, built_cards: dict[str, int], card_class: CardClass, pool: tuple[str, ...]) -> list:
    loadout = default_loadout(catalog(), card_class)
    assert loadout is not None
    deck = Deck.of(loadout.runeslinger, loadout.equips, built_cards)
    return get_format(format_slug).check(deck, catalog(), pool=pool_counts(pool))


@pytest.mark.parametrize("seats", [4, 8])
def test_auto_built_draft_decks_are_legal(seats: int) -> None:
    cs = real_set()
    state = run_bots(new_draft(cs, f"legal-{seats}", seat_names(seats)), RatingBot(cs, "legal"))
    for pool in pools(state):
        deck = build_deck(cs, pool, DRAFT_DECK)
        assert deck.size == 30
        assert check("draft", dict(deck.cards), deck.card_class, pool) == []


@pytest.mark.parametrize("player", range(6))
def test_auto_built_sealed_decks_are_legal(player: int) -> None:
    cs = real_set()
    pool = sealed_cards(sealed_pool(cs, "sealed-legal", player))
    deck = build_deck(cs, pool, SEALED_DECK)
    assert deck.size == 40
    assert check("sealed", dict(deck.cards), deck.card_class, pool) == []


def test_auto_build_is_deterministic_and_prefers_the_players_class() -> None:
    cs = real_set()
    pool = sealed_cards(sealed_pool(cs, "prefer", 0))
    assert build_deck(cs, pool, SEALED_DECK) == build_deck(cs, list(reversed(pool)), SEALED_DECK)
    for card_class in RUNESLINGER_CLASSES:
        deck = build_deck(cs, pool, SEALED_DECK, card_class=card_class)
        assert deck.card_class is card_class
        assert check("sealed", dict(deck.cards), card_class, pool) == []


def test_auto_build_picks_the_class_with_the_best_cards() -> None:
    cards = [PoolCard(f"w{i}", Rarity.RARE, CardClass.WARDEN, rating=5.0) for i in range(20)]
    cards += [PoolCard(f"s{i}", Rarity.COMMON, CardClass.STRIKER, rating=1.0) for i in range(20)]
    cs = CardSet.of(cards)
    deck = build_deck(cs, [c.slug for c in cards], DeckRules(size=25))
    assert deck.card_class is CardClass.WARDEN
    assert sum(n for s, n in deck.cards.items() if s.startswith("w")) == 20


def test_auto_build_respects_copy_limits_and_refuses_small_pools() -> None:
    cs = synthetic_set()
    x_card = next(c.slug for c in cs.cards if c.is_x)
    common = next(c.slug for c in cs.cards if c.rarity is Rarity.COMMON)
    pool = [x_card] * 3 + [common] * 5 + [c.slug for c in cs.cards[:40]]
    deck = build_deck(cs, pool, SEALED_DECK)
    assert deck.cards.get(x_card, 0) <= 1 and deck.cards[common] <= 3
    assert not Counter(dict(deck.cards)) - Counter(pool)
    with pytest.raises(PoolTooSmallError):
        build_deck(cs, [x_card] * 40, SEALED_DECK)
    with pytest.raises(PoolTooSmallError):
        build_deck(cs, pool[:20], DRAFT_DECK)


def test_a_built_deck_keeps_the_chosen_cards_and_fills_the_rest() -> None:
    """Suggest builds around the cards a player already put in (issue 30): they stay, as far as
    the pool, the copy limits and the deck's size allow; the rest is the usual best cards."""
    cs = real_set()
    pool = sealed_cards(sealed_pool(cs, "keep", 0))
    weakest = sorted(set(pool), key=lambda slug: (cs.score(slug), slug))[:4]
    built = build_deck(cs, pool, SEALED_DECK, card_class=CardClass.HEXER, keep=dict.fromkeys(weakest, 1))
    assert all(built.cards.get(slug, 0) >= 1 for slug in weakest) and built.size == 40
    assert not built.dropped
    plain = build_deck(cs, pool, SEALED_DECK, card_class=CardClass.HEXER)
    assert build_deck(cs, pool, SEALED_DECK, card_class=CardClass.HEXER, keep={}) == plain
    everything = {slug: 9 for slug in pool}  # more than the pool, the limits and the size allow
    full = build_deck(cs, pool, SEALED_DECK, card_class=CardClass.HEXER, keep=everything)
    assert full.size == 40 and all(full.cards[s] <= min(3, pool.count(s)) for s in full.cards)
    usable = sum(SEALED_DECK.usable(pool.count(s), cs.is_x(s)) for s in set(pool))
    assert sum(full.dropped.values()) == usable - 40
    assert check("sealed", dict(full.cards), CardClass.HEXER, pool) == []
