"""Shared fixtures for the pure Runebound tests: the shipped catalog and its raw sections."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from gameplay.runebound.catalog import DEFAULT_DATA_DIR, shipped_runebound
from gameplay.runebound.model import RuneboundCatalog
from gameplay.runeslingers.cards.catalog import data_files, read_sections

_SECTIONS = read_sections(data_files(DEFAULT_DATA_DIR))


@pytest.fixture(scope="session")
def runebound() -> RuneboundCatalog:
    return shipped_runebound()


@pytest.fixture
def sections() -> dict[str, Any]:
    """A fresh copy of the shipped raw data, for tests that break it."""
    return copy.deepcopy(_SECTIONS)
