"""Fixtures for the catalog pages and API: the shipped catalog, loaded into the test database."""

from __future__ import annotations

import pytest

from gameplay.runeslingers.cards.catalog import Catalog
from gameplay.runeslingers.site_catalog import current_catalog, load_catalog_into_db


@pytest.fixture
def catalog() -> Catalog:
    return current_catalog()


@pytest.fixture
def loaded(db: None, catalog: Catalog) -> Catalog:
    load_catalog_into_db(catalog)
    return catalog
