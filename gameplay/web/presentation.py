"""How catalog data reads on a page: effect scripts as nested lines, keywords explained,
and the light-cost curve as bar geometry for an inline SVG; and how a finished game is named."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from gameplay import glossary
from gameplay.runeslingers.cards import faces
from gameplay.runeslingers.cards.schema import OP_SPECS
from gameplay.runeslingers.site_catalog import CurveBar

if TYPE_CHECKING:
    from gameplay.matches.models import Game

# The keywords' help lives with the card faces (one text for the faces and the detail page).
KEYWORD_HELP: dict[str, str] = {keyword.value: help for keyword, help in faces.KEYWORD_HELP.items()}


@dataclass(frozen=True)
class BotLevel:
    value: str  # `PlayMatch.Bot` value
    label: str
    about: str


# The practice opponents, easiest first, with what each does in a player's words.
BOT_LEVELS: tuple[BotLevel, ...] = (
    BotLevel("random", "Easy", "plays any legal move at random"),
    BotLevel("greedy", "Normal", "takes the move that looks best right now"),
    BotLevel("hard", "Hard", "thinks ahead: tries each move in many imagined games, guessing your hidden cards"),
)
DEFAULT_BOT_LEVEL = "greedy"


TRIGGER_LABELS: dict[str, str] = {
    "play": "When played",
    "sling": "Sling",
    "use": "Use",
    "activate": "Activate",
    "static": "While in play",
}


@dataclass
class Line:
    """One readable line of a script; `children` are its nested effects."""

    text: str
    children: list[Line] = field(default_factory=list)


def words(name: object) -> str:
    return str(name).replace("_", " ")


def keyword_help(keywords: Sequence[dict[str, Any]]) -> list[tuple[str, str, str]]:
    """A card row's keywords as ``(label, help, glossary link)``; a keyword the current vocabulary no
    longer has (an old catalog row) keeps its label, with no help and no link."""
    out = []
    for entry in keywords:
        keyword = str(entry["keyword"])
        label = keyword.capitalize()
        if entry.get("value") is not None:
            label += f" {entry['value']}"
        out.append((label, KEYWORD_HELP.get(keyword, ""), glossary.url(keyword) if keyword in KEYWORD_HELP else ""))
    return out


def describe_script(script: Sequence[dict[str, Any]]) -> list[Line]:
    return [_ability(ability) for ability in script]


def _ability(ability: dict[str, Any]) -> Line:
    when = str(ability["when"])
    head = TRIGGER_LABELS.get(when, words(when).capitalize())
    if ability.get("filter"):
        head += f" ({_params(ability['filter'])})"
    if ability.get("if"):
        head += f", if {_condition(ability['if'])}"
    children = [_effect(e) for e in ability.get("do", [])]
    children += [Line(f"{words(m['mod'])} {_params(_without(m, 'mod'))}".strip()) for m in ability.get("modifiers", [])]
    return Line(head + ":", children)


def _effect(effect: dict[str, Any]) -> Line:
    params = _without(effect, "op")
    nested: list[Line] = []
    for key in ("on_hit", "then", "else"):
        if key in params:
            nested.append(Line(f"{words(key)}:", [_effect(e) for e in params.pop(key) or []]))
    if "options" in params:
        for number, option in enumerate(params.pop("options"), start=1):
            nested.append(Line(f"option {number}:", [_effect(e) for e in option]))
    if "cond" in params:
        params["cond"] = _condition(params["cond"])
    text = words(effect["op"])
    if params:
        text += f" — {_params(_in_spec_order(effect['op'], params))}"
    return Line(text, nested)


def _in_spec_order(op: str, params: dict[str, Any]) -> dict[str, Any]:
    """Parameters in the order the vocabulary declares them (the database may not keep key order)."""
    spec = OP_SPECS.get(op)
    order = list(spec.params) if spec is not None else []
    return dict(sorted(params.items(), key=lambda kv: (order.index(kv[0]) if kv[0] in order else len(order), kv[0])))


def _condition(condition: Any) -> str:
    if not isinstance(condition, dict):
        return words(condition)
    params = _without(condition, "cond", "negate")
    text = ("not " if condition.get("negate") else "") + words(condition.get("cond", ""))
    return f"{text} ({_params(params)})" if params else text


def _without(mapping: dict[str, Any], *keys: str) -> dict[str, Any]:
    return {k: v for k, v in mapping.items() if k not in keys}


def _params(params: dict[str, Any]) -> str:
    return ", ".join(f"{words(k)}: {_value(v)}" for k, v in params.items())


def _value(value: Any) -> str:
    if isinstance(value, dict):
        if {"base", "per"} <= set(value):
            return f"{value['base']} + {value.get('each', 1)} × {words(value['per'])}"
        if {"ailment", "count"} <= set(value):
            return f"{value['count']} {words(value['ailment'])}"
        return f"({_params(value)})"
    if isinstance(value, list):
        return ", ".join(_value(v) for v in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return words(value)


@dataclass(frozen=True)
class Bar:
    label: str
    count: int
    x: float
    cx: float  # the bar's centre, where its labels go
    y: float
    height: float
    label_y: float


CHART_WIDTH, CHART_HEIGHT, BAR_WIDTH, TOP_PAD, AXIS = 280, 120, 28, 16, 18


def curve_bars(curve: Sequence[CurveBar]) -> list[Bar]:
    """Bar geometry in a CHART_WIDTH × CHART_HEIGHT box, tallest bar full height."""
    tallest = max((bar.count for bar in curve), default=0) or 1
    step = CHART_WIDTH / max(len(curve), 1)
    usable = CHART_HEIGHT - TOP_PAD - AXIS
    bars = []
    for index, bar in enumerate(curve):
        height = usable * bar.count / tallest
        y = CHART_HEIGHT - AXIS - height
        x = index * step + (step - BAR_WIDTH) / 2
        bars.append(Bar(bar.label, bar.count, x, x + BAR_WIDTH / 2, y, height, y - 4))
    return bars


def game_label(game: Game, names: dict[str, str]) -> str:
    """ "Game 2 · Ann won (clock)": the game's number, who won it (or drawn) and why it ended, if
    it was not played out; ``names`` are the seats' names ({"p1": ..., "p2": ...})."""
    outcome = "drawn" if game.winner is None else f"{names[f'p{game.winner + 1}']} won"
    why = END_WORDS.get(game.end_reason, game.end_reason)
    return f"Game {game.number} · {outcome}" + (f" ({why})" if why else "")


#: How a game ended (``Game.end_reason``) in a game's name; a game played out to a lost last power
#: needs no words.
END_WORDS: dict[str, str] = {
    "power": "",
    "game over": "",
    "draw": "turn limit",
    "concession": "by concession",
}


RULE_LABELS = {
    "deck-size": "Deck size",
    "max-copies": "Copies",
    "x-copies": "X cards",
    "runeslinger": "Runeslinger",
    "equips": "Equips",
    "pool": "Pool",
    "starter-list": "Starter list",
    "unknown-card": "Unknown card",
    "unknown-equip": "Unknown equip",
}


def rule_label(rule: str) -> str:
    """A format rule in words, for the badge beside a violation (never the rule's key)."""
    return RULE_LABELS.get(rule, rule.replace("-", " ").capitalize())
