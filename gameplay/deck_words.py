"""A stored deck's size in words, as its game counts it: "30 cards", "25 class cards · 5 Talents".

The numbers come from the pure ``gameplay.games``; the words agree with them through
``common.words`` (Django's ``ngettext``), which a pure module may not import.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from common.words import count
from gameplay.games import deck_sizes


def deck_summary(slug: str, cards: Mapping[str, Any], sections: Any) -> str:
    return " · ".join(count(number, one, many) for number, one, many in deck_sizes(slug, cards, sections))
