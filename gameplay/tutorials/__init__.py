"""Guided first games: a tutorial's script (``<slug>.yaml`` beside this file) and what it says now.

PURE: no Django. A tutorial is an ordinary match (or, for a co-operative game, an ordinary table)
with fixed decks or guardians, a fixed seed and no clock, played through the same engine and pages
as every other; its script says

- what the coach box says at each moment: an ordered list of steps, each with a condition on the
  player's situation (the decision the engine waits on, what the player may do, what the player
  has done before, facts read from the board) and a pointer (the legal action to press, found by
  its kind, the card its label names or its text); the first step that holds, and whose pointer
  finds a legal action, is the current one;
- what the tutor does: rules by decision, each a list of pointers tried in turn, falling back to
  passing, ending or going on, else the first legal action.

Each game has its own words for decisions, actions and facts (``VOCABULARIES``, keyed by the
script's ``game``: Runeslingers' for ``awakening``, Runemasters' for ``runemasters``).

``load(slug)`` reads and checks a script (``TutorialError`` lists every problem at once);
``guide(tutorial, situation)`` is the current step; ``tutor_action(tutorial, situation)`` the
tutor's move.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Vocabulary:
    """What a game's script may name: the kinds of action a pointer names (the first word of the
    engine's action text; "any" for every one), the decisions a step may wait on (the engine's
    pending kinds, "waiting" while another seat decides, "over" at the end) and the facts the site
    reads from the board."""

    actions: frozenset[str]
    kinds: frozenset[str]
    facts: frozenset[str]


RUNESLINGERS_WORDS = Vocabulary(
    actions=frozenset({"set", "light", "play", "activate", "use", "sling", "charge", "pass", "block", "continue", "end",
                       "discard", "choose", "remove", "any"}),
    kinds=frozenset({"setup", "draw", "play", "answer", "block", "discard", "fate", "targets", "order", "remove",
                     "unique", "return", "copy", "charge", "choose-first", "waiting", "over"}),
    facts=frozenset({"you-ailed", "tutor-ailed", "you-hurt", "tutor-hurt", "tutor-low", "you-lost-power",
                     "tutor-lost-power", "won", "lost"}),
)  # fmt: skip
RUNEMASTERS_WORDS = Vocabulary(
    actions=frozenset({"strike", "move", "block", "charge", "reroll", "release", "ability", "ultimate", "vivacity",
                       "end", "angel", "reward", "any"}),
    kinds=frozenset({"angel", "actions", "reward", "waiting", "over"}),
    facts=frozenset({"won", "lost", "first-turn", "monster-in-front", "temple-hurt", "guardian-hurt",
                     "dice-left"}),
)  # fmt: skip
#: A script's ``game`` -> its words (a game not named here speaks Runeslingers).
VOCABULARIES = {"runemasters": RUNEMASTERS_WORDS}
#: Runeslingers' words, as the Awakening's script uses them (kept for readers of the old names).
ACTION_TYPES, KINDS, FACTS = RUNESLINGERS_WORDS.actions, RUNESLINGERS_WORDS.kinds, RUNESLINGERS_WORDS.facts


def vocabulary(game: str) -> Vocabulary:
    return VOCABULARIES.get(game, RUNESLINGERS_WORDS)


FALLBACK = ("pass", "end", "continue")  # the tutor's moves when no rule applies


class TutorialError(ValueError):
    """A script that cannot be used; the message lists every problem."""


@dataclass(frozen=True)
class Pointer:
    """A legal action picked by its kind, the card its label names and a piece of its text."""

    type: str = "any"
    card: str = ""
    has: str = ""

    def find(self, legal: Sequence[str], labels: Mapping[str, str]) -> str | None:
        for action in legal:
            kind = action.split(" ", 1)[0]
            if self.type != "any" and kind != self.type:
                continue
            if self.card and self.card.casefold() not in labels.get(action, "").casefold():
                continue
            if self.has and self.has not in action:
                continue
            return action
        return None


@dataclass(frozen=True)
class Condition:
    kinds: tuple[str, ...] = ()
    facts: tuple[str, ...] = ()  # every one of these holds
    not_facts: tuple[str, ...] = ()  # none of these holds
    first_time: str = ""  # the player has not yet made an action of this kind in this game
    done: str = ""  # the player has made an action of this kind in this game

    def holds(self, situation: Situation) -> bool:
        return (
            (not self.kinds or situation.kind in self.kinds)
            and all(f in situation.facts for f in self.facts)
            and not any(f in situation.facts for f in self.not_facts)
            and (not self.first_time or self.first_time not in situation.done)
            and (not self.done or self.done in situation.done)
        )


@dataclass(frozen=True)
class Step:
    id: str
    when: Condition
    say: str
    why: str = ""
    terms: tuple[str, ...] = ()
    point: tuple[Pointer, ...] = ()


@dataclass(frozen=True)
class TutorRule:
    when: Condition
    do: tuple[Pointer, ...]


@dataclass(frozen=True)
class Tutorial:
    slug: str
    title: str
    game: str
    seed: int
    you: Mapping[str, Any]
    tutor: Mapping[str, Any]
    you_first: bool
    steps: tuple[Step, ...]
    tutor_rules: tuple[TutorRule, ...]
    finish: str = ""
    terms: tuple[str, ...] = field(default=())
    table: Mapping[str, Any] = field(default_factory=dict)  # a table game's setup (Runemasters: guardians...)
    practice: str = ""  # what the untimed practice game offered at the end is, in words

    def step(self, step_id: str) -> Step:
        return next(s for s in self.steps if s.id == step_id)


@dataclass(frozen=True)
class Situation:
    """What the site knows of a seat's moment, as plain values."""

    kind: str  # the seat's pending decision, "waiting" while the other seat decides, "over" at the end
    legal: tuple[str, ...] = ()
    labels: Mapping[str, str] = field(default_factory=dict)
    done: frozenset[str] = frozenset()  # the kinds of action this seat has made in this game
    facts: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Guide:
    """The current step: its words and the legal action to point at (None when nothing is to press)."""

    step: Step
    action: str | None


def guide(tutorial: Tutorial, situation: Situation) -> Guide | None:
    """The first step whose condition holds and whose pointer (if it has one) finds a legal action."""
    for step in tutorial.steps:
        if not step.when.holds(situation):
            continue
        if not step.point:
            return Guide(step, None)
        for pointer in step.point:
            found = pointer.find(situation.legal, situation.labels)
            if found is not None:
                return Guide(step, found)
    return None


def tutor_action(tutorial: Tutorial, situation: Situation) -> str:
    """The tutor's move: its first rule that holds and finds a legal action, else a pass, an end or
    going on, else the first legal action."""
    for rule in tutorial.tutor_rules:
        if rule.when.holds(situation):
            for pointer in rule.do:
                found = pointer.find(situation.legal, situation.labels)
                if found is not None:
                    return found
    for kind in FALLBACK:
        found = Pointer(kind).find(situation.legal, situation.labels)
        if found is not None:
            return found
    return situation.legal[0]


def names() -> list[str]:
    """The tutorials there are (their slugs)."""
    return sorted(p.stem for p in HERE.glob("*.yaml"))


@cache
def load(slug: str) -> Tutorial:
    path = HERE / f"{slug}.yaml"
    if slug not in names():
        raise TutorialError(f"no tutorial {slug!r}")
    return parse(slug, yaml.safe_load(path.read_text(encoding="utf-8")))


def parse(slug: str, data: Any) -> Tutorial:
    """A tutorial from its YAML data; every problem at once in one ``TutorialError``."""
    problems: list[str] = []
    if not isinstance(data, dict):
        raise TutorialError(f"{slug}: the script is not a mapping")
    words = vocabulary(str(data.get("game", "")))
    steps = tuple(_step(raw, n, problems, words) for n, raw in enumerate(data.get("steps") or []))
    rules = tuple(
        TutorRule(
            _condition(r.get("when"), f"tutor rule {n + 1}", problems, words), _pointers(r.get("do"), problems, words)
        )
        for n, r in enumerate(data.get("tutor_rules") or [])
        if isinstance(r, dict)
    )
    ids = [s.id for s in steps]
    if len(set(ids)) != len(ids):
        problems.append("two steps have the same id")
    if not steps:
        problems.append("no steps")
    # a two-player game names each seat's deck; a table game its setup (guardians, difficulty)
    seats = ("table",) if words is RUNEMASTERS_WORDS else ("you", "tutor")
    for key in ("title", "game", "seed", *seats):
        if key not in data:
            problems.append(f"missing {key!r}")
    if "table" in data and not isinstance(data["table"], dict):
        problems.append("'table' is not a mapping")
    if problems:
        raise TutorialError(f"{slug}: " + "; ".join(problems))
    return Tutorial(
        slug=slug, title=str(data["title"]), game=str(data["game"]), seed=int(data["seed"]),
        you=dict(data.get("you") or {}), tutor=dict(data.get("tutor") or {}), table=dict(data.get("table") or {}),
        practice=str(data.get("practice", "")), you_first=bool(data.get("you_first", True)), steps=steps,
        tutor_rules=rules,
        finish=str(data.get("finish", "")), terms=tuple(str(t) for t in data.get("terms") or ()),
    )  # fmt: skip


def _step(raw: Any, n: int, problems: list[str], words: Vocabulary) -> Step:
    if not isinstance(raw, dict) or not raw.get("id") or not raw.get("say"):
        problems.append(f"step {n + 1} needs an id and what it says")
        return Step(f"step-{n + 1}", Condition(), "")
    sid = str(raw["id"])
    return Step(
        id=sid, when=_condition(raw.get("when"), f"step {sid}", problems, words), say=str(raw["say"]),
        why=str(raw.get("why", "")), terms=tuple(str(t) for t in raw.get("terms") or ()),
        point=_pointers(raw.get("point"), problems, words, f"step {sid}"),
    )  # fmt: skip


def _condition(raw: Any, where: str, problems: list[str], words: Vocabulary) -> Condition:
    raw = raw or {}
    if not isinstance(raw, dict):
        problems.append(f"{where}: 'when' is not a mapping")
        return Condition()
    kinds = _words(raw.get("kind"))
    facts, not_facts = _words(raw.get("facts")), _words(raw.get("not_facts"))
    for kind in kinds:
        if kind not in words.kinds:
            problems.append(f"{where}: unknown decision {kind!r}")
    for fact in (*facts, *not_facts):
        if fact not in words.facts:
            problems.append(f"{where}: unknown fact {fact!r}")
    for key in ("first_time", "done"):
        if raw.get(key) and raw[key] not in words.actions:
            problems.append(f"{where}: unknown action kind {raw[key]!r}")
    unknown = set(raw) - {"kind", "facts", "not_facts", "first_time", "done"}
    if unknown:
        problems.append(f"{where}: unknown condition {', '.join(sorted(unknown))}")
    return Condition(kinds, facts, not_facts, str(raw.get("first_time") or ""), str(raw.get("done") or ""))


def _pointers(raw: Any, problems: list[str], words: Vocabulary, where: str = "tutor") -> tuple[Pointer, ...]:
    items = raw if isinstance(raw, list) else [] if raw is None else [raw]
    pointers = []
    for item in items:
        if not isinstance(item, dict) or set(item) - {"type", "card", "has"}:
            problems.append(f"{where}: a pointer is a mapping of type, card and has")
            continue
        pointer = Pointer(str(item.get("type", "any")), str(item.get("card", "")), str(item.get("has", "")))
        if pointer.type not in words.actions:
            problems.append(f"{where}: unknown action kind {pointer.type!r}")
        pointers.append(pointer)
    return tuple(pointers)


def _words(raw: Any) -> tuple[str, ...]:
    if raw is None:
        return ()
    return tuple(str(w) for w in (raw if isinstance(raw, list) else [raw]))


LOW_HEALTH = 8  # "tutor-low": the tutor's health is at most this


def facts(tutorial: Tutorial, board: Mapping[str, Any], seat: int) -> frozenset[str]:
    """What a step may ask of the board (a Runeslingers view, seat ``seat``'s; the tutor is the other;
    or a Runemasters view: ``table_facts``)."""
    if vocabulary(tutorial.game) is RUNEMASTERS_WORDS:
        return table_facts(board)
    players = board.get("players") or []
    if len(players) != 2:
        return frozenset()
    me, tutor = players[seat], players[1 - seat]
    found = set()
    starting = (int(tutorial.you.get("power", 5)), int(tutorial.tutor.get("power", 5)))
    for name, side, start in (("you", me, starting[0]), ("tutor", tutor, starting[1])):
        if side.get("ailments"):
            found.add(f"{name}-ailed")
        if int(side.get("health", 0)) < int(side.get("max_health", 0)):
            found.add(f"{name}-hurt")
        if int(side.get("power", 0)) < start:
            found.add(f"{name}-lost-power")
    if int(tutor.get("health", 0)) <= LOW_HEALTH:
        found.add("tutor-low")
    result = board.get("result") or {}
    if result.get("winner"):
        found.add("won" if result["winner"] == f"p{seat + 1}" else "lost")
    return frozenset(found)


def table_facts(board: Mapping[str, Any]) -> frozenset[str]:
    """What a Runemasters step may ask of the board (the guardian on turn's, as every seat sees it):
    won, lost; first-turn (the game's first turn); monster-in-front (a monster stands on space 1 of
    the path of the guardian on turn: it attacks when the turn ends); temple-hurt; guardian-hurt
    (the guardian on turn has lost health); dice-left (a die of the turn is still unused)."""
    found = set()
    if board.get("outcome") in ("won", "lost"):
        found.add(str(board["outcome"]))
    if int(board.get("turns", 0)) == 1:
        found.add("first-turn")
    temple = board.get("temple") or {}
    if int(temple.get("hp", 0)) < int(temple.get("max", 0)):
        found.add("temple-hurt")
    guardians = board.get("guardians") or []
    active = board.get("active")
    if isinstance(active, int) and 0 <= active < len(guardians):
        guardian = guardians[active]
        if int(guardian.get("hp", 0)) < int(guardian.get("max_hp", 4)):
            found.add("guardian-hurt")
        path = ((board.get("paths") or {}).get(guardian.get("path")) or {}).get("spaces") or []
        if path and path[0] is not None:
            found.add("monster-in-front")
    if any(not die.get("used") for die in board.get("dice") or []):
        found.add("dice-left")
    return frozenset(found)


def situation(
    tutorial: Tutorial,
    board: Mapping[str, Any],
    seat: int,
    pending: tuple[int, str] | None,
    legal: Sequence[str],
    labels: Mapping[str, str],
    done: Sequence[str] = (),
    held: Collection[int] = (),
) -> Situation:
    """A seat's situation from its view of the board, the engine's pending decision (seat, kind; None
    once over), its legal actions with their labels, and the actions it has made this game.
    ``held``: every seat the player holds (at a table one person may hold several; a decision of
    any of them is theirs), ``seat`` alone when empty."""
    if pending is None:
        kind = "over"
    elif pending[0] not in (held or (seat,)):
        kind = "waiting"
    else:
        kind = pending[1]
    return Situation(
        kind=kind,
        legal=tuple(legal) if kind not in ("over", "waiting") else (),
        labels=dict(labels),
        done=frozenset(action.split(" ", 1)[0] for action in done),
        facts=facts(tutorial, board, seat),
    )
