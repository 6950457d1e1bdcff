"""The drafts API tried by every persona; a player only ever sees their own pack and picks."""

from __future__ import annotations

from typing import Any

import pytest

from accounts.models import User
from tests.clients import api_client as client
from tests.drafts.helpers import Table, draft_table, drive, human_seats, legal_deck, started_pod
from tournaments.drafts.models import Pick, Pod, Pool, Seat
from tournaments.drafts.services.state import card_set, load_state
from tournaments.limited import current_pack

pytestmark = pytest.mark.django_db


def people(table: Table, player: User) -> dict[str, User | None]:
    return {"organiser": table.organiser, "judge": table.judge, "player": player, "outsider": table.outsider,
            "anonymous": None}  # fmt: skip


def strings(data: Any) -> set[str]:
    if isinstance(data, str):
        return {data}
    if isinstance(data, dict):
        return set().union(*(strings(v) for v in data.values())) if data else set()
    if isinstance(data, list):
        return set().union(*(strings(v) for v in data)) if data else set()
    return set()


def test_only_the_organiser_seats_and_starts_pods() -> None:
    table = draft_table(4, username="a")
    url = f"/api/events/{table.event.pk}/pods/"
    body = {"seats_per_pod": 6, "fill_with_bots": True, "settings": {"base_seconds": 10}}
    codes = {
        who: client(u).post(url, body, format="json").status_code for who, u in people(table, table.players[0]).items()
    }
    assert codes == {"organiser": 201, "judge": 403, "player": 403, "outsider": 403, "anonymous": 403}
    pod = Pod.objects.get(event=table.event)
    assert pod.settings == {"base_seconds": 10, "bot_level": "normal"}  # bots pick at the default level
    start = f"/api/pods/{pod.pk}/start/"
    for who in ("judge", "player", "outsider", "anonymous"):
        assert client(people(table, table.players[0])[who]).post(start).status_code == 403, who
    answer = client(table.organiser).post(start)
    assert answer.status_code == 200 and answer.json()["status"] == "drafting"
    assert client(table.organiser).post(start).status_code == 409
    bad = client(table.organiser).post(url, {"seats_per_pod": 12}, format="json")
    assert bad.status_code == 400


def test_the_pod_is_seen_by_its_players_and_spectators_only() -> None:
    table = draft_table(4, username="b")
    pod = started_pod(table)
    player = table.players[0]
    url = f"/api/pods/{pod.pk}/"
    codes = {who: client(u).get(url).status_code for who, u in people(table, player).items()}
    assert codes == {"organiser": 200, "judge": 200, "player": 200, "outsider": 403, "anonymous": 403}
    watched = client(table.judge).get(url).json()
    assert all("deadline" in row for row in watched["progress"])
    summary = client(player).get(url).json()
    assert not strings(summary) & set(card_set().by_slug)  # no card of any seat in the pod summary


def test_a_player_gets_only_their_own_pack_and_picks() -> None:
    table = draft_table(4, username="c")
    pod = started_pod(table)
    drive_some(pod)
    seat = human_seats(pod)[0]
    player = seat.registration.player  # type: ignore[union-attr]
    me = client(player).get(f"/api/pods/{pod.pk}/me/").json()
    pending = current_pack(load_state(pod), seat.index)
    mine = {c for row in Pick.objects.filter(seat=seat) for c in row.cards}
    allowed = mine | set(pending.cards if pending else ())
    assert strings(me) & set(card_set().by_slug) <= allowed
    assert [p["pick_number"] for p in me["picks"]] == list(range(1, len(me["picks"]) + 1))
    assert me["current"] is None or me["current"]["cards"] == list(pending.cards)  # type: ignore[union-attr]
    log = client(player).get(f"/api/pods/{pod.pk}/log/?seat=0").json()
    assert [s["seat"] for s in log["seats"]] == [seat.index]
    assert len(client(table.organiser).get(f"/api/pods/{pod.pk}/log/").json()["seats"]) == 6
    assert client(table.judge).get(f"/api/pods/{pod.pk}/log/?seat=0").json()["seats"][0]["seat"] == 0
    assert client(table.outsider).get(f"/api/pods/{pod.pk}/log/").status_code == 403
    for who in ("organiser", "judge", "outsider"):
        assert client(getattr(table, who)).get(f"/api/pods/{pod.pk}/me/").status_code == 403
    assert client(None).get(f"/api/pods/{pod.pk}/me/").status_code == 403


def drive_some(pod: Pod) -> None:
    for seat in human_seats(pod)[1:]:
        state = load_state(pod)
        pending = current_pack(state, seat.index)
        if pending is not None:
            client(seat.registration.player).post(  # type: ignore[union-attr]
                f"/api/pods/{pod.pk}/pick/",
                {"round": pending.round, "pick_number": pending.pick_number, "pack": pending.pack,
                 "cards": list(pending.cards[: pending.take])},
                format="json",
            )  # fmt: skip


def test_picks_are_idempotent_and_stale_ones_get_409_with_the_state() -> None:
    table = draft_table(4, username="d")
    pod = started_pod(table)
    seat = human_seats(pod)[0]
    player = seat.registration.player  # type: ignore[union-attr]
    pending = current_pack(load_state(pod), seat.index)
    assert pending is not None
    body = {"round": 1, "pick_number": pending.pick_number, "pack": pending.pack, "cards": list(pending.cards[:2])}
    url = f"/api/pods/{pod.pk}/pick/"
    assert client(table.outsider).post(url, body, format="json").status_code == 403
    assert client(table.organiser).post(url, body, format="json").status_code == 403
    first = client(player).post(url, body, format="json")
    assert first.status_code == 200 and first.json()["repeated"] is False
    again = client(player).post(url, body, format="json")
    assert again.status_code == 200 and again.json()["repeated"] is True
    other = client(player).post(url, {**body, "cards": list(pending.cards[2:4])}, format="json")
    assert other.status_code == 409
    data = other.json()
    assert data["reason"] == "already-picked" and data["recorded"]["cards"] == body["cards"]
    assert data["version"] == Pod.objects.get(pk=pod.pk).version and data["state"]["seat"] == seat.index
    assert Pick.objects.filter(seat=seat).count() == 1
    wrong = client(player).post(url, {**body, "pick_number": 9}, format="json")
    assert wrong.status_code == 409
    malformed = client(player).post(url, {"round": 1}, format="json")
    assert malformed.status_code == 400


def test_a_pick_for_a_pod_nobody_may_see_or_that_does_not_exist_answers_404_and_changes_nothing() -> None:
    table = draft_table(4, username="nf")
    pod = started_pod(table)
    seat = human_seats(pod)[0]
    pending = current_pack(load_state(pod), seat.index)
    assert pending is not None
    body = {"round": 1, "pick_number": pending.pick_number, "pack": pending.pack, "cards": list(pending.cards[:2])}
    before = (Pick.objects.count(), Pod.objects.get(pk=pod.pk).version)
    for url in (f"/api/pods/{pod.pk + 1000}/pick/", "/api/pods/x1/pick/"):
        assert client(table.outsider).post(url, body, format="json").status_code == 404
    # An event back in its draft stage is seen by its organiser only: to an outsider the pod does not exist.
    type(pod.event).objects.filter(pk=pod.event_id).update(status="draft")
    assert client(table.outsider).post(f"/api/pods/{pod.pk}/pick/", body, format="json").status_code == 404
    assert (Pick.objects.count(), Pod.objects.get(pk=pod.pk).version) == before


def test_marks_and_pause_resume_swap_through_the_api() -> None:
    table = draft_table(4, username="e")
    pod = started_pod(table)
    seat = human_seats(pod)[0]
    player = seat.registration.player  # type: ignore[union-attr]
    pending = current_pack(load_state(pod), seat.index)
    assert pending is not None
    marks = client(player).post(f"/api/pods/{pod.pk}/marks/",
                                {"round": 1, "pick_number": pending.pick_number, "cards": [pending.cards[5]]},
                                format="json")  # fmt: skip
    assert marks.status_code == 200 and marks.json()["current"]["marked"] == [pending.cards[5]]
    assert client(table.judge).post(f"/api/pods/{pod.pk}/pause/").status_code == 403
    assert client(table.organiser).post(f"/api/pods/{pod.pk}/pause/").json()["paused"] is True
    assert client(table.organiser).post(f"/api/pods/{pod.pk}/pause/").status_code == 409
    assert client(table.organiser).post(f"/api/pods/{pod.pk}/resume/").json()["paused"] is False
    swap = client(table.organiser).post(f"/api/pods/{pod.pk}/swap-for-bot/", {"seat": seat.index}, format="json")
    assert swap.status_code == 200
    assert Seat.objects.get(pk=seat.pk).bot
    assert client(player).post(f"/api/pods/{pod.pk}/swap-for-bot/", {"seat": 0}, format="json").status_code == 403


def test_pools_are_private_and_decks_are_checked_and_submitted() -> None:
    table = draft_table(4, username="f")
    pod = started_pod(table)
    drive(pod)
    pool = Pool.objects.filter(pod=pod).select_related("registration__player").first()
    assert pool is not None
    owner = pool.registration.player
    other = next(p for p in table.players if p != owner)
    url = f"/api/pools/{pool.pk}/"
    codes = {who: client(u).get(url).status_code for who, u in people(table, owner).items()}
    assert codes == {"organiser": 200, "judge": 200, "player": 200, "outsider": 403, "anonymous": 403}
    assert client(other).get(url).status_code == 403
    deck = legal_deck(pool)
    cards = dict(deck.cards)
    body = {"runeslinger": deck.runeslinger, "equips": list(deck.equips), "cards": cards}
    checked = client(owner).post(f"{url}check/", body, format="json").json()
    assert checked["legal"] is True and sum(b["count"] for b in checked["curve"]) == 30
    too_many = client(owner).post(f"{url}check/", {**body, "cards": {**cards, "not-a-card": 1}}, format="json")
    assert too_many.status_code == 400
    assert client(other).post(f"{url}deck/", body, format="json").status_code == 403
    assert client(owner).post(f"{url}deck/", body, format="json").status_code == 201
    listed = client(owner).get(f"/api/pools/?event={table.event.pk}").json()
    assert [p["id"] for p in listed] == [pool.pk]
    assert len(client(table.organiser).get(f"/api/pools/?event={table.event.pk}").json()) == 4
    assert client(table.organiser).get(f"/api/events/{table.event.pk}/pods/").json()[0]["pools"]


def test_sealed_pools_open_for_the_organiser_only() -> None:
    table = draft_table(4, fmt="sealed", username="g")
    url = f"/api/events/{table.event.pk}/sealed/open/"
    assert client(table.players[0]).post(url, {}, format="json").status_code == 403
    assert client(table.judge).post(url, {}, format="json").status_code == 403
    opened = client(table.organiser).post(url, {"build_minutes": 20}, format="json")
    assert opened.status_code == 201 and len(opened.json()) == 4
    assert client(table.organiser).post(f"/api/events/{table.event.pk}/pods/", {}, format="json").status_code == 400


def test_the_schema_lists_the_drafts_api() -> None:
    schema = client(None).get("/api/schema/?format=json").json()
    for path in ("/api/pods/{id}/pick/", "/api/pods/{id}/me/", "/api/pods/{id}/log/", "/api/pools/{id}/deck/",
                 "/api/events/{event_pk}/pods/", "/api/events/{event_pk}/sealed/open/", "/api/pods/{id}/marks/",
                 "/api/pods/{id}/swap-for-bot/"):  # fmt: skip
        assert path in schema["paths"], path
