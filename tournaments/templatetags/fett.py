from __future__ import annotations

from django import template

register = template.Library()


@register.filter
def pct(value: float | None) -> str:
    """0.6667 → '66.67%'."""
    return "" if value is None else f"{100 * value:.2f}%"
