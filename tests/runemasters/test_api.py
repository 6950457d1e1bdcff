"""The engine's calls have the hosting protocol's names and shapes; views hide the decks."""

from __future__ import annotations

import json

import pytest

from gameplay.matches.protocol import Decision, IllegalMove, SetupError
from gameplay.runemasters import game
from tests.runemasters.helpers import scenario

SETUP = {"guardians": ["neltai", "ismoros", "kulak", "kyreas"], "difficulty": "novice"}


def test_the_engine_has_every_call_of_the_protocol() -> None:
    for call in ("version", "new_game", "pending", "legal_actions", "apply", "window_action", "view", "result"):
        assert callable(getattr(game, call))
    for call in ("turn", "to_json", "from_json", "state_hash", "bot_action"):
        assert callable(getattr(game, call))


def test_a_new_game_waits_on_the_sages_turn() -> None:
    """003 "Decide who will be the first player. This player receives the Sage marker" and 003 "each guardian that
    is still alive takes a turn, starting with the Sage": the game waits on the Sage's seat."""
    state = game.new_game({**SETUP, "sage": 2}, seed=4)
    decision = game.pending(state)
    assert isinstance(decision, Decision) and decision.seat == 2 and decision.kind in ("actions", "angel")
    assert game.legal_actions(state, 0) == [] and game.turn(state) in (0, 1)


def test_apply_leaves_the_state_alone_and_gives_canonical_text() -> None:
    state = scenario(dice=["red"])
    before = game.state_hash(state)
    after, text = game.apply(state, {"action": "  charge   0 "})
    assert text == "charge 0" and game.state_hash(state) == before and after.guardians[0]["ult"] == 2


@pytest.mark.parametrize("action", ["", "strike 9", "fly away", "angel 0", "move 0 purple"])
def test_an_illegal_action_is_refused_with_a_reason(action: str) -> None:
    with pytest.raises(IllegalMove, match="not allowed"):
        game.apply(scenario(dice=["red"]), action)


def test_a_finished_game_takes_no_action() -> None:
    state = scenario(deck=["dawn"])
    state, _ = game.apply(state, "end")
    assert game.pending(state) is None
    with pytest.raises(IllegalMove, match="over"):
        game.apply(state, "end")


def test_json_round_trip_keeps_the_hash() -> None:
    state = game.new_game(SETUP, seed=9)
    again = game.from_json(game.to_json(state))
    assert again == state and game.state_hash(again) == game.state_hash(state)


def test_the_view_never_shows_the_decks_order_nor_the_rng() -> None:
    state = game.new_game(SETUP, seed=11)
    for seat in (None, 0, 3):
        shown = game.view(state, seat)
        text = json.dumps(shown)
        assert shown["monster_deck"] == len(state.monster_deck) and shown["event_deck"] == len(state.event_deck)
        for card in set(state.monster_deck + state.removed) - {"dawn"}:
            assert f'"{card}"' not in text, f"{card} (hidden) is in the view"
        for event in set(state.event_deck) - set(state.event_discard):
            assert f'"{event}"' not in text
        assert "rng" not in shown


def test_the_view_names_the_viewer_and_their_actions() -> None:
    state = game.new_game(SETUP, seed=11)
    seat = game.pending(state).seat  # type: ignore[union-attr]
    mine, public = game.view(state, seat), game.view(state, None)
    assert mine["you"] == f"p{seat + 1}" and mine["legal"] == game.legal_actions(state, seat)
    assert public["you"] is None and public["legal"] == [] and public["pending"]["seat"] == seat


def test_the_same_seed_gives_the_same_game_and_another_seed_another() -> None:
    one, two, three = (game.new_game(SETUP, seed=s) for s in (5, 5, 6))
    assert game.state_hash(one) == game.state_hash(two) != game.state_hash(three)


def test_a_recorded_game_of_another_version_is_refused() -> None:
    with pytest.raises(SetupError):
        game.new_game(SETUP, seed=1, version="0+abc")
    assert game.new_game(SETUP, seed=1, version=game.version())


def test_bots_choose_legal_actions_and_unknown_bots_are_refused() -> None:
    state = game.new_game(SETUP, seed=2)
    seat = game.pending(state).seat  # type: ignore[union-attr]
    for bot in ("greedy", "random"):
        assert game.bot_action(state, seat, bot, 1) in game.legal_actions(state, seat)
    with pytest.raises(IllegalMove):
        game.bot_action(state, seat, "clever", 1)
    assert game.window_action(seat) == "end"
