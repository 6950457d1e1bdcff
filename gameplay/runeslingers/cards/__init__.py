"""The Runeslingers card catalog: vocabulary (`schema`), values (`model`), linter, loader."""

from __future__ import annotations

from gameplay.runeslingers.cards.catalog import DEFAULT_DATA_DIR, Catalog, CatalogDataError, load_catalog

__all__ = ["DEFAULT_DATA_DIR", "Catalog", "CatalogDataError", "load_catalog"]
