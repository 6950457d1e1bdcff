"""Boosters: regenerated exactly from the seed, collated by slots, rarities at the planned rates."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from gameplay.runeslingers.cards.schema import CardClass, Rarity
from tests.limited.support import real_set, synthetic_set
from tournaments.limited import (
    BOOSTER_ALGORITHM,
    DEFAULT_SLOTS,
    BoosterSlots,
    CardSet,
    CardSetError,
    InvalidSeedError,
    PoolCard,
    Sheet,
    SheetTooSmallError,
    draft_pack,
    new_event_seed,
    pack,
    sealed_cards,
    sealed_pool,
    seed_commitment,
    verify_commitment,
)
from tournaments.limited.rng import Stream, derive_seed

ROOT = Path(__file__).resolve().parents[2]


def sheet_of(card_set: CardSet, slug: str) -> Sheet:
    card = card_set.get(slug)
    assert card is not None
    return card.sheet


def test_the_same_pack_is_generated_twice() -> None:
    cs = synthetic_set()
    assert pack(cs, "seed-1", 3, 2) == pack(cs, "seed-1", 3, 2)
    assert pack(cs, "seed-1", 3, 2, pod=1) == pack(cs, "seed-1", 3, 2, pod=1)


def test_every_input_changes_the_pack() -> None:
    cs = synthetic_set()
    base = pack(cs, "seed-1", 3, 2).cards
    variants = [
        pack(cs, "seed-2", 3, 2),
        pack(cs, "seed-1", 4, 2),
        pack(cs, "seed-1", 3, 1),
        pack(cs, "seed-1", 3, 2, pod=1),
    ]
    assert all(v.cards != base for v in variants)


def test_the_sub_seed_is_sha256_of_the_json_parts() -> None:
    expected = hashlib.sha256(b'["fett-boosters-v1","booster","s",0,1,2]').digest()
    assert derive_seed(BOOSTER_ALGORITHM, "booster", "s", 0, 1, 2) == expected
    with pytest.raises(TypeError):
        derive_seed("a", 1.5)  # type: ignore[arg-type]


def test_the_stream_is_sha256_of_seed_and_counter() -> None:
    stream = Stream(b"x")
    first = int.from_bytes(hashlib.sha256(b"x" + (0).to_bytes(8, "big")).digest()[:8], "big")
    second = int.from_bytes(hashlib.sha256(b"x" + (1).to_bytes(8, "big")).digest()[:8], "big")
    assert (stream.next64(), stream.next64()) == (first, second)


def test_a_pack_does_not_depend_on_the_process_or_its_hash_seed() -> None:
    code = (
        "from tests.limited.support import synthetic_set\n"
        "from tournaments.limited import pack\n"
        "print(','.join(pack(synthetic_set(), 'seed-1', 3, 2).cards))\n"
    )
    outputs = {
        subprocess.run(
            [sys.executable, "-c", code],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
            env={"PYTHONHASHSEED": hash_seed, "PATH": "/usr/bin:/bin"},
        ).stdout.strip()
        for hash_seed in ("1", "2")
    }
    assert outputs == {",".join(pack(synthetic_set(), "seed-1", 3, 2).cards)}


def test_a_recorded_pack_stays_the_same_for_this_algorithm_version() -> None:
    # Golden value: if this changes, BOOSTER_ALGORITHM must get a new version.
    assert pack(synthetic_set(), "golden", 0, 1).cards == GOLDEN_PACK


GOLDEN_PACK = (
    "common-21",
    "common-06",
    "common-17",
    "common-48",
    "common-26",
    "common-36",
    "uncommon-28",
    "uncommon-26",
    "rare-05",
)


@pytest.mark.parametrize("which", ["synthetic", "catalog"])
def test_packs_fill_their_slots_without_repeating_a_card(which: str) -> None:
    """001 p.19 "each player must have 4 sealed 9-card Runeslingers booster packs": every booster holds 9 different
    cards."""
    card_set = synthetic_set() if which == "synthetic" else real_set()
    for player in range(40):
        for number in (1, 2, 3, 4):
            cards = pack(card_set, "slots", player, number).cards
            assert len(cards) == DEFAULT_SLOTS.size == 9
            assert len(set(cards)) == 9
            sheets = Counter(sheet_of(card_set, c) for c in cards)
            assert sheets[Sheet.COMMON] == 6 and sheets[Sheet.UNCOMMON] == 2
            assert sheets[Sheet.RARE] + sheets[Sheet.MYTHIC] == 1


def test_rarities_over_many_packs_match_the_plan() -> None:
    cs = synthetic_set()
    packs = [pack(cs, "rates", player, 1).cards for player in range(4000)]
    sheets = Counter(sheet_of(cs, card) for cards in packs for card in cards)
    assert sheets[Sheet.COMMON] == 6 * 4000 and sheets[Sheet.UNCOMMON] == 2 * 4000
    # 1 in 8 rare slots is mythic: 500 expected, standard deviation about 21.
    assert 400 <= sheets[Sheet.MYTHIC] <= 600
    # Within a sheet every card is equally likely: 400 per common expected (sd about 19).
    commons = Counter(card for cards in packs for card in cards if sheet_of(cs, card) is Sheet.COMMON)
    assert len(commons) == 60
    assert all(300 <= n <= 500 for n in commons.values())


def test_each_mythic_is_scarcer_than_each_rare_in_the_catalog() -> None:
    cs = real_set()
    seen = Counter(card for player in range(3000) for card in pack(cs, "scarce", player, 1).cards)
    mythics = [seen[s] for s in cs.sheet(Sheet.MYTHIC)]
    rares = [seen[s] for s in cs.sheet(Sheet.RARE)]
    assert mythics and rares
    assert sum(mythics) / len(mythics) < sum(rares) / len(rares)


def test_x_cards_always_go_to_the_mythic_sheet() -> None:
    card = PoolCard("odd-x", Rarity.RARE, CardClass.BASIC, is_x=True)
    assert card.sheet is Sheet.MYTHIC


def test_slots_are_configurable() -> None:
    slots = BoosterSlots(commons=4, uncommons=3, rares=2, mythic_one_in=1)
    cards = pack(synthetic_set(), "slots", 0, 1, slots=slots).cards
    sheets = Counter(sheet_of(synthetic_set(), c) for c in cards)
    assert sheets == {Sheet.COMMON: 4, Sheet.UNCOMMON: 3, Sheet.MYTHIC: 2}
    with pytest.raises(ValueError):
        BoosterSlots(commons=-1)


def test_a_card_set_too_small_for_the_slots_is_refused() -> None:
    few = CardSet.of(PoolCard(f"c{i}", Rarity.COMMON, CardClass.BASIC) for i in range(5))
    with pytest.raises(SheetTooSmallError, match="common: 5 of 6"):
        pack(few, "seed", 0, 1)


def test_a_card_set_with_a_repeated_slug_is_refused() -> None:
    card = PoolCard("twin", Rarity.COMMON, CardClass.BASIC)
    with pytest.raises(CardSetError, match="twin"):
        CardSet.of([card, card])


def test_a_set_without_mythics_fills_the_rare_slot_with_rares() -> None:
    cards = [PoolCard(f"c{i}", Rarity.COMMON, CardClass.BASIC) for i in range(6)]
    cards += [PoolCard(f"u{i}", Rarity.UNCOMMON, CardClass.BASIC) for i in range(2)]
    cards += [PoolCard("r0", Rarity.RARE, CardClass.BASIC)]
    cs = CardSet.of(cards)
    assert all(pack(cs, "seed", p, 1).cards[-1] == "r0" for p in range(30))


@pytest.mark.parametrize("seed", ["", "x" * 201, "tab\there", 42])
def test_bad_seeds_are_refused(seed: object) -> None:
    with pytest.raises(InvalidSeedError):
        pack(synthetic_set(), seed, 0, 1)  # type: ignore[arg-type]


def test_a_seed_commitment_is_the_plain_sha256_of_the_seed() -> None:
    assert seed_commitment("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    seed = new_event_seed()
    assert len(seed) == 64 and seed != new_event_seed()
    commitment = seed_commitment(seed)
    assert verify_commitment(seed, commitment)
    assert verify_commitment(seed, commitment.upper() + "\n")
    assert not verify_commitment(seed + "0", commitment)
    assert not verify_commitment("", commitment)


def test_a_draft_pack_is_the_two_boosters_shuffled_together() -> None:
    """001 p.19 "Each player opens 2 booster packs and shuffles their contents together": the draft pack is the two
    boosters' 18 cards, shuffled."""
    cs = synthetic_set()
    boosters = (pack(cs, "seed", 2, 1), pack(cs, "seed", 2, 2))
    opened = draft_pack(boosters, "seed", 2, 1)
    assert len(opened) == 18
    assert Counter(opened) == Counter(boosters[0].cards + boosters[1].cards)
    assert opened == draft_pack(boosters, "seed", 2, 1)
    assert opened != boosters[0].cards + boosters[1].cards


def test_a_sealed_pool_is_six_regenerable_boosters() -> None:
    """001 p.19 "players combine six booster packs into a deck": a sealed pool is six boosters (54 cards)."""
    cs = synthetic_set()
    boosters = sealed_pool(cs, "sealed", 5)
    assert [b.number for b in boosters] == [1, 2, 3, 4, 5, 6]
    assert all(b.player == 5 and b.pod == 0 for b in boosters)
    assert len(sealed_cards(boosters)) == 54
    assert boosters == sealed_pool(cs, "sealed", 5)
    assert sealed_cards(boosters) != sealed_cards(sealed_pool(cs, "sealed", 6))


def test_the_json_seed_encoding_is_unambiguous() -> None:
    assert json.loads(json.dumps(["a|b", 1])) == ["a|b", 1]
    assert derive_seed("a|b", "c") != derive_seed("a", "b|c")
