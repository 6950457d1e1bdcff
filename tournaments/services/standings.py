"""Reading an event into the pure pairing types: entries, history, standings and the bracket."""

from __future__ import annotations

from dataclasses import dataclass

from accounts.models import User
from tournaments.models import Event, Match, Playoff, Registration, Round
from tournaments.pairing import (
    Bracket,
    MatchRecord,
    PlayerEntry,
    Standing,
    StandingsSettings,
    SwissSettings,
    TiebreakSystem,
    advance_bracket,
    apply_playoffs,
    build_bracket,
    compute_standings,
    tied_runs,
)
from tournaments.structures import structure_of


def standings_settings(event: Event) -> StandingsSettings:
    return StandingsSettings(system=TiebreakSystem(event.tiebreakers), bye_counts_in_own_mw=event.bye_counts_in_own_mw)


def swiss_settings(event: Event) -> SwissSettings:
    return SwissSettings(pod_rounds=event.pod_rounds, standings=standings_settings(event))


def entries(event: Event) -> list[PlayerEntry]:
    """Everyone who took part (no-shows left out), with their pod and drop flag."""
    return [
        PlayerEntry(id=r.player_id, pod=r.pod, dropped=r.dropped_after_round is not None)
        for r in Registration.objects.filter(event=event).exclude(dropped_after_round=0)
    ]


def history(event: Event, stages: tuple[str, ...] = (Round.Stage.SWISS, Round.Stage.ROUND_ROBIN)) -> list[MatchRecord]:
    """Every confirmed result of the given stages, as the pure module's records."""
    matches = Match.objects.filter(
        round__event=event, round__stage__in=stages, status=Match.Status.CONFIRMED
    ).select_related("round")
    return [record_of(m) for m in matches]


def record_of(match: Match) -> MatchRecord:
    if match.player_b_id is None:
        return MatchRecord.bye(match.round.number, match.player_a_id)
    return MatchRecord(
        match.round.number, match.player_a_id, match.player_b_id,
        match.a_games or 0, match.b_games or 0, match.draws or 0,
    )  # fmt: skip


@dataclass(frozen=True)
class StandingRow:
    standing: Standing
    player: User
    late_entry_round: int | None

    @property
    def record(self) -> str:
        s = self.standing
        return f"{s.wins}-{s.losses}-{s.draws}"


def standings(event: Event) -> list[StandingRow]:
    """The ranked rows; in a round robin a decided playoff puts its winner above its loser
    (``tournaments.services.playoffs``)."""
    settings, past = standings_settings(event), history(event)
    rows = compute_standings(entries(event), past, settings, seed=event.seed)
    if structure_of(event).round_robin:
        decided = [(p.winner_id, p.loser_id()) for p in Playoff.objects.filter(event=event, winner__isnull=False)]
        if decided:
            rows = apply_playoffs(
                rows, [(w, loser) for w, loser in decided if w and loser], tied_runs(rows, past, settings)
            )
    registrations = {r.player_id: r for r in Registration.objects.filter(event=event).select_related("player")}
    return [
        StandingRow(row, registrations[row.player].player, registrations[row.player].late_entry_round) for row in rows
    ]


def bracket(event: Event) -> Bracket | None:
    """The top cut replayed from its seeds and the winners of every ended cut round."""
    if not event.cut_seeds:
        return None
    state = build_bracket(event.cut_seeds, len(event.cut_seeds))
    for cut_round in Round.objects.filter(event=event, stage=Round.Stage.TOP_CUT, status=Round.Status.ENDED):
        winners = [m.winner_id() for m in cut_round.matches.order_by("table")]
        state = advance_bracket(state, [w for w in winners if w is not None])
    return state


def cut_games(event: Event) -> dict[tuple[int, int], tuple[int, int]]:
    """Game wins of every confirmed top-cut match: (player a, player b) -> (a's wins, b's wins)."""
    matches = Match.objects.filter(
        round__event=event, round__stage=Round.Stage.TOP_CUT, status=Match.Status.CONFIRMED, player_b__isnull=False
    ).values_list("player_a_id", "player_b_id", "a_games", "b_games")
    return {(a, b): (a_games or 0, b_games or 0) for a, b, a_games, b_games in matches}
