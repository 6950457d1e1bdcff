"""A pick reads the pod's seats without joining their players each time (``state.seats_of``): the
players are kept per pod, read again when the seating changes or after ``PLAYERS_TTL``."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.drafts.helpers import draft_table, started_pod
from tests.factories import RegistrationFactory, UserFactory
from tournaments.drafts.models import Seat
from tournaments.drafts.services import state

pytestmark = pytest.mark.django_db


def names(seats: list[Seat]) -> list[str]:
    return [seat.label() for seat in seats]


def test_the_seats_come_with_their_players_and_later_reads_skip_the_players_table() -> None:
    table = draft_table(4, username="sp")
    pod = started_pod(table, seats=4)
    first = state.seats_of(pod)
    players = Seat.objects.filter(pod=pod).order_by("index").values_list("registration__player", flat=True)
    assert [seat.player_id for seat in first] == list(players)
    assert sorted(names(first)) == sorted(p.public_name for p in table.players)
    with CaptureQueriesContext(connection) as queries:
        again = state.seats_of(pod)
        assert names(again) == names(first)  # the players' fields were read with them: no query here
    assert len(queries.captured_queries) == 1
    assert "accounts_user" not in queries.captured_queries[0]["sql"]


def test_a_new_seating_or_an_old_cache_reads_the_players_again(monkeypatch: Any) -> None:
    table = draft_table(4, username="sq")
    pod = started_pod(table, seats=4)
    seats = state.seats_of(pod)

    # Another registration in a seat (as when the organiser seats the pods again): read at once.
    newcomer = RegistrationFactory.create(event=table.event, player=UserFactory.create(username="sq-new"))
    Seat.objects.filter(pk=seats[0].pk).update(registration=newcomer)
    assert state.seats_of(pod)[0].label() == newcomer.player.public_name

    # A renamed player: the old name until the kept players are older than PLAYERS_TTL.
    renamed = seats[1].registration
    assert renamed is not None
    player = renamed.player
    type(player).objects.filter(pk=player.pk).update(display_name="Renamed Rita")
    assert state.seats_of(pod)[1].label() != "Renamed Rita"
    clock = state.time.monotonic() + state.PLAYERS_TTL + 1
    monkeypatch.setattr(state.time, "monotonic", lambda: clock)
    assert state.seats_of(pod)[1].label() == "Renamed Rita"
