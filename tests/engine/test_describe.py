"""The game in words (gameplay/runeslingers/engine/describe.py): a sentence for every action kind, event kind and
decision kind, labels for legal actions, and no hidden card, handle, seat code or slug in any text."""

from __future__ import annotations

import re
from typing import Any

import pytest

from gameplay.runeslingers.engine import State, apply, legal_actions, new_game, pending, scenario
from gameplay.runeslingers.engine import describe as words
from gameplay.runeslingers.engine.actions import KINDS
from gameplay.runeslingers.engine.bots import RandomAgent
from gameplay.runeslingers.engine.core import block_value, bound_compiled, kind_of
from gameplay.runeslingers.engine.state import C_HANDLE
from tests.engine.helpers import conc, decline_all, handle, position, run

NAMES = ("Eva", "Romin")
STARTERS = ["eva-starter", "romin-starter", "brannoc-starter", "vesna-starter"]
HANDLE = re.compile(r"\bc\d+\b")
SEAT = re.compile(r"\bp[12]\b")
BRANNOC_SIDE = {"runeslinger": "brannoc", "equips": ["stone-vigil", "shield-up"]}
DECISION_KINDS = {"setup", "play", "draw", "answer", "block", "discard", "fate", "targets", "order"}
DECISION_KINDS |= {"remove", "unique", "return", "copy", "charge"}


def slugs() -> set[str]:
    catalog = bound_compiled().catalog
    ids = {*catalog.cards, *catalog.runeslingers, *catalog.equips}
    return {i for i in ids if "-" in i or "_" in i}


def assert_clean(text: str) -> None:
    assert text, "an empty sentence"
    assert not HANDLE.search(text), text
    assert not SEAT.search(text), text
    found = [s for s in slugs() if re.search(rf"(?<![\w-]){re.escape(s)}(?![\w-])", text)]
    assert not found, (text, found)


def step(state: State, text: str) -> tuple[State, dict[str, Any]]:
    after, events = apply(state, text)
    entry = words.describe_move(state, text, events, after, NAMES)
    assert_clean(entry["text"])
    return after, entry


def test_every_action_kind_has_a_phrase() -> None:
    assert set(words.PHRASES) == set(KINDS)


def test_every_decision_kind_has_a_prompt_and_an_awaited_sentence() -> None:
    assert set(words._AWAITED) == DECISION_KINDS


# --- actions -----------------------------------------------------------------------------------


def test_set_names_the_card_to_its_owner_only() -> None:
    s = position({"hand": ["fireball"], "concentrations": ["spark"]}, {})
    fire = handle(s, 0, "fireball")
    assert words.labels(s, 0, NAMES)[f"set {fire}"] == "Set Fireball as a concentration"
    s, entry = step(s, f"set {fire}")
    assert entry == {"seat": "p1", "text": "Eva sets a concentration", "cards": [fire]}


def test_light_keeps_the_concentration_hidden() -> None:
    s = position({"concentrations": ["fireball"]}, {})
    c = conc(s, 0)
    assert words.labels(s, 0, NAMES)[f"light {c}"] == "Use the concentration Fireball for 1 light"
    _s, entry = step(s, f"light {c}")
    assert entry["text"] == "Eva uses a concentration for 1 light" and "Fireball" not in entry["text"]


def test_play_slings_answer_block_and_damage() -> None:
    """Eva slings Fireball at Romin: the answer window, the block and the damage in words."""
    s = position(
        {"hand": ["fireball"], "concentrations": ["spark"] * 3},
        {**BRANNOC_SIDE, "hand": ["jab", "jab"], "concentrations": ["spark"] * 3},
    )
    fire = handle(s, 0, "fireball")
    assert words.labels(s, 0, NAMES)[f"play {fire} target=p2"] == "Sling Fireball at Romin"
    s, entry = step(s, f"play {fire} target=p2")
    assert entry["text"] == "Eva slings Fireball at Romin" and entry["cards"] == [fire]
    assert words.prompt(s, 1, NAMES) == "Answer Fireball with a Shout, or pass"
    assert words.prompt(s, 0, NAMES) == "Romin may answer with a Shout"
    assert words.labels(s, 1, NAMES)["pass"] == "Pass (no answer)"
    s, entry = step(s, "pass")
    assert entry["text"] == "Romin does not answer"
    assert pending(s).kind == "block"  # type: ignore[union-attr]
    assert words.prompt(s, 1, NAMES) == "Block the damage to you by discarding a card, or pass"
    assert words.prompt(s, 0, NAMES) == "Romin is choosing whether to block"
    jab = handle(s, 1, "jab")
    block = f"block discard={jab}"
    value = block_value(s, 1)
    assert words.labels(s, 1, NAMES)[block] == f"Block {value} by discarding Jab"
    s, entry = step(s, block)
    assert entry["text"].startswith(f"Romin blocks {value} by discarding Jab: Romin takes ")
    assert entry["text"].endswith(" damage")


def test_a_defense_card_is_played_not_slung() -> None:
    s = position({"hand": ["tower-shield"], "concentrations": ["spark"] * 3}, {})
    shield = handle(s, 0, "tower-shield")
    action = f"play {shield}"
    _s, entry = step(s, action)
    assert entry["text"] == "Eva plays Tower Shield"


def test_activate_names_the_inherent_ability_and_the_equip() -> None:
    s = position({"concentrations": ["spark"] * 3}, {})
    texts = words.labels(s, 0, NAMES)
    assert texts["activate inherent target=p2"] == "Activate Breathe Fire at Romin"
    _s, entry = step(s, "activate inherent target=p2")
    assert entry["text"].startswith("Eva activates Breathe Fire at Romin")


def test_end_continue_and_pass_draw() -> None:
    s = new_game({"players": [{"starter": "eva-starter"}, {"starter": "romin-starter"}]}, 0)
    assert words.prompt(s, 0, NAMES) == "Choose a card from your hand to set as a concentration"
    assert words.prompt(s, 1, NAMES) == "Eva is choosing a concentration to set"
    s = run(s, legal_actions(s, 0)[0].to_text())
    s = run(s, legal_actions(s, 1)[0].to_text())
    assert pending(s).kind == "draw"  # type: ignore[union-attr]
    assert words.prompt(s, 0, NAMES) == "Go on to the Play Phase, or skip it to draw or return a concentration"
    assert words.prompt(s, 1, NAMES) == "Eva is choosing whether to go on to the Play Phase"
    labels = words.labels(s, 0, NAMES)
    assert labels["continue"] == "Go on to the Play Phase" and labels["pass draw"] == "Skip the Play Phase and draw"
    returns = [t for t in labels if t.startswith("pass return=")]
    assert returns and labels[returns[0]].startswith("Skip the Play Phase and return the concentration ")
    _s, entry = step(s, returns[0])
    assert entry["text"].startswith("Eva skips the Play Phase and returns a concentration to hand")
    _s, entry = step(s, "pass draw")
    assert entry["text"].startswith("Eva skips the Play Phase and draws")
    s, entry = step(s, "continue")
    assert entry["text"] == "Eva goes on to the Play Phase"
    assert words.prompt(s, 0, NAMES) == "Your Play Phase: play cards, or end the phase"
    assert words.prompt(s, 1, NAMES) == "Eva is playing their Play Phase"
    _s, entry = step(s, "end")
    assert entry["text"].startswith("Eva ends the Play Phase")


def test_remove_counts_the_ailments() -> None:
    s = position(
        {
            "hand": ["purify"],
            "concentrations": ["spark"],
            "ailments": [{"type": "burn", "count": 2}, {"type": "curse", "count": 2}],
        },
        {},
    )
    s = run(s, f"play {handle(s, 0, 'purify')}", "pass")
    assert words.prompt(s, 0, NAMES) == "Choose 3 ailments to remove"
    assert words.prompt(s, 1, NAMES) == "Eva is choosing ailments to remove"
    assert words.labels(s, 0, NAMES) == {
        "remove ailment=burn ailment=burn ailment=curse": "Remove Burn ×2 and Curse",
        "remove ailment=burn ailment=curse ailment=curse": "Remove Burn and Curse ×2",
    }
    assert {c["group"] for c in words.choices(s, 0, NAMES)} == {"Remove ailments"}
    _s, entry = step(s, "remove ailment=burn ailment=burn ailment=curse")
    assert entry["text"] == "Eva removes Burn ×2 and Curse"


def test_unique_ailments_choice() -> None:
    s = position(
        {"hand": ["plague"], "concentrations": ["spark"] * 3},
        {
            "ailments": [
                {"type": "curse", "count": 1, "boon": "aegis"},
                {"type": "fragment", "count": 1, "boon": "sanctuary"},
            ]
        },
    )
    s = run(s, f"play {handle(s, 0, 'plague')} target=p2", "pass")
    assert words.prompt(s, 0, NAMES) == "Choose 2 different ailments for Romin"
    assert words.prompt(s, 1, NAMES) == "Eva is choosing ailments"
    assert words.labels(s, 0, NAMES)["choose ailment=burn ailment=weaken"] == "Give Romin Burn and Weaken"
    s, entry = step(s, "choose ailment=burn ailment=weaken")
    assert entry["text"].startswith("Eva gives Romin Burn and Weaken")
    assert pending(s).kind == "order"  # type: ignore[union-attr]
    assert words.prompt(s, 0, NAMES) == "Choose which effect resolves first"
    assert words.prompt(s, 1, NAMES) == "Eva is choosing the order of effects"
    assert set(words.labels(s, 0, NAMES).values()) == {"Resolve Burn first", "Resolve Weaken first"}
    _s, entry = step(s, "choose 2")
    assert entry["text"].startswith("Eva resolves Weaken first: Romin gets Weaken")


def test_fate_targets_copy_and_discard() -> None:
    """Supernova (Fate) copied by Echo: the enemy picks, the controller aims, the enemy discards."""
    s = position({"hand": ["supernova", "echo"], "concentrations": ["spark"] * 5}, {"hand": ["jab"] * 4})
    s, entry = step(s, f"play {handle(s, 0, 'supernova')} target=- target=-")
    assert entry["text"] == "Eva slings Supernova"
    assert words.prompt(s, 1, NAMES) == "Choose which option of Supernova Eva gets"
    assert words.prompt(s, 0, NAMES) == "Romin is choosing an option for their opponent's card"
    assert words.labels(s, 1, NAMES) == {
        "choose 1": "Choose option 1 of Supernova",
        "choose 2": "Choose option 2 of Supernova",
    }
    s, entry = step(s, "choose 1")
    assert entry["text"] == "Romin chooses option 1 of Supernova"
    assert words.prompt(s, 0, NAMES) == "Choose the targets of Supernova"
    assert words.prompt(s, 1, NAMES) == "Eva is choosing targets"
    assert words.labels(s, 0, NAMES)["choose target=p2"] == "Aim Supernova at Romin"
    s, entry = step(s, "choose target=p2")
    assert entry["text"].startswith("Eva aims Supernova at Romin")
    s = decline_all(s)
    s = decline_all(run(s, f"play {handle(s, 0, 'echo')}"))
    s = run(s, "choose 2", "choose target=p2")
    assert pending(s).kind == "discard"  # type: ignore[union-attr]
    assert words.prompt(s, 1, NAMES) == "Choose 3 cards to discard"
    assert words.prompt(s, 0, NAMES) == "Romin is choosing cards to discard"
    jab = handle(s, 1, "jab")
    assert words.labels(s, 1, NAMES)[f"discard {jab}"] == "Discard Jab"
    _s, entry = step(s, f"discard {jab}")
    assert entry["text"] == "Romin discards Jab" and entry["cards"] == [jab]


def test_copy_decision_and_copy_events() -> None:
    s = position({"hand": ["brand", "echo"], "concentrations": ["spark"] * 4}, {})
    s = decline_all(run(s, f"play {handle(s, 0, 'brand')} target=p2"))
    s = decline_all(run(s, f"play {handle(s, 0, 'echo')}"))
    assert words.prompt(s, 0, NAMES) == "Choose how to copy Brand"
    assert words.prompt(s, 1, NAMES) == "Eva is choosing how to copy a runespell"
    assert words.labels(s, 0, NAMES)["choose target=p1"] == "Copy Brand at Eva"
    _s, entry = step(s, "choose target=p1")
    assert entry["text"] == "Eva copies Brand at Eva: Eva gets Burn ×2; Eva loses 4 health"


def test_echo_with_nothing_to_copy() -> None:
    s = position({"hand": ["spark", "echo"], "concentrations": ["spark"] * 3}, {"blocked": True})
    s = decline_all(run(s, f"play {handle(s, 0, 'spark')} target=p2"))
    s = run(s, f"play {handle(s, 0, 'echo')}")
    _s, entry = step(s, "pass")
    assert entry["text"] == "Romin does not answer: Eva has nothing to copy"


def test_return_from_discard() -> None:
    s = position(
        {"hand": ["renewal"], "concentrations": ["spark"] * 3, "discard": ["jab", "fireball", "fireball", "aegis"]}, {}
    )
    s = run(s, f"play {handle(s, 0, 'renewal')}", "pass")
    assert words.prompt(s, 0, NAMES) == "Choose 2 cards to return from your discard pile"
    assert words.prompt(s, 1, NAMES) == "Eva is choosing cards to return from the discard pile"
    jab, fire = handle(s, 0, "jab", "discard"), handle(s, 0, "fireball", "discard")
    assert (
        words.labels(s, 0, NAMES)[f"choose target={jab} target={fire}"]
        == "Return Jab and Fireball from the discard pile"
    )
    _s, entry = step(s, f"choose target={jab} target={fire}")
    assert entry["text"] == "Eva returns Jab and Fireball from the discard pile"
    assert entry["cards"] == []  # both went to a hand: their handles are gone


def test_redirected_event() -> None:
    s = position(
        {"hand": ["fireball"], "concentrations": ["spark"] * 3},
        {**BRANNOC_SIDE, "hand": ["mirror-ward", "jab"], "concentrations": ["spark"] * 3},
    )
    s = run(s, f"play {handle(s, 0, 'fireball')} target=p2")
    s, entry = step(s, f"play {handle(s, 1, 'mirror-ward')}")
    assert entry["text"] == "Romin slings Mirror Ward in answer"
    _s, entry = step(s, "pass")
    assert "Fireball turns back on its own slinger" in entry["text"] and "Eva takes 8 damage" in entry["text"]


@pytest.mark.slow  # long: run by `make test` and CI, not by `make test-fast`
@pytest.mark.parametrize("kind", ["use", "sling", "charge"])
def test_field_actions_found_in_random_games(kind: str) -> None:
    """Use, Sling and Charge (defense cards in play), taken from seeded random games."""
    verbs = {"use": "uses", "sling": "slings", "charge": "charges"}
    for seed in range(200):
        s = _starter_game(seed)
        agent = RandomAgent(seed)
        while (pend := pending(s)) is not None:
            act = agent.act(s, pend.player)
            if act.kind == kind:
                name = kind_of(s, int(str(act.subject)[1:])).card.name
                assert words.action_label(s, pend.player, act, NAMES).startswith(f"{kind.capitalize()} {name}")
                _after, entry = step(s, act.to_text())
                assert entry["text"].startswith(f"{NAMES[pend.player]} {verbs[kind]} {name}")
                return
            s, _ = apply(s, act)
    pytest.fail(f"no {kind} action in 200 random games")


def test_public_prompt_and_no_labels_for_a_spectator() -> None:
    s = position({"hand": ["fireball"], "concentrations": ["spark"] * 3}, {})
    assert words.prompt(s, None, NAMES) == "Eva is playing their Play Phase"
    assert words.labels(s, None, NAMES) == {} and words.choices(s, None, NAMES) == []
    assert words.labels(s, 1, NAMES) == {}


def test_choices_carry_subject_targets_and_group() -> None:
    s = position({"hand": ["fireball"], "concentrations": ["spark"] * 3}, {})
    fire = handle(s, 0, "fireball")
    found = {c["action"]: c for c in words.choices(s, 0, NAMES)}
    sling = found[f"play {fire} target=p2"]
    assert sling["subject"] == fire and sling["targets"] == ["p2"]
    assert sling["group"] == "Sling Fireball" and sling["label"] == "Sling Fireball at Romin"
    assert found["end"]["subject"] is None and found["end"]["targets"] == []
    assert found["activate inherent target=p2"]["group"] == "Activate Breathe Fire"
    assert found[f"set {fire}"]["group"] == "Set Fireball as a concentration"


def test_game_over_has_no_prompt() -> None:
    s = position({}, {})
    s.phase = "over"
    assert words.prompt(s, 0, NAMES) == ""


# --- whole random games --------------------------------------------------------------------------


def _starter_game(seed: int) -> State:
    a, b = STARTERS[seed % 4], STARTERS[(seed // 4 + seed + 1) % 4]
    return new_game({"players": [{"starter": a}, {"starter": b}]}, seed)


def _open_names(state: State) -> set[str]:
    """Names of the cards anyone may see: in play, in discard piles and voids."""
    out = set()
    for pl in state.players:
        for h in [*pl.field, *pl.discard, *pl.void]:
            out.add(kind_of(state, h).card.name)
    return out


def _card_names_in(text: str, names: set[str]) -> set[str]:
    return {n for n in names if re.search(rf"(?<!\w){re.escape(n)}(?!\w)", text)}


def _check_game(seed: int, all_names: set[str]) -> set[str]:
    s = _starter_game(seed)
    agent = RandomAgent(seed)
    kinds = set()
    moves = 0
    while (pend := pending(s)) is not None and moves < 3000:
        for viewer in (0, 1, None):
            assert_clean(words.prompt(s, viewer, NAMES))
        for label in words.labels(s, pend.player, NAMES).values():
            assert_clean(label)
        act = agent.act(s, pend.player)
        after, events = apply(s, act)
        entry = words.describe_move(s, act, events, after, NAMES)
        assert_clean(entry["text"])
        allowed = _open_names(s) | _open_names(after) | {words.kind_name(e.get("kind")) for e in events}
        leaked = _card_names_in(entry["text"], all_names) - allowed
        assert not leaked, (seed, act.to_text(), entry["text"], leaked)
        if act.kind == "set":
            hidden = kind_of(s, int(str(act.subject)[1:])).card.name
            assert entry["text"].split(":")[0] == f"{NAMES[pend.player]} sets a concentration", hidden
        kinds.add(act.kind)
        kinds.update(f"e:{e['e']}" for e in events)
        kinds.add(f"d:{pend.kind}")
        s, moves = after, moves + 1
    return kinds


@pytest.mark.slow  # long: run by `make test` and CI, not by `make test-fast`
def test_random_games_have_clean_public_sentences() -> None:
    """Seeded random games: every prompt, label and log sentence has no handle, seat code or slug,
    and a log sentence names no card nobody may see (a set concentration above all)."""
    catalog = bound_compiled().catalog
    all_names = {c.name for c in catalog.cards.values()}
    seen: set[str] = set()
    for seed in range(40):
        seen |= _check_game(seed, all_names)
    assert {"set", "light", "play", "block", "pass", "remove", "e:damage", "e:ailment", "d:answer"} <= seen


def test_concentration_handles_stay_nameless_to_the_opponent() -> None:
    s = position({"concentrations": ["fireball"]}, {})
    c = conc(s, 0)
    assert words.card_name(s, int(c[1:]), 1) == "a concentration"
    assert words.card_name(s, int(c[1:]), 0) == "Fireball"
    assert words.target_name(s, c, NAMES, None) == "Eva's concentration"
    assert s.players[0].concs[0][C_HANDLE] == int(c[1:])


def test_a_target_named_twice_is_said_once() -> None:
    """Cinder has two target slots (damage and Burn); both on Romin read "at Romin"."""
    s = position({"hand": ["cinder"], "concentrations": ["spark"] * 3}, {})
    cinder = handle(s, 0, "cinder")
    twice = [a for a in legal_actions(s, 0) if a.subject == cinder and a.targets == ("p2", "p2")]
    assert twice and words.action_label(s, 0, twice[0], NAMES) == "Sling Cinder at Romin"


def test_the_ailment_phase_removal_says_it_costs_a_power_before_the_choice() -> None:
    """8+ exposed ailments at the Ailment Phase: whichever 8 the player removes, a power goes (001
    p.11); the prompt says so before the choice. A removal by a cleanse costs nothing and says nothing."""
    s = scenario(
        {
            "turn": 3,
            "active": "p2",
            "phase": "discard",
            "players": [
                {
                    "runeslinger": "eva",
                    "deck": ["spark"] * 10,
                    "ailments": [{"type": "curse", "count": 5}, {"type": "fragment", "count": 4}],
                },
                {"runeslinger": "romin", "deck": ["spark"] * 10},
            ],
        }
    )
    assert pending(s).kind == "remove"  # type: ignore[union-attr]
    assert words.prompt(s, 0, NAMES) == (
        "Choose 8 ailments to remove. This costs you a power: you have 8 or more exposed ailments"
    )
    assert words.prompt(s, 1, NAMES) == "Eva is choosing ailments to remove"


def test_skipping_to_draw_from_an_empty_deck_says_it_costs_a_power() -> None:
    s = scenario(
        {
            "turn": 3,
            "active": "p1",
            "phase": "draw",
            "players": [
                {
                    "runeslinger": "eva",
                    "equips": ["talakas-heart", "flame-of-nim"],
                    "deck": [],
                    "discard": ["spark"] * 3,
                },
                {"runeslinger": "romin", "deck": ["spark"] * 10},
            ],
        }
    )
    assert pending(s).kind == "draw"  # type: ignore[union-attr]
    assert (
        words.labels(s, 0, NAMES)["pass draw"]
        == "Skip the Play Phase and draw (your deck is empty: this costs you a power)"
    )
    assert words.prompt(s, 0, NAMES).endswith(". Your deck is empty: drawing costs you a power")
    after, entry = step(s, "pass draw")
    assert after.players[0].power == s.players[0].power - 1
    assert "you" not in entry["text"].split(" (")[0].lower().split()


def test_a_card_whose_targets_play_two_roles_names_both() -> None:
    """Cinder deals 3 damage to any target and sears the enemy Runeslinger: its choices say which is which."""
    s = position({"hand": ["cinder"], "concentrations": ["spark"]}, {})
    texts = words.labels(s, 0, NAMES)
    cinder = handle(s, 0, "cinder")
    assert texts[f"play {cinder} target=p2 target=p2"] == "Sling Cinder at Romin"  # both on one: said once
    assert texts[f"play {cinder} target=p1 target=p2"] == "Sling Cinder: 3 damage to Eva, sear Romin"


def test_damage_that_costs_a_power_is_told_before_the_power_and_the_reset() -> None:
    """001 p.4: when health reaches 0 the Runeslinger loses a power, and "Your health only resets
    (returns to) its current maximum when it reaches 0". The log tells it in that order: the
    damage, then the power lost, then the health reset (the engine records the power first)."""
    s = position(
        {"hand": ["fireball"], "concentrations": ["spark"] * 3},
        {**BRANNOC_SIDE, "health": 3, "hand": [], "concentrations": ["spark"] * 3},
    )
    fire = handle(s, 0, "fireball")
    s, _entry = step(s, f"play {fire} target=p2")
    after, events = apply(s, "pass")
    kinds = [ev["e"] for ev in events if ev["e"] in ("damage", "power_lost")]
    assert kinds == ["power_lost", "damage"]  # what the engine records; the words put it right
    text = words.describe_move(s, "pass", events, after, NAMES)["text"]
    assert text == (
        f"Romin does not answer: Romin takes 3 damage; Romin loses a power (4 left); "
        f"Romin's health resets to {after.players[1].health}"
    )
    assert after.players[1].health > 0 and after.players[1].power == 4


def test_a_power_lost_to_an_empty_deck_tells_no_reset() -> None:
    """001 p.4: a power lost to an empty deck keeps the health: no reset is told, and the power
    is not moved after damage that did not cause it."""
    events = [
        {"e": "power_lost", "p": 0, "power": 3},
        {"e": "reshuffled", "p": 0},
        {"e": "damage", "p": 0, "amount": 2},
    ]
    s = position({}, {})
    told = words.describe_events(events, s, s, NAMES)
    assert told == ["Eva loses a power (3 left)", "Eva shuffles the discard pile into a new deck", "Eva takes 2 damage"]
    damage_to_other = [{"e": "power_lost", "p": 0, "power": 3}, {"e": "damage", "p": 1, "amount": 2}]
    assert words.describe_events(damage_to_other, s, s, NAMES) == ["Eva loses a power (3 left)", "Romin takes 2 damage"]
