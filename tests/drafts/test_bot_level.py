"""Seating pods with Hard draft bots: the level is kept on the pod, bot seats pick with it,
people's auto-picks stay normal, and an unknown level is refused in words."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.drafts.helpers import draft_table
from tournaments.drafts.models import Pod, Seat
from tournaments.drafts.services import draft_pods, picking
from tournaments.errors import Invalid
from tournaments.limited import RatingBot, SearchBot

pytestmark = pytest.mark.django_db


def test_hard_bot_seats_pick_with_the_search_evaluation_and_people_keep_the_normal_auto_pick() -> None:
    table = draft_table(3, username="hb")
    (pod,) = draft_pods.seat_pods(table.event, table.organiser, seats_per_pod=5, fill_with_bots=True, bot_level="hard")
    assert pod.settings["bot_level"] == "hard"
    seats = list(Seat.objects.filter(pod=pod))
    assert {type(picking.bot_for(pod, s)) for s in seats if s.bot} == {SearchBot}
    assert {type(picking.bot_for(pod, s)) for s in seats if not s.bot} == {RatingBot}
    started = draft_pods.start_pod(pod, table.organiser)
    assert started.status == Pod.Status.DRAFTING


def test_normal_is_the_default_and_an_unknown_level_changes_nothing() -> None:
    table = draft_table(4, username="hn")
    (pod,) = draft_pods.seat_pods(table.event, table.organiser, seats_per_pod=4)
    assert type(picking.bot_for(pod, Seat.objects.filter(pod=pod).first() or Seat())) is RatingBot
    with pytest.raises(Invalid, match="Unknown bot level 'wizard'; choose Normal or Hard"):
        draft_pods.seat_pods(table.event, table.organiser, seats_per_pod=4, bot_level="wizard")
    assert Pod.objects.get(pk=pod.pk).settings.get("bot_level") == "normal"


def test_the_organiser_page_offers_the_levels() -> None:
    table = draft_table(4, username="hp")
    client = Client()
    client.force_login(table.organiser)
    page = client.get(reverse("drafts:event", args=[table.event.pk])).content.decode()
    assert 'name="bot_level"' in page and ">Hard</option>" in page
