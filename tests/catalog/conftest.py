"""Shared fixtures for the pure catalog tests: the shipped catalog, loaded once."""

from __future__ import annotations

import pytest

from gameplay.runeslingers.cards.catalog import Catalog, load_catalog


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    return load_catalog()
