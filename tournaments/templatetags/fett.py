from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from common.timezones import when_words
from tournaments import outcomes
from tournaments.models import Event, Match

register = template.Library()


@register.filter
def when(moment: datetime | None) -> SafeString | str:
    """A ``<time>`` in the viewer's zone, which it names: ``{{ event.starts_at|when }}``."""
    if moment is None:
        return ""
    return format_html(
        '<time datetime="{}">{}</time>', moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%MZ"), when_words(moment)
    )


@register.simple_tag
def event_facts(event: Event) -> SafeString | str:
    """When (in the viewer's zone), where ("Online" or the venue) and the entry fee, joined by " · "
    in spans with test ids: ``{% event_facts event %}`` ("" when the event says none of them)."""
    parts = []
    if event.starts_at is not None:
        parts.append(format_html('<span data-testid="event-when">{}</span>', when(event.starts_at)))
    if event.online:
        parts.append(format_html('<span data-testid="event-venue">{}</span>', "Online"))
    elif event.venue:
        parts.append(format_html('<span data-testid="event-venue">At {}</span>', event.venue))
    if event.fee:
        parts.append(format_html('<span data-testid="event-fee">Entry fee: {}</span>', event.fee))
    return format_html_join(" · ", "{}", ((part,) for part in parts)) if parts else ""


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
