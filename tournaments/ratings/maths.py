"""The rating maths, pure (no Django): Glicko-2 for one-on-one matches and OpenSkill's
Plackett-Luce for multiplayer placings, over rating periods given in order (docs/ratings.md).

Glicko-2 follows Glickman's paper ("Example of the Glicko-2 system"): ratings on the 1500 scale,
the system constant tau, the volatility found by the Illinois algorithm. A player who plays no game
in a period keeps their rating and deviation (the paper widens the deviation of an idle player each
period; the site's periods are every round of every event, so that would widen it by other
people's rounds). The pod rating is OpenSkill's Plackett-Luce model on the same 1500 scale
(mu 1500, sigma 500), so the two kinds of numbers read alike; it has no volatility.

Everything here is deterministic: the same periods in the same order give the same numbers.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field

from openskill.models import PlackettLuce

SCALE = 173.7178  # Glicko-2's conversion between the 1500 scale and its own
START_VALUE = 1500.0
START_DEVIATION = 350.0
START_VOLATILITY = 0.06
TAU = 0.5  # the system constant: how much the volatility may change (the paper suggests 0.3 to 1.2)
EPSILON = 0.000001  # the volatility search's tolerance

POD_MU = 1500.0
POD_SIGMA = 500.0  # OpenSkill's mu/3, on the 1500 scale
POD_MODEL = PlackettLuce(mu=POD_MU, sigma=POD_SIGMA, beta=POD_SIGMA / 2, tau=POD_MU / 300)

Player = Hashable


@dataclass(frozen=True)
class Glicko:
    """One player's rating: value, deviation (both on the 1500 scale) and volatility."""

    value: float = START_VALUE
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY


@dataclass(frozen=True)
class Duel:
    """One game between two players in a period: ``score`` is a's (1 a win, 0.5 a draw, 0 a loss)."""

    a: Player
    b: Player
    score: float


@dataclass(frozen=True)
class Standing:
    """A player's rating after a period, with the games rated so far."""

    value: float
    deviation: float
    volatility: float
    games: int


@dataclass
class Rated:
    """What rating every period gives: each player's last standing, and after each period the
    standing of every player who played in it (the history, one list per period, in order)."""

    final: dict[Player, Standing] = field(default_factory=dict)
    history: list[dict[Player, Standing]] = field(default_factory=list)


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """Step 5 of the paper: the new volatility, by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    upper = a
    if delta * delta > phi * phi + v:
        lower = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        lower = a - k * tau
    f_upper, f_lower = f(upper), f(lower)
    while abs(lower - upper) > EPSILON:
        c = upper + (upper - lower) * f_upper / (f_lower - f_upper)
        f_c = f(c)
        if f_c * f_lower <= 0:
            upper, f_upper = lower, f_lower
        else:
            f_upper /= 2.0
        lower, f_lower = c, f_c
    return math.exp(upper / 2.0)


def glicko2(player: Glicko, games: Sequence[tuple[Glicko, float]], tau: float = TAU) -> Glicko:
    """The player's rating after one period with ``games`` (opponent's rating before the period,
    the player's score). No games: the rating is kept (see the module's note)."""
    if not games:
        return player
    mu, phi = (player.value - START_VALUE) / SCALE, player.deviation / SCALE
    inverse_v, total = 0.0, 0.0
    for opponent, score in games:
        g = _g(opponent.deviation / SCALE)
        expected = 1.0 / (1.0 + math.exp(-g * (mu - (opponent.value - START_VALUE) / SCALE)))
        inverse_v += g * g * expected * (1.0 - expected)
        total += g * (score - expected)
    v = 1.0 / inverse_v
    sigma = _volatility(player.volatility, phi, v, v * total, tau)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * total
    return Glicko(new_mu * SCALE + START_VALUE, new_phi * SCALE, sigma)


def rate_duels(periods: Iterable[Sequence[Duel]], tau: float = TAU) -> Rated:
    """Glicko-2 over the periods in order: within a period every game is rated against the
    ratings from before it (the paper's rating period)."""
    ratings: dict[Player, Glicko] = {}
    games: dict[Player, int] = {}
    rated = Rated()
    for period in periods:
        played: dict[Player, list[tuple[Glicko, float]]] = {}
        for duel in period:
            a, b = ratings.get(duel.a, Glicko()), ratings.get(duel.b, Glicko())
            played.setdefault(duel.a, []).append((b, duel.score))
            played.setdefault(duel.b, []).append((a, 1.0 - duel.score))
        after: dict[Player, Standing] = {}
        for player in played:
            ratings[player] = new = glicko2(ratings.get(player, Glicko()), played[player], tau)
            games[player] = games.get(player, 0) + len(played[player])
            after[player] = Standing(new.value, new.deviation, new.volatility, games[player])
        rated.final.update(after)
        rated.history.append(after)
    return rated


def rate_pods(periods: Iterable[Sequence[Sequence[tuple[Player, int]]]]) -> Rated:
    """Plackett-Luce over the periods in order: each period is its tables, each table its players
    with their places (1 the winner; equal places a tie). A player sits at one table a period."""
    ratings: dict[Player, tuple[float, float]] = {}
    games: dict[Player, int] = {}
    rated = Rated()
    for period in periods:
        after: dict[Player, Standing] = {}
        for table in period:
            if len(table) < 2:
                continue
            for (player, _), new in zip(table, _rate_table(table, ratings), strict=True):
                ratings[player] = new
                games[player] = games.get(player, 0) + 1
                after[player] = Standing(new[0], new[1], 0.0, games[player])
        rated.final.update(after)
        rated.history.append(after)
    return rated


def _rate_table(
    table: Sequence[tuple[Player, int]], ratings: dict[Player, tuple[float, float]]
) -> list[tuple[float, float]]:
    teams = [[POD_MODEL.rating(*ratings.get(player, (POD_MU, POD_SIGMA)))] for player, _ in table]
    result = POD_MODEL.rate(teams, ranks=[float(place) for _, place in table])
    return [(team[0].mu, team[0].sigma) for team in result]
