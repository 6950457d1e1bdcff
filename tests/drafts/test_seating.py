"""The draft seat list ("Where do I sit?"): every pod's seats in order with names, the reader's own first."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.drafts.helpers import draft_table
from tournaments.drafts.models import Seat
from tournaments.drafts.services import draft_pods

pytestmark = pytest.mark.django_db


def test_each_player_sees_every_seat_and_their_own_first() -> None:
    table = draft_table(8, username="st1")
    draft_pods.seat_pods(table.event, table.organiser, seats_per_pod=4)
    client = Client()
    mine = Seat.objects.select_related("pod", "registration__player").get(registration__player=table.players[5])
    client.force_login(table.players[5])
    page = client.get(f"/events/{table.event.pk}/draft/").content.decode()
    assert f"You: pod {mine.pod.number}, seat {mine.index + 1}" in page
    lines = re.findall(r'<span class="seat-number">Pod (\d), seat (\d)</span> <span>([^<]+)</span>', page)
    assert [(int(p), int(s)) for p, s, _ in lines] == [(p, s) for p in (1, 2) for s in (1, 2, 3, 4)]
    seats = Seat.objects.select_related("pod", "registration__player").order_by("pod__number", "index")
    assert [name for _, _, name in lines] == [s.registration.player.public_name for s in seats]  # type: ignore[union-attr]
    assert page.count('class="mine"') == 1
    assert table.players[5].username not in page


def test_someone_not_seated_sees_the_list_without_a_seat_of_their_own() -> None:
    table = draft_table(4, username="st2")
    draft_pods.seat_pods(table.event, table.organiser, seats_per_pod=6, fill_with_bots=True)
    client = Client()
    client.force_login(table.outsider)
    page = client.get(f"/events/{table.event.pk}/draft/").content.decode()
    assert "Where do I sit?" in page and "You: pod" not in page
    assert "Pod 1, seat 6" in page and "Bot " in page


def test_no_list_before_the_pods_are_seated() -> None:
    table = draft_table(4, username="st3")
    client = Client()
    client.force_login(table.players[0])
    assert "Where do I sit?" not in client.get(f"/events/{table.event.pk}/draft/").content.decode()
