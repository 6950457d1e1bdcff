"""The Runeslingers rules engine as a ``GameEngine`` (``gameplay.matches.protocol``): its hosting
adapter, registered in ``gameplay.matches.engines``.

The one module the hosting layer reaches the engine through (``gameplay.runeslingers.engine``): it
turns the engine's errors into the protocol's, its pending decision and result into the protocol's
records, and draws the public view (a seat's view with every hand hidden). Not pure: it reads the
site's catalog (``gameplay.runeslingers.site_catalog``).
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from typing import Any

from gameplay import tutorials
from gameplay.matches.protocol import DUEL, Decision, IllegalMove, Result, SetupError
from gameplay.runeslingers import engine
from gameplay.runeslingers.engine import bots, describe, rules, search
from gameplay.runeslingers.site_catalog import current_catalog

AWAKENING, CLASSIC = rules.AWAKENING.name, rules.CLASSIC.name  # the engine's rule sets
WINDOW_KINDS = frozenset({"answer", "block"})  # decisions that an answer window bounds
BOT_AGENTS: dict[str, type[bots.RandomAgent | bots.GreedyAgent | search.SearchAgent]] = {
    "random": bots.RandomAgent,
    "greedy": bots.GreedyAgent,
    "hard": search.SearchAgent,
}


class _LastApply(threading.local):
    """The events of this thread's last `apply` (with its states), so describing the move just
    made need not apply it again."""

    before: Any = None
    after: Any = None
    events: list[dict[str, Any]] = []


_last = _LastApply()


class Runeslingers:
    name = "runeslingers"
    seating = DUEL
    cooperative = False

    def version(self) -> str:
        return f"{engine.ENGINE_VERSION}/{current_catalog().data_version[:12]}"

    def seat_setup(self, deck: Mapping[str, Any]) -> dict[str, Any]:
        """A player setup from a deck: ``{"starter": id}`` or runeslinger, equips and cards; a deck's
        ``rules`` (a Classic starter deck's: "classic") is the rule set it plays, kept on the seat."""
        rules = _deck_rules(deck)
        if "starter" in deck:
            seat: dict[str, Any] = {"starter": str(deck["starter"])}
        else:
            cards = deck.get("cards") or {}
            seat = {
                "runeslinger": str(deck.get("runeslinger", "")),
                "equips": [str(e) for e in deck.get("equips", [])],
                "deck": [card for card, count in sorted(cards.items()) for _ in range(int(count))],
            }
        for key in ("power", "determination"):  # a tutorial's seat may start with less
            if key in deck:
                seat[key] = int(deck[key])
        return seat if rules == AWAKENING else {**seat, "rules": rules}

    def check_seat(self, seat_setup: Mapping[str, Any]) -> None:
        self.new_game(self.setup([seat_setup, seat_setup], 0), 0)

    def setup(self, seats: Sequence[Mapping[str, Any]], first: int) -> dict[str, Any]:
        """The seats' rule set is the game's (recorded in its setup, so a replay plays it again);
        an Awakening game's setup names none, as before rule sets."""
        played = {str(seat.get("rules", AWAKENING)) for seat in seats}
        if len(played) > 1:
            raise SetupError("the two decks play different rule sets (a Classic deck plays only a Classic deck)")
        setup: dict[str, Any] = {"players": list(seats), "first": f"p{first + 1}"}
        return setup if played == {AWAKENING} else {**setup, "rules": played.pop()}

    def new_game(self, setup: Mapping[str, Any], seed: int, version: str | None = None) -> engine.State:
        """A recorded game is set up under the engine version it started under (``"2/<data>"``):
        engine 1 numbered handles by deck position and sent pierce overflow to a card's owner."""
        rules = engine.ENGINE_VERSION if version is None else version.split("/", 1)[0]
        try:
            return engine.new_game(dict(setup), seed, engine=rules)
        except engine.EngineError as exc:
            raise SetupError(str(exc)) from None

    def pending(self, state: engine.State) -> Decision | None:
        pending = engine.pending(state)
        if pending is None:
            return None
        return Decision(pending.player, pending.kind, pending.kind in WINDOW_KINDS)

    def legal_actions(self, state: engine.State, seat: int) -> list[str]:
        return [action.to_text() for action in engine.legal_actions(state, seat)]

    def apply(self, state: engine.State, action: str | Mapping[str, Any]) -> tuple[engine.State, str]:
        try:
            parsed = engine.parse_action(action if isinstance(action, str) else dict(action))
            new_state, events = engine.apply(state, parsed)
        except (engine.IllegalActionError, engine.NotationError) as exc:
            raise IllegalMove(str(exc)) from None
        _last.before, _last.after, _last.events = state, new_state, events
        return new_state, parsed.to_text()

    def window_action(self, seat: int) -> str:
        return "pass"

    def view(self, state: engine.State, seat: int | None) -> dict[str, Any]:
        board = engine.view(state, 0 if seat is None else seat)
        return _public(board) if seat is None else board

    def result(self, state: engine.State) -> Result | None:
        outcome = engine.result(state)
        if outcome is None:
            return None
        if outcome["draw"]:
            return Result(None, "draw")
        winner = int(str(outcome["winner"])[1]) - 1
        return Result(winner, _why_lost(state.players[1 - winner]))

    def turn(self, state: engine.State) -> int:
        return state.turn

    def to_json(self, state: engine.State) -> str:
        return engine.to_json(state)

    def from_json(self, text: str) -> engine.State:
        return engine.from_json(text)

    def state_hash(self, state: engine.State) -> str:
        return engine.state_hash(state)

    def json_and_hash(self, state: engine.State) -> tuple[str, str]:
        return engine.json_and_hash(state)

    def bot_action(self, state: engine.State, seat: int, bot: str, seed: int) -> str:
        """The bot's move: "hard" searches (`engine.search`), "greedy" looks one action ahead,
        anything else ("random") plays a random legal action."""
        if bot == "tutor":  # the tutorial's tutor plays from its script
            return tutor_move(tutorials.load("awakening"), self, state, seat)
        agent_class = BOT_AGENTS.get(bot, bots.RandomAgent)
        return agent_class(seed=seed).act(state, seat).to_text()

    def describe_move(
        self, before: engine.State, action: str, after: engine.State, names: Sequence[str]
    ) -> dict[str, Any]:
        if _last.before is before and _last.after is after:
            events = _last.events
        else:  # not the move this thread just applied: apply it again for its events
            after, events = engine.apply(before, action)
        return describe.describe_move(before, action, events, after, names)

    def words(self, state: engine.State, seat: int | None, names: Sequence[str]) -> dict[str, Any]:
        return {
            "prompt": describe.prompt(state, seat, names),
            "labels": describe.labels(state, seat, names),
            "choices": describe.choices(state, seat, names),
        }


def _deck_rules(deck: Mapping[str, Any]) -> str:
    """The rule set a deck plays: its own ``rules``, else a Classic starter deck's, else The Awakening."""
    if "rules" in deck:
        return str(deck["rules"])
    classic = current_catalog().classic
    if "starter" in deck and classic is not None and deck["starter"] in classic.starter_decks:
        return CLASSIC
    return AWAKENING


def _public(board: dict[str, Any]) -> dict[str, Any]:
    """A spectator's board: the first seat's view with its hand hidden as well."""
    public = dict(board, legal=[], you=None, options=[])
    players = []
    for side in board["players"]:
        side = dict(side)
        if isinstance(side.get("hand"), list):
            side["hand"] = len(side["hand"])
        side["concentrations"] = [{k: v for k, v in c.items() if k != "id"} for c in side.get("concentrations", [])]
        players.append(side)
    public["players"] = players
    return public


RUNESLINGERS = Runeslingers()


def seat_situation(
    tutorial: tutorials.Tutorial, game: Runeslingers, state: engine.State, seat: int, done: Sequence[str] = ()
) -> tutorials.Situation:
    """What a tutorial sees of one seat's moment (its view, decision and legal actions in words)."""
    pending = game.pending(state)
    names = ["You", "Tutor"] if seat == 0 else ["Tutor", "You"]
    mine = pending is not None and pending.seat == seat
    legal = game.legal_actions(state, seat) if mine else []
    labels = describe.labels(state, seat, names) if mine else {}
    board = engine.view(state, seat)
    return tutorials.situation(
        tutorial, board, seat, None if pending is None else (pending.seat, pending.kind), legal, labels, done
    )


def tutor_move(tutorial: tutorials.Tutorial, game: Runeslingers, state: engine.State, seat: int) -> str:
    return tutorials.tutor_action(tutorial, seat_situation(tutorial, game, state, seat))


def _why_lost(loser: Any) -> str:
    """How the losing Runeslinger lost, as a finished game records it (``Game.end_reason``):
    its last power gone (``power``), no card left to draw nor to shuffle back (``deck out``)."""
    if loser.power <= 0:
        return "power"
    if not loser.deck and not loser.discard:
        return "deck out"
    return "game over"
