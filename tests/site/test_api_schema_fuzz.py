"""Schemathesis over every operation of the API's OpenAPI schema, in-process.

The schema is read from ``/api/schema/`` of the Django WSGI application and every request goes
to that application on the test's own thread (so it sees the test's database). Each operation
is tried with a bounded number of generated requests, valid and invalid, without an account, as
a registered player and as an organiser, each with an API token. Operations whose path names an
object are also tried about real ones: the player's event, deck and match; and the organiser's
own events, one scenario at a time: a Swiss event with a published round and its tables, a
Runebound pod event with a published pod round and its deck swap, a booster draft whose pod has
finished (its pools building), and a sealed event with its pools open. Every response must not
be a server error, its status code must be documented, and its body and content type must match
the schema. All failures are gathered and reported together (one line per operation and kind of
failure). About 2,550 requests: some 75 s of CPU, 4 to 5½ minutes on a busy 2-core machine, 12
under a load of 15 (hence its own hang guard of 25 minutes).
"""

from __future__ import annotations

import itertools
import json
import time
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import Unsatisfiable
from rest_framework.authtoken.models import Token
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.core.failures import Failure, FailureGroup
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from gameplay.runeslingers.site_catalog import current_catalog
from tests.conftest import Personas

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
# Generated requests per operation: (valid, invalid, valid about a real object of each scenario),
# for each caller.
EXAMPLES = {"anonymous": (2, 2, 2), "player": (4, 3, 3), "organiser": (3, 2, 3)}

Findings = dict[str, set[str]]
EXAMPLE_MESSAGES: dict[str, str] = {}  # one failure's message for each kind and operation, for the report


def _fuzz(schema: Any, headers: dict[str, str], findings: Findings, who: str, scenarios: list[dict[str, int]]) -> int:
    """Run every operation; gather failures into ``findings`` (kind -> operations); return the calls made.

    Each operation gets generated requests, valid and invalid, and, for each scenario whose
    objects its path names (by the path segment before each parameter), valid requests about
    those real objects too."""
    calls = 0
    for result in schema.get_all_operations():
        operation = result.ok()
        valid, invalid, about_real = EXAMPLES[who]
        runs: list[tuple[GenerationMode, int, dict[str, int] | None]] = [
            (GenerationMode.POSITIVE, valid, None),
            (GenerationMode.NEGATIVE, invalid, None),
        ]
        for ids in scenarios:
            real = _real_ids(operation.path, ids)
            if real:
                runs.append((GenerationMode.POSITIVE, about_real, real))
        for mode, count, path_parameters in runs:

            @settings(
                max_examples=count,
                database=None,
                deadline=None,
                derandomize=True,
                phases=[Phase.explicit, Phase.generate],
                suppress_health_check=list(HealthCheck),
            )
            @given(case=operation.as_strategy(generation_mode=mode, path_parameters=path_parameters))
            def run(case: Any) -> None:
                nonlocal calls
                calls += 1
                response = case.call(headers=headers)
                try:
                    case.validate_response(response, checks=CHECKS)
                except FailureGroup as group:
                    for failure in group.exceptions:
                        _record(findings, who, case.operation.label, failure, response.status_code)
                except Failure as failure:
                    _record(findings, who, case.operation.label, failure, response.status_code)

            try:
                run()
            except Unsatisfiable:
                assert mode is GenerationMode.NEGATIVE  # nothing in the operation can be made invalid
    return calls


def _real_ids(path: str, ids: dict[str, int]) -> dict[str, int]:
    """Path parameters naming a real object: ``/api/events/{id}/...`` -> the event's id. Empty
    unless every parameter of the path names one of the scenario's objects."""
    segments = path.strip("/").split("/")
    found = {}
    for name, value in itertools.pairwise(segments):
        if value.startswith("{") and name in ids:
            found[value.strip("{}")] = ids[name]
    parameters = [segment for segment in segments if segment.startswith("{")]
    return found if len(found) == len(parameters) else {}


def _record(findings: Findings, who: str, label: str, failure: Failure, status: int) -> None:
    findings[failure.kind_title].add(f"{label} ({who}, {status})")
    EXAMPLE_MESSAGES.setdefault(f"{failure.kind_title}: {label}", " ".join(failure.message.split())[:300])


def _report(findings: Findings) -> str:
    lines = []
    for kind, where in sorted(findings.items()):
        operations = {w.split(" (")[0] for w in where}
        lines.append(f"{kind}: {len(operations)} operations, {len(where)} distinct failures")
        lines.extend(f"    {w}" for w in sorted(where))
    lines.extend(f"  {where}: {message}" for where, message in sorted(EXAMPLE_MESSAGES.items()))
    return "\n".join(lines)


@contextmanager
def _connection_kept() -> Iterator[None]:
    """As Django's test client does: a request's start and end must not close the test's connection
    (the test client connects the closing again after each of its own requests)."""
    for signal in (request_started, request_finished):
        signal.disconnect(close_old_connections)
    try:
        yield
    finally:
        for signal in (request_started, request_finished):
            signal.connect(close_old_connections)


@pytest.fixture
def api_schema(db: None) -> Any:
    with _connection_kept():
        return schemathesis.openapi.from_wsgi("/api/schema/?format=json", get_wsgi_application())


def _objects(personas: Personas) -> dict[str, int]:
    """Real objects for the paths to name, by the path's first segment: the personas' event with
    its registration and a deck, a started match of the player's, and a challenge."""
    from gameplay.matches import services
    from tests.factories import UserFactory
    from tournaments.models import DeckVersion, Registration

    registration = Registration.objects.get(event=personas.event, player=personas.player)
    client = personas.client("player")
    card = sorted(c.name for c in current_catalog().cards.values())[0]
    client.post(f"/api/events/{personas.event.pk}/deck/", {"text": f"2 {card}"}, content_type="application/json")
    rival = UserFactory.create(username="rival")
    match = services.create_match(personas.player, rival, [{"starter": "eva-starter"}, {"starter": "romin-starter"}])
    challenge = services.challenge(personas.player, rival, {"starter": "eva-starter"}, 1)
    ids = {"events": personas.event.pk, "registrations": registration.pk, "play": match.pk, "challenges": challenge.pk}
    version = DeckVersion.objects.filter(deck__event=personas.event).first()
    if version is not None:
        ids["deck-versions"] = version.pk
    return ids


def _organiser_scenarios(personas: Personas) -> list[dict[str, int]]:
    """The organiser's real objects, one scenario per kind of event (each run gets its ids)."""
    from tests.drafts.helpers import draft_table, drive, started_pod
    from tests.factories import UserFactory
    from tests.pods.test_pod_services import pod_event, publish
    from tests.swaps.helpers import runebound_pod_event, seat_pod
    from tests.webhooks.conftest import endpoint_for
    from tournaments.drafts.models import Pool
    from tournaments.drafts.services import pools
    from tournaments.models import Event, Match, PodTable, Registration
    from tournaments.services import registration, rounds
    from tournaments.swaps import services as swaps

    organiser = personas.organiser
    scenarios = []

    swiss = Event.objects.create(name="Fuzz Swiss", organiser=organiser, status=Event.Status.REGISTRATION)
    for player in (personas.player, personas.judge, personas.outsider, UserFactory.create(username="fourth")):
        registration.register(swiss, player)
    registration.start_event(swiss, organiser)
    round_ = rounds.publish_round(rounds.pair_next_round(swiss, organiser), organiser)
    endpoint_for(swiss, "http://127.0.0.1:9/hook")  # results announce to a webhook (never sent here)
    match = Match.objects.filter(round=round_).exclude(player_b=None).first()
    assert match is not None
    entry = Registration.objects.get(event=swiss, player=personas.outsider)
    scenarios.append({"events": swiss.pk, "rounds": round_.pk, "matches": match.pk, "registrations": entry.pk})

    pods_event, pods_organiser, _players = pod_event()
    pod_round = publish(pods_event, pods_organiser)
    table = PodTable.objects.filter(round=pod_round).first()
    assert table is not None
    scenarios.append({"events": pods_event.pk, "rounds": pod_round.pk, "round-pods": pod_round.pk,
                      "pod-tables": table.pk})  # fmt: skip

    rune = runebound_pod_event(4)
    swaps.set_plan(rune, rune.organiser, [1], 10)
    (swap,) = swaps.open_swaps(seat_pod(rune).round)
    scenarios.append({"events": rune.pk, "swaps": swap.pk, "rounds": swap.round_id, "pod-tables": swap.table_id})

    draft = draft_table(4, username="fz")
    pod = started_pod(draft, seats=4)
    drive(pod)
    pool = Pool.objects.filter(event=draft.event).first()
    assert pool is not None
    scenarios.append({"events": draft.event.pk, "pods": pod.pk, "pools": pool.pk})

    sealed = draft_table(4, fmt="sealed", username="fs")
    (sealed_pool, *_rest) = pools.open_sealed(sealed.event, sealed.organiser)
    scenarios.append({"events": sealed.event.pk, "pools": sealed_pool.pk})

    for event in (pods_event, rune, draft.event, sealed.event):
        Event.objects.filter(pk=event.pk).update(organiser=organiser)  # one organiser runs them all
    return scenarios


@pytest.mark.slow  # long: run by `make test` and CI, not by `make test-fast`
# Its work is bounded (about 2,550 requests); the suite's 300 s hang guard is shorter than it takes
# on a busy machine (over 5 minutes beside another whole run, 12 under a load of 15).
@pytest.mark.timeout(1500)
def test_every_operation_answers_as_documented(
    api_schema: Any, personas: Personas, capsys: pytest.CaptureFixture[str]
) -> None:
    findings: Findings = defaultdict(set)
    tokens = {who: Token.objects.create(user=getattr(personas, who)) for who in ("player", "organiser")}
    identities: dict[str, dict[str, str]] = {
        "anonymous": {}, **{who: {"Authorization": f"Token {token.key}"} for who, token in tokens.items()}
    }  # fmt: skip
    scenarios = {"anonymous": [_objects(personas)]}
    scenarios["player"] = scenarios["anonymous"]
    scenarios["organiser"] = _organiser_scenarios(personas)
    started = time.monotonic()
    with _connection_kept():
        calls = sum(_fuzz(api_schema, headers, findings, who, scenarios[who]) for who, headers in identities.items())
    report = _report(findings)
    with capsys.disabled():
        print(f"\nschemathesis: {calls} requests in {time.monotonic() - started:.0f} s\n{report}")
    assert not findings, report


def test_schema_is_served_as_json(api_schema: Any) -> None:
    """The fuzz test reads the schema the site serves; it covers the routes the API offers."""
    labels = {result.ok().label for result in api_schema.get_all_operations()}
    assert "POST /api/events/{id}/deck/" in labels
    assert "GET /api/rounds/{id}/" in labels
    assert json.dumps(sorted(labels))
