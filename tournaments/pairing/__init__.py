"""PURE tournament logic: Swiss pairing, pod pairing, round robin, standings, top cut, round counts.

No web framework, no task queue, no I/O. Player ids are plain ``int``s; ``tournaments.services`` maps
database rows to the frozen dataclasses here and writes the results back.
"""

from __future__ import annotations

from .elimination import (
    TOP_CUT_SIZES,
    Bracket,
    BracketMatch,
    advance_bracket,
    bracket_order,
    build_bracket,
    cut_stage_matches,
    cut_stage_name,
    cut_stage_words,
    top_cut_players,
)
from .errors import (
    BracketError,
    DuplicatePlayerError,
    InvalidResultError,
    InvalidRoundError,
    NotEnoughPlayersError,
    PairingError,
    PlacementError,
    PodEditError,
    ProblemsError,
    ScheduleError,
    UnknownPlayerError,
)
from .objective import PairingCost, SwissProblem, build_swiss_problem
from .pod_seating import (
    GamePod,
    PastPod,
    PodCost,
    PodPlan,
    PodPlayer,
    PodSettings,
    edited_pod_plan,
    pair_pod_round,
    pod_sizes,
    recommended_pod_rounds,
    seating_cost,
)
from .pod_standings import (
    PlacementPoints,
    PodResult,
    PodStanding,
    check_placements,
    compute_pod_standings,
    placement_problems,
    players_for_pairing,
)
from .records import MatchRecord, Pairing, PlayerEntry, RoundPlan
from .round_robin import berger_schedule, round_robin_round, round_robin_rounds, round_robin_seats
from .rounds import recommended_rounds, recommends_top_eight
from .standings import (
    Standing,
    StandingsSettings,
    TiebreakSystem,
    apply_playoffs,
    compute_standings,
    seeded_order,
    tied_runs,
)
from .swiss import SwissSettings, pair_swiss_round, pairing_cost

__all__ = [
    "TOP_CUT_SIZES",
    "Bracket",
    "BracketError",
    "BracketMatch",
    "DuplicatePlayerError",
    "GamePod",
    "InvalidResultError",
    "InvalidRoundError",
    "MatchRecord",
    "NotEnoughPlayersError",
    "Pairing",
    "PairingCost",
    "PairingError",
    "PastPod",
    "PlacementError",
    "PlacementPoints",
    "PlayerEntry",
    "PodCost",
    "PodEditError",
    "PodPlan",
    "PodPlayer",
    "PodResult",
    "PodSettings",
    "PodStanding",
    "ProblemsError",
    "RoundPlan",
    "ScheduleError",
    "Standing",
    "StandingsSettings",
    "SwissProblem",
    "SwissSettings",
    "TiebreakSystem",
    "UnknownPlayerError",
    "advance_bracket",
    "apply_playoffs",
    "berger_schedule",
    "bracket_order",
    "build_bracket",
    "build_swiss_problem",
    "check_placements",
    "compute_pod_standings",
    "compute_standings",
    "cut_stage_matches",
    "cut_stage_name",
    "cut_stage_words",
    "edited_pod_plan",
    "pair_pod_round",
    "pair_swiss_round",
    "pairing_cost",
    "placement_problems",
    "players_for_pairing",
    "pod_sizes",
    "recommended_pod_rounds",
    "recommended_rounds",
    "recommends_top_eight",
    "round_robin_round",
    "round_robin_rounds",
    "round_robin_seats",
    "seating_cost",
    "seeded_order",
    "tied_runs",
    "top_cut_players",
]
