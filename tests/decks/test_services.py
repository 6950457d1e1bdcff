from __future__ import annotations

import pytest

from accounts.models import User
from common.refusals import Conflict, Invalid, NotFound
from gameplay.decks import services as decks
from gameplay.decks.models import SavedDeck, SavedDeckVersion
from gameplay.runeslingers.cards.catalog import Catalog
from gameplay.runeslingers.formats import Deck
from tests.catalog_web.helpers import starter_text

pytestmark = pytest.mark.django_db


def eva(catalog: Catalog) -> Deck:
    return Deck.from_starter(catalog.starter_decks["eva-starter"])


def test_each_save_is_a_new_version_and_the_newest_is_current(catalog: Catalog, ann: User) -> None:
    first = decks.save(ann, "  Eva   burn ", "awakening-starter", eva(catalog))
    assert first.number == 1 and first.deck.name == "Eva burn"
    assert "Runeslinger: Eva" in first.text and first.size == 30
    bigger = dict(eva(catalog).cards)
    bigger["fireball"] = bigger.get("fireball", 0) + 1
    changed = Deck.of(eva(catalog).runeslinger, eva(catalog).equips, bigger)
    second = decks.save(ann, "Eva burn", "awakening-starter", changed, first.deck)
    assert second.number == 2 and second.deck.current() == second
    assert first.deck.versions.count() == 2


def test_saving_an_unchanged_list_renames_but_adds_no_version(catalog: Catalog, ann: User) -> None:
    first = decks.save(ann, "Eva", "awakening-starter", eva(catalog))
    again = decks.save(ann, "Eva again", "classic-constructed", eva(catalog), first.deck)
    assert again.pk == first.pk
    saved = SavedDeck.objects.get(pk=first.deck_id)
    assert saved.name == "Eva again" and saved.format == "classic-constructed"


@pytest.mark.parametrize(
    ("name", "format_slug", "words"),
    [("", "awakening-starter", "Give the deck a name"), ("x" * 81, "awakening-starter", "at most 80"),
     ("Eva", "draft", "constructed formats"), ("Eva", "nonsense", "constructed formats")],
)  # fmt: skip
def test_a_bad_name_or_format_is_refused_and_nothing_is_saved(
    catalog: Catalog, ann: User, name: str, format_slug: str, words: str
) -> None:
    with pytest.raises(Invalid) as refused:
        decks.save(ann, name, format_slug, eva(catalog))
    assert words in str(refused.value)
    assert not SavedDeck.objects.exists() and not SavedDeckVersion.objects.exists()


def test_an_unreadable_list_is_refused_with_every_problem(catalog: Catalog) -> None:
    with pytest.raises(Invalid) as refused:
        decks.read_deck("2 Firebal\n3 Nothing at all\n", catalog)
    assert "did you mean 'Fireball'" in str(refused.value)
    assert len(refused.value.extra["errors"]) == 2


def test_another_players_deck_is_not_found(catalog: Catalog, ann: User, bob: User) -> None:
    saved = decks.save(ann, "Eva", "awakening-starter", eva(catalog)).deck
    for attempt in (lambda: decks.owned(bob, saved.pk), lambda: decks.duplicate(bob, saved.pk),
                    lambda: decks.delete(bob, saved.pk), lambda: decks.play_setup(bob, saved.pk)):  # fmt: skip
        with pytest.raises(NotFound):
            attempt()
    assert SavedDeck.objects.filter(owner=ann).count() == 1


def test_duplicate_copies_the_current_list_and_delete_removes_every_version(catalog: Catalog, ann: User) -> None:
    saved = decks.save(ann, "Eva", "awakening-starter", eva(catalog)).deck
    copy = decks.duplicate(ann, saved.pk)
    assert copy.name == "Eva (copy)" and copy.pk != saved.pk
    assert decks.current_version(copy).cards == decks.current_version(saved).cards
    assert decks.delete(ann, saved.pk) == "Eva"
    assert not SavedDeckVersion.objects.filter(deck_id=saved.pk).exists()
    assert SavedDeck.objects.filter(pk=copy.pk).exists()


def test_a_starter_is_copied_as_a_template(catalog: Catalog, ann: User) -> None:
    saved = decks.from_starter(ann, "eva-starter")
    assert saved.name.endswith("(copy)") and saved.format == "awakening-starter"
    assert decks.current_version(saved).text == starter_text(catalog)
    with pytest.raises(NotFound):
        decks.from_starter(ann, "no-such-starter")


def test_legal_decks_are_those_whose_current_list_is_legal_in_the_format(catalog: Catalog, ann: User) -> None:
    legal = decks.save(ann, "Eva", "awakening-starter", eva(catalog)).deck
    short = Deck.of(eva(catalog).runeslinger, eva(catalog).equips, {"fireball": 2})
    illegal = decks.save(ann, "Short", "awakening-starter", short).deck
    assert decks.legal_decks(ann, "awakening-starter") == [legal]
    assert decks.legal_decks(ann, "awakening-constructed") == []  # 30 cards, not 40
    assert decks.legal_decks(ann, "draft") == []
    assert decks.playable_decks(ann) == [legal]
    assert decks.play_setup(ann, legal.pk)["runeslinger"] == "eva"
    with pytest.raises(Conflict) as refused:
        decks.play_setup(ann, illegal.pk)
    assert "Short is not legal in Awakening Starter" in str(refused.value)
    assert "exactly 30" in str(refused.value)
