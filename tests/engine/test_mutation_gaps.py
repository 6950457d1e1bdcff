"""Rules that surviving mutants of the engine showed no test asserted (docs/mutation.md, "Survivors that are test
gaps"): how long a modification lasts, block barriers that add up or protect a defense card, and damage to defense
cards (what a barrier absorbs, what accumulates, what pierces past). Each scenario checks the whole outcome: both
players' seats (health, power, determinations, light, zones, ailments), the barriers and damage on cards, and whose
decision is pending."""

from __future__ import annotations

import pytest

from gameplay.engine import State, view
from gameplay.engine.core import block_value
from tests.engine.helpers import ROMIN, handle, position, run
from tests.engine.outcome import answered, awaiting, seat

BRANNOC = {"runeslinger": "brannoc", "equips": ["shield-up", "fortify"]}  # block 5


def _no_mods(s: State) -> bool:
    return not s.players[0].mods and not s.players[1].mods


# --- how long a modification lasts -------------------------------------------------------------------------


@pytest.mark.parametrize("turn", [1, 4])
def test_fortify_lasts_through_the_enemys_turn_and_ends_after_it(turn: int) -> None:
    """001 p.11 "Resolved effects that state "until the end of the next turn" for example, only end when their
    condition is fully met": Brannoc (block 5) activates Fortify ("Your block is +3 until the end of the next turn.
    Draw 1 card", 2 determinations) and plays Hold the Line ("Your block is +3 until end of turn. Draw 1 card"):
    block 11. When his turn ends, Hold the Line's +3 ends and Fortify's stays: on Romin's turn his block is 8 (his
    view says so), and blocking Romin's Fireball with it stops all 8 damage. When Romin's turn (the next turn) ends,
    Fortify's +3 is gone too: back to 5 on Brannoc's following turn. (On turn 1 too, when the next turn is turn
    2.)"""
    s = position(
        {**BRANNOC, "determination": 2, "hand": ["hold-the-line"], "concentrations": ["spark"]},
        {**ROMIN, "hand": ["fireball"], "concentrations": ["spark"] * 3},
        turn=turn,
    )
    me, them = seat(s, 0), seat(s, 1)
    s = run(s, "activate fortify")
    assert seat(s, 0) == {**me, "det": 0, "hand": ["hold-the-line", "spark"], "deck": 9} and seat(s, 1) == them
    assert block_value(s, 0) == 8 and awaiting(s) == ("play", 0)
    s = answered(run(s, f"play {handle(s, 0, 'hold-the-line')}"))
    assert seat(s, 0) == {**me, "det": 0, "hand": ["spark", "spark"], "deck": 8, "field": ["hold-the-line"], "concs": [
        (True, True)]}  # fmt: skip
    assert block_value(s, 0) == 11 and awaiting(s) == ("play", 0) and seat(s, 1) == them

    s = run(s, "end", "continue")  # Brannoc's turn ends, and Hold the Line's +3; Romin draws 2
    assert (s.turn, s.active, awaiting(s)) == (turn + 1, 1, ("play", 1))
    assert block_value(s, 0) == 8 and view(s, 0)["players"][0]["block"] == 8
    me, them = seat(s, 0), seat(s, 1)
    assert (me["field"], me["discard"]) == ([], ["hold-the-line"])
    s = answered(run(s, f"play {handle(s, 1, 'fireball')} target=p1"))
    assert awaiting(s) == ("block", 0)
    s = run(s, f"block discard={handle(s, 0, 'spark')}")
    assert seat(s, 0) == {**me, "hand": ["spark"], "discard": ["hold-the-line", "spark"]}  # 8 damage, all stopped
    assert s.players[0].barrier == 0 and awaiting(s) == ("play", 1)
    assert seat(s, 1) == {**them, "hand": ["spark", "spark"], "field": ["fireball"], "concs": [
        (True, True), (True, False), (True, False)]}  # fmt: skip

    s = run(s, "end", "continue")  # Romin's turn, the next turn, ends: so does Fortify
    assert (s.turn, s.active, awaiting(s)) == (turn + 2, 0, ("play", 0))
    assert block_value(s, 0) == 5 and view(s, 0)["players"][0]["block"] == 5 and _no_mods(s)
