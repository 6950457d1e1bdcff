"""Event listings filtered and paged (the /events/ page and the API's event list): by when
(upcoming, running, finished), by game, by format, a page at a time. A value that is not one of
the choices is refused with a 400 naming the parameter and what it takes; nothing is listed."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from django.core.paginator import Page, Paginator
from django.db.models import F, QuerySet

from common.words import count
from gameplay.deckformats import deck_formats
from gameplay.games import GAME_NAMES, GAMES
from tournaments.errors import EventRefusal, Invalid
from tournaments.models import Event

PER_PAGE = 20
MAX_PAGE = 10_000


class When(StrEnum):
    ANY = ""
    UPCOMING = "upcoming"
    RUNNING = "running"
    FINISHED = "finished"

    @property
    def label(self) -> str:
        return {"": "Any time", "upcoming": "Upcoming", "running": "Running now", "finished": "Finished"}[self.value]


STATUSES = {
    When.UPCOMING: (Event.Status.DRAFT, Event.Status.REGISTRATION),
    When.RUNNING: (Event.Status.RUNNING, Event.Status.TOP_CUT),
    When.FINISHED: (Event.Status.FINISHED,),
}


@dataclass(frozen=True)
class EventFilter:
    when: When = When.ANY
    game: str = ""
    format: str = ""
    page: int = 1

    @property
    def narrowed(self) -> bool:
        return bool(self.when or self.game or self.format)


def _one_of(params: Mapping[str, str], name: str, choices: list[str], words: str) -> str:
    raw = params.get(name, "") or ""
    if raw not in choices:
        raise Invalid(EventRefusal.BAD_FILTER, f"{name}: {words} (or empty for all), not {raw[:40]!r}.")
    return raw


def _page(params: Mapping[str, str]) -> int:
    raw = params.get("page", "") or "1"
    if not raw.isdigit() or not 1 <= int(raw) <= MAX_PAGE:
        raise Invalid(EventRefusal.BAD_FILTER, f"page: a whole number from 1, not {raw[:40]!r}.")
    return int(raw)


def event_filter(params: Mapping[str, str], format_param: str = "format") -> EventFilter:
    """The filter a query string asks for (``when``, ``game``, ``format``, ``page``), or a 400. The
    API names the format ``deck_format`` (its ``format`` chooses the answer's renderer)."""
    when = _one_of(params, "when", [w.value for w in When], "upcoming, running or finished")
    game = _one_of(params, "game", ["", *GAME_NAMES], ", ".join(GAME_NAMES))
    slugs = [f.slug for f in deck_formats()]
    fmt = _one_of(params, format_param, ["", *slugs], "one of " + ", ".join(slugs))
    return EventFilter(When(when), game, fmt, _page(params))


def filtered(events: QuerySet[Event], wanted: EventFilter) -> QuerySet[Event]:
    if wanted.when:
        events = events.filter(status__in=STATUSES[wanted.when])
    if wanted.game:
        events = events.filter(format__in=list(GAMES[wanted.game].formats))
    if wanted.format:
        events = events.filter(format=wanted.format)
    if wanted.when == When.UPCOMING:  # the soonest first; those without a date after them
        return events.order_by(F("starts_at").asc(nulls_last=True), "-created_at", "-id")
    return events.order_by("-created_at", "-id")


def page_of(events: QuerySet[Event], wanted: EventFilter) -> Page[Event]:
    """The page asked for; past the last page is a 400 naming how many there are."""
    paginator = Paginator(events, PER_PAGE)
    if wanted.page > paginator.num_pages:
        raise Invalid(
            EventRefusal.BAD_FILTER,
            f"page: the list has {count(paginator.num_pages, 'page', 'pages')}, not {wanted.page}.",
        )
    return paginator.page(wanted.page)
