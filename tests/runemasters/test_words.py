"""The game in words: every legal action has a label, the log says what happened, hidden cards never appear."""

from __future__ import annotations

from gameplay.matches.protocol import move_entry, view_words
from gameplay.runemasters import game
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
