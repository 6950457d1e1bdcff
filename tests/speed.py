"""What `make test-fast` leaves to `make test`: long random runs keep one quick part in the fast run."""

from __future__ import annotations

from typing import Any

import pytest


def fast_first(parts: int) -> list[Any]:
    """Parameters 0 .. parts-1 of a test split into parts: part 0 runs in `make test-fast` too, the
    others are marked slow (run by `make test` and CI), so the fast run still plays some of each."""
    return [pytest.param(part, marks=() if part == 0 else pytest.mark.slow) for part in range(parts)]
