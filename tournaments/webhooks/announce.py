"""What each kind of webhook says, built from the models the services just changed.

Each function is the one line a service adds at the end of its transaction. Payloads name
people and rounds (names beside ids) and never carry hidden information: no deck lists, no
picks, no hands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.urls import reverse

from accounts.models import User
from tournaments.models import Event, Match, Round
from tournaments.pods import reading as pods
from tournaments.services import standings as reading
from tournaments.structures import structure_of
from tournaments.webhooks.models import Kind
from tournaments.webhooks.outbox import emit, site_url

if TYPE_CHECKING:
    from tournaments.drafts.models import Pod

TOP_STANDINGS = 8  # rows a standings.updated payload carries


def person(user: User) -> dict[str, Any]:
    return {"id": user.pk, "name": user.public_name}


def round_info(round_: Round) -> dict[str, Any]:
    return {"number": round_.number, "label": round_.label, "stage": round_.get_stage_display()}


def players_of(match: Match) -> list[dict[str, Any]]:
    return [person(match.player_a)] + ([person(match.player_b)] if match.player_b else [])


def table_info(match: Match) -> dict[str, Any]:
    return {"table": match.table, "players": players_of(match), "bye": match.is_bye}


def result_info(match: Match) -> dict[str, Any]:
    """The result from nobody's side: each player's games won, the draws, and a sentence."""
    games = [match.a_games or 0, match.b_games or 0]
    players = players_of(match)
    for player, won in zip(players, games, strict=False):
        player["games"] = won
    winner = match.winner_id()
    return {
        "players": players,
        "draws": match.draws or 0,
        "winner": next((p for p in players if p["id"] == winner), None),
        "summary": summary(match),
    }


def summary(match: Match) -> str:
    if match.player_b is None:
        return f"{match.player_a.public_name} has a bye"
    a, b = match.a_games or 0, match.b_games or 0
    if a == b:
        return f"Draw {a}-{b}"
    won, lost = (match.player_a, match.player_b) if a > b else (match.player_b, match.player_a)
    return f"{won.public_name} won {max(a, b)}-{min(a, b)} against {lost.public_name}"


def match_info(match: Match) -> dict[str, Any]:
    return {"round": round_info(match.round), **table_info(match), "result": result_info(match)}


def standings_info(event: Event) -> dict[str, Any]:
    structure = structure_of(event)
    rows = structure.standing_rows()
    return {
        "players": len(rows),
        "top": [structure.webhook_row(row) for row in rows[:TOP_STANDINGS]],
        "url": site_url(reverse("tournaments:standings", args=[event.pk])),
    }


def pod_standing_info(row: pods.PodStandingRow) -> dict[str, Any]:
    """A pod event's row: the placement history in words stands where a Swiss record would."""
    standing = row.standing
    return {"rank": standing.rank, **person(row.player), "points": standing.points, "record": row.places_text,
            "dropped": standing.dropped}  # fmt: skip


def standing_info(row: reading.StandingRow) -> dict[str, Any]:
    standing = row.standing
    return {"rank": standing.rank, **person(row.player), "points": standing.points, "record": row.record,
            "dropped": standing.dropped}  # fmt: skip


def round_paired(round_: Round) -> None:
    """A round published to players (a preview is private, so it is "paired" when published)."""
    if round_.stage == Round.Stage.PODS:
        emit(round_.event, Kind.ROUND_PAIRED, lambda: {"round": round_info(round_), "tables": pod_tables(round_)})
        return
    matches = round_.matches.select_related("player_a", "player_b").order_by("table")
    emit(round_.event, Kind.ROUND_PAIRED, lambda: {"round": round_info(round_), "tables": [*map(table_info, matches)]})


def pod_tables(round_: Round) -> list[dict[str, Any]]:
    """A pod round's tables: each pod's players in seating order (clockwise from seat 1)."""
    return [
        {"table": table.table, "players": [person(seat.player) for seat in table.seats.all()], "bye": False}
        for table in pods.tables_of(round_)
    ]


def pod_confirmed(round_: Round, table: int) -> None:
    """A pod's places became final (confirmed by a member or set by a judge): the standings changed."""
    standings_updated(round_.event, f"{round_.label}, pod {table} confirmed")


def result_confirmed(match: Match) -> None:
    """A confirmed result (by both players, staff or the match on the site), and the standings
    it changes (a top-cut result changes no standings)."""
    match = Match.objects.select_related("round__event", "player_a", "player_b").get(pk=match.pk)
    event = match.round.event
    emit(event, Kind.RESULT_CONFIRMED, lambda: match_info(match))
    if match.round.stage != Round.Stage.TOP_CUT:
        standings_updated(event, f"{match.round.label}, table {match.table} confirmed")


def standings_updated(event: Event, reason: str) -> None:
    emit(event, Kind.STANDINGS_UPDATED, lambda: {"reason": reason, **standings_info(event)})


def round_ended(round_: Round) -> None:
    if round_.stage != Round.Stage.TOP_CUT:
        standings_updated(round_.event, f"{round_.label} ended")


def onsite_match_finished(match: Match) -> None:
    """A match played on the site ended and wrote its event result."""
    match = Match.objects.select_related("round__event", "player_a", "player_b").get(pk=match.pk)
    emit(match.round.event, Kind.MATCH_FINISHED, lambda: {**match_info(match), "play_url": play_url(match)})
    result_confirmed(match)


def play_url(match: Match) -> str | None:
    return site_url(reverse("gameplay:play", args=[match.play_id])) if match.play_id else None


def event_finished(event: Event) -> None:
    emit(event, Kind.EVENT_FINISHED, lambda: {"champion": champion(event), **standings_info(event)})


def champion(event: Event) -> dict[str, Any] | None:
    bracket = reading.bracket(event)
    if bracket is not None:
        return person(User.objects.get(pk=bracket.champion)) if bracket.champion else None
    rows = structure_of(event).standing_rows()
    return person(rows[0].player) if rows else None


def pod_finished(pod: Pod) -> None:
    """A draft pod made its last pick: deck building begins. Who drafted, not what they took."""
    seats = pod.seats.select_related("registration__player").order_by("index")
    emit(pod.event, Kind.POD_FINISHED, lambda: {"pod": pod.number, "seats": [seat_info(s) for s in seats]})


def seat_info(seat: Any) -> dict[str, Any]:
    player = seat.registration.player if seat.registration_id and not seat.bot else None
    return {"seat": seat.index + 1, "player": person(player) if player else None, "bot": seat.bot}
