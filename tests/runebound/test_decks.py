"""Runebound deck rules (004, "Deck Building"): one test per rule, all violations at once, formats."""

from __future__ import annotations

import pytest

from gameplay.runebound.decks import (
    RUNEBOUND_FORMATS,
    RuneboundDeck,
    check_custom,
    check_published,
    get_runebound_format,
    published_deck_of,
)
from gameplay.runebound.model import RuneboundCatalog
from gameplay.runeslingers.formats import UnknownFormatError


def enemy_ids(catalog: RuneboundCatalog) -> list[str]:
    return [c.id for c in catalog.class_cards.values() if c.is_enemy]


def friendly_ids(catalog: RuneboundCatalog) -> list[str]:
    return [c.id for c in catalog.class_cards.values() if not c.is_enemy]


def talent_ids(catalog: RuneboundCatalog) -> list[str]:
    return list(catalog.talents)


def legal(catalog: RuneboundCatalog) -> RuneboundDeck:
    """30 different class cards (14 enemy), 5 talents: the largest legal customised deck."""
    return RuneboundDeck.of(enemy_ids(catalog)[:14] + friendly_ids(catalog)[:16], talent_ids(catalog)[:5])


def rules(violations: list) -> list[str]:
    return [v.rule for v in violations]


def test_a_full_legal_customised_deck_has_no_violations(runebound: RuneboundCatalog) -> None:
    assert check_custom(legal(runebound), runebound) == []


def test_rule_1_up_to_30_class_cards(runebound: RuneboundCatalog) -> None:
    deck = legal(runebound)
    over = RuneboundDeck.of((*deck.class_cards, friendly_ids(runebound)[20]), deck.talents)
    (violation,) = check_custom(over, runebound)
    assert violation.rule == "class-deck-size"
    assert violation.message == "Your class deck has 31 cards; you may have up to 30 cards in your class deck."


def test_rule_2_all_class_cards_different(runebound: RuneboundCatalog) -> None:
    deck = legal(runebound)
    repeated = deck.class_cards[0]
    twice = RuneboundDeck.of((*deck.class_cards[:-1], repeated), deck.talents)
    (violation,) = check_custom(twice, runebound)
    assert violation.rule == "all-different"
    assert violation.cards == (repeated,)
    assert f"{runebound.class_cards[repeated].name} (2 times)" in violation.message


def test_rule_3_at_least_12_enemy_class_cards(runebound: RuneboundCatalog) -> None:
    deck = RuneboundDeck.of(enemy_ids(runebound)[:11] + friendly_ids(runebound)[:10], talent_ids(runebound)[:5])
    (violation,) = check_custom(deck, runebound)
    assert violation.rule == "enemy-cards"
    assert violation.message.startswith("Your class deck has 11 enemy class cards; it must contain at least 12")
    twelve = RuneboundDeck.of(enemy_ids(runebound)[:12], ())
    assert check_custom(twelve, runebound) == []


def test_rule_3_counts_a_repeated_enemy_card_once(runebound: RuneboundCatalog) -> None:
    eleven = enemy_ids(runebound)[:11]
    deck = RuneboundDeck.of([*eleven, eleven[0]], ())
    assert rules(check_custom(deck, runebound)) == ["all-different", "enemy-cards"]


def test_rule_4_up_to_5_talents(runebound: RuneboundCatalog) -> None:
    deck = RuneboundDeck.of(legal(runebound).class_cards, talent_ids(runebound)[:6])
    (violation,) = check_custom(deck, runebound)
    assert violation.rule == "talent-count"
    assert violation.message == "Your talent deck has 6 Talents; you may have up to 5 Talent cards."


def test_rule_5_talents_of_the_same_level_are_allowed(runebound: RuneboundCatalog) -> None:
    level_ones = [t.id for t in runebound.talents.values() if t.level == 1]
    assert len(level_ones) >= 5
    deck = RuneboundDeck.of(legal(runebound).class_cards, level_ones[:5])
    assert check_custom(deck, runebound) == []


def test_unknown_cards_are_named(runebound: RuneboundCatalog) -> None:
    deck = legal(runebound)
    talent = talent_ids(runebound)[0]
    odd = RuneboundDeck.of((*deck.class_cards[:-1], "no-such-card", talent), ("dispel",))
    assert rules(check_custom(odd, runebound)) == ["unknown-class-card", "unknown-talent", "class-deck-size"]
    unknown_class, unknown_talent, _ = check_custom(odd, runebound)
    assert unknown_class.cards == ("no-such-card", talent)
    assert runebound.talents[talent].name in unknown_class.message
    assert unknown_talent.message == "Not a Runebound talent: Dispel."


def test_every_violation_is_reported_at_once(runebound: RuneboundCatalog) -> None:
    friendly = friendly_ids(runebound)
    cards = [*friendly[:30], friendly[0], *enemy_ids(runebound)[:3]]
    deck = RuneboundDeck.of(cards, talent_ids(runebound)[:7])
    assert rules(check_custom(deck, runebound)) == ["class-deck-size", "all-different", "enemy-cards", "talent-count"]


@pytest.mark.parametrize("slug", sorted(RUNEBOUND_FORMATS))
def test_every_published_deck_passes_both_formats(runebound: RuneboundCatalog, slug: str) -> None:
    for published in runebound.decks.values():
        assert get_runebound_format(slug).check(RuneboundDeck.from_published(published), runebound) == []


def test_the_published_format_accepts_a_reordered_list(runebound: RuneboundCatalog) -> None:
    published = next(iter(runebound.decks.values()))
    deck = RuneboundDeck.of(reversed(published.class_cards), reversed(published.talents))
    assert published_deck_of(deck, runebound) == published
    assert check_published(deck, runebound) == []


def test_the_published_format_refuses_a_changed_list_and_says_what_changed(runebound: RuneboundCatalog) -> None:
    battlemage, other = runebound.decks["battlemage"], runebound.decks["blade-dancer"]
    changed = RuneboundDeck.of((*battlemage.class_cards[1:], other.class_cards[0]), battlemage.talents)
    assert check_custom(changed, runebound) == []
    (violation,) = check_published(changed, runebound)
    dropped = runebound.class_cards[battlemage.class_cards[0]].name
    added = runebound.class_cards[other.class_cards[0]].name
    assert violation.rule == "published-deck"
    assert violation.message == (
        "This format uses one published character deck, unchanged. The closest is the Battlemage; "
        f"missing: {dropped}; not in it: {added}."
    )


def test_the_published_format_refuses_a_repeated_card(runebound: RuneboundCatalog) -> None:
    battlemage = runebound.decks["battlemage"]
    doubled = RuneboundDeck.of((*battlemage.class_cards, battlemage.class_cards[0]), battlemage.talents)
    (violation,) = check_published(doubled, runebound)
    assert violation.message.endswith("The closest is the Battlemage; a card is listed more than once.")


def test_an_unknown_format_is_refused_with_the_known_ones() -> None:
    with pytest.raises(UnknownFormatError, match="runebound-custom, runebound-published"):
        get_runebound_format("runebound-sealed")
