"""Signal receivers of the deck swap (connected in SwapsConfig.ready)."""

from __future__ import annotations
