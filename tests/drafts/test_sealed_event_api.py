"""A sealed event run end to end through the REST API.

The organiser creates a sealed Swiss event, six players register, the event starts and the
sealed pools open; each player reads only their own pool, checks and registers a 40-card deck
built from it (one bad list is refused and changes nothing); one player submits nothing and gets
an automatic deck at the deadline (the beat sweeper, called here with a later ``now``, stands in
for Celery beat), the organiser sees the notice; then two Swiss rounds are paired, reported and
confirmed, with the standings read back after each.
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime, timedelta
from typing import Any

import pytest
from django.utils import timezone

from accounts.models import User
from gameplay.runeslingers.site_catalog import current_catalog
from tests.clients import api_client as api
from tests.drafts.helpers import sweep_draft
from tests.factories import OrganiserFactory, UserFactory

pytestmark = pytest.mark.django_db

PLAYERS = 6
BUILD_MINUTES = 5


def ok(response: Any, code: int = 200) -> Any:
    assert response.status_code == code, response.content
    return response.json() if response.content else None


def deck_from_pool(pool_cards: list[str], rule: dict[str, Any]) -> dict[str, int]:
    """The first cards of the pool, in pool order, that fit the format's size and copy limits."""
    catalog = current_catalog()
    have = Counter(pool_cards)
    deck: dict[str, int] = {}
    for slug in pool_cards:
        cap = rule["max_x_copies"] if catalog.cards[slug].x else rule["max_copies"]
        if deck.get(slug, 0) < min(cap, have[slug]) and sum(deck.values()) < rule["deck_size"]:
            deck[slug] = deck.get(slug, 0) + 1
    assert sum(deck.values()) == rule["deck_size"], "the pool is too small for a deck"
    return deck


def play_round(boss: Any, eid: int, number: int, by_id: dict[int, User]) -> tuple[Any, set[frozenset[int]], set[int]]:
    """Pair, publish, report (player A wins 1-0), confirm and end round ``number``; the pairs and the winners."""
    preview = ok(boss.post(f"/api/events/{eid}/pair-next-round/"), 201)
    assert preview["number"] == number and preview["status"] == "preview"
    assert len(preview["matches"]) == PLAYERS // 2
    seated = [p for m in preview["matches"] for p in (m["player_a"], m["player_b"])]
    assert sorted(seated) == sorted(by_id), "every player sits exactly once, with no bye"
    ok(api(by_id[seated[0]]).get(f"/api/rounds/{preview['id']}/"), 404)  # a preview is the organiser's alone
    published = ok(boss.post(f"/api/rounds/{preview['id']}/publish/"))
    assert published["status"] == "open"
    pairs: set[frozenset[int]] = set()
    winners: set[int] = set()
    for match in ok(api().get(f"/api/rounds/{preview['id']}/"))["matches"]:
        a, b = match["player_a"], match["player_b"]
        assert match["status"] == "pending"
        won = {"wins": 1, "losses": 0}
        reported = ok(api(by_id[a]).post(f"/api/matches/{match['id']}/report/", won, format="json"))
        assert reported["status"] == "reported" and reported["a_games"] == 1 and reported["b_games"] == 0
        confirmed = ok(api(by_id[b]).post(f"/api/matches/{match['id']}/confirm/"))
        assert confirmed["status"] == "confirmed" and confirmed["winner"] == a
        pairs.add(frozenset((a, b)))
        winners.add(a)
    assert ok(boss.post(f"/api/rounds/{preview['id']}/end/"))["status"] == "ended"
    return published, pairs, winners


def test_a_sealed_event_runs_through_the_api() -> None:
    organiser = OrganiserFactory.create(username="sealed-org")
    players = [UserFactory.create(username=f"sealed-p{i}") for i in range(PLAYERS)]
    outsider = UserFactory.create(username="sealed-out")
    by_id = {p.pk: p for p in players}
    boss = api(organiser)

    # 1. The organiser creates a sealed Swiss event and opens registration; six players register.
    body = {"name": "Sealed Cup", "format": "sealed", "structure": "swiss"}
    event = ok(boss.post("/api/events/", body, format="json"), 201)
    assert (event["format"], event["structure"], event["status"]) == ("sealed", "swiss", "draft")
    eid = event["id"]
    assert ok(boss.post(f"/api/events/{eid}/open-registration/"))["status"] == "registration"
    for player in players:
        entry = ok(api(player).post(f"/api/events/{eid}/register/"), 201)
        assert entry["player"] == player.pk
    registered = ok(boss.get(f"/api/events/{eid}/registrations/"))
    assert sorted(r["player"] for r in registered) == sorted(by_id)
    names = {r["player"]: r["name"] for r in registered}
    opener = f"/api/events/{eid}/sealed/open/"
    refused = ok(boss.post(opener, {"build_minutes": BUILD_MINUTES}, format="json"), 409)
    assert "after the event starts" in refused["detail"]  # not before the start

    # 2. The organiser starts the event and opens the pools (players and outsiders may not).
    started = ok(boss.post(f"/api/events/{eid}/start/"))
    assert started["status"] == "running" and started["rounds"] == 3  # 5-8 players: 3 Swiss rounds
    assert ok(api(players[0]).post(opener, {}, format="json"), 403)["detail"]
    assert ok(api(outsider).post(opener, {}, format="json"), 403)["detail"]
    opened_at = timezone.now()
    opened = ok(boss.post(opener, {"build_minutes": BUILD_MINUTES}, format="json"), 201)
    assert len(opened) == PLAYERS
    assert sorted(p["player"] for p in opened) == sorted(names.values())
    assert all(p["kind"] == "sealed" and p["cards"] == 54 and p["event"] == eid for p in opened)
    assert all(p["deck_submitted_at"] is None and not p["auto_built"] and p["notice"] == "" for p in opened)
    deadlines = {datetime.fromisoformat(p["build_deadline"]) for p in opened}
    assert len(deadlines) == 1, "one build clock for everybody"
    (deadline,) = deadlines
    assert timedelta(minutes=BUILD_MINUTES) - timedelta(seconds=5) <= deadline - opened_at
    assert deadline - opened_at <= timedelta(minutes=BUILD_MINUTES) + timedelta(seconds=5)
    again = ok(boss.post(opener, {"build_minutes": 60}, format="json"), 201)  # changes nobody's pool or clock
    assert {(p["id"], p["build_deadline"]) for p in again} == {(p["id"], p["build_deadline"]) for p in opened}

    # 3. Each player sees only their own pool, checks a deck and registers it; the last one builds nothing.
    rule = next(f for f in ok(api().get("/api/formats/")) if f["slug"] == "sealed")
    assert (rule["deck_size"], rule["max_copies"], rule["max_x_copies"], rule["limited"]) == (40, 3, 1, True)
    pool_of: dict[int, dict[str, Any]] = {}
    suggestion_of: dict[int, dict[str, Any]] = {}
    for player in players:
        mine = ok(api(player).get(f"/api/pools/?event={eid}"))
        assert len(mine) == 1 and mine[0]["player"] == names[player.pk]
        pool = ok(api(player).get(f"/api/pools/{mine[0]['id']}/"))
        assert pool["format"] == "sealed" and len(pool["cards"]) == 54
        pool_of[player.pk] = pool
        suggestion_of[player.pk] = ok(api(player).get(f"/api/pools/{pool['id']}/suggestion/"))
    assert len({tuple(p["cards"]) for p in pool_of.values()}) == PLAYERS, "every player opened a different pool"
    for player in players:
        for other in players:
            if other != player:
                assert api(player).get(f"/api/pools/{pool_of[other.pk]['id']}/").status_code == 403
                assert api(player).get(f"/api/pools/{pool_of[other.pk]['id']}/suggestion/").status_code == 403
    some_pool = f"/api/pools/{pool_of[players[0].pk]['id']}/"
    assert api(outsider).get(some_pool).status_code == 403
    assert api().get(some_pool).status_code == 403
    assert ok(boss.get(some_pool))["cards"] == pool_of[players[0].pk]["cards"]  # the organiser sees every pool
    assert len(ok(boss.get(f"/api/pools/?event={eid}"))) == PLAYERS

    catalog = current_catalog()
    submitters, idle = players[:-1], players[-1]
    for number, player in enumerate(submitters):
        pool, suggestion = pool_of[player.pk], suggestion_of[player.pk]
        url = f"/api/pools/{pool['id']}/"
        cards = deck_from_pool(pool["cards"], rule)
        deck = {"runeslinger": suggestion["runeslinger"], "equips": suggestion["equips"], "cards": cards}
        checked = ok(api(player).post(f"{url}check/", deck, format="json"))
        assert checked["legal"] is True and checked["violations"] == []
        assert sum(bar["count"] for bar in checked["curve"]) == 40
        if number == 0:
            # A card that is not in the pool: refused with the card named, and nothing is stored.
            foreign = next(slug for slug in sorted(catalog.cards) if slug not in pool["cards"])
            dropped = next(iter(cards))
            bad_cards = {**cards, dropped: cards[dropped] - 1, foreign: 1}
            bad_cards = {slug: n for slug, n in bad_cards.items() if n}
            bad = {**deck, "cards": bad_cards}
            bad_check = ok(api(player).post(f"{url}check/", bad, format="json"))
            assert bad_check["legal"] is False
            assert [(v["rule"], v["cards"]) for v in bad_check["violations"]] == [("pool", [foreign])]
            refused = ok(api(player).post(f"{url}deck/", bad, format="json"), 400)
            name = catalog.cards[foreign].name
            assert f"{name}: your deck uses 1 but your pool has 0." in refused["detail"]
            assert ok(api(player).get(url))["deck_submitted_at"] is None
            ok(api(player).get(f"/api/events/{eid}/deck/"), 404)
            # Nobody else registers a deck from this pool, not even the organiser.
            assert ok(api(players[1]).post(f"{url}deck/", deck, format="json"), 403)["detail"]
            assert ok(boss.post(f"{url}deck/", deck, format="json"), 403)["detail"]
        saved = ok(api(player).post(f"{url}deck/", deck, format="json"), 201)
        assert saved["id"] == pool["id"] and saved["deck_submitted_at"] is not None and saved["auto_built"] is False
        registered_deck = ok(api(player).get(f"/api/events/{eid}/deck/"))
        assert registered_deck["cards"] == cards and registered_deck["size"] == 40
        assert registered_deck["number"] == 1 and registered_deck["automatic"] is False
        assert registered_deck["runeslinger"] == suggestion["runeslinger"]
    ok(api(idle).get(f"/api/events/{eid}/deck/"), 404)
    dashboard = {p["player"]: p for p in ok(boss.get(f"/api/pools/?event={eid}"))}
    assert [name for name, p in dashboard.items() if p["deck_submitted_at"] is None] == [names[idle.pk]]

    # 4. The deadline passes (the sweeper stands in for Celery beat): the idle player gets the built deck.
    assert sweep_draft(deadline - timedelta(seconds=1)) == 0  # nothing expires early
    assert sweep_draft(deadline + timedelta(seconds=1)) == 1
    assert sweep_draft(deadline + timedelta(seconds=2)) == 0  # and only once
    idle_pool = ok(api(idle).get(f"/api/pools/{pool_of[idle.pk]['id']}/"))
    assert idle_pool["auto_built"] is True and idle_pool["deck_submitted_at"] is not None
    built = ok(api(idle).get(f"/api/events/{eid}/deck/"))
    suggestion = suggestion_of[idle.pk]
    assert built["automatic"] is True and built["size"] == 40
    # The deterministic deck the pool page suggested before the deadline.
    assert built["runeslinger"] == suggestion["runeslinger"] and built["equips"] == suggestion["equips"]
    assert built["cards"] == suggestion["cards"]
    rechecked = ok(api(idle).post(f"/api/pools/{idle_pool['id']}/check/", suggestion, format="json"))
    assert rechecked["legal"] is True
    late = ok(api(idle).post(f"/api/pools/{idle_pool['id']}/deck/", suggestion, format="json"), 409)
    assert "built from your pool" in late["detail"]
    slinger = catalog.runeslingers[suggestion["runeslinger"]]
    notices = {p["player"]: p["notice"] for p in ok(boss.get(f"/api/pools/?event={eid}"))}
    assert notices == {
        **{names[p.pk]: "" for p in submitters},
        names[idle.pk]: f"{names[idle.pk]} submitted no deck in time: a {slinger.card_class.value} deck "
        f"({slinger.name}) was built from the pool.",
    }
    lists = ok(boss.get(f"/api/events/{eid}/decks/"))
    assert len(lists) == PLAYERS and [d["player"] for d in lists if d["automatic"]] == [idle.username]

    # 5. Round 1: paired, published (decks lock), every result reported and confirmed; standings.
    _, first_pairs, first_winners = play_round(boss, eid, 1, by_id)
    locked = ok(api(players[0]).post(f"/api/pools/{pool_of[players[0].pk]['id']}/deck/",
                                     suggestion_of[players[0].pk], format="json"), 409)  # fmt: skip
    assert "locked when round 1 was published" in locked["detail"]
    standings = ok(api().get(f"/api/events/{eid}/standings/"))
    assert len(standings) == PLAYERS
    assert {row["player"]: row["points"] for row in standings} == {p: 3 if p in first_winners else 0 for p in by_id}
    assert {row["player"]: (row["wins"], row["losses"]) for row in standings} == {
        p: (1, 0) if p in first_winners else (0, 1) for p in by_id
    }
    assert [row["rank"] for row in standings] == sorted(row["rank"] for row in standings)
    assert all(row["points"] == 3 for row in standings[:3]) and all(row["points"] == 0 for row in standings[3:])

    # Round 2 pairs without a rematch; after it the points add up.
    _, second_pairs, second_winners = play_round(boss, eid, 2, by_id)
    assert not first_pairs & second_pairs, "no rematch in round 2"
    points = {p: 3 * ((p in first_winners) + (p in second_winners)) for p in by_id}
    standings = ok(api().get(f"/api/events/{eid}/standings/"))
    assert {row["player"]: row["points"] for row in standings} == points
    assert [row["points"] for row in standings] == sorted(points.values(), reverse=True)
    assert sum(row["wins"] for row in standings) == sum(row["losses"] for row in standings) == 2 * (PLAYERS // 2)
