"""Reading a pod event into the pure pod types and back: its settings, results, history,
standings and a round's pods as a person reads them.

The pod counterpart of ``tournaments.services.standings`` (the Swiss reading): read-only, so the
webhooks and pages may import it without importing the services that change pods.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Prefetch, QuerySet

from accounts.models import User
from tournaments.models import Event, PodSeat, PodTable, Registration, Round
from tournaments.pairing import (
    PastPod,
    PlacementPoints,
    PodResult,
    PodSettings,
    PodStanding,
    compute_pod_standings,
)
from tournaments.pairing.pod_standings import ordinal
from tournaments.services import standings as reading

# --- settings ---------------------------------------------------------------------------------


def pod_settings(event: Event) -> PodSettings:
    """The event's pod sizes as the pure pairer reads them (raises ``PairingError`` if impossible)."""
    return PodSettings(target=event.pod_size, minimum=event.pod_minimum, maximum=event.pod_maximum)


def placement_points(event: Event) -> PlacementPoints:
    """The event's points per place (raises ``PairingError`` if the table is impossible)."""
    return PlacementPoints(tuple(int(n) for n in event.placement_points))


# --- reading the event into the pure types ----------------------------------------------------


def results(event: Event) -> list[PodResult]:
    """Every confirmed pod of the event, in seat order."""
    seats = (
        PodSeat.objects.filter(table__round__event=event, table__status=PodTable.Status.CONFIRMED)
        .order_by("table__round__number", "table__table", "position")
        .values_list("table_id", "table__round__number", "player_id", "placement")
    )
    pods: dict[int, tuple[int, list[int], list[int]]] = {}
    for table, number, player, place in seats:
        pods.setdefault(table, (number, [], []))
        pods[table][1].append(player)
        pods[table][2].append(place or 0)  # a confirmed pod has every place
    return [PodResult(number, tuple(players), tuple(places)) for number, players, places in pods.values()]


def history(event: Event) -> list[PastPod]:
    """Who sat together in every published pod round (previews are not history)."""
    seats = (
        PodSeat.objects.filter(table__round__event=event)
        .exclude(table__round__status=Round.Status.PREVIEW)
        .order_by("table_id", "position")
        .values_list("table_id", "table__round__number", "player_id")
    )
    pods: dict[int, tuple[int, list[int]]] = {}
    for table, number, player in seats:
        pods.setdefault(table, (number, []))[1].append(player)
    return [PastPod(number, tuple(players)) for number, players in pods.values()]


def pure_standings(event: Event) -> tuple[PodStanding, ...]:
    return compute_pod_standings(reading.entries(event), results(event), placement_points(event), seed=event.seed)


@dataclass(frozen=True)
class PodStandingRow:
    """One row of a pod event's standings, with the player's account."""

    standing: PodStanding
    player: User
    late_entry_round: int | None

    @property
    def opponents_average(self) -> float:
        return float(self.standing.opponents_average)

    @property
    def places_text(self) -> str:
        """The placement history in words: "2 × 1st, 1 × 3rd" (or "no pods yet")."""
        said = [f"{n} × {ordinal(place)}" for place, n in enumerate(self.standing.places, 1) if n]
        return ", ".join(said) or "no pods yet"


def standings(event: Event) -> list[PodStandingRow]:
    """The event's standings: points, then opponents' average points per round, then placement history."""
    rows = pure_standings(event)
    registrations = {r.player_id: r for r in Registration.objects.filter(event=event).select_related("player")}
    return [
        PodStandingRow(row, registrations[row.player].player, registrations[row.player].late_entry_round)
        for row in rows
    ]


# --- reading a pod for a person ---------------------------------------------------------------


def seat_data(seat: PodSeat, points: PlacementPoints, size: int) -> dict[str, Any]:
    """One seat as the API and the CSV show it: the name, the seat (1-based), the places and points."""
    placed = seat.placement
    return {
        "player": seat.player_id,
        "name": seat.player.public_name,
        "seat": seat.position + 1,
        "placement": placed,
        "placement_text": ordinal(placed) if placed else "",
        "reported_placement": seat.reported_placement,
        "points": points.points(placed, size) if placed else None,
    }


def tables_of(round_: Round, tables: QuerySet[PodTable] | None = None) -> list[PodTable]:
    """The round's pods (or these of them) with their seats, players and reporters, by number."""
    found = round_.pod_tables.all() if tables is None else tables
    seats = Prefetch("seats", queryset=PodSeat.objects.select_related("player").order_by("position"))
    related = found.select_related("round__event", "reported_by", "confirmed_by")
    return list(related.prefetch_related(seats).order_by("table"))
