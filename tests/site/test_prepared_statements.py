"""Straight to PostgreSQL, a statement a connection has run twice is prepared on it at its third run
(config/settings.py, ``DB_PREPARE``): the server parses and plans it once per connection."""

from __future__ import annotations

import pytest
from django.db import connection

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="prepared statements are PostgreSQL's"),
]


def prepared() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return [row[0] for row in cursor.fetchall()]


def test_a_statement_run_twice_is_prepared_with_its_values_bound_by_the_server() -> None:
    query = "SELECT %s::int + 1 AS answer_of_the_prepared_test"
    with connection.cursor() as cursor:
        for value in (1, 2):
            cursor.execute(query, [value])
            assert cursor.fetchone() == (value + 1,)
        assert not any("answer_of_the_prepared_test" in text for text in prepared())  # twice: not yet
        for value in (41, 99):
            cursor.execute(query, [value])
            assert cursor.fetchone() == (value + 1,)
    assert [text for text in prepared() if "answer_of_the_prepared_test" in text] == [
        "SELECT $1::int + 1 AS answer_of_the_prepared_test"
    ]
