"""The game in words: every legal action has a label, the log says what happened, hidden cards never appear."""

from __future__ import annotations

from gameplay.matches.protocol import move_entry, view_words
from gameplay.runemasters import game
from gameplay.runemasters import words as wording
from gameplay.runemasters.data import load
from gameplay.runemasters.state import State
from tests.runemasters.helpers import play, scenario

NAMES = ["Ann", "Bo", "Cy", "Di"]


class Engine:
    """The Runemasters calls as the hosting layer reaches them (through ``move_entry``, ``view_words``)."""

    describe_move = staticmethod(game.describe_move)
    words = staticmethod(game.words)


def test_every_legal_action_has_a_label_and_a_choice() -> None:
    state = scenario(monsters={("red", 1): "red-troll"}, dice=["red", "red", "white", "purple"])
    state.guardians[0]["ult"] = 4
    shown = view_words(Engine(), state, 0, NAMES)  # type: ignore[arg-type]
    legal = game.legal_actions(state, 0)
    assert set(shown["labels"]) == set(legal) and len(shown["choices"]) == len(legal)
    assert shown["labels"]["strike 0"] == "strike the red troll's red weak point"
    assert shown["labels"]["ultimate"] == "Elemental Tempest"
    assert shown["prompt"].startswith("Neltai")


def test_a_spectator_is_told_who_is_awaited() -> None:
    shown = game.words(scenario(active=2), None, NAMES)
    assert shown == {"prompt": "Waiting for Kulak", "labels": {}, "choices": []}


def test_a_kill_and_a_fall_are_told_in_the_log() -> None:
    before = scenario(monsters={("red", 1): "red-wolf"}, dice=["red", "blue"])
    middle = play(before, "strike 0")
    after = play(middle, "strike 1")
    entry = move_entry(Engine(), middle, "strike 1", after, NAMES, 0)  # type: ignore[arg-type]
    assert entry == {
        "seat": "p1",
        "text": "Neltai: strike the red wolf's blue weak point. The red wolf is gone.",
        "cards": [],
    }


def test_a_whole_game_is_told_in_names_never_in_card_ids() -> None:
    state: State = game.new_game({"guardians": ["neltai", "kulak", "kyreas", "ismoros"]}, seed=8)
    ids = set(load().monsters) | {"dawn"}
    while (decision := game.pending(state)) is not None:
        action = game.bot_action(state, decision.seat, "greedy", 8)
        after, _ = game.apply(state, action)
        text = game.describe_move(state, action, after, NAMES)["text"]
        assert text.split(":")[0] in ("Neltai", "Kulak", "Kyreas", "Ismoros")
        assert not any(card in text for card in ids), text
        state = after
    assert game.words(state, 0, NAMES)["prompt"] == state.reason


def test_the_view_names_what_the_board_draws_in_words() -> None:
    state = scenario(monsters={("red", 1): "red-dragon", ("blue", 3): "blue-shadow"}, event="mana-drain")
    shown = game.view(state, 0)
    assert shown["event_card"] == {
        "name": "Mana Drain",
        "kind": "negative",
        "text": "A reroll costs 2 MP a die instead of 1.",
    }
    dragon = shown["paths"]["red"]["spaces"][0]
    assert dragon["name"] == "Red dragon"
    assert "Heals its injuries" in dragon["rule"] and "cannot be blocked" in dragon["rule"]
    assert shown["paths"]["blue"]["spaces"][2]["rule"] == "Enters on space 2."
    kulak = shown["guardians"][2]
    assert (kulak["name"], kulak["ability"], kulak["ultimate"]) == ("Kulak", "Healing Prayer", "Second Breath")


def test_every_event_and_monster_type_has_words() -> None:
    data = load()
    assert set(wording.EVENT_TEXTS) == set(data.events)
    assert all(wording.type_rule(kind, data) for kind in data.types)


def test_a_lost_game_says_which_monster_broke_through_on_which_path_to_the_temple() -> None:
    """Rulebook 003: the temple falls at 0 health; the reason names what did it, and where (issue 28)."""
    before = scenario(["kyreas", "ismoros"], monsters={("blue", 1): "blue-troll"}, dice=["red"])
    before.guardians[0]["path"], before.guardians[1]["path"] = "red", "green"  # nobody guards blue
    before.temple_hp = 1
    after, _ = game.apply(before, "end")
    assert after.outcome == "lost"
    assert after.reason == "The temple collapsed: the blue troll struck it from the blue path, where no guardian stood"
    entry = game.describe_move(before, "end", after, NAMES)
    assert after.reason in entry["text"]  # the log says it too
    assert game.words(after, 0, NAMES)["prompt"] == after.reason


def test_a_lost_game_says_which_monster_felled_the_last_guardian_and_on_which_path() -> None:
    before = scenario(["kyreas", "ismoros"], monsters={("red", 1): "red-troll"}, dice=["blue"])
    before.guardians[0].update(path="red", hp=1)
    before.guardians[1].update(alive=False, path=None, hp=0)
    after, _ = game.apply(before, "end")
    assert after.reason == "The last guardian fell: Kyreas fell to the red troll on the red path"
    assert after.reason in game.describe_move(before, "end", after, NAMES)["text"]


def test_a_lost_game_names_an_archers_arrow_and_poison() -> None:
    before = scenario(["kyreas", "ismoros"], monsters={("green", 3): "green-archer"}, dice=["blue"])
    before.guardians[0]["path"], before.guardians[1]["path"] = "red", "blue"
    before.temple_hp = 1
    after, _ = game.apply(before, "end")
    assert (
        after.reason
        == "The temple collapsed: an arrow of the green archer struck it from the green path, where no guardian stood"
    )
    poisoned = scenario(["kyreas", "ismoros"], dice=["blue"], active=1)
    poisoned.guardians[0].update(alive=False, path=None, hp=0)
    poisoned.guardians[1].update(hp=1, poisoned=True)
    poisoned.order_index = len(poisoned.guardians) - 1  # the round's last turn: poison comes at its end
    after = play(poisoned, "end")
    assert after.reason == "The last guardian fell: Ismoros died of Poison, this round's event"
