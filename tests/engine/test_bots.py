"""Bots: the random agent only plays legal actions; the greedy agent beats it.

CI runs 40 games (Greedy must win at least 60%); `benchmarks/bench_bots.py` runs 200 games
(target: at least 70%).
"""

from __future__ import annotations

from gameplay.runeslingers.engine import apply, legal_actions, new_game, pending
from gameplay.runeslingers.engine.bots import GreedyAgent, RandomAgent, determinize
from tests.engine.helpers import decision

GAMES = 40


def duel(seed: int, greedy_first: bool) -> bool:
    state = new_game({"players": [{"starter": "eva-starter"}, {"starter": "romin-starter"}]}, seed)
    greedy = 0 if greedy_first else 1
    agents: dict[int, GreedyAgent | RandomAgent] = {greedy: GreedyAgent(seed), 1 - greedy: RandomAgent(seed)}
    while (pend := pending(state)) is not None:
        action = agents[pend.player].act(state, pend.player)
        assert action in legal_actions(state, pend.player)
        state, _ = apply(state, action)
    return state.winner == greedy


def test_greedy_beats_random() -> None:
    wins = sum(duel(500 + g, g % 2 == 0) for g in range(GAMES))
    assert wins >= 0.6 * GAMES, f"greedy won {wins} of {GAMES}"


def test_determinizing_keeps_what_the_player_sees() -> None:
    import random

    from gameplay.runeslingers.engine import view

    state = new_game({"players": [{"starter": "eva-starter"}, {"starter": "romin-starter"}]}, 9)
    state, _ = apply(state, f"set c{state.players[state.first].hand[0]}")
    who = decision(state).player
    sample = determinize(state, 1 - who, random.Random(1))
    assert view(sample, 1 - who) == view(state, 1 - who)
