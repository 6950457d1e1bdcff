"""Schemathesis over every operation of the API's OpenAPI schema, in-process.

The schema is read from ``/api/schema/`` of the Django WSGI application and every request goes
to that application on the test's own thread (so it sees the test's database). Each operation
is tried with a bounded number of generated requests, valid and invalid, once without an
account and once as a registered player with an API token. Every response must not be a server
error, its status code must be documented, and its body and content type must match the schema.
All failures are gathered and reported together (one line per operation and kind of failure).
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterator
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

from tests.conftest import Personas

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
EXAMPLES = {GenerationMode.POSITIVE: 6, GenerationMode.NEGATIVE: 4}

Findings = dict[str, set[str]]


def _fuzz(schema: Any, headers: dict[str, str], findings: Findings, who: str) -> int:
    """Run every operation; gather failures into ``findings`` (kind -> operations); return the calls made."""
    calls = 0
    for result in schema.get_all_operations():
        operation = result.ok()
        for mode, count in EXAMPLES.items():

            @settings(
                max_examples=count,
                database=None,
                deadline=None,
                derandomize=True,
                phases=[Phase.explicit, Phase.generate],
                suppress_health_check=list(HealthCheck),
            )
            @given(case=operation.as_strategy(generation_mode=mode))
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


def _record(findings: Findings, who: str, label: str, failure: Failure, status: int) -> None:
    findings[failure.kind_title].add(f"{label} ({who}, {status})")


def _report(findings: Findings) -> str:
    lines = []
    for kind, where in sorted(findings.items()):
        operations = {w.split(" (")[0] for w in where}
        lines.append(f"{kind}: {len(operations)} operations, {len(where)} distinct failures")
        lines.extend(f"    {w}" for w in sorted(where))
    return "\n".join(lines)


@pytest.fixture
def api_schema(db: None) -> Iterator[Any]:
    # As Django's test client does: a request's start and end must not close the test's connection.
    for signal in (request_started, request_finished):
        signal.disconnect(close_old_connections)
    try:
        yield schemathesis.openapi.from_wsgi("/api/schema/?format=json", get_wsgi_application())
    finally:
        for signal in (request_started, request_finished):
            signal.connect(close_old_connections)


def test_every_operation_answers_as_documented(
    api_schema: Any, personas: Personas, capsys: pytest.CaptureFixture[str]
) -> None:
    findings: Findings = defaultdict(set)
    token = Token.objects.create(user=personas.player)
    identities: dict[str, dict[str, str]] = {"anonymous": {}, "player": {"Authorization": f"Token {token.key}"}}
    calls = sum(_fuzz(api_schema, headers, findings, who) for who, headers in identities.items())
    report = _report(findings)
    with capsys.disabled():
        print(f"\nschemathesis: {calls} requests\n{report}")
    assert not findings, report


def test_schema_is_served_as_json(api_schema: Any) -> None:
    """The fuzz test reads the schema the site serves; it covers the routes the API offers."""
    labels = {result.ok().label for result in api_schema.get_all_operations()}
    assert "POST /api/events/{id}/deck/" in labels
    assert "GET /api/rounds/{id}/" in labels
    assert json.dumps(sorted(labels))
