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


@register.simple_tag
def guest_opponent(match: Match, viewer: Any) -> str:
    """The name of ``viewer``'s opponent when that opponent is a guest (who cannot sign in to
    confirm), else "": ``{% guest_opponent my_match user as guest %}``."""
    if match.is_bye or match.is_confirmed:
        return ""
    opponent = match.player_b if match.player_a_id == getattr(viewer, "pk", None) else match.player_a
    return opponent.public_name if opponent is not None and opponent.is_guest else ""
