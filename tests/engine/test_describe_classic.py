"""The game in words under the Classic rules (rulebook 000): random Classic games have a clean public
sentence for every move and event, Classic's own moves (its abilities, trinket activations, passes
that end the turn, Cleanup discards) among them, and no Classic ability's id in any text."""

from __future__ import annotations

import re

import pytest

from gameplay.runeslingers.engine import State, apply, new_game, pending
from gameplay.runeslingers.engine import describe as words
from gameplay.runeslingers.engine.bots import RandomAgent
from gameplay.runeslingers.engine.compiled import default_compiled as bound_compiled
from gameplay.runeslingers.engine.core import kind_of
from tests.engine.helpers import classic_position, handle, run
from tests.engine.test_describe import NAMES, _card_names_in, _open_names, assert_clean

DISCARD = re.compile(r"discard=c(\d+)")
CLASSIC_STARTERS = ["eva-classic-starter", "romin-classic-starter", "brannoc-classic-starter", "vesna-classic-starter"]


def classic_game(seed: int) -> State:
    a, b = CLASSIC_STARTERS[seed % 4], CLASSIC_STARTERS[(seed // 4 + seed + 1) % 4]
    return new_game({"rules": "classic", "players": [{"starter": a}, {"starter": b}]}, seed)


def ability_ids() -> set[str]:
    classic = bound_compiled().classic
    assert classic is not None
    return set(classic.abilities)


def discarded_to_block(state: State, action: str) -> set[str]:
    """A Classic block discards a card face up (000): its name is public, even when the same move
    then shuffles the discard pile into a new deck."""
    found = DISCARD.search(action) if action.startswith("block") else None
    return {kind_of(state, int(found[1])).card.name} if found else set()


def play_in_words(seed: int, all_names: set[str]) -> tuple[set[str], list[str]]:
    """Every prompt, label and log sentence of one random Classic game is clean; returns the action,
    event and decision kinds met and the log sentences."""
    state, agent = classic_game(seed), RandomAgent(seed)
    kinds: set[str] = set()
    log: list[str] = []
    while (pend := pending(state)) is not None and len(log) < 3000:
        for viewer in (0, 1, None):
            assert_clean(words.prompt(state, viewer, NAMES))
        for label in words.labels(state, pend.player, NAMES).values():
            assert_clean(label)
            assert not any(a in label for a in ability_ids()), label
        act = agent.act(state, pend.player)
        after, events = apply(state, act)
        entry = words.describe_move(state, act, events, after, NAMES)
        assert_clean(entry["text"])
        assert not any(a in entry["text"] for a in ability_ids()), entry["text"]
        leaked = _card_names_in(entry["text"], all_names) - _open_names(state) - _open_names(after)
        leaked -= {words.kind_name(e.get("kind")) for e in events} | discarded_to_block(state, act.to_text())
        assert not leaked, (seed, act.to_text(), entry["text"], leaked)
        kinds |= {act.kind, f"d:{pend.kind}", *(f"e:{e['e']}" for e in events)}
        log.append(entry["text"])
        state = after
    return kinds, log


@pytest.mark.slow  # long: run by `make test` and CI, not by `make test-fast`
def test_random_classic_games_have_clean_public_sentences_for_every_classic_move() -> None:
    catalog = bound_compiled().catalog
    all_names = {c.name for c in catalog.cards.values()}
    seen: set[str] = set()
    log: list[str] = []
    for seed in range(24):
        kinds, sentences = play_in_words(seed, all_names)
        seen |= kinds
        log += sentences
    moves = {"play", "pass", "activate", "block", "d:answer", "d:charge", "e:damage", "e:ailment", "e:leaves"}
    assert moves <= seen, seen
    assert "light" not in seen  # Classic has no light
    assert any("Engulf" in s or "Fury" in s or "Unyielding" in s or "Malediction" in s for s in log)
    assert any("goes to the discard pile" in s for s in log)  # Cleanup's discards, among others


def test_the_charge_decision_in_words() -> None:
    """000 "When you play this card choose either to sling or charge it"."""
    s = classic_position({"hand": ["lava-stream"], "concentrations": ["hex"]}, {})
    s = run(s, f"play {handle(s, 0, 'lava-stream')}")
    lava = handle(s, 0, "lava-stream", "field")
    assert words.prompt(s, 0, NAMES) == "Charge Lava Stream, or sling it now"
    assert words.prompt(s, 1, NAMES) == "Eva is choosing whether to charge or sling a runespell"
    labels = words.labels(s, 0, NAMES)
    assert labels[f"charge {lava}"] == "Charge Lava Stream (+1 token)"
    assert labels[f"sling {lava} target=p2"] == "Sling Lava Stream at Romin"


def test_an_answer_window_after_the_enemy_passed_over_your_answer_in_words() -> None:
    """000 "Players can each take turns adding answers to the ladder until no one can add to it
    further": asked again after Eva passed over Bounce, Romin may add another answer."""
    s = classic_position(
        {"hand": ["fireball"], "concentrations": ["hex"], "field": ["dragon-breaker"]},
        {"hand": ["bounce", "iron-wall"], "concentrations": ["hex"] * 2},
    )
    s = run(s, f"play {handle(s, 0, 'fireball')} target=p2")
    assert words.prompt(s, 1, NAMES) == "Answer Fireball with a Shout, or pass"
    s = run(s, f"play {handle(s, 1, 'bounce')} target={handle(s, 0, 'dragon-breaker', 'field')}", "pass")
    assert words.prompt(s, 1, NAMES) == "Add another answer to the ladder, or pass"
    assert words.prompt(s, 0, NAMES) == "Romin may answer with a Shout"
