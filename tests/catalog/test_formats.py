"""Formats report every violation at once, naming the rule and the cards involved."""

from __future__ import annotations

import pytest

from gameplay.runeslingers.cards.catalog import Catalog
from gameplay.runeslingers.formats import FORMATS, Deck, InvalidDeckError, UnknownFormatError, Violation, get_format


def rules(violations: list[Violation]) -> set[tuple[str, tuple[str, ...]]]:
    return {(v.rule, v.cards) for v in violations}


def starter(catalog: Catalog, slug: str) -> Deck:
    return Deck.from_starter(catalog.starter_decks[slug])


def with_cards(deck: Deck, **changes: int) -> Deck:
    cards = dict(deck.cards)
    for name, delta in changes.items():
        card_id = name.replace("_", "-")
        cards[card_id] = cards.get(card_id, 0) + delta
        if cards[card_id] == 0:
            del cards[card_id]
    return Deck.of(deck.runeslinger, deck.equips, cards)


def constructed_deck(catalog: Catalog) -> Deck:
    return with_cards(
        starter(catalog, "eva-starter"),
        fireball=1,
        spark=1,
        meteor=1,
        quick_study=1,
        starfall=1,
        inferno=2,
        flame_shield=2,
        oracles_eye=1,
    )


def test_the_registry_has_the_six_formats() -> None:
    assert set(FORMATS) == {
        "awakening-constructed",
        "awakening-starter",
        "draft",
        "sealed",
        "classic-constructed",
        "classic-starter",
    }
    assert all(f.name and f.description for f in FORMATS.values())


def test_an_unknown_format_is_refused() -> None:
    with pytest.raises(UnknownFormatError, match="modern"):
        get_format("modern")


def test_a_deck_refuses_non_positive_counts() -> None:
    with pytest.raises(InvalidDeckError, match="fireball"):
        Deck.of("eva", [], {"fireball": 0})


def test_equal_decks_compare_equal_whatever_the_order() -> None:
    assert Deck.of("eva", ["b", "a"], {"spark": 1, "fireball": 2}) == Deck.of(
        "eva", ["a", "b"], {"fireball": 2, "spark": 1}
    )


@pytest.mark.parametrize("slug", ["eva-starter", "romin-starter", "brannoc-starter", "vesna-starter"])
def test_every_shipped_starter_passes_awakening_starter(catalog: Catalog, slug: str) -> None:
    """002 "4. Deck - Your deck of 30 cards is placed here": each shipped starter deck has 30 cards and passes the
    Awakening starter format."""
    deck = starter(catalog, slug)
    assert deck.size == 30
    assert get_format("awakening-starter").check(deck, catalog) == []


CLASSIC_STARTERS = ["eva-classic-starter", "romin-classic-starter", "brannoc-classic-starter", "vesna-classic-starter"]


def classic_starter(catalog: Catalog, slug: str) -> Deck:
    assert catalog.classic is not None
    return Deck.from_starter(catalog.classic.starter_decks[slug])


@pytest.mark.parametrize("slug", CLASSIC_STARTERS)
def test_every_classic_starter_passes_both_classic_formats(catalog: Catalog, slug: str) -> None:
    """000 "STARTER MODE - This format requires each player plays with an unmodified starter deck": each Classic
    starter deck is legal in Classic Starter (and in Classic Constructed)."""
    deck = classic_starter(catalog, slug)
    assert get_format("classic-starter").check(deck, catalog) == []
    assert get_format("classic-constructed").check(deck, catalog) == []


@pytest.mark.parametrize("slug", ["eva-starter", "vesna-starter"])
def test_an_awakening_starter_is_not_a_classic_deck(catalog: Catalog, slug: str) -> None:
    found = rules(get_format("classic-starter").check(starter(catalog, slug), catalog))
    assert {rule for rule, _ in found} == {"not-classic", "starter-list", "unknown-equip"}
    assert catalog.classic is not None
    without_classic_edition = tuple(c for c in starter(catalog, slug).cards if c not in catalog.classic.cards)
    assert ("not-classic", without_classic_edition) in found and without_classic_edition


def test_a_40_card_constructed_deck_passes(catalog: Catalog) -> None:
    """001 p.19 "Players play with their own pre-constructed deck consisting of exactly 40 cards"."""
    deck = constructed_deck(catalog)
    assert deck.size == 40
    assert get_format("awakening-constructed").check(deck, catalog) == []


def test_constructed_reports_every_violation_at_once(catalog: Catalog) -> None:
    """001 p.19 "consisting of exactly 40 cards. No more than 3 copies of the same card" (and at most 1 of an X
    card) and 001 p.19 "each player bring their own Runeslinger, stance and ability to the game that share the
    same class": every violation of a constructed deck is named at once."""
    deck = with_cards(constructed_deck(catalog), fireball=1, starfall=1, phantom_card=1)
    deck = Deck.of("eva", ["talakas-heart", "overflow"], deck.cards)
    violations = get_format("awakening-constructed").check(deck, catalog)
    assert rules(violations) == {
        ("unknown-card", ("phantom-card",)),
        ("deck-size", ()),
        ("max-copies", ("fireball",)),
        ("x-copies", ("starfall",)),
        ("equip-class", ()),
    }
    messages = {v.rule: v.message for v in violations}
    assert messages["deck-size"] == "Your deck has 43 cards; Awakening Constructed decks have exactly 40."
    assert messages["max-copies"] == "Fireball: 4 copies; at most 3 copies of a card in Awakening Constructed."
    assert messages["x-copies"] == "Starfall is an X card: at most 1 copy of each X card (you have 2)."
    assert messages["equip-class"] == "Overflow is a Striker equip, but Eva is a Runeseer."


def test_deck_cards_of_any_class_are_allowed(catalog: Catalog) -> None:
    """002 "Regardless of your Runeslinger's class, you can have cards from any class in your" and 001 p.6 "Class
    prefixes such as Basic are only used to show card affiliations; not restrictions": an Eva deck may hold
    Striker cards."""
    deck = with_cards(starter(catalog, "eva-starter"), fireball=-2, dominate=1, jab=1)
    assert get_format("awakening-starter").check(deck, catalog) == []


def test_starter_reports_copies_x_cards_size_and_equips(catalog: Catalog) -> None:
    """002 "Each deck must contain no more than 2 copies of any unique card and no more than 1 copy of any unique X
    runespell": the starter format's size, copy, X-card and equip rules are each reported."""
    deck = with_cards(starter(catalog, "eva-starter"), fireball=1, starfall=2, spark=-2)
    deck = Deck.of("eva", ["flame-of-nim", "engulf"], deck.cards)
    assert rules(get_format("awakening-starter").check(deck, catalog)) == {
        ("deck-size", ()),
        ("max-copies", ("fireball",)),
        ("x-copies", ("starfall",)),
        ("equips", ()),
    }


@pytest.mark.parametrize(
    ("equips", "ok"),
    [
        (["talakas-heart", "flame-of-nim"], True),
        (["kindle", "flame-of-nim"], True),
        (["kindle", "engulf"], True),
        (["flame-of-nim", "engulf"], False),
        (["talakas-heart", "inner-flame"], False),
        (["talakas-heart"], False),
        (["talakas-heart", "kindle", "engulf"], False),
    ],
)
def test_the_awakening_equip_rule(catalog: Catalog, equips: list[str], ok: bool) -> None:
    deck = Deck.of("eva", equips, starter(catalog, "eva-starter").cards)
    violations = get_format("awakening-starter").check(deck, catalog)
    assert rules(violations) == (set() if ok else {("equips", ())})


def test_missing_unknown_runeslinger_and_unknown_equip(catalog: Catalog) -> None:
    cards = starter(catalog, "eva-starter").cards
    fmt = get_format("awakening-starter")
    assert rules(fmt.check(Deck.of(None, ["talakas-heart", "flame-of-nim"], cards), catalog)) == {("runeslinger", ())}
    assert rules(fmt.check(Deck.of("zed", ["talakas-heart", "flame-of-nim"], cards), catalog)) == {("runeslinger", ())}
    assert rules(fmt.check(Deck.of("eva", ["talakas-heart", "nope"], cards), catalog)) == {("unknown-equip", ())}


def test_classic_constructed_reports_every_violation_at_once(catalog: Catalog) -> None:
    """000 "1. Each deck must contain exactly 30 cards; no more, no less", 000 "When building your own deck, it
    must contain exactly 30 Runeslingers cards", 000 "A deck must contain exactly 30 cards, with no more than
    two copies" and 000 "players each bring their own 30-card constructed deck": every violation of a Classic
    constructed deck is named at once."""
    fmt = get_format("classic-constructed")
    deck = with_cards(classic_starter(catalog, "eva-classic-starter"), fireball=1, spark=1)
    deck = Deck.of("eva", ["eva-engulf", "romin-fury"], deck.cards)
    assert rules(fmt.check(deck, catalog)) == {
        ("deck-size", ()),
        ("max-copies", ("fireball",)),
        ("not-classic", ("spark",)),
        ("ability-name", ()),
        ("equips", ()),
    }
    messages = " ".join(v.message for v in fmt.check(deck, catalog))
    assert "Fury bears Romin's name, but your Runeslinger is Eva." in messages
    assert "Spark" in messages and "32 cards" in messages


def test_classic_abilities_must_be_classic_and_the_runeslinger_must_have_some(catalog: Catalog) -> None:
    fmt = get_format("classic-constructed")
    cards = classic_starter(catalog, "eva-classic-starter").cards
    awakening_stance = fmt.check(Deck.of("eva", ["talakas-heart", "eva-engulf"], cards), catalog)
    assert rules(awakening_stance) == {("unknown-equip", ())}
    assert awakening_stance[0].message.startswith("Talaka's Heart is an Awakening stance; Classic decks")
    assert rules(fmt.check(Deck.of(None, ["eva-inner-flame", "eva-engulf"], cards), catalog)) == {("runeslinger", ())}
    assert rules(fmt.check(Deck.of("eva", ["eva-inner-flame"], cards), catalog)) == {("equips", ())}


def test_classic_starter_needs_an_unmodified_classic_starter_list(catalog: Catalog) -> None:
    """000 "Your deck must contain exactly the cards listed on the back of its Runeslingers Starter box": a changed
    starter list is refused."""
    deck = with_cards(classic_starter(catalog, "eva-classic-starter"), fireball=-1, meteor=1)
    assert rules(get_format("classic-starter").check(deck, catalog)) == {("starter-list", ())}
    message = get_format("classic-starter").check(deck, catalog)[0].message
    assert "Eva Classic Starter" in message and "Eva Starter," not in message


def draft_pool(catalog: Catalog) -> dict[str, int]:
    pool = dict(starter(catalog, "romin-starter").cards)
    pool.update({"fireball": 2, "spark": 2, "dominate": 1, "hex": 1})
    return pool


def test_a_draft_deck_of_30_from_the_pool_passes(catalog: Catalog) -> None:
    """001 p.19 "each player removes 6 cards from their 36 draft card pool; the remaining 30 cards" and 001 p.19
    "Each player may bring their own Runeslinger and equips to a draft": 30 cards of a 36-card pool, with a
    Runeslinger and equips that were not drafted."""
    pool = draft_pool(catalog)
    assert sum(pool.values()) == 36
    deck = starter(catalog, "romin-starter")
    assert get_format("draft").check(deck, catalog, pool) == []


def test_a_draft_deck_may_only_use_what_the_pool_holds(catalog: Catalog) -> None:
    """001 p.19 "each player removes 6 cards from their 36 draft card pool": a draft deck may hold only cards of
    its pool."""
    pool = draft_pool(catalog)
    deck = with_cards(starter(catalog, "romin-starter"), jab=1, meteor=1, bounce=-1, binding=-1)
    violations = get_format("draft").check(deck, catalog, pool)
    assert rules(violations) == {("pool", ("jab",)), ("pool", ("meteor",))}
    assert "Meteor: your deck uses 1 but your pool has 0." in {v.message for v in violations}


def test_a_draft_deck_has_exactly_30_cards_and_needs_a_pool(catalog: Catalog) -> None:
    """001 p.19 "the remaining 30 cards form that player's deck for the draft"."""
    deck = with_cards(starter(catalog, "romin-starter"), fireball=2)
    assert rules(get_format("draft").check(deck, catalog, draft_pool(catalog))) == {("deck-size", ())}
    assert rules(get_format("draft").check(starter(catalog, "romin-starter"), catalog)) == {("pool", ())}


def sealed_pool(catalog: Catalog) -> dict[str, int]:
    ids = list(catalog.cards)
    pool = {card_id: 3 for card_id in ids[:18]}
    pool["dominate"] = 2
    return pool


def test_a_sealed_deck_follows_constructed_rules_within_the_pool(catalog: Catalog) -> None:
    """001 p.19 "A sealed deck must follow the same rules for deck construction as the constructed format": 40
    cards, copies and X cards as in constructed, from the pool."""
    ids = list(catalog.cards)
    pool = sealed_pool(catalog)
    assert sum(pool.values()) == 56
    cards = {card_id: 3 for card_id in ids[:13]}
    cards["dominate"] = 1
    deck = Deck.of("romin", ["iron-focus", "overflow"], cards)
    assert deck.size == 40
    assert get_format("sealed").check(deck, catalog, pool) == []
    first, outside = ids[0], ids[20]
    cards.update({"dominate": 2, outside: 1})
    del cards[first]
    bad = Deck.of("romin", ["iron-focus", "overflow"], cards)
    assert rules(get_format("sealed").check(bad, catalog, pool)) == {
        ("deck-size", ()),
        ("x-copies", ("dominate",)),
        ("pool", (outside,)),
    }
