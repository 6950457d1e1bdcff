"""The draft pages for each persona: the hub, the pick screen, pick logs, pools; organiser forms."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from accounts.models import User
from tests.drafts.helpers import draft_table, drive, human_seats, started_pod
from tournaments.drafts.models import Pod, Pool, Seat

pytestmark = pytest.mark.django_db


def browser(user: User | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def test_the_organiser_seats_starts_pauses_and_swaps_from_the_hub() -> None:
    table = draft_table(4, username="pg1")
    boss = browser(table.organiser)
    hub = boss.get(f"/events/{table.event.pk}/draft/")
    assert hub.status_code == 200 and b"Seat pods" in hub.content
    seated = boss.post(f"/events/{table.event.pk}/draft/seat/",
                       {"seats_per_pod": "6", "fill_with_bots": "on", "base_seconds": "20"}, follow=True)  # fmt: skip
    assert seated.status_code == 200 and b"1 pod seated" in seated.content
    pod = Pod.objects.get(event=table.event)
    assert pod.settings == {"base_seconds": 20, "bot_level": "normal"}  # bots pick at the default level
    assert browser(table.players[0]).post(f"/pods/{pod.pk}/do/start/").status_code == 403
    assert boss.post(f"/pods/{pod.pk}/do/start/").status_code == 302
    assert boss.post(f"/pods/{pod.pk}/do/pause/").status_code == 302
    assert Pod.objects.get(pk=pod.pk).paused
    assert boss.post(f"/pods/{pod.pk}/do/pause/").status_code == 409
    assert boss.post(f"/pods/{pod.pk}/do/resume/").status_code == 302
    seat = human_seats(pod)[0]
    assert boss.post(f"/pods/{pod.pk}/swap/", {"seat": seat.index}).status_code == 302
    assert Seat.objects.get(pk=seat.pk).bot
    page = boss.get(f"/events/{table.event.pk}/draft/")
    assert b"Pod 1" in page.content and b"Auto-picks" in page.content
    assert boss.post(f"/events/{table.event.pk}/draft/seat/", {"seats_per_pod": "x"}).status_code == 400


def test_the_pick_screen_is_for_the_pods_players_and_spectators() -> None:
    table = draft_table(4, username="pg2")
    pod = started_pod(table)
    seat = human_seats(pod)[0]
    player = seat.registration.player  # type: ignore[union-attr]
    mine = browser(player).get(f"/pods/{pod.pk}/")
    assert mine.status_code == 200 and b'data-role="player"' in mine.content and b"draft.js" in mine.content
    assert browser(table.judge).get(f"/pods/{pod.pk}/").status_code == 200
    assert browser(table.outsider).get(f"/pods/{pod.pk}/").status_code == 403
    assert browser(None).get(f"/pods/{pod.pk}/").status_code == 302  # to the log-in page
    hub = browser(player).get(f"/events/{table.event.pk}/draft/")
    assert f"/pods/{pod.pk}/".encode() in hub.content and b"Seat pods" not in hub.content


def test_pick_logs_are_private_and_export_as_json() -> None:
    table = draft_table(4, username="pg3")
    pod = started_pod(table)
    drive(pod)
    seat, other = human_seats(pod)[:2]
    player = seat.registration.player  # type: ignore[union-attr]
    page = browser(player).get(f"/pods/{pod.pk}/log/{seat.index}/")
    assert page.status_code == 200 and b"Download as JSON" in page.content
    exported = browser(player).get(f"/pods/{pod.pk}/log/{seat.index}/?format=json")
    data = json.loads(exported.content)
    assert exported["Content-Disposition"].startswith("attachment")
    assert len(data["picks"]) == 18 and {"at", "auto", "pack_cards", "cards"} <= set(data["picks"][0])
    assert browser(player).get(f"/pods/{pod.pk}/log/{other.index}/").status_code == 403
    assert browser(table.judge).get(f"/pods/{pod.pk}/log/{other.index}/").status_code == 200
    assert browser(table.outsider).get(f"/pods/{pod.pk}/log/{seat.index}/").status_code == 403


def test_the_pool_page_is_the_players_deck_builder() -> None:
    table = draft_table(4, username="pg4")
    pod = started_pod(table)
    drive(pod)
    pool = Pool.objects.filter(pod=pod).select_related("registration__player").first()
    assert pool is not None
    owner = pool.registration.player
    page = browser(owner).get(f"/pools/{pool.pk}/")
    assert page.status_code == 200 and b"Register this deck" in page.content and b"pool.js" in page.content
    spectator = browser(table.organiser).get(f"/pools/{pool.pk}/")
    assert spectator.status_code == 200 and b"Register this deck" not in spectator.content
    other = next(p for p in table.players if p != owner)
    assert browser(other).get(f"/pools/{pool.pk}/").status_code == 403
    hub = browser(owner).get(f"/events/{table.event.pk}/draft/")
    assert f"/pools/{pool.pk}/".encode() in hub.content


def test_sealed_pools_open_from_the_hub() -> None:
    table = draft_table(4, fmt="sealed", username="pg5")
    boss = browser(table.organiser)
    assert b"Open sealed pools" in boss.get(f"/events/{table.event.pk}/draft/").content
    assert browser(table.players[0]).post(f"/events/{table.event.pk}/draft/sealed/").status_code == 403
    opened = boss.post(f"/events/{table.event.pk}/draft/sealed/", {"build_minutes": "30"}, follow=True)
    assert b"4 sealed pools are open" in opened.content
    assert Pool.objects.filter(event=table.event).count() == 4
