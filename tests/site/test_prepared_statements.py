"""With ``DB_PREPARE`` (config/settings.py; on unless set false), a statement a connection straight
to PostgreSQL has run twice is prepared on it at its third run: the server parses and plans it once
per connection.
Checked on a connection of its own made with the options that setting gives, whatever the run's
own settings are."""

from __future__ import annotations

import copy
from collections.abc import Iterator

import pytest
from django.db import connection
from django.db.backends.postgresql.base import DatabaseWrapper

from config import settings as site_settings

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="prepared statements are PostgreSQL's"),
]


@pytest.fixture
def prepared_connection() -> Iterator[DatabaseWrapper]:
    settings_dict = copy.deepcopy(connection.settings_dict)
    settings_dict["OPTIONS"].pop("pool", None)
    site_settings._prepared(settings_dict)
    wrapper = DatabaseWrapper(settings_dict, alias="prepared")
    try:
        yield wrapper
    finally:
        wrapper.close()


def prepared(wrapper: DatabaseWrapper) -> list[str]:
    with wrapper.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return [row[0] for row in cursor.fetchall()]


def test_a_statement_run_twice_is_prepared_with_its_values_bound_by_the_server(
    prepared_connection: DatabaseWrapper,
) -> None:
    query = "SELECT %s::int + 1 AS answer_of_the_prepared_test"
    with prepared_connection.cursor() as cursor:
        for value in (1, 2):
            cursor.execute(query, [value])
            assert cursor.fetchone() == (value + 1,)
        assert not any("answer_of_the_prepared_test" in text for text in prepared(prepared_connection))
        for value in (41, 99):
            cursor.execute(query, [value])
            assert cursor.fetchone() == (value + 1,)
    assert [text for text in prepared(prepared_connection) if "answer_of_the_prepared_test" in text] == [
        "SELECT $1::int + 1 AS answer_of_the_prepared_test"
    ]


def test_the_sites_own_connections_prepare_as_the_setting_says() -> None:
    options = connection.settings_dict["OPTIONS"]
    assert bool(options.get("server_side_binding")) is site_settings.DB_PREPARE
    assert options.get("prepare_threshold") == (site_settings.PREPARE_AFTER if site_settings.DB_PREPARE else None)
