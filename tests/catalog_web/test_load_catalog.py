from __future__ import annotations

import dataclasses
import os
import shutil
from io import StringIO
from pathlib import Path
from types import MappingProxyType

import pytest
from django.core.management import CommandError, call_command

from gameplay import models
from gameplay.runeslingers.cards.catalog import DEFAULT_DATA_DIR, Catalog, data_files
from gameplay.runeslingers.site_catalog import current_catalog, load_catalog_into_db, loaded_version

pytestmark = pytest.mark.django_db


def run_command(*args: str) -> str:
    out = StringIO()
    call_command("load_catalog", *args, stdout=out)
    return out.getvalue()


def test_loading_copies_every_card_runeslinger_equip_and_starter_deck(catalog: Catalog) -> None:
    run_command()
    assert models.Card.objects.count() == len(catalog.cards) >= 120
    assert models.Runeslinger.objects.count() == len(catalog.runeslingers)
    assert models.Equip.objects.count() == len(catalog.equips)
    assert models.StarterDeck.objects.count() == len(catalog.starter_decks)
    assert loaded_version() == catalog.data_version


def test_a_loaded_card_keeps_its_properties_and_script(catalog: Catalog) -> None:
    run_command()
    source = catalog.cards["flaming-fists"]
    card = models.Card.objects.get(slug="flaming-fists")
    assert (card.name, card.type, card.card_class, card.cost, card.rarity) == (
        source.name,
        source.type.value,
        source.card_class.value,
        source.cost,
        source.rarity.value,
    )
    assert card.keywords == [{"keyword": "sear", "value": 2}]
    assert card.keyword_index == "|sear|"
    assert card.search_name == "flaming fists"
    assert card.script[0]["when"] == "play"
    assert card.script[0]["do"][0]["op"] == "damage"


def test_running_it_again_with_the_same_data_changes_nothing_and_says_so() -> None:
    first = run_command()
    assert "created" in first
    stamp = models.CatalogVersion.objects.get().loaded_at
    before = list(models.Card.objects.values_list("id", "slug", "name", "data_version"))
    second = run_command()
    assert "already loaded; nothing changed" in second
    assert list(models.Card.objects.values_list("id", "slug", "name", "data_version")) == before
    assert models.CatalogVersion.objects.get().loaded_at == stamp


def test_a_new_version_updates_rows_in_place_and_marks_removed_cards_inactive(catalog: Catalog) -> None:
    load_catalog_into_db(catalog)
    jab_id = models.Card.objects.get(slug="jab").pk
    cards = dict(catalog.cards)
    removed = cards.pop(list(cards)[-1])  # the last card, so no other card changes position
    cards["jab"] = dataclasses.replace(cards["jab"], text="Deal 3 damage to target enemy Runeslinger.")
    changed = dataclasses.replace(catalog, cards=MappingProxyType(cards), data_version="f" * 64)

    result = load_catalog_into_db(changed)

    assert result.changed and result.updated == 1 and result.deactivated == 1 and result.created == 0
    jab = models.Card.objects.get(slug="jab")
    assert jab.pk == jab_id and jab.text.startswith("Deal 3")
    channel = models.Card.objects.get(slug=removed.id)
    assert channel.is_active is False
    assert models.Card.objects.filter(is_active=True).count() == len(catalog.cards) - 1
    assert loaded_version() == "f" * 64
    assert models.CatalogVersion.objects.count() == 2


def test_a_card_that_comes_back_is_active_again(catalog: Catalog) -> None:
    load_catalog_into_db(catalog)
    cards = dict(catalog.cards)
    cards.pop("channel")
    load_catalog_into_db(dataclasses.replace(catalog, cards=MappingProxyType(cards), data_version="e" * 64))
    assert models.Card.objects.get(slug="channel").is_active is False
    load_catalog_into_db(catalog)
    assert models.Card.objects.get(slug="channel").is_active is True
    assert loaded_version() == catalog.data_version


def test_bad_data_stops_the_command_with_the_problems_and_stores_nothing(tmp_path: object) -> None:
    from pathlib import Path

    folder = Path(str(tmp_path))
    (folder / "cards.yaml").write_text("cards:\n  - id: broken\n    name: Broken\n")
    with pytest.raises(CommandError, match="problem"):
        run_command("--data-dir", str(folder))
    assert not models.Card.objects.exists()
    assert loaded_version() is None


@pytest.mark.django_db(databases=[])
def test_the_current_catalog_is_read_again_only_when_the_data_files_change(tmp_path: Path) -> None:
    for source in data_files(DEFAULT_DATA_DIR):
        shutil.copy2(source, tmp_path / source.name)
    first = current_catalog(tmp_path)
    assert current_catalog(tmp_path) is first  # nothing changed: the same catalog, nothing re-read

    basic = tmp_path / "basic.yaml"
    os.utime(basic, ns=(basic.stat().st_atime_ns, basic.stat().st_mtime_ns + 10**9))
    assert current_catalog(tmp_path) is first  # touched, same content: the same data version

    text = basic.read_text(encoding="utf-8")
    basic.write_text(text.replace("name: Fireball\n", "name: Great Fireball\n", 1), encoding="utf-8")
    changed = current_catalog(tmp_path)
    assert changed is not first and changed.data_version != first.data_version
    assert "Great Fireball" in {card.name for card in changed.cards.values()}
