"""Deck list text: accepted forms, every error at once, and export that round-trips."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gameplay.runeslingers.cards.catalog import Catalog, load_catalog
from gameplay.runeslingers.decklists import (
    MAX_CHARS,
    MAX_LINES,
    DeckListError,
    LineError,
    format_decklist,
    parse_decklist,
)
from gameplay.runeslingers.formats import Deck, InvalidDeckError

CATALOG = load_catalog()


def errors_of(text: str, catalog: Catalog) -> list[LineError]:
    with pytest.raises(DeckListError) as caught:
        parse_decklist(text, catalog)
    return caught.value.errors


@pytest.mark.parametrize(
    "line",
    [
        "3 Fireball",
        "3x Fireball",
        "3 x Fireball",
        "3 X fireball",
        "Fireball x3",
        "fireball X 3",
        "3 FIREBALL",
        "3 fireball",
        "  3   Fireball  ",
        "3 fireball # burn",
        "3 Fireball // burn",
        "3\tFireball",
    ],
)
def test_accepted_count_forms(catalog: Catalog, line: str) -> None:
    assert dict(parse_decklist(line, catalog).cards) == {"fireball": 3}


def test_a_bare_name_means_one_copy_and_ids_work(catalog: Catalog) -> None:
    deck = parse_decklist("Fireball\nhunters-bow\nHunter’s Bow", catalog)
    assert dict(deck.cards) == {"fireball": 1, "hunters-bow": 2}


def test_repeated_lines_add_up(catalog: Catalog) -> None:
    assert dict(parse_decklist("2 Spark\n1 spark", catalog).cards) == {"spark": 3}


def test_comments_blank_lines_headers_and_labels(catalog: Catalog) -> None:
    text = """# Eva burn
// from the starter
Runeslinger: Eva
Stance: Talaka's Heart
ability: flame of nim

Deck:
2 Fireball
1 Chaos Fire
"""
    deck = parse_decklist(text, catalog)
    assert deck == Deck.of("eva", ["talakas-heart", "flame-of-nim"], {"fireball": 2, "chaos-fire": 1})


def test_every_bad_line_is_reported_at_once(catalog: Catalog) -> None:
    text = "3x Firebal\n0 Spark\n-2 Meteor\n1000 Jab\nStance: Flame of Nim\nRuneslinger: Evva\n2 Hex\nAbility: Overfow"
    errors = errors_of(text, catalog)
    assert [(e.line, e.message) for e in errors] == [
        (1, "unknown card 'Firebal'; did you mean 'Fireball'?"),
        (2, "the count must be at least 1 (got 0)"),
        (3, "the count must be at least 1 (got -2)"),
        (4, "1000 copies is too many; at most 99 on a line"),
        (5, "Flame of Nim is an ability, not a stance"),
        (6, "unknown Runeslinger 'Evva'; did you mean 'Eva'?"),
        (8, "unknown ability 'Overfow'; did you mean 'Overflow'?"),
    ]
    assert str(errors[0]) == "line 1: unknown card 'Firebal'; did you mean 'Fireball'? ('3x Firebal')"


def test_an_unknown_name_with_nothing_close_gets_no_suggestion(catalog: Catalog) -> None:
    (error,) = errors_of("2 Zzyzx Qwop", catalog)
    assert error.message == "unknown card 'Zzyzx Qwop'"


def test_a_second_runeslinger_and_a_repeated_equip_are_refused(catalog: Catalog) -> None:
    errors = errors_of("Runeslinger: Eva\nRuneslinger: Romin\nStance: Talaka's Heart\nEquip: Talaka's Heart", catalog)
    assert [e.line for e in errors] == [2, 4]


def test_huge_input_is_refused(catalog: Catalog) -> None:
    (error,) = errors_of("1 Fireball\n" * (MAX_CHARS // 10), catalog)
    assert error.line == 0 and "characters" in error.message


def test_too_many_lines_are_refused(catalog: Catalog) -> None:
    (error,) = errors_of("\n" * (MAX_LINES + 1), catalog)
    assert error.line == 0 and "lines" in error.message


def test_an_overlong_line_is_refused(catalog: Catalog) -> None:
    (error,) = errors_of("1 " + "a" * 300, catalog)
    assert error.line == 1 and "at most" in error.message


def test_a_total_over_the_line_limit_is_refused(catalog: Catalog) -> None:
    (error,) = errors_of("60 Spark\n60 Spark", catalog)
    assert error.line == 0 and "Spark: 120 copies" in error.message


def test_every_starter_round_trips(catalog: Catalog) -> None:
    for starter in catalog.starter_decks.values():
        deck = Deck.from_starter(starter)
        assert parse_decklist(format_decklist(deck, catalog), catalog) == deck


def test_export_lists_runeslinger_equips_then_cards(catalog: Catalog) -> None:
    deck = Deck.of("eva", ["talakas-heart", "flame-of-nim"], {"spark": 1, "fireball": 2})
    assert format_decklist(deck, catalog) == (
        "Runeslinger: Eva\nAbility: Flame of Nim\nStance: Talaka's Heart\n\n2 Fireball\n1 Spark\n"
    )


decks = st.builds(
    Deck.of,
    st.one_of(st.none(), st.sampled_from(sorted(CATALOG.runeslingers))),
    st.lists(st.sampled_from(sorted(CATALOG.equips)), max_size=3, unique=True),
    st.dictionaries(st.sampled_from(sorted(CATALOG.cards)), st.integers(1, 99), max_size=40),
)


@settings(max_examples=200, deadline=None)
@given(decks)
def test_export_then_import_is_the_same_deck(deck: Deck) -> None:
    assert parse_decklist(format_decklist(deck, CATALOG), CATALOG) == deck


def test_a_stance_or_runeslinger_written_as_a_card_says_how_to_write_it(catalog: Catalog) -> None:
    with pytest.raises(DeckListError) as caught:
        parse_decklist("1 Talaka's Heart\n1 Eva\n", catalog)
    messages = [e.message for e in caught.value.errors]
    assert messages == [
        "Talaka's Heart is a stance; write it as 'Stance: Talaka's Heart'",
        "Eva is a Runeslinger; write it as 'Runeslinger: Eva'",
    ]


def test_writing_a_deck_with_unknown_ids_is_refused(catalog: Catalog) -> None:
    with pytest.raises(InvalidDeckError, match="unknown ids: no-such-card"):
        format_decklist(Deck.of("eva", [], {"no-such-card": 1}), catalog)


def test_an_equip_chosen_twice_is_refused() -> None:
    with pytest.raises(InvalidDeckError, match="chosen twice"):
        Deck.of("eva", ["flame-of-nim", "flame-of-nim"], {})


def test_every_classic_starter_round_trips_with_its_passive_and_activate(catalog: Catalog) -> None:
    assert catalog.classic is not None
    for starter in catalog.classic.starter_decks.values():
        deck = Deck.from_starter(starter)
        text = format_decklist(deck, catalog)
        assert parse_decklist(text, catalog) == deck
    eva = format_decklist(Deck.from_starter(catalog.classic.starter_decks["eva-classic-starter"]), catalog)
    assert eva.startswith("Runeslinger: Eva\nActivate: Engulf\nPassive: Inner Flame\n\n")


def test_a_classic_ability_line_names_a_classic_ability_of_that_kind(catalog: Catalog) -> None:
    deck = parse_decklist("Runeslinger: Romin\nPassive: iron focus\nActivate: romin-fury\n2 Fireball\n", catalog)
    assert deck.equips == ("romin-fury", "romin-iron-focus")
    with pytest.raises(DeckListError) as refused:
        parse_decklist("Runeslinger: Romin\nPassive: Fury\nActivate: Fury\nActivate: Fury\n", catalog)
    messages = [e.message for e in refused.value.errors]
    assert len(messages) == 2 and "Classic passive ability" in messages[0] and "already chosen" in messages[1]
