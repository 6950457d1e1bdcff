"""The draft pages for each persona: the hub, the pick screen, pick logs, pools; organiser forms."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client

from accounts.models import User
from tests.drafts.helpers import draft_table, drive, human_seats, started_pod
from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory
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


def _hub_text(client: Client, event_pk: int) -> str:
    html = client.get(f"/events/{event_pk}/draft/").content.decode()
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.mark.parametrize("fmt", ["draft", "sealed"])
def test_before_the_start_the_hub_says_why_seating_waits_instead_of_a_form_that_fails(fmt: str) -> None:
    organiser = OrganiserFactory.create(username=f"early-{fmt}")
    event = EventFactory.create(organiser=organiser, format=fmt, name="Early Draft")
    for _ in range(4):
        RegistrationFactory.create(event=event)
    boss = browser(organiser)
    page = boss.get(f"/events/{event.pk}/draft/").content.decode()
    assert 'data-testid="seat-pods"' not in page and 'data-testid="open-sealed"' not in page
    what = "Pods are seated" if fmt == "draft" else "Sealed pools are opened"
    text = _hub_text(boss, event.pk)
    assert f"{what} after the event starts: start it when the players are here" in text
    assert "Run Early Draft" in text


def test_once_a_pod_drafts_the_hub_no_longer_offers_seating() -> None:
    table = draft_table(4, username="pg-late")
    started_pod(table)
    boss = browser(table.organiser)
    assert b'data-testid="seat-pods"' not in boss.get(f"/events/{table.event.pk}/draft/").content
    assert "Pod 1 has started drafting; the seating can no longer change." in _hub_text(boss, table.event.pk)


def test_bots_are_ticked_when_the_players_cannot_fill_a_pod() -> None:
    few = draft_table(2, username="pg-two")
    boss = browser(few.organiser)
    page = boss.get(f"/events/{few.event.pk}/draft/").content.decode()
    assert '<input type="checkbox" name="fill_with_bots" checked>' in page
    assert "2 players to seat. A pod drafts with 4 to 8 seats, so bots fill the empty seats." in _hub_text(
        boss, few.event.pk
    )
    # the form as the page shows it seats the pod (it was a 400 with the box unticked)
    seated = boss.post(f"/events/{few.event.pk}/draft/seat/", {"seats_per_pod": "8", "fill_with_bots": "on"})
    assert seated.status_code == 302
    assert Seat.objects.filter(pod__event=few.event, bot=True).count() == 6

    enough = draft_table(4, username="pg-four")
    page = browser(enough.organiser).get(f"/events/{enough.event.pk}/draft/").content.decode()
    assert '<input type="checkbox" name="fill_with_bots">' in page
    assert "4 players to seat." in _hub_text(browser(enough.organiser), enough.event.pk)
