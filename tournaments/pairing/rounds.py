"""How many Swiss rounds an event should announce, and whether to cut to a top 8.

Decides the recommended round count for N players, following the organised-play table:
5-8: 3; 9-16: 5 (4 with a draft top 8); 17-32: 5; 33-64: 6; 65-128: 7; 129-226: 8;
227-409: 9; 410 and more: 10. A top 8 is recommended above 16 players.

Below 5 players the table is silent; we recommend a full round robin's worth of rounds,
N - 1 when N is even and N when odd (2 players: 1 round, 3: 3 rounds with a bye each round,
4: 3 rounds), so everyone can meet everyone.
"""

from __future__ import annotations

from .errors import NotEnoughPlayersError

__all__ = ["recommended_rounds", "recommends_top_eight"]

#: (largest player count, rounds) rows of the table, in order.
_TABLE = ((8, 3), (16, 5), (32, 5), (64, 6), (128, 7), (226, 8), (409, 9))
_MOST_ROUNDS = 10


def recommended_rounds(players: int, draft_top_eight: bool = False) -> int:
    """Swiss rounds to announce for ``players``; ``draft_top_eight`` trims 9-16 to 4."""
    if players < 2:
        raise NotEnoughPlayersError(f"an event needs at least 2 players, got {players}")
    if players < 5:
        return players - 1 if players % 2 == 0 else players
    if draft_top_eight and 9 <= players <= 16:
        return 4
    for largest, rounds in _TABLE:
        if players <= largest:
            return rounds
    return _MOST_ROUNDS


def recommends_top_eight(players: int) -> bool:
    """A top-8 single-elimination cut is recommended above 16 players."""
    return players > 16
