"""A rating's history as a small inline SVG, drawn on the server (no script): the rating as a line,
its deviation as a band around it, a dot per period with its words as a tooltip."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from common.words import count
from tournaments.ratings.models import RatingPoint

WIDTH, HEIGHT, PAD = 320, 120, 8
LAST = 60  # the periods drawn: the latest ones


def _scale(low: float, high: float) -> tuple[float, float]:
    span = max(high - low, 1.0)
    return low, (HEIGHT - 2 * PAD) / span


@dataclass(frozen=True)
class Mark:
    """One dot of the chart: the rating after a period (or the start, before any)."""

    label: str
    value: float
    deviation: float


def history_svg(points: Sequence[RatingPoint], title: str, start: Mark | None = None) -> SafeString:
    """The chart of the latest periods; with ``start`` (the rating everyone starts from) drawn
    first while the whole history fits, so even one period draws a line."""
    if not points:
        return SafeString("")
    shown = [Mark(p.label, p.value, p.deviation) for p in list(points)[-LAST:]]
    if start is not None and len(points) <= LAST:
        shown.insert(0, start)
    low, per = _scale(min(p.value - p.deviation for p in shown), max(p.value + p.deviation for p in shown))
    step = (WIDTH - 2 * PAD) / max(len(shown) - 1, 1)

    def x(i: int) -> float:
        return PAD + i * step if len(shown) > 1 else WIDTH / 2

    def y(value: float) -> float:
        return HEIGHT - PAD - (value - low) * per

    upper = [f"{x(i):.1f},{y(p.value + p.deviation):.1f}" for i, p in enumerate(shown)]
    lower = [f"{x(i):.1f},{y(p.value - p.deviation):.1f}" for i, p in reversed(list(enumerate(shown)))]
    line = " ".join(f"{x(i):.1f},{y(p.value):.1f}" for i, p in enumerate(shown))
    dots = format_html_join(
        "", '<circle cx="{}" cy="{}" r="3"><title>{}: {} ± {}</title></circle>',
        ((f"{x(i):.1f}", f"{y(p.value):.1f}", p.label, f"{p.value:,.0f}", f"{p.deviation:,.0f}")
         for i, p in enumerate(shown)),
    )  # fmt: skip
    return format_html(
        '<svg class="rating-chart" viewBox="0 0 {w} {h}" role="img" aria-label="{title}" preserveAspectRatio="none">'
        '<polygon class="band" points="{band}"/><polyline class="line" points="{line}"/>{dots}</svg>',
        w=WIDTH, h=HEIGHT, title=title, band=" ".join(upper + lower), line=line, dots=dots,
    )  # fmt: skip


def chart_words(points: Sequence[RatingPoint]) -> str:
    """The chart said in words (its label for screen readers)."""
    if not points:
        return "No history yet."
    first, last = points[0], points[-1]
    over = count(len(points), "rating period", "rating periods")
    return f"Rating history: {first.value:,.0f} after the first rating period, {last.value:,.0f} now, over {over}."
