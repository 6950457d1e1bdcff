"""A pod event's webhooks: the pods published, the standings after each confirmed pod, the champion."""

from __future__ import annotations

import pytest

from tests.pods.test_pod_services import members, pod_event, publish, settle
from tests.webhooks.conftest import deliveries, endpoint_for
from tournaments.services import rounds
from tournaments.webhooks.models import Kind

pytestmark = pytest.mark.django_db


def test_pods_published_confirmed_and_finished_go_out_with_names_and_pod_standings() -> None:
    event, organiser, _players = pod_event(rounds=1)
    endpoint_for(event)
    round_ = publish(event, organiser)
    (paired,) = deliveries(Kind.ROUND_PAIRED)
    data = paired.payload["data"]
    assert data["round"]["stage"] == "Pods"
    first = round_.pod_tables.get(table=1)
    assert data["tables"][0]["players"] == [{"id": u.pk, "name": u.public_name} for u in members(first)]
    assert [len(t["players"]) for t in data["tables"]] == [3, 3, 3]

    settle(first, [1, 2, 3])
    (update,) = deliveries(Kind.STANDINGS_UPDATED)
    top = update.payload["data"]["top"]
    assert update.payload["data"]["reason"] == "Round 1, pod 1 confirmed"
    assert top[0]["points"] == 3 and top[0]["record"] == "1 × 1st" and top[0]["name"] == members(first)[0].public_name
    for table in round_.pod_tables.exclude(pk=first.pk):
        settle(table, [2, 1, 3])
    rounds.end_round(round_, organiser)
    rounds.finish_event(event, organiser)
    (finished,) = deliveries(Kind.EVENT_FINISHED)
    champion = finished.payload["data"]["champion"]
    assert champion is not None and champion["name"] == finished.payload["data"]["top"][0]["name"]
