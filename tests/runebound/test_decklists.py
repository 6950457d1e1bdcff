"""Runebound list text: every published deck round-trips; errors name the line."""

from __future__ import annotations

import pytest

from gameplay.runebound.decklists import format_runebound_list, parse_runebound_list
from gameplay.runebound.decks import RuneboundDeck
from gameplay.runebound.model import RuneboundCatalog
from gameplay.runeslingers.decklists import DeckListError
from gameplay.runeslingers.formats import InvalidDeckError


def test_every_published_deck_round_trips(runebound: RuneboundCatalog) -> None:
    for published in runebound.decks.values():
        deck = RuneboundDeck.from_published(published)
        text = format_runebound_list(deck, runebound)
        assert text.startswith("Class deck:\n")
        assert "\n\nTalents:\n" in text
        assert parse_runebound_list(text, runebound) == deck


def test_names_are_case_insensitive_and_comments_counts_and_ids_are_accepted(runebound: RuneboundCatalog) -> None:
    text = "# my deck\nCLASS DECK:\n1x arcane bolt\ndispel // cheap\n\ntalents\nspell-blade\n"
    assert parse_runebound_list(text, runebound) == RuneboundDeck.of(["arcane-bolt", "dispel"], ["spell-blade"])


def test_a_count_lists_the_card_that_many_times_for_the_rules_to_judge(runebound: RuneboundCatalog) -> None:
    deck = parse_runebound_list("Class deck:\n2 Dispel\n", runebound)
    assert deck.class_cards == ("dispel", "dispel")


def test_every_bad_line_is_named_at_once(runebound: RuneboundCatalog) -> None:
    text = "Arcane Bolt\nClass deck:\nArcane Blot\nSpell Blade\nTalents:\nDispel\n0 Gale\n"
    with pytest.raises(DeckListError) as caught:
        parse_runebound_list(text, runebound)
    assert [(e.line, e.message) for e in caught.value.errors] == [
        (1, "write 'Class deck:' or 'Talents:' on a line before the first card"),
        (3, "unknown Runebound card 'Arcane Blot'; did you mean 'Arcane Bolt'?"),
        (4, "Spell Blade is a Talent; list it under 'Talents:'"),
        (6, "Dispel is a class card; list it under 'Class deck:'"),
        (7, "the count must be between 1 and 99"),
    ]
    assert str(caught.value.errors[2]) == "line 4: Spell Blade is a Talent; list it under 'Talents:' ('Spell Blade')"


def test_too_long_input_is_refused_whole(runebound: RuneboundCatalog) -> None:
    with pytest.raises(DeckListError) as caught:
        parse_runebound_list("Class deck:\n" + "Dispel\n" * 600, runebound)
    assert caught.value.errors[0].line == 0
    assert "the limit is 500" in caught.value.errors[0].message


def test_writing_a_list_with_unknown_ids_is_refused(runebound: RuneboundCatalog) -> None:
    with pytest.raises(InvalidDeckError, match="no-such-card"):
        format_runebound_list(RuneboundDeck.of(["no-such-card"], []), runebound)
