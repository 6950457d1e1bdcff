"""The hosting seam: the match hosting layer reaches a game only through the ``GameEngine``
protocol, so a second game plugs in by registering an engine (``docs/hosting.md``)."""

from __future__ import annotations

import ast
import hashlib
import json
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, cast

import pytest

from accounts.models import User
from gameplay.matches import engines, selectors, services
from gameplay.matches.errors import Conflict, Invalid
from gameplay.matches.models import PlayMatch
from gameplay.matches.protocol import Decision, GameEngine, IllegalMove, Result, SetupError, move_entry, view_words
from tests.factories import UserFactory

ROOT = Path(__file__).resolve().parents[2]
HOSTING = [ROOT / "gameplay/matches", ROOT / "gameplay/tasks.py", ROOT / "gameplay/web/play_views.py"]
#: Each game's package and its adapter, the one module that may import it on the hosting layer's
#: behalf; the adapter lives in the game's folder, and the registry of engines imports it.
ADAPTERS = {
    "gameplay.runeslingers.engine": ROOT / "gameplay/runeslingers/hosting.py",
    "gameplay.runemasters": ROOT / "gameplay/runemasters/hosting.py",
}
REGISTRY = ROOT / "gameplay/matches/engines.py"


def dotted(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


def hosting_files() -> list[Path]:
    return sorted(p for h in HOSTING for p in (h.rglob("*.py") if h.is_dir() else [h]))


def inside(package: str, module: str) -> bool:
    return module == package or module.startswith(f"{package}.")


def engine_imports(path: Path, package: str = "gameplay.runeslingers.engine") -> list[str]:
    """Each import of ``package`` (or a module inside it) in the file, at any depth."""
    found = []
    parent, leaf = package.rsplit(".", 1)
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if inside(package, a.name)]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if inside(package, node.module):
                found.append(node.module)
            elif node.module == parent:
                found += [f"{parent}.{a.name}" for a in node.names if a.name == leaf]
    return found


@pytest.mark.parametrize("package", sorted(ADAPTERS))
def test_the_hosting_modules_reach_each_game_only_through_its_adapter(package: str) -> None:
    adapter = ADAPTERS[package]
    files = hosting_files()
    assert ROOT / "gameplay/matches/services/moves.py" in files and REGISTRY in files and len(files) > 15
    assert adapter not in files  # the adapter is the game's, not the hosting layer's

    def beyond_the_adapter(path: Path) -> list[str]:
        return [m for m in engine_imports(path, package) if not (path == REGISTRY and m == dotted(adapter))]

    reaching = {str(p.relative_to(ROOT)): beyond_the_adapter(p) for p in files if beyond_the_adapter(p)}
    assert reaching == {}
    assert engine_imports(adapter, package)  # the adapter does (else the scan is not looking at the right thing)


def test_the_registry_of_engines_imports_each_game_s_adapter() -> None:
    imported = {
        node.module
        for node in ast.walk(ast.parse(REGISTRY.read_text()))
        if isinstance(node, ast.ImportFrom) and node.module
    }
    assert {dotted(adapter) for adapter in ADAPTERS.values()} <= imported


@pytest.mark.parametrize(
    "source",
    ["from gameplay.runeslingers import engine", "import gameplay.runeslingers.engine.bots",
     "from gameplay.runeslingers.engine.state import State",
     "def f():\n    from gameplay.runeslingers.engine import bots\n"],
)  # fmt: skip
def test_the_scan_would_catch_an_import_of_the_engine(tmp_path: Path, source: str) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(source)
    assert engine_imports(sample)
    assert engine_imports(tmp_path.joinpath("sample.py"), "gameplay.runemasters") == []
    other_game = source.replace(".runeslingers import engine", " import runemasters")
    sample.write_text(other_game.replace("runeslingers.engine", "runemasters"))
    assert engine_imports(sample, "gameplay.runemasters")


# --- a second game, hosted end to end ------------------------------------------------------------


class TakeAway:
    """A toy game: a pile of 10 to 14 stones (from the seed); each turn a seat takes 1 to 3; who
    takes the last stone wins. State: a plain dict."""

    name = "take-away"

    def version(self) -> str:
        return "take-away/1"

    def seat_setup(self, deck: Mapping[str, Any]) -> dict[str, Any]:
        if set(deck) - {"greed"}:
            raise SetupError(f"unknown deck keys {sorted(set(deck) - {'greed'})}")
        return dict(deck)

    def check_seat(self, seat_setup: Mapping[str, Any]) -> None:
        self.seat_setup(seat_setup)

    def setup(self, seats: Sequence[Mapping[str, Any]], first: int) -> dict[str, Any]:
        return {"players": [dict(s) for s in seats], "first": first}

    def new_game(self, setup: Mapping[str, Any], seed: int, version: str | None = None) -> dict[str, Any]:
        if len(setup["players"]) != 2:
            raise SetupError("two players take turns")
        return {"pile": 10 + seed % 5, "to_move": setup["first"], "turn": 0, "winner": None}

    def pending(self, state: dict[str, Any]) -> Decision | None:
        return None if state["winner"] is not None else Decision(state["to_move"], "take", windowed=False)

    def legal_actions(self, state: dict[str, Any], seat: int) -> list[str]:
        if state["winner"] is not None or seat != state["to_move"]:
            return []
        return [f"take {n}" for n in range(1, min(3, state["pile"]) + 1)]

    def apply(self, state: dict[str, Any], action: str | Mapping[str, Any]) -> tuple[dict[str, Any], str]:
        text = action if isinstance(action, str) else f"take {action.get('n')}"
        if text not in self.legal_actions(state, state["to_move"]):
            raise IllegalMove(f"{text!r} is not one of {self.legal_actions(state, state['to_move'])}")
        pile = state["pile"] - int(text.split()[1])
        mover = state["to_move"]
        return {"pile": pile, "to_move": 1 - mover, "turn": state["turn"] + 1,
                "winner": mover if pile == 0 else None}, text  # fmt: skip

    def window_action(self, seat: int) -> str:
        return "take 1"

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        pending = self.pending(state)
        return {
            "you": None if seat is None else f"p{seat + 1}",
            "pile": state["pile"],
            "pending": None if pending is None else {"player": f"p{pending.seat + 1}", "kind": pending.kind},
            "legal": [] if seat is None else self.legal_actions(state, seat),
        }

    def result(self, state: dict[str, Any]) -> Result | None:
        return None if state["winner"] is None else Result(state["winner"], "took the last stone")

    def turn(self, state: dict[str, Any]) -> int:
        return int(state["turn"])

    def to_json(self, state: dict[str, Any]) -> str:
        return json.dumps(state, sort_keys=True)

    def from_json(self, text: str) -> dict[str, Any]:
        return dict(json.loads(text))

    def state_hash(self, state: dict[str, Any]) -> str:
        return hashlib.sha256(self.to_json(state).encode()).hexdigest()

    def bot_action(self, state: dict[str, Any], seat: int, bot: str, seed: int) -> str:
        return f"take {state['pile'] % 4 or 1}"

    def describe_move(
        self, before: dict[str, Any], action: str, after: dict[str, Any], names: Sequence[str]
    ) -> dict[str, Any]:
        mover, n = before["to_move"], int(action.split()[1])
        return {"seat": f"p{mover + 1}", "text": f"{names[mover]} takes {n}, leaving {after['pile']}", "cards": []}

    def words(self, state: dict[str, Any], seat: int | None, names: Sequence[str]) -> dict[str, Any]:
        pending = self.pending(state)
        legal = [] if seat is None else self.legal_actions(state, seat)
        if pending is None:
            prompt = ""
        else:
            prompt = "Take 1 to 3 stones" if pending.seat == seat else f"{names[pending.seat]} is taking stones"
        labels = {a: f"Take {a.split()[1]}" for a in legal}
        choices: list[dict[str, Any]] = [
            {"action": a, "subject": None, "targets": [], "group": "Take", "label": labels[a]} for a in legal
        ]
        return {"prompt": prompt, "labels": labels, "choices": choices}


TAKE_AWAY = TakeAway()
_typed: GameEngine = TAKE_AWAY  # mypy checks that the toy satisfies the protocol


@pytest.fixture
def take_away() -> Iterator[TakeAway]:
    engines.register(TAKE_AWAY)
    yield TAKE_AWAY
    del engines.engines[TAKE_AWAY.name]


def started(players: list[User], take_away: TakeAway, **options: Any) -> PlayMatch:
    match = services.create_match(players[0], players[1], [{}, {}], engine=take_away.name, seed=3, **options)
    game = match.current_game()
    assert game is not None and game.awaiting_choice and game.engine_version == "take-away/1"
    services.choose_first(match.pk, players[game.chooser], True, match.version)
    match.refresh_from_db()
    return match


@pytest.mark.django_db
def test_a_second_game_is_hosted_end_to_end_through_the_services(take_away: TakeAway) -> None:
    players = [UserFactory.create(username="ann"), UserFactory.create(username="bob")]
    match = started(players, take_away)
    assert match.engine == "take-away" and match.on_clock is not None
    first = match.games.get()
    pile = take_away.new_game(first.setup, first.seed)["pile"]
    pending = {"player": f"p{match.on_clock + 1}", "kind": "take"}
    assert services.player_view(match, None)["board"] == {"you": None, "pile": pile, "pending": pending, "legal": []}
    mover = match.on_clock
    with pytest.raises(Invalid, match="not allowed"):
        services.play(match.pk, players[mover], "take 4", match.version)
    with pytest.raises(Conflict, match="not your decision"):
        services.play(match.pk, players[1 - mover], "take 1", match.version)
    while match.status == PlayMatch.Status.PLAYING:
        seat = match.on_clock
        assert seat is not None
        view = services.player_view(match, seat)
        assert view["board"]["you"] == f"p{seat + 1}" and view["board"]["legal"]
        assert view["prompt"] == "Take 1 to 3 stones" and set(view["labels"]) == set(view["board"]["legal"])
        watched = services.player_view(match, None)
        assert watched["prompt"] == f"{players[seat].public_name} is taking stones" and watched["labels"] == {}
        taking = view["board"]["legal"][-1]
        outcome = services.play(match.pk, players[seat], taking, match.version)
        assert not outcome.refused
        match.refresh_from_db()
        last = services.player_view(match, None)["last"]
        assert last["seat"] == f"p{seat + 1}" and last["text"].startswith(
            f"{players[seat].public_name} {taking.replace('take', 'takes')},"
        )
    game = match.games.get()
    assert game.winner is not None  # the toy game has no draws
    assert game.finished and game.end_reason == "took the last stone" and match.winner == game.winner + 1
    assert match.wins[game.winner] == 1 and services.player_view(match, 0)["winner"] == f"p{game.winner + 1}"
    # the log replays to the same hashes, and the replay views step through it
    state = take_away.new_game(game.setup, game.seed)
    for logged in game.actions.order_by("seq"):
        state, _text = take_away.apply(state, logged.action)
        assert take_away.state_hash(state) == logged.state_hash
    assert take_away.state_hash(state) == game.state_hash
    steps = game.actions.count()
    assert services.replay_view(game, None, steps)["board"]["pile"] == 0
    assert services.replay_view(game, 0, 0)["board"]["pile"] == pile
    seen = selectors.sight(match, players[0])
    assert seen is not None
    logged_actions = services.game_log(match, seen)["games"][0]["actions"]
    assert [a["action"] for a in logged_actions] == list(game.actions.order_by("seq").values_list("action", flat=True))
    names = tuple(f"{p.public_name} takes" for p in players)
    assert all(a["text"].startswith(names) for a in logged_actions)
    assert services.replay_view(game, None, 1)["text"] == logged_actions[0]["text"]


def test_an_engine_without_words_is_hosted_with_its_action_texts() -> None:
    """The describing calls are optional: without them a log entry is the action's text and a
    view has no prompt, labels or choices."""

    class Mute:
        name = "mute"

    mute = cast(GameEngine, Mute())
    assert move_entry(mute, {}, "take 2", {}, ("ann", "bob"), 1) == {"seat": "p2", "text": "take 2", "cards": []}
    assert view_words(mute, {}, 0, ("ann", "bob")) == {"prompt": "", "labels": {}, "choices": []}
    assert move_entry(TAKE_AWAY, {"to_move": 0}, "take 2", {"pile": 8}, ("ann", "bob"), 0)["text"] == (
        "ann takes 2, leaving 8"
    )


def test_words_that_fail_never_stop_a_move(caplog: pytest.LogCaptureFixture) -> None:
    """A describing call that raises is logged; the move's entry and the view's words fall back."""

    class Broken:
        name = "broken"

        def describe_move(self, *args: Any) -> dict[str, Any]:
            raise KeyError("no such card")

        def words(self, *args: Any) -> dict[str, Any]:
            raise KeyError("no such card")

    broken = cast(GameEngine, Broken())
    assert move_entry(broken, {}, "take 2", {}, ("ann", "bob"), 0) == {"seat": "p1", "text": "ann moves", "cards": []}
    assert view_words(broken, {}, 0, ("ann", "bob")) == {"prompt": "", "labels": {}, "choices": []}
    assert "describing the move 'take 2' failed" in caplog.text


@pytest.mark.django_db
def test_a_bot_plays_the_second_game_too(take_away: TakeAway) -> None:
    player = UserFactory.create(username="ann")
    match = services.create_match(player, None, [{}, {"greed": 1}], bot="greedy", engine=take_away.name, seed=3)
    game = match.current_game()
    assert game is not None
    if game.awaiting_choice:
        services.choose_first(match.pk, player, False, match.version)  # the bot goes first
    match.refresh_from_db()
    while match.status == PlayMatch.Status.PLAYING:
        if match.on_clock == 1:
            assert services.bot_move(match.pk, match.version)
        else:
            services.play(match.pk, player, "take 1", match.version)
        match.refresh_from_db()
    assert match.winner == 2  # moving first against a player who takes one stone, the bot always wins


@pytest.mark.django_db
def test_a_deck_the_second_game_refuses_and_an_unknown_game_are_refused(take_away: TakeAway) -> None:
    players = [UserFactory.create(username="ann"), UserFactory.create(username="bob")]
    with pytest.raises(Invalid, match="cannot play"):
        services.create_match(players[0], players[1], [{}, {"cards": 3}], engine=take_away.name)
    with pytest.raises(Invalid, match="Unknown game 'chess'"):
        services.create_match(players[0], players[1], [{}, {}], engine="chess")
    assert not PlayMatch.objects.exists()
