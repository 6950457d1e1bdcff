"""Computer players: a uniform random agent and a one-step greedy agent.

PURE. Decides an action for the player who must decide. Words: to *determinize* is to replace
what the player cannot see (the order of both decks, the opponent's hand, the generator's
future) by a sample consistent with what they can see; the greedy agent looks one action ahead
on such a sample only, so it never reads hidden information. The sample keeps the multiset of
the opponent's unseen cards, which is public when deck lists are (starter decks, registered
decks): its deck list minus the cards it has shown.
"""

from __future__ import annotations

import random

from gameplay.runeslingers.engine import core
from gameplay.runeslingers.engine.actions import Action
from gameplay.runeslingers.engine.apply import apply
from gameplay.runeslingers.engine.legal import legal_actions, pending
from gameplay.runeslingers.engine.state import State


class RandomAgent:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, state: State, player: int) -> Action:
        return self.rng.choice(legal_actions(state, player))


def determinize(state: State, player: int, rng: random.Random) -> State:
    """A copy of the state in which everything `player` cannot see is resampled."""
    sample = state.copy()
    other = sample.players[1 - player]
    for handles in (other.hand + other.deck, list(sample.players[player].deck)):
        values = [sample.cards[h] for h in handles]
        rng.shuffle(values)
        for h, v in zip(handles, values, strict=True):
            sample.cards[h] = v
    sample.rng = rng.getrandbits(64) or 1
    sample._cache = {}
    return sample


def evaluate(state: State, player: int) -> float:
    """Heuristic value of a position for `player`: power, health, board, hand, ailments."""
    if state.over:
        return 0.0 if state.winner is None or state.winner < 0 else (1e6 if state.winner == player else -1e6)
    return _side(state, player) - _side(state, 1 - player)


def _side(state: State, p: int) -> float:
    pl = state.players[p]
    defense = sum(1 for h in pl.field if core.is_defense(state, h))
    return (
        40.0 * pl.power
        + 1.0 * pl.health
        + 1.5 * len(pl.hand)
        + 2.0 * len(pl.concs)
        + 3.0 * defense
        + 2.5 * pl.det
        - 1.5 * core.exposed_ailments(state, p)
        + 0.02 * len(pl.deck)
    )


def settle(state: State, player: int) -> State:
    """Let the opponent decline its answer windows and blocks, so a slung runespell resolves."""
    for _ in range(8):
        pend = pending(state)
        if pend is None or pend.player == player or pend.kind not in ("answer", "block"):
            break
        state = apply(state, Action("pass"))[0]
    return state


class GreedyAgent:
    """Plays the action whose result, on one determinized sample, evaluates best for it."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, state: State, player: int) -> Action:
        actions = legal_actions(state, player)
        if len(actions) == 1:
            return actions[0]
        sample = determinize(state, player, self.rng)
        best, best_value = actions[0], float("-inf")
        for action in actions:
            after = settle(apply(sample, action)[0], player)
            value = evaluate(after, player) + self.rng.random() * 1e-3
            if value > best_value:
                best, best_value = action, value
        return best
