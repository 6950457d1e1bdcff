"""The Hard bot (`gameplay.runeslingers.engine.search`): legal, deterministic per seed, blind to hidden cards,
free on forced moves, and much stronger than random play.

The timed figures (win rate against Normal over 200 games, CPU per decision) are printed by
`benchmarks/bench_hard_bot.py`, never asserted here.
"""

from __future__ import annotations

import random

import pytest

from gameplay.runeslingers.engine import State, apply, legal_actions, new_game, pending, state_hash, view
from gameplay.runeslingers.engine.bots import GreedyAgent, RandomAgent
from gameplay.runeslingers.engine.core import Env
from gameplay.runeslingers.engine.search import SearchAgent, belief, determinize
from gameplay.runeslingers.engine.state import C_HANDLE
from tests.engine.helpers import decision

STARTERS = {"players": [{"starter": "eva-starter"}, {"starter": "romin-starter"}]}


def quick(seed: int) -> SearchAgent:
    """A small budget counted in iterations only, so the decision never depends on machine load."""
    return SearchAgent(seed=seed, iterations=24, cpu_seconds=None)


def midgame(seed: int, moves: int = 40) -> State:
    """A position after `moves` greedy decisions in which the player to move has a real choice."""
    state = new_game(STARTERS, seed)
    agents = [GreedyAgent(seed), GreedyAgent(seed + 1)]
    for _ in range(moves):
        pend = decision(state)
        state, _ = apply(state, agents[pend.player].act(state, pend.player))
    while len(legal_actions(state, decision(state).player)) < 2:
        state, _ = apply(state, legal_actions(state, decision(state).player)[0])
    return state


def hidden_cards_changed(state: State, who: int, rng: random.Random) -> State:
    """The same position for `who`, with other hidden cards: the opponent's hand, deck and
    face-down concentrations get other card kinds, and `who`'s own deck another order."""
    other = state.copy()
    opp = other.players[1 - who]
    kinds = len(Env.compiled.kinds)
    for h in [*opp.hand, *opp.deck, *(c[C_HANDLE] for c in opp.concs)]:
        other.cards[h] = rng.randrange(kinds) * 2 + (1 - who)
    mine = other.players[who].deck
    values = [other.cards[h] for h in mine]
    rng.shuffle(values)
    for h, value in zip(mine, values, strict=True):
        other.cards[h] = value
    other._cache = {}
    other._legal = {}
    return other


def test_the_search_plays_only_legal_actions_and_repeats_itself_for_a_seed() -> None:
    state = midgame(3)
    who = decision(state).player
    chosen = quick(7).act(state, who)
    assert chosen in legal_actions(state, who)
    assert quick(7).act(state, who) == chosen


def test_two_states_the_bot_cannot_tell_apart_get_the_same_decision() -> None:
    for seed in (3, 4, 5):
        state = midgame(seed)
        who = decision(state).player
        other = hidden_cards_changed(state, who, random.Random(seed))
        assert state_hash(other) != state_hash(state)  # the hidden cards really differ
        assert view(other, who) == view(state, who)  # ... and the bot's seat cannot see it
        assert quick(seed).act(other, who) == quick(seed).act(state, who)


def test_a_determinization_keeps_the_view_and_never_copies_the_opponents_hand() -> None:
    state = midgame(6)
    who = decision(state).player
    info = belief(state, who)
    # the prior is the same whatever the opponent really holds
    other = hidden_cards_changed(state, who, random.Random(1))
    assert belief(other, who) == info
    sample = determinize(state, info, random.Random(2))
    assert view(sample, who) == view(state, who)


def test_a_forced_move_costs_no_search() -> None:
    state = new_game(STARTERS, 11)
    agent, player = quick(1), GreedyAgent(1)
    while True:
        pend = decision(state)
        actions = legal_actions(state, pend.player)
        if len(actions) == 1:
            break
        state, _ = apply(state, player.act(state, pend.player))
    assert agent.act(state, pend.player) == actions[0]
    assert agent.last_iterations == 0


@pytest.mark.slow  # long: run by `make test` and CI, not by `make test-fast`
def test_hard_beats_random_in_most_seeded_games() -> None:
    games, wins = 6, 0
    for g in range(games):
        state = new_game(STARTERS, 900 + g)
        hard_seat = g % 2
        agents: dict[int, SearchAgent | RandomAgent] = {hard_seat: quick(g), 1 - hard_seat: RandomAgent(g)}
        while (pend := pending(state)) is not None:
            state, _ = apply(state, agents[pend.player].act(state, pend.player))
        wins += state.winner == hard_seat
    assert wins >= games - 1, f"Hard won {wins} of {games}"
