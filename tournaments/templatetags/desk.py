"""``{% desk_summary event %}``: the desk's counts and the start warning, for the manage page."""

from __future__ import annotations

from typing import Any

from django import template

from tournaments.models import Event
from tournaments.services import desk

register = template.Library()


@register.inclusion_tag("tournaments/_desk_summary.html")
def desk_summary(event: Event) -> dict[str, Any]:
    rows = desk.desk_rows(event)
    return {"event": event, "counts": desk.desk_counts(event, rows), "warnings": desk.desk_warnings(event, rows)}
