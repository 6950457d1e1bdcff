"""CSV downloads of a pod event: the standings and a round's pods (names, places, points; never ids)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse

from common.downloads import csv_download
from tournaments import selectors
from tournaments.models import Event
from tournaments.pairing.pod_standings import ordinal
from tournaments.pods import services as pods
from tournaments.structures import require_pods


def _pod_event(request: HttpRequest, pk: int) -> Event:
    return require_pods(selectors.event_for(request.user, pk))


def standings_csv(request: HttpRequest, pk: int) -> HttpResponse:
    return standings_response(_pod_event(request, pk))


def standings_response(event: Event) -> HttpResponse:
    """Rank, name, points, pods played, opponents' average points per round, the count of each place."""
    rows = pods.standings(event)
    deepest = max((len(row.standing.places) for row in rows), default=0)
    response, writer = csv_download(f"standings-{event.pk}.csv")
    places = [ordinal(n) for n in range(1, deepest + 1)]
    writer.writerow(["rank", "player", "points", "pods played", "opponents' average", *places, "dropped", "late entry"])
    for row in rows:
        s = row.standing
        writer.writerow([
            s.rank, row.player.public_name, s.points, s.rounds, f"{row.opponents_average:.4f}", *s.places,
            "yes" if s.dropped else "", f"round {row.late_entry_round}" if row.late_entry_round else "",
        ])  # fmt: skip
    return response


def round_csv(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """One line per seat: pod, seat (clockwise from 1), player, place, points, the pod's status in words."""
    event = _pod_event(request, pk)
    round_ = selectors.public_round(request.user, event, number)
    points = pods.placement_points(event)
    response, writer = csv_download(f"round-{round_.number}-pods-{event.pk}.csv")
    writer.writerow(["pod", "seat", "player", "place", "points", "status"])
    for table in pods.tables_of(round_):
        seats = sorted(table.seats.all(), key=lambda seat: seat.position)
        for seat in seats:
            data = pods.seat_data(seat, points, len(seats))
            points_text = "" if data["points"] is None else data["points"]
            writer.writerow(
                [
                    table.table,
                    data["seat"],
                    data["name"],
                    data["placement_text"],
                    points_text,
                    table.get_status_display(),
                ]
            )
    return response
