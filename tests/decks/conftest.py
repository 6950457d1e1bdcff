"""Fixtures for saved decks: the shipped catalog loaded, and two players."""

from __future__ import annotations

import pytest

from accounts.models import User
from gameplay.runeslingers.cards.catalog import Catalog
from gameplay.runeslingers.site_catalog import current_catalog, load_catalog_into_db
from tests.factories import UserFactory


@pytest.fixture
def catalog(db: None) -> Catalog:
    found = current_catalog()
    load_catalog_into_db(found)
    return found


@pytest.fixture
def ann(db: None) -> User:
    return UserFactory.create(username="ann", display_name="Ann")


@pytest.fixture
def bob(db: None) -> User:
    return UserFactory.create(username="bob", display_name="Bob")
