"""'Suggest a deck' builds around what the player chose (issue 30): their Runeslinger, their
equips and the cards already in their deck stay, the rest comes from the pool's best cards, and
whatever had to change is said in words."""

from __future__ import annotations

from typing import Any

import pytest

from gameplay.runeslingers.site_catalog import current_catalog
from tests.clients import api_client as api
from tests.drafts.helpers import draft_table
from tournaments.drafts.models import Pool
from tournaments.drafts.services import pools
from tournaments.drafts.services.state import card_set
from tournaments.limited import SEALED_DECK, build_deck

pytestmark = pytest.mark.django_db
EQUIPS = {  # a stance and an ability of each class: a legal pair
    "eva": ["inner-flame", "kindle"], "romin": ["iron-focus", "second-wind"],
    "brannoc": ["stone-vigil", "shield-up"], "vesna": ["cruel-harvest", "evil-eye"],
}  # fmt: skip


@pytest.fixture
def sealed() -> tuple[Any, Pool]:
    table = draft_table(humans=2, fmt="sealed", username="s")
    pools.open_sealed(table.event, table.organiser)
    pool = Pool.objects.get(registration__player=table.players[0])
    return table, pool


def suggest(table: Any, pool: Pool, body: dict[str, Any]) -> Any:
    return api(table.players[0]).post(f"/api/pools/{pool.pk}/suggestion/", body, format="json")


def other_slinger(table: Any, pool: Pool) -> str:
    """A Runeslinger other than the one the site would pick on its own."""
    own = api(table.players[0]).get(f"/api/pools/{pool.pk}/suggestion/").json()["runeslinger"]
    return "vesna" if own != "vesna" else "eva"


def test_suggest_keeps_the_runeslinger_the_equips_and_the_cards_chosen(sealed: tuple[Any, Pool]) -> None:
    table, pool = sealed
    slinger = other_slinger(table, pool)
    mine = sorted(set(pool.cards))[:5]
    chosen = {"runeslinger": slinger, "equips": EQUIPS[slinger], "cards": dict.fromkeys(mine, 1)}
    answer = suggest(table, pool, chosen)
    assert answer.status_code == 200
    got = answer.json()
    assert got["runeslinger"] == slinger and sorted(got["equips"]) == sorted(EQUIPS[slinger])
    assert all(got["cards"].get(slug, 0) >= 1 for slug in mine)
    assert sum(got["cards"].values()) == 40 and got["changes"] == []
    checked = api(table.players[0]).post(f"/api/pools/{pool.pk}/check/", got, format="json").json()
    assert checked["legal"] is True, checked["violations"]
    catalog = current_catalog()
    klass = catalog.runeslingers[slinger].card_class
    built = build_deck(card_set(), pool.cards, SEALED_DECK, card_class=klass, keep=dict.fromkeys(mine, 1))
    assert got["cards"] == dict(built.cards)  # the pure builder's deck for that class, around those cards


def test_suggest_says_what_it_changed(sealed: tuple[Any, Pool]) -> None:
    table, pool = sealed
    slinger = other_slinger(table, pool)
    stranger = next(c for c in current_catalog().cards if c not in pool.cards)
    wrong_class = EQUIPS["romin" if slinger != "romin" else "brannoc"][0]
    counts: dict[str, int] = {}
    for slug in pool.cards:
        counts[slug] = min(3, counts.get(slug, 0) + 1)
    too_many = dict(list(counts.items()))  # every usable card: more than 40
    assert sum(too_many.values()) > 40
    chosen = {"runeslinger": slinger, "equips": [EQUIPS[slinger][0], wrong_class], "cards": {**too_many, stranger: 1}}
    got = suggest(table, pool, chosen).json()
    assert got["runeslinger"] == slinger and EQUIPS[slinger][0] in got["equips"]
    assert wrong_class not in got["equips"]
    words = " ".join(got["changes"])
    wrong_name = current_catalog().equips[wrong_class].name
    name = current_catalog().runeslingers[slinger].name
    assert f"{wrong_name} is not one of {name}'s equips, so it was replaced." in words
    assert "Equips added: " in words
    assert f"Not in your pool, so left out: 1 {current_catalog().cards[stranger].name}." in words
    assert "Your deck had more cards than it may; moved to the sideboard: " in words
    assert sum(got["cards"].values()) == 40


def test_suggest_adds_a_missing_equip_and_nothing_chosen_is_the_old_suggestion(sealed: tuple[Any, Pool]) -> None:
    table, pool = sealed
    got = suggest(table, pool, {"runeslinger": "vesna", "equips": ["evil-eye"], "cards": {}}).json()
    assert got["runeslinger"] == "vesna" and "evil-eye" in got["equips"] and len(got["equips"]) == 2
    assert any(line.startswith("Equips added: ") for line in got["changes"])
    plain = api(table.players[0]).get(f"/api/pools/{pool.pk}/suggestion/").json()
    empty = suggest(table, pool, {"runeslinger": "", "equips": [], "cards": {}}).json()
    assert {k: empty[k] for k in ("runeslinger", "equips", "cards")} == {
        k: plain[k] for k in ("runeslinger", "equips", "cards")
    }
    assert empty["changes"] == [] and plain["changes"] == []


def test_bad_input_is_refused_and_another_players_pool_stays_hidden(sealed: tuple[Any, Pool]) -> None:
    table, pool = sealed
    bad = suggest(table, pool, {"runeslinger": "vesna", "cards": {"fireball": 0}})
    assert bad.status_code == 400 and "cards" in bad.json()
    other = Pool.objects.get(registration__player=table.players[1])
    assert api(table.players[0]).post(f"/api/pools/{other.pk}/suggestion/", {}, format="json").status_code == 403
