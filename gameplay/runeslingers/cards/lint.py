"""The card-data linter: is the catalog's raw data well formed and consistent?

PURE. `lint_data(sections)` takes the merged YAML sections (``cards``, ``runeslingers``,
``equips``, ``ailments``, ``starter_decks``) and returns every `Problem` at once, each naming
the object (``card 'fireball' (Fireball)``), the field and what is wrong. Scripts are checked
by `scriptlint.check_script`; this module adds the rules that depend on the object: which
triggers a card type may use, defense values, keyword/script consistency, rarity and the X
mark, equip costs, duplicate ids and names, and references between objects.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Mapping
from enum import Enum
from typing import Any, TypeVar

from gameplay.runeslingers.cards.schema import (
    AILMENT_KEYS,
    AWAKENING_ONLY_KEYWORDS,
    AWAKENING_ONLY_MODIFIERS,
    AWAKENING_ONLY_OPS,
    AWAKENING_ONLY_TRIGGERS,
    AWAKENING_ONLY_TYPES,
    CARD_KEYS_OPTIONAL,
    CARD_KEYS_REQUIRED,
    CLASSIC_ABILITY_KEYS,
    CLASSIC_ABILITY_KINDS,
    CLASSIC_CARD_KEYS_OPTIONAL,
    CLASSIC_CARD_KEYS_REQUIRED,
    CLASSIC_DECK_SIZE,
    CLASSIC_MAX_COPIES,
    CLASSIC_SECTIONS,
    CLASSIC_STARTER_KEYS,
    DEFENSE_TYPES,
    EQUIP_KEYS,
    INHERENT_KEYS,
    LEVEL_KEYS,
    MAX_KEYWORDS_PRINTED,
    RUNESLINGER_CLASSES,
    RUNESLINGER_KEYS,
    RUNESLINGER_TARGETS,
    STARTER_KEYS,
    AilmentType,
    CardClass,
    CardType,
    EquipKind,
    Keyword,
    Rarity,
    Trigger,
    TrinketSubtype,
)
from gameplay.runeslingers.cards.scriptlint import Problem, ScriptSummary, check_script

E = TypeVar("E", bound=Enum)
SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
MAX_COST = 10
CARD_TRIGGERS_FORBIDDEN = frozenset({Trigger.ACTIVATE, Trigger.INSTANCE_APPLIED})
AILMENT_TRIGGERS = frozenset(
    {
        Trigger.INSTANCE_APPLIED,
        Trigger.STATIC,
        Trigger.START_OF_YOUR_TURN,
        Trigger.END_OF_YOUR_TURN,
        Trigger.YOU_BLOCK,
        Trigger.YOU_SLING,
        Trigger.YOU_PLAY,
    }
)
SECTIONS = ("cards", "runeslingers", "equips", "ailments", "starter_decks")


class _Report:
    def __init__(self, where: str, problems: list[Problem]) -> None:
        self.where = where
        self.problems = problems

    def add(self, code: str, field: str, message: str) -> None:
        self.problems.append(Problem(code, self.where, field, message))


def describe(kind: str, raw: object, index: int) -> str:
    """How a problem names an object: "card 'fireball' (Fireball)" or "card #3"."""
    if isinstance(raw, dict) and isinstance(raw.get("id"), str):
        name = raw.get("name")
        return f"{kind} '{raw['id']}'" + (f" ({name})" if isinstance(name, str) else "")
    return f"{kind} #{index + 1}"


def lint_data(sections: dict[str, object]) -> list[Problem]:
    """Every problem in the merged data, in a stable order."""
    problems: list[Problem] = []
    lists = {name: _as_list(sections.get(name), name, problems) for name in SECTIONS}
    for key in sorted(set(sections) - set(SECTIONS)):
        problems.append(Problem("unknown-section", "data", key, f"unknown top-level key '{key}'"))
    for i, raw in enumerate(lists["cards"]):
        lint_card(raw, describe("card", raw, i), problems)
    for i, raw in enumerate(lists["runeslingers"]):
        lint_runeslinger(raw, describe("runeslinger", raw, i), problems)
    for i, raw in enumerate(lists["equips"]):
        lint_equip(raw, describe("equip", raw, i), problems)
    lint_ailments(lists["ailments"], problems)
    _lint_unique(lists, problems)
    _lint_starters(lists, problems)
    return problems


def _as_list(raw: object, name: str, problems: list[Problem]) -> list[Any]:
    if raw is None:
        problems.append(Problem("missing-section", "data", name, f"no '{name}' in any data file"))
        return []
    if not isinstance(raw, list):
        problems.append(Problem("bad-section", "data", name, "must be a list"))
        return []
    return raw


def _check_keys(raw: dict[str, Any], required: Iterable[str], optional: Iterable[str], r: _Report) -> None:
    required, optional = set(required), set(optional)
    for key in sorted(required - set(raw)):
        r.add("missing-field", key, f"'{key}' is required")
    for key in sorted(set(raw) - required - optional):
        r.add("unknown-field", key, f"unknown field '{key}'")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int_field(raw: dict[str, Any], key: str, low: int, high: int, r: _Report) -> int | None:
    value = raw.get(key)
    if key not in raw:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        r.add("bad-type", key, f"must be a whole number, not {value!r}")
        return None
    if not low <= value <= high:
        r.add("bad-value", key, f"must be between {low} and {high} (got {value})")
        return None
    return value


def _enum_field(raw: dict[str, Any], key: str, enum: type[E], r: _Report, allowed: Iterable[E] = ()) -> E | None:
    if key not in raw:
        return None
    choices: list[E] = list(allowed) or list(enum)
    try:
        value: E | None = enum(raw[key])
    except ValueError:
        value = None
    if value is None or value not in choices:
        names = ", ".join(str(c.value) for c in choices)
        r.add(f"bad-{key}", key, f"{raw[key]!r} is not one of: {names}")
        return None
    return value


def _text_field(raw: dict[str, Any], key: str, r: _Report) -> None:
    if key in raw and (not isinstance(raw[key], str) or not raw[key].strip()):
        r.add("bad-type", key, "must be non-empty text")


def _common_identity(raw: dict[str, Any], r: _Report) -> None:
    if "id" in raw and (not isinstance(raw["id"], str) or not SLUG.match(raw["id"])):
        r.add("bad-id", "id", f"{raw['id']!r} is not a slug (lower-case words joined by '-')")
    _text_field(raw, "name", r)
    _text_field(raw, "text", r)


# --- cards ---------------------------------------------------------------------------------


def lint_card(raw: object, where: str, problems: list[Problem]) -> None:
    r = _Report(where, problems)
    if not isinstance(raw, dict):
        r.add("bad-card", "-", "a card must be a mapping")
        return
    card_type = _lint_card_fields(raw, CARD_KEYS_REQUIRED, CARD_KEYS_OPTIONAL, r)
    rarity = _enum_field(raw, "rarity", Rarity, r)
    _int_field(raw, "cost", 0, MAX_COST, r)
    _lint_x(raw, rarity, r)
    keywords = _lint_keywords(raw.get("keywords", []), r)
    if "script" in raw:
        summary = check_script(raw["script"], where, "script", problems)
        _lint_card_script(card_type, "defense" in raw, keywords, summary, r)


def _lint_card_fields(
    raw: dict[str, Any], required: Iterable[str], optional: Iterable[str], r: _Report
) -> CardType | None:
    """What every edition of a card has: its fields, identity, type, class, subtype and defense."""
    _check_keys(raw, required, optional, r)
    _common_identity(raw, r)
    card_type = _enum_field(raw, "type", CardType, r)
    _enum_field(raw, "class", CardClass, r)
    _lint_subtype(raw, card_type, r)
    _lint_defense(raw, card_type, r)
    return card_type


def _lint_subtype(raw: dict[str, Any], card_type: CardType | None, r: _Report) -> None:
    if card_type is CardType.TRINKET:
        if "subtype" not in raw:
            r.add("missing-subtype", "subtype", "a trinket needs a subtype (weapon, curio, armour)")
        else:
            _enum_field(raw, "subtype", TrinketSubtype, r)
    elif "subtype" in raw and card_type is not None:
        r.add("bad-subtype", "subtype", f"only trinkets have a subtype, not {card_type.value}")


def _lint_defense(raw: dict[str, Any], card_type: CardType | None, r: _Report) -> None:
    if card_type is not None and card_type in DEFENSE_TYPES and "defense" not in raw:
        r.add("missing-defense", "defense", f"a {card_type.value} is a defense card and needs a defense value")
    if "defense" in raw:
        _int_field(raw, "defense", 1, 30, r)


def _lint_x(raw: dict[str, Any], rarity: Rarity | None, r: _Report) -> None:
    x = raw.get("x", False)
    if not isinstance(x, bool):
        r.add("bad-type", "x", f"must be true or false, not {x!r}")
        return
    if x and rarity is not None and rarity is not Rarity.MYTHIC:
        r.add("bad-rarity", "rarity", "an X card must be mythic")
    if rarity is Rarity.MYTHIC and not x:
        r.add("bad-rarity", "x", "a mythic card must carry the X mark")


def _lint_keywords(raw: object, r: _Report) -> dict[Keyword, int | None]:
    found: dict[Keyword, int | None] = {}
    if not isinstance(raw, list):
        r.add("bad-type", "keywords", "must be a list")
        return found
    for i, item in enumerate(raw):
        parsed = _parse_keyword(item, r, f"keywords[{i}]")
        if parsed is None:
            continue
        keyword, value = parsed
        if keyword in found:
            r.add("duplicate-keyword", f"keywords[{i}]", f"keyword '{keyword.value}' appears twice")
        found[keyword] = value
    if len(raw) > MAX_KEYWORDS_PRINTED:
        r.add("too-many-keywords", "keywords", f"at most {MAX_KEYWORDS_PRINTED} keywords are printed")
    return found


def _parse_keyword(item: object, r: _Report, field: str) -> tuple[Keyword, int | None] | None:
    name, value = (item, None) if isinstance(item, str) else (None, None)
    if isinstance(item, dict) and len(item) == 1:
        name, value = next(iter(item.items()))
    try:
        keyword = Keyword(name if isinstance(name, str) else "")
    except ValueError:
        r.add("unknown-keyword", field, f"unknown keyword {item!r}")
        return None
    if keyword.takes_value:
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            example = f"{{{keyword.value}: 2}}"
            r.add("bad-keyword-value", field, f"'{keyword.value}' needs a number of 1 or more, e.g. {example}")
            return None
    elif not isinstance(item, str):
        r.add("bad-keyword-value", field, f"'{keyword.value}' takes no number")
        return None
    return keyword, value


def _lint_card_script(
    card_type: CardType | None, has_defense: bool, keywords: dict[Keyword, int | None], s: ScriptSummary, r: _Report
) -> None:
    triggers = set(s.triggers)
    for trigger in sorted(triggers & CARD_TRIGGERS_FORBIDDEN, key=lambda t: t.value):
        r.add("bad-trigger", "script", f"a card cannot use trigger '{trigger.value}'")
    if card_type is not None:
        _lint_type_rules(card_type, has_defense, triggers, s, r)
    _lint_keyword_rules(keywords, triggers, s, r)


def _lint_type_rules(
    card_type: CardType, has_defense: bool, triggers: set[Trigger], s: ScriptSummary, r: _Report
) -> None:
    normal_runespell = card_type.is_runespell and not has_defense
    if normal_runespell and triggers != {Trigger.PLAY}:
        r.add("bad-trigger", "script", "a normal runespell has only 'when: play' abilities")
    if Trigger.SLING in triggers and not (card_type.is_runespell and has_defense):
        r.add("bad-trigger", "script", "only a defense runespell has a 'sling' ability")
    if card_type is CardType.UTILITY and "damage" in s.ops:
        r.add("utility-damage", "script", "a utility runespell cannot deal damage")
    if card_type is CardType.SPIRIT and "damage" not in s.ops:
        r.add("spirit-no-damage", "script", "a spirit runespell must deal damage")
    if card_type is CardType.ATTACK:
        if "damage" not in s.ops:
            r.add("attack-no-damage", "script", "an attack runespell must deal damage")
        for target in s.damage_targets:
            if target not in RUNESLINGER_TARGETS:
                r.add("bad-target", "script", f"an attack runespell damages only Runeslingers, not '{target}'")


def _lint_keyword_rules(
    keywords: dict[Keyword, int | None], triggers: set[Trigger], s: ScriptSummary, r: _Report
) -> None:
    rules: list[tuple[bool, bool, str]] = [
        (
            Keyword.FATE in keywords,
            "enemy" in s.choosers,
            "Fate needs a 'choose' effect with chooser enemy, and such an effect needs Fate",
        ),
        (
            Keyword.CHOICE in keywords,
            "you" in s.choosers,
            "Choice needs a 'choose' effect with chooser you, and such an effect needs Choice",
        ),
        (
            Keyword.USE in keywords,
            Trigger.USE in triggers,
            "Use needs a 'when: use' ability, and such an ability needs Use",
        ),
        (
            Keyword.PIERCE in keywords,
            "pierce" in s.damage_modes,
            "Pierce needs damage with mode pierce, and pierce damage needs Pierce",
        ),
    ]
    for has_keyword, has_script, message in rules:
        if has_keyword != has_script:
            r.add("keyword-mismatch", "keywords", message)
    if Keyword.PIERCE in keywords and set(s.damage_modes) - {"pierce"}:
        r.add("keyword-mismatch", "keywords", "with Pierce every damage effect must pierce")
    if Keyword.CHARGE in keywords and "tokens_on_this" not in set(s.quantities) | set(s.conditions):
        r.add("keyword-mismatch", "keywords", "Charge needs the script to count tokens_on_this")
    if Keyword.QUICK in keywords and Keyword.USE not in keywords:
        r.add("keyword-mismatch", "keywords", "Quick only makes sense with Use")


# --- runeslingers, equips, ailments ----------------------------------------------------------


def _only_triggers(s: ScriptSummary, allowed: Callable[[Trigger], bool], what: str, r: _Report, field: str) -> None:
    for trigger in s.triggers:
        if not allowed(trigger):
            r.add("bad-trigger", field, f"{what} cannot use trigger '{trigger.value}'")


def lint_runeslinger(raw: object, where: str, problems: list[Problem]) -> None:
    r = _Report(where, problems)
    if not isinstance(raw, dict):
        r.add("bad-runeslinger", "-", "a runeslinger must be a mapping")
        return
    _check_keys(raw, RUNESLINGER_KEYS, (), r)
    _common_identity(raw, r)
    _enum_field(raw, "class", CardClass, r, RUNESLINGER_CLASSES)
    _int_field(raw, "health", 1, 40, r)
    _int_field(raw, "block", 0, 10, r)
    inherent = raw.get("inherent")
    if not isinstance(inherent, dict):
        if "inherent" in raw:
            r.add("bad-type", "inherent", "must be a mapping with name, light_cost, text, script")
        return
    sub = _Report(where, problems)
    _check_keys(inherent, INHERENT_KEYS, (), _Prefixed(sub, "inherent"))
    _int_field(inherent, "light_cost", 0, MAX_COST, _Prefixed(sub, "inherent"))
    if "script" in inherent:
        s = check_script(inherent["script"], where, "inherent.script", problems)
        _only_triggers(s, lambda t: t is Trigger.ACTIVATE, "an inherent ability", r, "inherent.script")


class _Prefixed(_Report):
    def __init__(self, inner: _Report, prefix: str) -> None:
        super().__init__(inner.where, inner.problems)
        self.prefix = prefix

    def add(self, code: str, field: str, message: str) -> None:
        super().add(code, f"{self.prefix}.{field}", message)


def lint_equip(raw: object, where: str, problems: list[Problem]) -> None:
    r = _Report(where, problems)
    if not isinstance(raw, dict):
        r.add("bad-equip", "-", "an equip must be a mapping")
        return
    _check_keys(raw, EQUIP_KEYS - {"determinations"}, {"determinations"}, r)
    _common_identity(raw, r)
    _enum_field(raw, "class", CardClass, r, RUNESLINGER_CLASSES)
    kind = _enum_field(raw, "kind", EquipKind, r)
    if kind is EquipKind.ABILITY:
        if "determinations" not in raw:
            r.add("missing-field", "determinations", "an ability needs a determination cost (1 or 2)")
        _int_field(raw, "determinations", 1, 2, r)
    elif kind is EquipKind.STANCE and "determinations" in raw:
        r.add("unknown-field", "determinations", "a stance has no determination cost")
    if "script" in raw:
        s = check_script(raw["script"], where, "script", problems)
        if kind is EquipKind.ABILITY:
            _only_triggers(s, lambda t: t is Trigger.ACTIVATE, "an ability", r, "script")
        elif kind is EquipKind.STANCE:
            _only_triggers(
                s,
                lambda t: (
                    t not in (Trigger.ACTIVATE, Trigger.PLAY, Trigger.USE, Trigger.SLING, Trigger.INSTANCE_APPLIED)
                ),
                "a stance",
                r,
                "script",
            )


def lint_ailments(raws: list[Any], problems: list[Problem]) -> None:
    seen: set[str] = set()
    for i, raw in enumerate(raws):
        where = describe("ailment", raw, i)
        r = _Report(where, problems)
        if not isinstance(raw, dict):
            r.add("bad-ailment", "-", "an ailment must be a mapping")
            continue
        _check_keys(raw, AILMENT_KEYS, (), r)
        ailment = _enum_field(raw, "id", AilmentType, r)
        if ailment is not None:
            seen.add(ailment.value)
        for level in ("level_1", "level_2"):
            _lint_level(raw.get(level), where, level, problems)
    for missing in sorted({a.value for a in AilmentType} - seen):
        problems.append(Problem("missing-ailment", "ailments", missing, f"ailment '{missing}' is not defined"))


def _lint_level(raw: object, where: str, level: str, problems: list[Problem]) -> None:
    r = _Report(where, problems)
    if not isinstance(raw, dict):
        r.add("bad-type", level, "must be a mapping with text and script")
        return
    _check_keys(raw, LEVEL_KEYS, (), _Prefixed(r, level))
    _text_field(raw, "text", _Prefixed(r, level))
    if "script" in raw:
        s = check_script(raw["script"], where, f"{level}.script", problems)
        _only_triggers(s, lambda t: t in AILMENT_TRIGGERS, "an ailment", r, f"{level}.script")
        for target in s.targets:
            if target not in RUNESLINGER_TARGETS:
                r.add("bad-target", f"{level}.script", f"an ailment affects Runeslingers, not '{target}'")


# --- uniqueness and references ----------------------------------------------------------------


def _lint_unique(lists: dict[str, list[Any]], problems: list[Problem]) -> None:
    ids: dict[str, str] = {}
    names: dict[str, str] = {}
    for section in ("cards", "runeslingers", "equips"):
        for i, raw in enumerate(lists[section]):
            if not isinstance(raw, dict):
                continue
            where = describe(section.rstrip("s"), raw, i)
            _claim(ids, raw.get("id"), where, "id", problems)
            name = raw.get("name")
            _claim(names, name.casefold() if isinstance(name, str) else None, where, "name", problems)


def _claim(seen: dict[str, str], key: object, where: str, field: str, problems: list[Problem]) -> None:
    if not isinstance(key, str):
        return
    if key in seen:
        problems.append(Problem(f"duplicate-{field}", where, field, f"{field} '{key}' is already used by {seen[key]}"))
    else:
        seen[key] = where


def _lint_starters(lists: dict[str, list[Any]], problems: list[Problem]) -> None:
    cards = {c["id"] for c in lists["cards"] if isinstance(c, dict) and "id" in c}
    slingers = {s["id"]: s.get("class") for s in lists["runeslingers"] if isinstance(s, dict) and "id" in s}
    equips = {e["id"]: e for e in lists["equips"] if isinstance(e, dict) and "id" in e}
    for i, raw in enumerate(lists["starter_decks"]):
        r = _Report(describe("starter deck", raw, i), problems)
        if not _starter_fields(raw, STARTER_KEYS, slingers, r):
            continue
        assert isinstance(raw, dict)
        slinger = raw.get("runeslinger")
        for equip_id in raw.get("equips") or []:
            equip = equips.get(equip_id)
            if equip is None:
                r.add("unknown-equip", "equips", f"unknown equip {equip_id!r}")
            elif slinger in slingers and equip.get("class") != slingers[slinger]:
                r.add("equip-class", "equips", f"equip '{equip_id}' is not of {slinger}'s class")
        _lint_starter_cards(raw.get("cards"), cards, r)


def _starter_fields(raw: object, keys: Iterable[str], slingers: Collection[str], r: _Report) -> bool:
    """The fields every starter deck has, and its Runeslinger; False when it is not a mapping."""
    if not isinstance(raw, dict):
        r.add("bad-starter", "-", "a starter deck must be a mapping")
        return False
    _check_keys(raw, keys, (), r)
    _common_identity(raw, r)
    if raw.get("runeslinger") not in slingers:
        r.add("unknown-runeslinger", "runeslinger", f"unknown runeslinger {raw.get('runeslinger')!r}")
    return True


def _lint_starter_cards(raw: object, cards: set[str], r: _Report) -> None:
    if not isinstance(raw, dict) or not raw:
        r.add("bad-type", "cards", "must map card ids to copy counts")
        return
    for card_id, count in raw.items():
        if card_id not in cards:
            r.add("unknown-card", f"cards.{card_id}", f"names unknown card {card_id!r}")
        if not _is_int(count) or count < 1:
            r.add("bad-value", f"cards.{card_id}", f"copies must be a whole number of 1 or more, not {count!r}")


# --- Classic (rulebook 000) -----------------------------------------------------------------


def lint_classic_data(
    sections: Mapping[str, object], runeslingers: Iterable[str], equips: Iterable[str]
) -> list[Problem]:
    """Every problem in the Classic data: its cards (a card legal in Classic has Classic rules text
    and a valid script, and nothing only The Awakening has) and its Runeslinger abilities (each
    bearing the name of a known Runeslinger, one passive and one activate ability at least each).
    `runeslingers` and `equips` are the Awakening ids the Classic data refers to or must not reuse."""
    problems: list[Problem] = []
    lists = {name: _as_list(sections.get(name), name, problems) for name in CLASSIC_SECTIONS}
    for key in sorted(set(sections) - set(CLASSIC_SECTIONS)):
        problems.append(Problem("unknown-section", "classic data", key, f"unknown top-level key '{key}'"))
    for i, raw in enumerate(lists["cards"]):
        lint_classic_card(raw, describe("classic card", raw, i), problems)
    known = set(runeslingers)
    for i, raw in enumerate(lists["abilities"]):
        _lint_classic_ability(raw, describe("classic ability", raw, i), known, problems)
    _lint_classic_unique(lists, set(equips), problems)
    _lint_ability_pairs(lists["abilities"], problems)
    for i, raw in enumerate(lists["starter_decks"]):
        _lint_classic_starter(raw, describe("classic starter deck", raw, i), lists, known, problems)
    return problems


def lint_classic_card(raw: object, where: str, problems: list[Problem]) -> None:
    r = _Report(where, problems)
    if not isinstance(raw, dict):
        r.add("bad-card", "-", "a card must be a mapping")
        return
    card_type = _lint_card_fields(raw, CLASSIC_CARD_KEYS_REQUIRED, CLASSIC_CARD_KEYS_OPTIONAL, r)
    if card_type in AWAKENING_ONLY_TYPES:
        r.add("not-classic", "type", f"Classic has no {card_type}s")
    keywords = _lint_keywords(raw.get("keywords", []), r)
    for keyword in sorted(set(keywords) & AWAKENING_ONLY_KEYWORDS):
        r.add("not-classic", "keywords", f"Classic has no keyword '{keyword.value}'")
    if Keyword.CHARGE in keywords and card_type is not None and not card_type.is_runespell:
        r.add("not-classic", "keywords", "in Classic only runespells have Charge")
    if "script" in raw:
        summary = check_script(raw["script"], where, "script", problems)
        _lint_classic_script(raw["script"], card_type, summary, r)
        if card_type is not None:
            _lint_type_rules(card_type, "defense" in raw, set(summary.triggers) - {Trigger.ACTIVATE}, summary, r)
        _lint_keyword_rules(keywords, set(summary.triggers), summary, r)


def _lint_classic_script(script: object, card_type: CardType | None, s: ScriptSummary, r: _Report) -> None:
    for trigger in sorted(set(s.triggers) & (AWAKENING_ONLY_TRIGGERS | {Trigger.INSTANCE_APPLIED})):
        r.add("not-classic", "script", f"a Classic card cannot use trigger '{trigger.value}'")
    if Trigger.ACTIVATE in s.triggers and card_type is not CardType.TRINKET:
        r.add("bad-trigger", "script", "in Classic only a trinket has an 'activate' ability")
    for op in sorted(set(s.ops) & AWAKENING_ONLY_OPS):
        r.add("not-classic", "script", f"Classic has no light: op '{op}' is The Awakening's")
    for mod in sorted(_modifier_names(script) & AWAKENING_ONLY_MODIFIERS):
        r.add("not-classic", "script", f"Classic has no light: modifier '{mod}' is The Awakening's")


def _modifier_names(script: object) -> set[str]:
    """Every `mod:` name written anywhere in a script."""
    if isinstance(script, dict):
        found = {str(script["mod"])} if "mod" in script else set()
        return found.union(*(_modifier_names(v) for v in script.values()))
    if isinstance(script, list):
        return set().union(*(_modifier_names(v) for v in script))
    return set()


def _lint_classic_ability(raw: object, where: str, runeslingers: set[str], problems: list[Problem]) -> None:
    r = _Report(where, problems)
    if not isinstance(raw, dict):
        r.add("bad-ability", "-", "a Classic ability must be a mapping")
        return
    _check_keys(raw, CLASSIC_ABILITY_KEYS - {"determinations"}, {"determinations"}, r)
    _common_identity(raw, r)
    if "runeslinger" in raw and raw["runeslinger"] not in runeslingers:
        r.add("unknown-runeslinger", "runeslinger", f"unknown runeslinger {raw['runeslinger']!r}")
    kind = raw.get("kind")
    if kind not in CLASSIC_ABILITY_KINDS:
        r.add("bad-kind", "kind", f"{kind!r} is not one of: {', '.join(CLASSIC_ABILITY_KINDS)}")
    if kind == "activate":
        if "determinations" not in raw:
            r.add("missing-field", "determinations", "an activate ability needs a determination cost")
        _int_field(raw, "determinations", 1, 4, r)
    elif "determinations" in raw:
        r.add("unknown-field", "determinations", "a passive ability has no determination cost")
    if "script" in raw:
        s = check_script(raw["script"], where, "script", problems)
        if kind == "activate":
            _only_triggers(s, lambda t: t is Trigger.ACTIVATE, "an activate ability", r, "script")
        else:
            _only_triggers(s, lambda t: t not in _NOT_PASSIVE, "a passive ability", r, "script")
        for op in sorted(set(s.ops) & AWAKENING_ONLY_OPS):
            r.add("not-classic", "script", f"Classic has no light: op '{op}' is The Awakening's")


_NOT_PASSIVE = frozenset({Trigger.ACTIVATE, Trigger.PLAY, Trigger.USE, Trigger.SLING, Trigger.INSTANCE_APPLIED})


def _lint_classic_unique(lists: dict[str, list[Any]], equips: set[str], problems: list[Problem]) -> None:
    for section in ("cards", "abilities"):
        ids: dict[str, str] = {}
        names: dict[str, str] = {}
        for i, raw in enumerate(lists[section]):
            if not isinstance(raw, dict):
                continue
            where = describe(f"classic {section.rstrip('s')}", raw, i)
            _claim(ids, raw.get("id"), where, "id", problems)
            if section == "abilities" and raw.get("id") in equips:
                problems.append(Problem("duplicate-id", where, "id", f"id '{raw['id']}' is an Awakening equip's"))
            name = raw.get("name")
            if section == "cards":
                _claim(names, name.casefold() if isinstance(name, str) else None, where, "name", problems)


def _lint_ability_pairs(raws: list[Any], problems: list[Problem]) -> None:
    kinds: dict[str, set[str]] = {}
    for raw in raws:
        if isinstance(raw, dict) and isinstance(raw.get("runeslinger"), str):
            kinds.setdefault(raw["runeslinger"], set()).add(str(raw.get("kind")))
    for slinger, found in sorted(kinds.items()):
        for missing in sorted(set(CLASSIC_ABILITY_KINDS) - found):
            problems.append(
                Problem("missing-ability", f"runeslinger '{slinger}'", "abilities", f"has no Classic {missing} ability")
            )


def _lint_classic_starter(
    raw: object, where: str, lists: dict[str, list[Any]], slingers: set[str], problems: list[Problem]
) -> None:
    """A Classic starter deck: a known Runeslinger, one passive and one activate ability of it,
    exactly 30 Classic cards with at most 2 copies of each (000 "Deck construction")."""
    r = _Report(where, problems)
    if not _starter_fields(raw, CLASSIC_STARTER_KEYS, slingers, r):
        return
    assert isinstance(raw, dict)
    slinger = raw.get("runeslinger")
    abilities = {a["id"]: a for a in lists["abilities"] if isinstance(a, dict) and "id" in a}
    chosen = [abilities.get(a) for a in raw.get("abilities") or []]
    if any(a is None or a.get("runeslinger") != slinger for a in chosen):
        r.add("unknown-ability", "abilities", f"every ability must be a Classic ability of {slinger!r}")
    elif sorted(str(a.get("kind")) for a in chosen if a is not None) != ["activate", "passive"]:
        r.add("bad-abilities", "abilities", "choose one passive and one activate ability")
    cards = {c["id"] for c in lists["cards"] if isinstance(c, dict) and "id" in c}
    _lint_starter_cards(raw.get("cards"), cards, r)
    counts = raw.get("cards") if isinstance(raw.get("cards"), dict) else {}
    assert isinstance(counts, dict)
    if any(_is_int(n) and n > CLASSIC_MAX_COPIES for n in counts.values()):
        r.add("bad-value", "cards", f"at most {CLASSIC_MAX_COPIES} copies of a card")
    if sum(n for n in counts.values() if _is_int(n)) != CLASSIC_DECK_SIZE:
        r.add("bad-size", "cards", f"a Classic deck has exactly {CLASSIC_DECK_SIZE} cards")
