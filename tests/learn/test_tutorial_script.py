"""The tutorials' scripts (gameplay/tutorials/*.yaml): each loads, names real glossary words and
legal pointers, and its seeded game, played by a simulated player who presses only what the
coach points at, reaches the win through every lesson the tutorial promises."""

from __future__ import annotations

import pytest

from gameplay import tutorials
from gameplay.glossary import explain
from gameplay.matches.protocol import Result
from gameplay.matches.services.games import seed_of_game
from gameplay.runemasters.hosting import RUNEMASTERS
from gameplay.runemasters.hosting import seat_situation as runemasters_situation
from gameplay.runeslingers.hosting import RUNESLINGERS, seat_situation

# what the Awakening tutorial must teach (issue 28 §2), as the steps that say it
LESSONS = {
    "set-concentration", "make-light", "play-runespell", "first-answer", "first-block", "ailment-phase",
    "tutor-low", "won",
}  # fmt: skip


def test_every_tutorial_loads_and_its_words_link_to_the_glossary() -> None:
    assert "awakening" in tutorials.names()
    for slug in tutorials.names():
        tutorial = tutorials.load(slug)
        for step in tutorial.steps:
            assert step.say
            for term in step.terms:
                assert explain(term)["url"].endswith(f"#{term}")


def test_a_broken_script_is_refused_with_every_problem_named() -> None:
    data = {
        "title": "x", "game": "awakening", "seed": 1, "you": {}, "tutor": {},
        "steps": [
            {"id": "a", "say": "hi", "when": {"kind": "dance", "facts": "rich"}, "point": {"type": "jump"}},
            {"id": "a", "say": "again", "when": {"first_time": "fly", "colour": "red"}},
            {"say": "no id"},
        ],
    }  # fmt: skip
    with pytest.raises(tutorials.TutorialError) as refused:
        tutorials.parse("broken", data)
    words = str(refused.value)
    for problem in (
        "unknown decision 'dance'", "unknown fact 'rich'", "unknown action kind 'jump'", "unknown action kind 'fly'",
        "unknown condition colour", "step 3 needs an id", "two steps have the same id",
    ):  # fmt: skip
        assert problem in words
    with pytest.raises(tutorials.TutorialError, match="missing 'title'"):
        tutorials.parse("broken", {"steps": [{"id": "a", "say": "b"}]})
    with pytest.raises(tutorials.TutorialError, match="no tutorial"):
        tutorials.load("../awakening")


def test_a_pointer_finds_an_action_by_kind_card_and_text() -> None:
    legal = ("end", "play c1 target=p1", "play c2 target=p2", "set c3")
    labels = {"play c2 target=p2": "Sling Spark at Tutor", "set c3": "Set Fireball as a concentration"}
    assert tutorials.Pointer("play", has="target=p2").find(legal, labels) == "play c2 target=p2"
    assert tutorials.Pointer("set", card="fireball").find(legal, labels) == "set c3"
    assert tutorials.Pointer("set", card="Meteor").find(legal, labels) is None
    assert tutorials.Pointer().find(legal, labels) == "end"


def play_the_tutorial(slug: str) -> tuple[list[str], Result | None]:
    """The seeded tutorial game: the player presses only what the current step points at, the
    tutor plays its script (the same calls the site makes). The steps seen, and the result."""
    tutorial = tutorials.load(slug)
    seats = [RUNESLINGERS.seat_setup(tutorial.you), RUNESLINGERS.seat_setup(tutorial.tutor)]
    state = RUNESLINGERS.new_game(RUNESLINGERS.setup(seats, 0), seed_of_game(tutorial.seed, 1))  # as the site does
    seen: list[str] = []
    done: list[str] = []
    for _ in range(500):
        situation = seat_situation(tutorial, RUNESLINGERS, state, 0, done)
        guide = tutorials.guide(tutorial, situation)
        assert guide is not None, f"no step for {situation.kind}"
        if not seen or seen[-1] != guide.step.id:
            seen.append(guide.step.id)
        decision = RUNESLINGERS.pending(state)
        if decision is None:
            return seen, RUNESLINGERS.result(state)
        if decision.seat == 0:
            assert guide.action in situation.legal, f"step {guide.step.id} points at nothing legal"
            action = guide.action
            done.append(action)
        else:
            assert guide.step.id == "waiting" and guide.action is None
            action = RUNESLINGERS.bot_action(state, 1, "tutor", seed=0)
        state, _ = RUNESLINGERS.apply(state, action)
    raise AssertionError("the tutorial game did not end in 500 decisions")


def test_following_only_the_pointers_wins_the_awakening_tutorial_through_every_lesson() -> None:
    seen, result = play_the_tutorial("awakening")
    assert result is not None and result.winner == 0 and result.reason == "power"
    assert set(seen) >= LESSONS, LESSONS - set(seen)
    assert seen[-1] == "won"
    assert seen.index("set-concentration") < seen.index("make-light") < seen.index("play-runespell")


# what the Runemasters tutorial must teach (issue 28, its Runemasters part), as the steps that say it
TABLE_LESSONS = {
    "first-strike", "strike", "first-move", "first-reroll", "block", "charge", "ultimate", "release", "angel",
    "reward", "end-turn", "won",
}  # fmt: skip


def test_following_only_the_pointers_wins_the_runemasters_tutorial_through_every_lesson() -> None:
    """Every guardian is the player's: each decision is the coach's pointer, as at the site's table
    (its game seed is the table seed's first game's)."""
    tutorial = tutorials.load("runemasters")
    assert tutorial.game == "runemasters" and len(tutorial.table["guardians"]) >= 2
    state = RUNEMASTERS.new_game(tutorial.table, seed_of_game(tutorial.seed, 1))
    held = list(range(len(tutorial.table["guardians"])))
    seen: list[str] = []
    done: list[str] = []
    for _ in range(300):
        situation = runemasters_situation(tutorial, state, held, done)
        guide = tutorials.guide(tutorial, situation)
        assert guide is not None, f"no step for {situation.kind} {sorted(situation.facts)}"
        if not seen or seen[-1] != guide.step.id:
            seen.append(guide.step.id)
        if RUNEMASTERS.pending(state) is None:
            break
        assert guide.action in situation.legal, f"step {guide.step.id} points at nothing legal"
        done.append(guide.action)
        state, _ = RUNEMASTERS.apply(state, guide.action)
    assert RUNEMASTERS.outcome(state) == "won", state.reason
    assert set(seen) >= TABLE_LESSONS, TABLE_LESSONS - set(seen)
    assert seen[-1] == "won" and seen[0] in ("first-strike", "angel")


def test_a_table_script_names_its_table_and_speaks_the_games_own_words() -> None:
    data = {
        "title": "x", "game": "runemasters", "seed": 1,
        "steps": [{"id": "a", "say": "hi", "when": {"kind": "play", "facts": "tutor-low"}, "point": {"type": "light"}}],
    }  # fmt: skip
    with pytest.raises(tutorials.TutorialError) as refused:
        tutorials.parse("broken", data)
    words = str(refused.value)
    for problem in (
        "missing 'table'",
        "unknown decision 'play'",
        "unknown fact 'tutor-low'",
        "unknown action kind 'light'",
    ):
        assert problem in words
    board = {
        "outcome": None, "turns": 1, "temple": {"hp": 3, "max": 4}, "active": 0, "dice": [{"used": False}],
        "guardians": [{"hp": 4, "path": "red"}], "paths": {"red": {"spaces": [{"card": "m"}, None]}},
    }  # fmt: skip
    assert tutorials.table_facts(board) == {"first-turn", "temple-hurt", "monster-in-front", "dice-left"}
