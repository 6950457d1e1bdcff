"""The results each rating is computed from, read as rating periods in order (docs/ratings.md):
each round of an event is a period, and the practice matches between two people of one day (UTC)
are another. Byes, unconfirmed results, bots, tutorials and co-operative tables give nothing."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, time, timedelta
from typing import Any, cast

from django.db.models import Exists, OuterRef

from gameplay.games import RUNESLINGERS, game_of
from gameplay.matches.models import PlayMatch
from gameplay.runeslingers.formats import FORMATS
from tournaments.models import Match, PodSeat, PodTable
from tournaments.ratings.maths import Duel
from tournaments.ratings.models import Kind


@dataclass
class Period:
    """One rating period: when it ended, its words, and its results (duels, or pod tables)."""

    at: datetime
    order: tuple[int, int]
    label: str
    duels: list[Duel] = field(default_factory=list)
    tables: list[list[tuple[int, int]]] = field(default_factory=list)


def rule_set_kind(format_slug: str) -> str | None:
    """The rating kind of a Runeslingers format (awakening or classic); None for another game's."""
    if game_of(format_slug) != RUNESLINGERS or format_slug not in FORMATS:
        return None
    return Kind.CLASSIC if FORMATS[format_slug].rule_set == Kind.CLASSIC else Kind.AWAKENING


def practice_kind(decks: Any) -> str:
    """The rule set a practice match was played under, from its seats' setups."""
    seat = decks[0] if isinstance(decks, list) and decks and isinstance(decks[0], dict) else {}
    return Kind.CLASSIC if seat.get("rules") == Kind.CLASSIC else Kind.AWAKENING


def periods(kind: str) -> list[Period]:
    """The kind's periods in order: by the time each ended, then events' rounds before practice days."""
    found = list(_pod_rounds()) if kind == Kind.PODS else [*_event_rounds(kind), *_practice_days(kind)]
    return sorted(found, key=lambda period: (period.at, period.order))


def _round_at(row: dict[str, Any]) -> datetime:
    return row["round__ended_at"] or row["round__published_at"] or row["round__created_at"]


def _round_label(row: dict[str, Any]) -> str:
    return f"{row['round__event__name']}, round {row['round__number']}"


ROUND_FIELDS = (
    "round_id", "round__number", "round__ended_at", "round__published_at", "round__created_at",
    "round__event__name",
)  # fmt: skip


def _event_rounds(kind: str) -> Iterator[Period]:
    formats = [slug for slug in FORMATS if rule_set_kind(slug) == kind]
    rows = (
        Match.objects.filter(
            status=Match.Status.CONFIRMED, player_b__isnull=False, a_games__isnull=False,
            round__event__format__in=formats,
        )
        .values(*ROUND_FIELDS, "player_a_id", "player_b_id", "a_games", "b_games")
        .order_by("round_id", "table")
    )  # fmt: skip
    by_round: dict[int, Period] = {}
    for row in rows:
        period = by_round.get(row["round_id"])
        if period is None:
            period = by_round[row["round_id"]] = Period(_round_at(row), (0, row["round_id"]), _round_label(row))
        a, b = row["a_games"], row["b_games"] or 0
        score = 1.0 if a > b else 0.0 if a < b else 0.5
        period.duels.append(Duel(row["player_a_id"], row["player_b_id"], score))
    yield from by_round.values()


def _practice_days(kind: str) -> Iterator[Period]:
    rows = (
        PlayMatch.objects.filter(
            status=PlayMatch.Status.FINISHED, engine=RUNESLINGERS, player2__isnull=False, bot="", tutorial="",
            seated=False, finished_at__isnull=False,
        )
        .exclude(Exists(Match.objects.filter(play=OuterRef("pk"))))
        .values("pk", "player1_id", "player2_id", "winner", "decks", "finished_at")
        .order_by("finished_at", "pk")
    )  # fmt: skip
    by_day: dict[Any, Period] = {}
    for row in rows:
        if practice_kind(row["decks"]) != kind or row["player1_id"] == row["player2_id"]:
            continue
        finished = cast(datetime, row["finished_at"])  # never empty: filtered above
        day = finished.astimezone(UTC).date()
        period = by_day.get(day)
        if period is None:
            end = datetime.combine(day, time.min, tzinfo=UTC) + timedelta(days=1)
            label = f"Practice matches, {day.day} {day:%B %Y}"
            period = by_day[day] = Period(end, (1, day.toordinal()), label)
        score = 1.0 if row["winner"] == 1 else 0.0 if row["winner"] == 2 else 0.5
        period.duels.append(Duel(row["player1_id"], row["player2_id"], score))
    yield from by_day.values()


def _pod_rounds() -> Iterator[Period]:
    seats = (
        PodSeat.objects.filter(table__status=PodTable.Status.CONFIRMED, placement__isnull=False)
        .values(*(f"table__{name}" for name in ROUND_FIELDS), "table_id", "player_id", "placement")
        .order_by("table__round_id", "table__table", "position")
    )
    by_round: dict[int, Period] = {}
    tables: dict[int, list[tuple[int, int]]] = {}
    for seat in seats:
        row = {name.removeprefix("table__"): value for name, value in seat.items()}
        period = by_round.get(row["round_id"])
        if period is None:
            period = by_round[row["round_id"]] = Period(_round_at(row), (0, row["round_id"]), _round_label(row))
        if row["table_id"] not in tables:
            tables[row["table_id"]] = []
            period.tables.append(tables[row["table_id"]])
        tables[row["table_id"]].append((row["player_id"], row["placement"]))
    yield from by_round.values()
