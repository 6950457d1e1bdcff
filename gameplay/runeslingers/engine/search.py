"""The Hard bot: flat Monte Carlo search over determinizations built from its own view only.

PURE (no Django). Words:
- *hidden cards*: what the deciding player cannot see: the opponent's hand, the opponent's
  face-down concentrations, the order of its own deck and the opponent's whole deck.
- *belief*: what the player may know, taken from public zones and its own cards only: its own
  hand, concentrations and deck contents (it built the deck: a multiset, never its order), and
  of the opponent the cards it has shown (discard, void, field, cards under cards, the ladder)
  and its Runeslinger's class. A hidden opponent card is drawn from a *prior*: every catalog card
  of that class or basic, weight 1, plus `SEEN_WEIGHT` for each sighting of a card the opponent
  has shown. The real hidden cards are never read: a test gives two states that differ only in
  them and checks the decision is the same.
- *determinization*: a copy of the state whose hidden cards are replaced by a sample of the
  belief, with a fresh generator (the real one would tell future draws).
- *candidates*: the `width` legal actions the Normal bot's one-step evaluation ranks best on a
  determinization (all of them when there are no more).
- *flat UCB*: each candidate is an arm; an iteration picks the arm with the best upper
  confidence bound (UCB1), plays it in a new determinization and then a *rollout* (the one-step
  greedy policy for both players, `depth` decisions at most, until `horizon` turn ends: 1 is the
  end of the bot's turn, 2 the end of the opponent's next turn), and scores the end with
  `bots.evaluate` squashed into (-1, 1). The most visited arm is played.
- *budget*: `iterations` per decision, and optionally `cpu_seconds` of process CPU time
  (the time cap makes a decision depend on machine load; tests use iterations only). A forced
  move (one legal action) is played without searching.
"""

from __future__ import annotations

import functools
import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from gameplay.runeslingers.engine import core
from gameplay.runeslingers.engine.actions import Action
from gameplay.runeslingers.engine.apply import apply
from gameplay.runeslingers.engine.bots import evaluate, settle
from gameplay.runeslingers.engine.legal import legal_actions, pending
from gameplay.runeslingers.engine.setup import bind, scenario
from gameplay.runeslingers.engine.state import C_HANDLE, F_UNDER, State

SEEN_WEIGHT = 6.0  # prior weight of one sighting of an opponent's card, against 1 per catalog card
EVAL_SCALE = 40.0  # evaluation points per unit of tanh in a rollout's score
UCB_C = 0.7
_BASIC = "basic"


@dataclass(frozen=True)
class Belief:
    """Everything a determinization is built from; made by `belief` from the public state only."""

    player: int
    opp_hand: tuple[int, ...]  # handles of the hidden cards, in zone order (structure, not content)
    opp_deck: tuple[int, ...]
    opp_concs: tuple[int, ...]
    own_deck: tuple[int, ...]
    own_deck_values: tuple[int, ...]  # the multiset of the own deck's card values, sorted
    prior_values: tuple[int, ...]  # card values (kind * 2 + owner) a hidden opponent card may be
    prior_cum: tuple[float, ...]  # cumulative weights of `prior_values`


def belief(state: State, player: int) -> Belief:
    """The belief of `player`: hidden handles by zone, its deck multiset, the opponent's prior."""
    me, opp = state.players[player], state.players[1 - player]
    values, cum = _prior(state, 1 - player)
    return Belief(
        player=player,
        opp_hand=tuple(opp.hand),
        opp_deck=tuple(opp.deck),
        opp_concs=tuple(c[C_HANDLE] for c in opp.concs),
        own_deck=tuple(me.deck),
        own_deck_values=tuple(sorted(state.cards[h] for h in me.deck)),
        prior_values=values,
        prior_cum=cum,
    )


def _sightings(state: State, p: int) -> list[int]:
    """Kinds of the cards player `p` owns that lie face up: discard, void, fields, under, ladder."""
    seen: list[int] = []
    pl = state.players[p]
    visible = [*pl.discard, *pl.void]
    for side in state.players:
        for h, entry in side.field.items():
            visible.append(h)
            visible.extend(entry[F_UNDER])
    visible.extend(r["s"] for r in state.ladder if r["s"] >= 0)
    for h in visible:
        value = state.cards.get(h)
        if value is not None and value & 1 == p:
            seen.append(value >> 1)
    return seen


def _prior(state: State, p: int) -> tuple[tuple[int, ...], tuple[float, ...]]:
    compiled = core.Env.compiled
    runeslinger = compiled.catalog.find_runeslinger(state.players[p].rs)
    card_class = str(runeslinger.card_class.value) if runeslinger is not None else _BASIC
    weights: dict[int, float] = {}
    for kind in compiled.kinds:
        if str(kind.card.card_class.value) in (card_class, _BASIC):
            weights[kind.index] = 1.0
    for index in _sightings(state, p):
        weights[index] = weights.get(index, 0.0) + SEEN_WEIGHT
    values, cum, total = [], [], 0.0
    for index in sorted(weights):
        total += weights[index]
        values.append(index * 2 + p)
        cum.append(total)
    return tuple(values), tuple(cum)


def determinize(state: State, info: Belief, rng: random.Random) -> State:
    """A copy of the state with every hidden card replaced by a sample of the belief."""
    sample = state.copy()
    cards = sample.cards
    opp_hidden = (*info.opp_hand, *info.opp_deck, *info.opp_concs)
    if opp_hidden:
        drawn = rng.choices(info.prior_values, cum_weights=info.prior_cum, k=len(opp_hidden))
        for h, value in zip(opp_hidden, drawn, strict=True):
            cards[h] = value
    own = list(info.own_deck_values)
    rng.shuffle(own)
    for h, value in zip(info.own_deck, own, strict=True):
        cards[h] = value
    sample.rng = rng.getrandbits(64) or 1
    sample._cache = {}
    sample._legal = {}
    return sample


def _rollout_action(state: State, who: int, rng: random.Random) -> Action:
    """The rollout policy: one-step greedy on the sample (it is a sample: all of it may be read)."""
    actions = legal_actions(state, who)
    if len(actions) == 1:
        return actions[0]
    best, best_value = actions[0], -math.inf
    for action in actions:
        value = evaluate(apply(state, action)[0], who) + rng.random() * 1e-3
        if value > best_value:
            best, best_value = action, value
    return best


def rollout(state: State, player: int, depth: int, rng: random.Random, horizon: int = 2) -> float:
    """Play on from `state` with the rollout policy, at most `depth` decisions and `horizon` turn
    ends (2: to the end of the opponent's next turn); the end's score for `player` in (-1, 1)."""
    turns_left = horizon
    turn = state.turn
    for _ in range(depth):
        pend = pending(state)
        if pend is None:
            break
        state = apply(state, _rollout_action(state, pend.player, rng))[0]
        if state.turn != turn:
            turn, turns_left = state.turn, turns_left - 1
            if turns_left == 0:
                break
    return math.tanh(evaluate(state, player) / EVAL_SCALE)


@dataclass
class _Arm:
    action: Action
    visits: int = 0
    total: float = 0.0

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


class SearchAgent:
    """Hard: flat UCB over the best `width` legal actions, each iteration on a fresh determinization."""

    def __init__(
        self,
        seed: int = 0,
        iterations: int = 144,
        depth: int = 24,
        cpu_seconds: float | None = 0.8,
        horizon: int = 1,
        width: int = 4,
    ) -> None:
        self.horizon = horizon
        self.width = width
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.depth = depth
        self.cpu_seconds = cpu_seconds
        self.last_iterations = 0  # iterations spent on the last decision (0 for a forced move)

    def act(self, state: State, player: int) -> Action:
        actions = legal_actions(state, player)
        self.last_iterations = 0
        if len(actions) == 1:
            return actions[0]
        info = belief(state, player)
        arms = [_Arm(a) for a in self.candidates(state, info, actions)]
        if len(arms) == 1:
            return arms[0].action
        self.search(state, info, arms)
        best = max(arms, key=lambda arm: (arm.visits, arm.mean()))
        return best.action

    def candidates(self, state: State, info: Belief, actions: list[Action]) -> list[Action]:
        """The `width` actions that look best one step ahead on a determinization (the Normal
        bot's judgement), in legal order: the search only chooses among them."""
        if len(actions) <= self.width:
            return actions
        sample = determinize(state, info, self.rng)
        player = info.player
        scores = [evaluate(settle(apply(sample, a)[0], player), player) for a in actions]
        ranked = sorted(range(len(actions)), key=lambda i: -scores[i])[: self.width]
        return [actions[i] for i in sorted(ranked)]

    def search(self, state: State, info: Belief, arms: Sequence[_Arm]) -> None:
        player = info.player
        started = time.process_time()
        for n in range(1, self.iterations + 1):
            arm = _select(arms, n)
            sample = determinize(state, info, self.rng)
            after = apply(sample, arm.action)[0]
            arm.visits += 1
            arm.total += rollout(after, player, self.depth, self.rng, self.horizon)
            self.last_iterations = n
            if self.cpu_seconds is not None and time.process_time() - started >= self.cpu_seconds:
                break


def _select(arms: Sequence[_Arm], n: int) -> _Arm:
    """UCB1: an arm never tried first (in legal order), else the best mean plus exploration."""
    for arm in arms:
        if arm.visits == 0:
            return arm
    log_n = math.log(n)
    return max(arms, key=lambda arm: arm.mean() + UCB_C * math.sqrt(log_n / arm.visits))


# --- the same evaluation for a card on its own (draft picks) ---------------------------------

_CLASS_RUNESLINGER = {"runeseer": "eva", "striker": "romin", "warden": "brannoc", "hexer": "vesna"}
COST_WEIGHT = 2.0  # evaluation points a light of cost is worth (light is spent, not counted by `evaluate`)


@functools.lru_cache(maxsize=512)
def card_value(card_id: str) -> float:
    """What playing the card is worth by `bots.evaluate`: in a fixed turn-3 position of a
    Runeslinger of its class (Eva for basic cards) against another, with light to pay for it,
    the best gain over its legal plays (the opponent declines answers and blocks), less
    `COST_WEIGHT` per light of cost. 0 for a card the catalog does not know or that cannot be
    played there."""
    compiled = core.Env.compiled if hasattr(core.Env, "compiled") else bind()
    index = compiled.kind_index.get(card_id)
    if index is None:
        return 0.0
    card = compiled.kinds[index].card
    mine = _CLASS_RUNESLINGER.get(str(card.card_class.value), "eva")
    theirs = "eva" if mine != "eva" else "romin"
    state = scenario(
        {
            "turn": 3,
            "active": "p1",
            "phase": "play",
            "players": [
                {"runeslinger": mine, "hand": [card_id], "light": 10, "deck": ["spark"] * 10,
                 "concentrations": ["spark", "spark", "spark"]},
                {"runeslinger": theirs, "hand": ["spark"] * 3, "deck": ["spark"] * 10,
                 "concentrations": ["spark", "spark"]},
            ],
        }
    )  # fmt: skip
    before = evaluate(state, 0)
    gains = [
        evaluate(settle(apply(state, action)[0], 0), 0) - before
        for action in legal_actions(state, 0)
        if action.subject is not None and action.kind == "play"
    ]
    return max(gains, default=0.0) - COST_WEIGHT * compiled.kinds[index].base_cost if gains else 0.0
