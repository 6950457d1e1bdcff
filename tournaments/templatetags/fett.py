from __future__ import annotations

from typing import Any

from django import template

from tournaments import outcomes
from tournaments.models import Match

register = template.Library()


@register.filter
def pct(value: float | None) -> str:
    """0.6667 → '66.67%'."""
    return "" if value is None else f"{100 * value:.2f}%"


@register.simple_tag
def result_words(match: Match, viewer: Any = None) -> str:
    """A match's result in words for the reader: ``{% result_words match user %}``."""
    return outcomes.result_words(match, viewer)
