"""The Runemasters card data: loading ``data/*.yaml`` and checking it against rulebook 003.

PURE: reads its own YAML files only. ``load()`` returns the checked data (cached); ``lint()``
lists every problem in raw data, so a bad edit fails loudly with the reason.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

DATA_DIR = Path(__file__).parent / "data"
RUNES = ("red", "blue", "green", "yellow", "purple", "white")
STRIKE_RUNES = RUNES[:5]
COLOURS = RUNES[:4]
TYPES = ("archer", "wolf", "troll", "shadow", "dragon", "warrior", "wizard")
TWO_PLAYER_TYPES = ("archer", "wolf", "troll", "shadow")
KINDS = ("positive", "negative", "neutral")
DIFFICULTIES = ("initiate", "novice", "guardian", "hero", "legend")
CALM = "all-is-calm"
TYPE_FIELDS = {
    "enters": int,
    "damage": int,
    "ranged": bool,
    "heals": bool,
    "unblockable": bool,
    "resists_release": bool,
}
MONSTER_FIELDS = {"id", "colour", "type", "weak_points", "reward", "two_player"}


class DataError(ValueError):
    """The card data breaks a rule of 003 or of the format; the message lists every problem."""


@dataclass(frozen=True)
class MonsterType:
    enters: int
    damage: int
    ranged: bool
    heals: bool
    unblockable: bool
    resists_release: bool


@dataclass(frozen=True)
class Monster:
    id: str
    colour: str
    type: str
    weak_points: tuple[str, ...]
    reward: int
    two_player: bool


@dataclass(frozen=True)
class EventCard:
    """A card of the Event deck (rulebook 003): not an event of the site (`tournaments.models.Event`)."""

    id: str
    name: str
    kind: str


@dataclass(frozen=True)
class GameData:
    monsters: dict[str, Monster]
    types: dict[str, MonsterType]
    events: dict[str, EventCard]
    difficulties: dict[str, dict[str, int]]
    version: str

    def kind_of(self, kind: str) -> list[str]:
        """The ids of the events of one kind, in file order."""
        return [e.id for e in self.events.values() if e.kind == kind]


def _monster_problems(card: Any) -> list[str]:
    if not isinstance(card, dict) or set(card) != MONSTER_FIELDS:
        return [f"monster {card!r}: fields must be exactly {sorted(MONSTER_FIELDS)}"]
    name = card["id"]
    problems = []
    if card["colour"] not in COLOURS:
        problems.append(f"monster {name}: colour {card['colour']!r} is not a path colour")
    if card["type"] not in TYPES:
        problems.append(f"monster {name}: type {card['type']!r} is unknown")
    points = card["weak_points"]
    if not isinstance(points, list) or not points or any(p not in STRIKE_RUNES for p in points):
        problems.append(f"monster {name}: weak points must be a non-empty list of strike runes")
    if not isinstance(card["reward"], int) or not 1 <= card["reward"] <= 4:
        problems.append(f"monster {name}: reward must be 1 to 4 mana")
    if not isinstance(card["two_player"], bool):
        problems.append(f"monster {name}: two_player must be true or false")
    return problems


def _deck_problems(cards: list[dict[str, Any]]) -> list[str]:
    """The counts and examples rulebook 003 gives (docs/runemasters.md, Decisions)."""
    problems = []
    ids = Counter(c["id"] for c in cards)
    problems += [f"monster id {i} is used {n} times" for i, n in ids.items() if n > 1]
    if len(cards) != 32:
        problems.append(f"there must be 32 monster cards, not {len(cards)}")
    if (yellow := sum(c["colour"] == "yellow" for c in cards)) != 7:
        problems.append(f"there must be 7 yellow monsters (25 remain with 3 guardians), not {yellow}")
    marked = Counter(c["type"] for c in cards if c["two_player"])
    if marked != Counter({t: 4 for t in TWO_PLAYER_TYPES}):
        problems.append(f"the 2-player cards must be 4 archers, wolves, trolls and shadows, not {dict(marked)}")
    if sum(c["type"] == "dragon" for c in cards) < 2:
        problems.append("there must be at least 2 dragons (one joins the 2-player deck at random)")
    examples = {("red", "dragon"), ("green", "troll")}
    missing = examples - {(c["colour"], c["type"]) for c in cards}
    problems += [f"the rulebook's examples need a {colour} {kind}" for colour, kind in sorted(missing)]
    problems += [
        f"troll {c['id']} must have 3 weak points" for c in cards if c["type"] == "troll" and len(c["weak_points"]) != 3
    ]
    return problems


def _type_problems(types: Any) -> list[str]:
    if not isinstance(types, dict) or set(types) != set(TYPES):
        return [f"types must describe exactly {list(TYPES)}"]
    problems = []
    for name, fields in types.items():
        if not isinstance(fields, dict) or set(fields) != set(TYPE_FIELDS):
            problems.append(f"type {name}: fields must be exactly {sorted(TYPE_FIELDS)}")
        elif any(type(fields[k]) is not kind for k, kind in TYPE_FIELDS.items()):
            problems.append(f"type {name}: a field has the wrong kind of value")
        elif fields["enters"] not in (2, 3) or not 1 <= fields["damage"] <= 4:
            problems.append(f"type {name}: enters must be 2 or 3 and damage 1 to 4")
    return problems


def _event_problems(events: Any, difficulties: Any) -> list[str]:
    if not isinstance(events, list) or any(not isinstance(e, dict) or set(e) != {"id", "name", "kind"} for e in events):
        return ["events must be a list of {id, name, kind}"]
    problems = [f"event {e['id']}: kind {e['kind']!r} is unknown" for e in events if e["kind"] not in KINDS]
    counts = Counter(e["kind"] for e in events)
    if counts != Counter(positive=5, negative=5, neutral=1):
        problems.append(f"there must be 5 positive, 5 negative and 1 neutral event, not {dict(counts)}")
    if [e["id"] for e in events if e["kind"] == "neutral"] != [CALM]:
        problems.append(f"the neutral event must be {CALM}")
    if len({e["id"] for e in events}) != len(events):
        problems.append("event ids must be unique")
    if not isinstance(difficulties, dict) or list(difficulties) != list(DIFFICULTIES):
        return [*problems, f"difficulties must be exactly {list(DIFFICULTIES)}, in order"]
    for level, dealt in difficulties.items():
        if not isinstance(dealt, dict) or set(dealt) != set(KINDS) or sum(dealt.values()) != 5:
            problems.append(f"difficulty {level}: deal five cards by kind")
        elif any(dealt[k] > counts[k] for k in KINDS):
            problems.append(f"difficulty {level}: deals more cards of a kind than exist")
    return problems


def lint(monsters: Any, types: Any, events: Any, difficulties: Any) -> list[str]:
    """Every problem in raw (parsed YAML) data; an empty list when it is sound."""
    if not isinstance(monsters, list):
        return ["monsters must be a list"]
    problems = [p for card in monsters for p in _monster_problems(card)]
    if not problems:
        problems += _deck_problems(monsters)
    return problems + _type_problems(types) + _event_problems(events, difficulties)


def _read(directory: Path) -> tuple[dict[str, Any], str]:
    merged: dict[str, Any] = {}
    digest = hashlib.sha256()
    for path in sorted(directory.glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        digest.update(path.name.encode() + b"\0" + text.encode())
        merged.update(yaml.safe_load(text) or {})
    return merged, digest.hexdigest()[:12]


def load_from(directory: Path) -> GameData:
    """The data in ``directory``; raises DataError listing every problem."""
    raw, version = _read(directory)
    parts: list[Any] = [raw.get(k) for k in ("monsters", "types", "events", "difficulties")]
    problems = lint(*parts)
    if problems:
        raise DataError("; ".join(problems))
    monsters, types, events, difficulties = parts
    return GameData(
        monsters={c["id"]: Monster(**{**c, "weak_points": tuple(c["weak_points"])}) for c in monsters},
        types={name: MonsterType(**fields) for name, fields in types.items()},
        events={e["id"]: EventCard(**e) for e in events},
        difficulties=difficulties,
        version=version,
    )


@cache
def load() -> GameData:
    """The shipped data (checked once per process)."""
    return load_from(DATA_DIR)
