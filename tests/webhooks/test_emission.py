"""Emission: each kind writes a delivery per subscribed endpoint in the service's transaction and
queues its task only after the commit; payloads name people and rounds; practice matches and
rolled-back changes send nothing."""

from __future__ import annotations

import zoneinfo
from datetime import UTC, datetime
from typing import Any

import pytest
from django.db import transaction
from django.utils import timezone

from config.celery import app
from gameplay.matches.models import PlayMatch
from gameplay.matches.services import create_match, decide
from tests.drafts.helpers import draft_table, drive, started_pod
from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory, UserFactory
from tests.matches.test_event_matches import onsite_event
from tests.webhooks.conftest import Queued, deliveries, endpoint_for
from tournaments.models import Event, Match, Round
from tournaments.services import registration, results, rounds
from tournaments.services.results import Score
from tournaments.webhooks.models import Delivery, Kind
from tournaments.webhooks.outbox import DELIVER_TASK, event_info

pytestmark = pytest.mark.django_db
Capture = Any  # pytest-django's django_capture_on_commit_callbacks


def running_event(players: int = 4, **fields: Any) -> tuple[Event, Any]:
    organiser = OrganiserFactory.create()
    event = EventFactory.create(organiser=organiser, name="Webhook Open", **fields)
    for n in range(players):
        player = UserFactory.create(username=f"hook{n}", display_name=f"Player {n}")
        RegistrationFactory.create(event=event, player=player)
    registration.start_event(event, organiser)
    return event, organiser


def published(event: Event, organiser: Any) -> Round:
    return rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)


def report_all(round_: Round) -> None:
    for match in round_.matches.exclude(player_b=None).select_related("player_a", "player_b"):
        assert match.player_b is not None
        results.report_result(match, match.player_a, Score(1, 0))
        results.confirm_result(Match.objects.get(pk=match.pk), match.player_b)


def test_a_published_round_queues_round_paired_after_commit_on_the_default_queue(
    queued: Queued, django_capture_on_commit_callbacks: Capture
) -> None:
    event, organiser = running_event()
    endpoint = endpoint_for(event)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        round_ = published(event, organiser)
        (delivery,) = deliveries(Kind.ROUND_PAIRED)
    assert queued.calls == []  # nothing is sent before the commit
    for callback in callbacks:
        callback()
    assert queued.delivery_ids() == [delivery.pk]
    assert app.amqp.router.route({}, DELIVER_TASK)["queue"].name == "default"
    payload = delivery.payload
    assert (delivery.endpoint, delivery.status) == (endpoint, Delivery.Status.PENDING)
    assert str(delivery.webhook_id) == payload["id"]
    assert payload["type"] == "round.paired" and payload["created"]
    event_url = f"http://localhost:8000/events/{event.pk}/"
    assert payload["event"] == {
        "id": event.pk, "name": "Webhook Open", "url": event_url, "starts_at": None, "online": False, "venue": "",
        "fee": "", "capacity": None,
    }  # fmt: skip
    assert payload["data"]["round"] == {"number": 1, "label": round_.label, "stage": "Swiss"}
    names = {p["name"] for table in payload["data"]["tables"] for p in table["players"]}
    assert names == {f"Player {n}" for n in range(4)}


def test_a_preview_sends_nothing_and_a_rolled_back_change_leaves_no_delivery(queued: Queued) -> None:
    event, organiser = running_event()
    endpoint_for(event)
    preview = rounds.pair_next_round(event, organiser)
    assert not Delivery.objects.exists()
    written = []

    def publish_then_fail() -> None:
        with transaction.atomic():
            rounds.publish_round(preview, organiser)
            written.append(Delivery.objects.count())
            raise RuntimeError("the request failed after the service")

    with pytest.raises(RuntimeError):
        publish_then_fail()
    assert written == [1]
    assert not Delivery.objects.exists() and queued.calls == []


def test_confirmed_results_and_round_ends_send_results_and_standings(queued: Queued) -> None:
    event, organiser = running_event()
    endpoint_for(event)
    round_ = published(event, organiser)
    first, second = round_.matches.exclude(player_b=None).order_by("table")
    winner, loser = first.player_b, first.player_a
    assert winner is not None and event.best_of == 1
    results.report_result(first, winner, Score(0, 1))
    assert not deliveries(Kind.RESULT_CONFIRMED)  # reported, not confirmed yet
    results.confirm_result(Match.objects.get(pk=first.pk), loser)
    results.set_result(second, organiser, Score(1, 0))  # staff enter the other table
    confirmed = [d.payload["data"] for d in deliveries(Kind.RESULT_CONFIRMED)]
    assert [c["table"] for c in confirmed] == [first.table, second.table]
    won = confirmed[0]["result"]
    assert won["winner"]["name"] == winner.public_name
    assert won["summary"] == f"{winner.public_name} won 1-0 against {loser.public_name}"
    assert [p["games"] for p in won["players"]] == [0, 1]
    assert confirmed[0]["round"]["label"] == "Round 1"
    assert len(deliveries(Kind.STANDINGS_UPDATED)) == 2
    rounds.end_round(round_, organiser)
    standings = deliveries(Kind.STANDINGS_UPDATED)[-1].payload["data"]
    assert standings["reason"] == "Round 1 ended" and standings["players"] == 4
    assert [row["rank"] for row in standings["top"]] == [1, 2, 3, 4]
    assert {row["points"] for row in standings["top"]} == {3, 0}
    assert "deck" not in str(standings).lower()


def test_finishing_the_event_names_the_champion(queued: Queued) -> None:
    event, organiser = running_event(rounds=1)
    endpoint_for(event)
    round_ = published(event, organiser)
    report_all(round_)
    rounds.end_round(round_, organiser)
    rounds.finish_event(Event.objects.get(pk=event.pk), organiser)
    (finished,) = deliveries(Kind.EVENT_FINISHED)
    data = finished.payload["data"]
    assert data["champion"] == {"id": data["top"][0]["id"], "name": data["top"][0]["name"]}
    assert data["top"][0]["points"] == 3


def test_an_endpoint_gets_only_the_kinds_it_chose_and_a_switched_off_one_nothing(queued: Queued) -> None:
    event, organiser = running_event(rounds=1)
    only_finish = endpoint_for(event, kinds=[Kind.EVENT_FINISHED])
    off = endpoint_for(event)
    off.active = False
    off.save()
    other_event, _ = running_event()
    endpoint_for(other_event)
    round_ = published(event, organiser)
    report_all(round_)
    rounds.end_round(round_, organiser)
    rounds.finish_event(Event.objects.get(pk=event.pk), organiser)
    assert list(Delivery.objects.values_list("endpoint", "kind")) == [(only_finish.pk, Kind.EVENT_FINISHED.value)]


def test_a_draft_pod_that_makes_its_last_pick_sends_who_drafted_but_no_picks(queued: Queued) -> None:
    table = draft_table(4, username="wh")
    endpoint_for(table.event)
    pod = started_pod(table, seats=6)
    drive(pod)
    (finished,) = deliveries(Kind.POD_FINISHED)
    data = finished.payload["data"]
    assert data["pod"] == pod.number and len(data["seats"]) == 6
    assert sorted(s["player"]["name"] for s in data["seats"] if s["player"]) == sorted(
        p.public_name for p in table.players
    )
    assert sum(s["bot"] for s in data["seats"]) == 2
    assert "card" not in str(data).lower() and "pick" not in str(data).lower()


def test_an_event_match_on_the_site_sends_match_finished_and_its_result(
    queued: Queued, django_capture_on_commit_callbacks: Capture
) -> None:
    event, organiser = onsite_event()
    endpoint_for(event)
    with django_capture_on_commit_callbacks(execute=True):
        round_ = published(event, organiser)
    match = round_.matches.select_related("play").first()
    assert match is not None and match.play_id is not None
    with django_capture_on_commit_callbacks(execute=True):
        decide(match.play_id, (1, 0))
    (finished,) = deliveries(Kind.MATCH_FINISHED)
    data = finished.payload["data"]
    assert data["table"] == match.table and data["play_url"].endswith(f"/play/{match.play_id}/")
    assert data["result"]["winner"] is not None
    assert "hand" not in str(data).lower() and "deck" not in str(data).lower()
    assert [d.payload["data"]["table"] for d in deliveries(Kind.RESULT_CONFIRMED)] == [match.table]


def test_a_practice_match_sends_nothing(queued: Queued, django_capture_on_commit_callbacks: Capture) -> None:
    event, _organiser = running_event()
    endpoint_for(event)
    starters = [{"starter": "eva-starter"}, {"starter": "romin-starter"}]
    practice = create_match(UserFactory.create(), UserFactory.create(), starters)
    with django_capture_on_commit_callbacks(execute=True):
        decide(practice.pk, (1, 0))
    assert PlayMatch.objects.get(pk=practice.pk).status == PlayMatch.Status.FINISHED
    # no webhook (the rating the match moves may queue its rebuild: docs/ratings.md)
    webhook_tasks = [call for call in queued.calls if call[0] != "tournaments.ratings.tasks.rebuild"]
    assert not Delivery.objects.exists() and webhook_tasks == []


def test_every_payload_carries_the_events_start_in_utc_its_place_fee_and_capacity() -> None:
    event, _organiser = running_event()
    Event.objects.filter(pk=event.pk).update(
        starts_at=datetime(2026, 12, 5, 10, 0, tzinfo=UTC), venue="Hall B", fee="£5", capacity=16
    )
    event.refresh_from_db()
    timezone.activate(zoneinfo.ZoneInfo("Asia/Tokyo"))  # a viewer's zone changes nothing here
    try:
        info = event_info(event)
    finally:
        timezone.deactivate()
    assert (info["starts_at"], info["online"], info["venue"], info["fee"], info["capacity"]) == (
        "2026-12-05T10:00:00Z",
        False,
        "Hall B",
        "£5",
        16,
    )
    Event.objects.filter(pk=event.pk).update(online=True)
    event.refresh_from_db()
    assert (event_info(event)["online"], event_info(event)["venue"]) == (True, "")
