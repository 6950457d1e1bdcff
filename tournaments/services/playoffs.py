"""Ties and playoffs of a round robin.

A *tie* is a run of players in the standings that nothing but the final tiebreak, the event's
seeded order, put in their order (``tied_runs``: equal points and every tiebreaker equal). The
standings say it as a tie, naming the tiebreakers that did not separate it. Once the last round
has ended, the organiser may order a *playoff* for a tie of two: a match between them, played at
the table, whose winner the organiser or a judge records; the standings then put the winner in
the higher place (``apply_playoffs``, read in ``standings.standings``). A playoff without a winner
keeps the event from finishing. Each step is a line of the event's history.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from tournaments.errors import Conflict, EventRefusal, Invalid
from tournaments.models import AuditEntry, Event, Playoff, Registration
from tournaments.pairing import Standing, compute_standings, tied_runs
from tournaments.pairing.pod_standings import ordinal
from tournaments.permissions import Perm, require
from tournaments.services.common import locked_event, rounds_of
from tournaments.services.standings import entries, history, standings_settings
from tournaments.structures import structure_of


@dataclass(frozen=True)
class Tie:
    """Players the tiebreakers do not separate: the places they share, in seeded order."""

    place: int  # the highest of their places
    rows: tuple[Standing, ...]
    players: tuple[User, ...]
    playoff: Playoff | None
    met: bool = False  # a tie of two who played each other (the Pokémon system's head-to-head did not separate them)

    @property
    def of_two(self) -> bool:
        return len(self.rows) == 2


def ties(event: Event) -> list[Tie]:
    """The round robin's ties, each with its playoff when one was ordered (none for other structures)."""
    if not structure_of(event).round_robin:
        return []
    settings, past = standings_settings(event), history(event)
    rows = compute_standings(entries(event), past, settings, seed=event.seed)
    runs = tied_runs(rows, past, settings)
    if not runs:
        return []
    by_player = {row.player: row for row in rows}
    users = {r.player_id: r.player for r in Registration.objects.filter(event=event).select_related("player")}
    playoffs = {frozenset((p.player_a_id, p.player_b_id)): p for p in Playoff.objects.filter(event=event)}
    found = []
    for run in runs:
        tied = tuple(by_player[player] for player in run)
        met = len(run) == 2 and any(r.b is not None and {r.a, r.b} == set(run) for r in past)
        found.append(Tie(tied[0].rank, tied, tuple(users[p] for p in run), playoffs.get(frozenset(run)), met))
    return found


def playoff_refusal(event: Event) -> str:
    """Why no playoff can be ordered now, in words ("" when one can)."""
    if not structure_of(event).round_robin:
        return f"{event.name} is not a round robin; playoffs decide a round robin's ties."
    if event.status != Event.Status.RUNNING:
        return f"Playoffs are ordered while the event runs; {event.name} is {event.get_status_display().lower()}."
    rounds = list(rounds_of(event))
    if event.rounds is None or len(rounds) < event.rounds or any(not r.has_ended for r in rounds):
        return "Playoffs are ordered once the last round has ended: the standings may still change."
    return ""


def _audit(event: Event, by: User, place: int, note: str) -> None:
    AuditEntry.objects.create(
        event=event, by=by, kind=AuditEntry.Kind.PLAYOFF, subject=f"Playoff for {ordinal(place)} place", new="",
        note=note,
    )  # fmt: skip


@transaction.atomic
def order_playoff(event: Event, place: int, by: User) -> Playoff:
    """Order the playoff for the tie of two at ``place``; refused (naming why) for anything else."""
    event = locked_event(event)
    require(by, Perm.MANAGE, event)
    reason = playoff_refusal(event)
    if reason:
        raise Conflict(EventRefusal.PLAYOFF_NOT_NOW, reason)
    tie = next((t for t in ties(event) if t.place == place), None)
    if tie is None:
        raise Invalid(EventRefusal.NO_TIE, f"Nobody is tied for {ordinal(place)} place; the tiebreakers decide it.")
    names = " and ".join(p.public_name for p in tie.players)
    if not tie.of_two:
        raise Invalid(
            EventRefusal.NO_TIE,
            f"{names} are tied for {ordinal(place)} place; a playoff is a match between two players, "
            f"so the event's seeded order decides a tie of {len(tie.players)}.",
        )
    if tie.playoff is not None:
        raise Conflict(EventRefusal.PLAYOFF_ORDERED, f"The playoff for {ordinal(place)} place is already ordered.")
    first, second = tie.players
    playoff = Playoff.objects.create(event=event, place=place, player_a=first, player_b=second, ordered_by=by)
    _audit(event, by, place, f"ordered: {first.public_name} v {second.public_name}")
    return playoff


@transaction.atomic
def record_playoff(playoff: Playoff, winner: User, by: User) -> Playoff:
    """Record the playoff's winner (the organiser or a judge); it may be corrected until the event finishes."""
    event = locked_event(playoff.event_id)
    require(by, Perm.RECORD_RESULTS, event)
    if event.is_finished:
        raise Conflict(EventRefusal.EVENT_FINISHED, f"{event.name} has finished; its places no longer change.")
    playoff = Playoff.objects.select_for_update().select_related("player_a", "player_b").get(pk=playoff.pk)
    if winner.pk not in (playoff.player_a_id, playoff.player_b_id):
        raise Invalid(
            EventRefusal.NOT_IN_PLAYOFF,
            f"{winner.public_name} does not play in this playoff "
            f"({playoff.player_a.public_name} v {playoff.player_b.public_name}).",
        )
    loser = playoff.player_b if winner.pk == playoff.player_a_id else playoff.player_a
    was = playoff.winner_id
    playoff.winner = winner
    playoff.decided_by = by
    playoff.decided_at = timezone.now()
    playoff.save(update_fields=["winner", "decided_by", "decided_at"])
    changed = " (changed)" if was is not None and was != winner.pk else ""
    _audit(event, by, playoff.place, f"{winner.public_name} won against {loser.public_name}{changed}")
    return playoff
