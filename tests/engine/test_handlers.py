"""The named card handlers: Echo and Mirror Ward (docs/rules.md, "Decisions where the rulebooks are open")."""

from __future__ import annotations

from typing import Any

from gameplay.runeslingers.engine import State, apply, view
from gameplay.runeslingers.engine.compiled import AIL_INDEX
from gameplay.runeslingers.engine.core import ailment_count
from tests.engine.helpers import decision, decline_all, handle, ids, legal_texts, position, run

BRANNOC = {"runeslinger": "brannoc", "equips": ["stone-vigil", "shield-up"]}
BURN, CURSE = AIL_INDEX["burn"], AIL_INDEX["curse"]


def _records(state: State, p: int, name: str) -> list[list[Any]]:
    return [m for m in state.players[p].mods if m[0] == name]


# --- Echo -------------------------------------------------------------------------------------


def test_echo_copies_the_last_utility_runespell_with_new_targets() -> None:
    """Echo copies Brand ("apply 2 Burn to target Runeslinger"); its controller declares the copy's
    target (a "copy" decision: the original target or another); the copy is not slung, so it
    opens no answer window."""
    s = position({"hand": ["brand", "echo"], "concentrations": ["spark"] * 4}, {})
    s = decline_all(run(s, f"play {handle(s, 0, 'brand')} target=p2"))
    assert ailment_count(s, 1, BURN) == 2
    s = decline_all(run(s, f"play {handle(s, 0, 'echo')}"))
    assert decision(s).player == 0 and decision(s).kind == "copy"
    assert legal_texts(s, 0) == ["choose target=p2", "choose target=p1"]
    assert legal_texts(s, 1) == []
    assert view(s, 1)["decision"] == {"kind": "copy", "card": "brand"}
    s, events = apply(s, "choose target=p1")
    assert {"e": "copy", "p": 0, "kind": "brand"} in events
    assert ailment_count(s, 0, BURN) == 2 and ailment_count(s, 1, BURN) == 2
    assert decision(s).player == 0 and decision(s).kind == "play"


def test_echo_with_no_utility_runespell_slung_this_turn_does_nothing() -> None:
    """Echo can be played with nothing to copy (it has no target); it then has no effect. A spirit
    runespell slung before it is not a utility runespell."""
    s = position({"hand": ["spark", "echo"], "concentrations": ["spark"] * 3}, {"blocked": True})
    s = decline_all(run(s, f"play {handle(s, 0, 'spark')} target=p2"))
    assert s.players[1].health == 16
    s = run(s, f"play {handle(s, 0, 'echo')}")
    s, events = apply(s, "pass")
    assert {"e": "copy", "p": 0, "kind": None} in events
    assert decision(s).player == 0 and decision(s).kind == "play"
    assert s.players[1].health == 16 and s.players[0].health == 20
    assert sorted(ids(s, list(s.players[0].field))) == ["echo", "spark"]


def test_echo_copies_the_last_one_and_is_not_copied_itself() -> None:
    """Two utility runespells: Echo copies the later (Quick Study: draw 2, no target, so nothing
    to decide). A second Echo copies Quick Study again: an Echo is not recorded as slung, so
    copying never loops."""
    s = position({"hand": ["brand", "quick-study", "echo", "echo"], "concentrations": ["spark"] * 6}, {})
    s = decline_all(run(s, f"play {handle(s, 0, 'brand')} target=p2"))
    s = decline_all(run(s, f"play {handle(s, 0, 'quick-study')}"))
    assert len(s.players[0].hand) == 4
    s = decline_all(run(s, f"play {handle(s, 0, 'echo')}"))
    assert decision(s).kind == "play" and len(s.players[0].hand) == 5
    s = decline_all(run(s, f"play {handle(s, 0, 'echo')}"))
    assert decision(s).kind == "play" and len(s.players[0].hand) == 6
    assert ailment_count(s, 1, BURN) == 2 and ailment_count(s, 0, BURN) == 0


def test_echo_copy_takes_the_only_target_left_or_fizzles() -> None:
    """Shatter destroyed one trinket: the copy's only valid target is the other one, taken without
    asking. With no trinket left the copy has no valid target and does nothing."""
    s = position(
        {"hand": ["shatter", "echo"], "concentrations": ["spark"] * 4},
        {"field": [{"card": "firecracker", "on": "utility"}, {"card": "tower-shield", "on": "utility"}]},
    )
    s = decline_all(run(s, f"play {handle(s, 0, 'shatter')} target={handle(s, 1, 'firecracker', 'field')}"))
    s = decline_all(run(s, f"play {handle(s, 0, 'echo')}"))
    assert decision(s).kind == "play" and s.players[1].field == {}
    assert sorted(ids(s, s.players[1].discard)) == ["firecracker", "tower-shield"]

    s = position(
        {"hand": ["shatter", "echo"], "concentrations": ["spark"] * 4},
        {"field": [{"card": "firecracker", "on": "utility"}]},
    )
    s = decline_all(run(s, f"play {handle(s, 0, 'shatter')} target={handle(s, 1, 'firecracker', 'field')}"))
    s = run(s, f"play {handle(s, 0, 'echo')}")
    s, events = apply(s, "pass")
    assert {"e": "copy", "p": 0, "kind": "shatter", "fizzled": True} in events
    assert decision(s).kind == "play"


def test_echo_copy_of_a_choice_card_chooses_again() -> None:
    """Tornado destroyed all trinkets (choice 2); its copy may choose the other bullet."""
    s = position(
        {"hand": ["tornado", "echo"], "concentrations": ["spark"] * 5},
        {
            "field": [{"card": "tower-shield", "on": "utility"}],
            "ailments": [{"type": "curse", "count": 1, "boon": "aegis"}],
        },
    )
    s = decline_all(run(s, f"play {handle(s, 0, 'tornado')} choice=2"))
    assert ids(s, list(s.players[1].field)) == ["aegis"]
    s = decline_all(run(s, f"play {handle(s, 0, 'echo')}"))
    assert legal_texts(s, 0) == ["choose choice=1", "choose choice=2"]
    s = run(s, "choose choice=1")
    assert s.players[1].field == {} and decision(s).kind == "play"


def test_echo_copy_of_a_fate_card_lets_the_enemy_pick_again() -> None:
    """Supernova (Fate): for the copy too, the enemy picks a bullet, then Echo's controller
    declares its target."""
    s = position({"hand": ["supernova", "echo"], "concentrations": ["spark"] * 5}, {"hand": ["jab"] * 4})
    s = run(s, f"play {handle(s, 0, 'supernova')} target=- target=-", "choose 1", "choose target=p2")
    s = decline_all(s)
    assert ailment_count(s, 1, BURN) == 4
    s = decline_all(run(s, f"play {handle(s, 0, 'echo')}"))
    assert decision(s).player == 1 and decision(s).kind == "fate"
    assert legal_texts(s, 1) == ["choose 1", "choose 2"]
    s = run(s, "choose 2")
    assert decision(s).player == 0 and decision(s).kind == "targets"
    s = run(s, "choose target=p2")
    assert decision(s).player == 1 and decision(s).kind == "discard"  # 3 cards of p2's choice
    for _ in range(3):
        s = run(s, legal_texts(s, 1)[0])
    assert len(s.players[1].hand) == 1 and ailment_count(s, 1, BURN) == 4
    assert decision(s).player == 0 and decision(s).kind == "play"


def test_echo_copies_a_defense_runespell_sling() -> None:
    """Hex is slung with its Sling ability; Echo copies that ability (apply 2 Curse)."""
    s = position({"hand": ["echo"], "concentrations": ["spark"] * 2, "field": [{"card": "hex", "played_turn": 2}]}, {})
    s = decline_all(run(s, f"sling {handle(s, 0, 'hex', 'field')} target=p2"))
    assert ailment_count(s, 1, CURSE) == 2
    s = decline_all(run(s, f"play {handle(s, 0, 'echo')}"))
    s = run(s, "choose target=p2")
    assert ailment_count(s, 1, CURSE) == 4


def test_echo_record_lasts_this_turn_only_and_only_for_echo_owners() -> None:
    """The record of the last utility runespell ends with the turn (next turn Echo has nothing to
    copy); a player who owns no Echo gets no record, so games without Echo keep their states."""
    s = position({"hand": ["brand", "echo"], "concentrations": ["spark"] * 4}, {})
    s = decline_all(run(s, f"play {handle(s, 0, 'brand')} target=p2"))
    assert [m[0] for m in s.players[0].mods] == ["slung_utility"]
    s = run(s, "end", "continue", "end", "continue")
    assert s.players[0].mods == [] and decision(s).player == 0 and decision(s).kind == "play"
    s = decline_all(run(s, f"play {handle(s, 0, 'echo')}"))
    assert decision(s).kind == "play" and ailment_count(s, 0, BURN) == 0 and ailment_count(s, 1, BURN) == 2

    s = position({"hand": ["brand"], "concentrations": ["spark"]}, {})
    s = decline_all(run(s, f"play {handle(s, 0, 'brand')} target=p2"))
    assert s.players[0].mods == []


# --- Mirror Ward ------------------------------------------------------------------------------


def test_mirror_ward_answering_a_spirit_runespell_turns_it_on_its_controller() -> None:
    """Mirror Ward answers Fireball (a Shout answer is a rung above it): when Fireball's rung
    resolves, its target is its own controller (8 damage to p1, no block: it is p1's own damage)."""
    s = position(
        {"hand": ["fireball"], "concentrations": ["spark"] * 3},
        {**BRANNOC, "hand": ["mirror-ward", "jab"], "concentrations": ["spark"] * 3},
    )
    s = run(s, f"play {handle(s, 0, 'fireball')} target=p2")
    s = run(s, f"play {handle(s, 1, 'mirror-ward')}")
    s, events = apply(s, "pass")
    assert {"e": "redirected", "card": int(handle(s, 0, "fireball", "field")[1:])} in events
    assert s.players[0].health == 12 and s.players[1].health == 20
    assert decision(s).player == 0 and decision(s).kind == "play"
    assert _records(s, 0, "mirror_ward") == []


def test_mirror_ward_redirects_a_card_target_too() -> None:
    """A redirected Fireball aimed at a defense card hits its controller instead."""
    s = position(
        {"hand": ["fireball"], "concentrations": ["spark"] * 3},
        {
            **BRANNOC,
            "hand": ["mirror-ward"],
            "concentrations": ["spark"] * 3,
            "field": [{"card": "tower-shield", "on": "utility"}],
        },
    )
    s = run(s, f"play {handle(s, 0, 'fireball')} target={handle(s, 1, 'tower-shield', 'field')}")
    s = run(s, f"play {handle(s, 1, 'mirror-ward')}", "pass")
    assert s.players[0].health == 12 and sorted(ids(s, list(s.players[1].field))) == ["mirror-ward", "tower-shield"]
    assert s.players[1].field[int(handle(s, 1, "tower-shield", "field")[1:])][3] == 0


def test_mirror_ward_waits_for_the_next_spirit_runespell_this_turn() -> None:
    """Mirror Ward answers Jab (an attack runespell): Jab hits as declared; the next spirit
    runespell p1 slings this turn is redirected (the ladder shows it), the one after is not."""
    s = position(
        {"hand": ["jab", "spark", "spark"], "concentrations": ["spark"] * 3},
        {**BRANNOC, "hand": ["mirror-ward"], "concentrations": ["spark"] * 3, "blocked": True},
    )
    s = run(s, f"play {handle(s, 0, 'jab')} target=p2", f"play {handle(s, 1, 'mirror-ward')}", "pass")
    assert s.players[1].health == 18 and len(_records(s, 0, "mirror_ward")) == 1
    s = run(s, f"play {handle(s, 0, 'spark')} target=p2")
    assert view(s, 1)["ladder"][0]["redirected"] is True and _records(s, 0, "mirror_ward") == []
    s = decline_all(s)
    assert s.players[0].health == 16 and s.players[1].health == 18
    s = run(s, f"play {handle(s, 0, 'spark')} target=p2")
    assert "redirected" not in view(s, 1)["ladder"][0]
    s = decline_all(s)
    assert s.players[0].health == 16 and s.players[1].health == 14


def test_mirror_ward_redirects_a_defense_runespell_sling() -> None:
    """Lava Stream's Sling is a spirit runespell being slung: a waiting Mirror Ward redirects it."""
    s = position(
        {"hand": ["jab"], "concentrations": ["spark"], "field": [{"card": "lava-stream", "played_turn": 2}]},
        {**BRANNOC, "hand": ["mirror-ward"], "concentrations": ["spark"] * 3, "blocked": True},
    )
    s = run(s, f"play {handle(s, 0, 'jab')} target=p2", f"play {handle(s, 1, 'mirror-ward')}", "pass")
    s = decline_all(run(s, f"sling {handle(s, 0, 'lava-stream', 'field')} target=p2"))
    assert s.players[0].health == 16 and s.players[1].health == 18


def test_mirror_ward_expires_at_the_end_of_the_turn() -> None:
    """Unused by the end of the turn, the Mirror Ward is gone: next turn Spark hits p2."""
    s = position(
        {"hand": ["jab", "spark"], "concentrations": ["spark"] * 3},
        {**BRANNOC, "hand": ["mirror-ward"], "concentrations": ["spark"] * 3, "blocked": True},
    )
    s = run(s, f"play {handle(s, 0, 'jab')} target=p2", f"play {handle(s, 1, 'mirror-ward')}", "pass")
    assert len(_records(s, 0, "mirror_ward")) == 1
    s = run(s, "end")
    assert _records(s, 0, "mirror_ward") == []
    s = run(s, "continue", "end", "continue")
    s = decline_all(run(s, f"play {handle(s, 0, 'spark')} target=p2"))
    assert s.players[0].health == 20 and s.players[1].health == 14
