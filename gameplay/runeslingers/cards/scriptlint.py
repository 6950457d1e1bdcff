"""Checking effect scripts against the vocabulary in `schema.py`.

PURE. Decides whether one raw (YAML-loaded) script is well formed: known triggers, ops,
parameters, targets, conditions and modifiers, with values of the right kind, and targets
that make sense where they are used (`hit` only inside `on_hit`, `previous*` only after an
earlier effect, `event_*` only under an event trigger). Card-level rules (which triggers a
card type may use, keyword consistency) live in `lint.py`.

Words: a *problem* is one defect with a `code`, the object it is in (`where`), the dotted
path of the field (`field`) and a message a data author understands.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from gameplay.runeslingers.cards.schema import (
    ABILITY_KEYS,
    CONDITION_COMMON_PARAMS,
    CONDITION_SPECS,
    HANDLERS,
    MODIFIER_SPECS,
    OP_SPECS,
    TARGETS,
    TRIGGER_FILTERS,
    AilmentType,
    CardType,
    ParamKind,
    ParamSpec,
    Quantity,
    Trigger,
)

EVENT_TRIGGERS = frozenset(
    {
        Trigger.YOU_SLING,
        Trigger.ENEMY_SLINGS,
        Trigger.YOU_PLAY,
        Trigger.ENEMY_PLAYS,
        Trigger.YOUR_DAMAGE_HITS,
        Trigger.YOU_ARE_HIT,
    }
)


@dataclass(frozen=True)
class Problem:
    code: str
    where: str
    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.field}: {self.message}"


@dataclass
class _Ctx:
    """Where in a script we are, to decide which context-bound targets are allowed."""

    where: str
    problems: list[Problem]
    trigger: Trigger | None = None
    in_on_hit: bool = False
    has_previous: bool = False
    ops: list[str] = field(default_factory=list)
    targets: list[str] = field(default_factory=list)
    quantities: list[str] = field(default_factory=list)
    conditions: list[str] = field(default_factory=list)
    choosers: list[str] = field(default_factory=list)
    damage_modes: list[str] = field(default_factory=list)
    damage_targets: list[str] = field(default_factory=list)

    def add(self, code: str, path: str, message: str) -> None:
        self.problems.append(Problem(code, self.where, path, message))


@dataclass(frozen=True)
class ScriptSummary:
    """What a checked script uses; card-level rules in `lint.py` read this."""

    triggers: tuple[Trigger, ...]
    ops: tuple[str, ...]
    targets: tuple[str, ...]
    quantities: tuple[str, ...]
    conditions: tuple[str, ...]
    choosers: tuple[str, ...]
    damage_modes: tuple[str, ...]
    damage_targets: tuple[str, ...]


def check_script(raw: object, where: str, path: str, problems: list[Problem]) -> ScriptSummary:
    """Check one script; append problems; return what it uses (for card-level rules)."""
    ctx = _Ctx(where, problems)
    triggers: list[Trigger] = []
    if not isinstance(raw, list) or not raw:
        ctx.add("bad-script", path, "must be a non-empty list of abilities")
        raw = []
    for i, ability in enumerate(raw):
        trigger = _check_ability(ability, ctx, f"{path}[{i}]")
        if trigger is not None:
            triggers.append(trigger)
    return ScriptSummary(
        tuple(triggers),
        tuple(ctx.ops),
        tuple(ctx.targets),
        tuple(ctx.quantities),
        tuple(ctx.conditions),
        tuple(ctx.choosers),
        tuple(ctx.damage_modes),
        tuple(ctx.damage_targets),
    )


def _check_ability(raw: object, ctx: _Ctx, path: str) -> Trigger | None:
    if not isinstance(raw, dict):
        ctx.add("bad-ability", path, "an ability must be a mapping with 'when'")
        return None
    for key in sorted(set(raw) - ABILITY_KEYS):
        ctx.add("unknown-field", f"{path}.{key}", f"unknown ability field '{key}'")
    trigger = _parse_trigger(raw.get("when"), ctx, f"{path}.when")
    if trigger is None:
        return None
    ctx.trigger = trigger
    _check_filter(raw.get("filter"), trigger, ctx, f"{path}.filter")
    if "if" in raw:
        _check_condition(raw["if"], ctx, f"{path}.if")
    if trigger is Trigger.STATIC:
        if "do" in raw:
            ctx.add("bad-ability", f"{path}.do", "a static ability has 'modifiers', not 'do'")
        _check_modifiers(raw.get("modifiers"), ctx, f"{path}.modifiers")
    else:
        if "modifiers" in raw:
            ctx.add("bad-ability", f"{path}.modifiers", "only 'when: static' has modifiers")
        ctx.has_previous = False
        _check_effects(raw.get("do"), ctx, f"{path}.do")
    return trigger


def _parse_trigger(raw: object, ctx: _Ctx, path: str) -> Trigger | None:
    try:
        return Trigger(str(raw)) if isinstance(raw, str) else Trigger("")
    except ValueError:
        known = ", ".join(t.value for t in Trigger)
        ctx.add("bad-trigger", path, f"unknown trigger {raw!r}; expected one of: {known}")
        return None


def _check_filter(raw: object, trigger: Trigger, ctx: _Ctx, path: str) -> None:
    if raw is None:
        return
    allowed = TRIGGER_FILTERS.get(trigger, frozenset())
    if not isinstance(raw, dict):
        ctx.add("bad-filter", path, "a filter must be a mapping")
        return
    for key, value in raw.items():
        if key not in allowed:
            ctx.add("bad-filter", f"{path}.{key}", f"trigger '{trigger.value}' has no filter '{key}'")
        else:
            _check_card_types(value, ctx, f"{path}.{key}")


def _check_effects(raw: object, ctx: _Ctx, path: str) -> None:
    if not isinstance(raw, list) or not raw:
        ctx.add("bad-effects", path, "must be a non-empty list of effects")
        return
    saved = ctx.has_previous
    ctx.has_previous = False
    for i, effect in enumerate(raw):
        _check_effect(effect, ctx, f"{path}[{i}]")
        ctx.has_previous = True
    ctx.has_previous = saved


def _check_effect(raw: object, ctx: _Ctx, path: str) -> None:
    if not isinstance(raw, dict) or "op" not in raw:
        ctx.add("bad-effect", path, "an effect must be a mapping with 'op'")
        return
    op = raw["op"]
    spec = OP_SPECS.get(op) if isinstance(op, str) else None
    if spec is None:
        ctx.add("unknown-op", f"{path}.op", f"unknown effect op {op!r}")
        return
    ctx.ops.append(op)
    _check_params(raw, spec.params, ctx, path, f"op '{op}'")
    if op == "damage":
        ctx.damage_modes.append(str(raw.get("mode", "normal")))
        ctx.damage_targets.append(str(raw.get("target")))
    if op == "choose" and isinstance(raw.get("chooser"), str):
        ctx.choosers.append(raw["chooser"])


def _check_params(
    raw: dict, specs: dict[str, ParamSpec], ctx: _Ctx, path: str, owner: str, skip: frozenset[str] = frozenset({"op"})
) -> None:
    for key in sorted(set(raw) - set(specs) - skip):
        ctx.add("unknown-param", f"{path}.{key}", f"{owner} has no parameter '{key}'")
    for name, spec in specs.items():
        if name not in raw:
            if spec.required:
                ctx.add("missing-param", f"{path}.{name}", f"{owner} needs '{name}'")
            continue
        _check_value(raw[name], spec, ctx, f"{path}.{name}")


def _check_value(value: object, spec: ParamSpec, ctx: _Ctx, path: str) -> None:
    check = _VALUE_CHECKS.get(spec.kind)
    if check is not None:
        check(value, spec, ctx, path)


def _check_whole_number(value: object, spec: ParamSpec, ctx: _Ctx, path: str) -> None:
    _check_int(value, spec.negative_ok, ctx, path)


def _check_bool(value: object, spec: ParamSpec, ctx: _Ctx, path: str) -> None:
    if not isinstance(value, bool):
        ctx.add("bad-type", path, f"must be true or false, not {value!r}")


def _check_choice(value: object, spec: ParamSpec, ctx: _Ctx, path: str) -> None:
    if value not in spec.choices:
        code = "bad-ailment" if spec.kind is ParamKind.AILMENT else "bad-value"
        ctx.add(code, path, f"{value!r} is not one of: {', '.join(spec.choices)}")


def _check_handler(value: object, spec: ParamSpec, ctx: _Ctx, path: str) -> None:
    if value not in HANDLERS:
        ctx.add("unknown-handler", path, f"unknown handler {value!r}; known: {', '.join(HANDLERS)}")


def _check_int(value: object, negative_ok: bool, ctx: _Ctx, path: str) -> bool:
    if isinstance(value, bool) or not isinstance(value, int):
        ctx.add("bad-type", path, f"must be a whole number, not {value!r}")
        return False
    if value < 0 and not negative_ok:
        ctx.add("bad-value", path, f"must not be negative (got {value})")
        return False
    return True


def _check_amount(value: object, ctx: _Ctx, path: str) -> None:
    if not isinstance(value, dict):
        _check_int(value, False, ctx, path)
        return
    for key in sorted(set(value) - {"base", "per", "each"}):
        ctx.add("unknown-param", f"{path}.{key}", f"an amount has no '{key}' (base, per, each)")
    if "base" in value:
        _check_int(value["base"], False, ctx, f"{path}.base")
    if value.get("per") not in {q.value for q in Quantity}:
        ctx.add("bad-value", f"{path}.per", f"unknown quantity {value.get('per')!r}")
    else:
        ctx.quantities.append(value["per"])
    if _check_int(value.get("each"), True, ctx, f"{path}.each") and value["each"] == 0:
        ctx.add("bad-value", f"{path}.each", "must not be 0")


def _check_target(value: object, spec: ParamSpec, ctx: _Ctx, path: str) -> None:
    if value not in TARGETS:
        ctx.add("unknown-target", path, f"unknown target {value!r}")
        return
    assert isinstance(value, str)
    if value not in spec.choices:
        ctx.add("bad-target", path, f"target '{value}' cannot be used here")
        return
    ctx.targets.append(value)
    if value == "hit" and not ctx.in_on_hit:
        ctx.add("bad-target", path, "target 'hit' is only valid inside on_hit")
    if value.startswith("previous") and not ctx.has_previous:
        ctx.add("bad-target", path, f"target '{value}' needs an earlier effect in the same list")
    if value.startswith("event_") and ctx.trigger not in EVENT_TRIGGERS:
        ctx.add("bad-target", path, f"target '{value}' needs an event trigger")


def _check_card_types(value: object, ctx: _Ctx, path: str) -> None:
    names = {t.value for t in CardType} | {"any"}
    if not isinstance(value, list) or not value:
        ctx.add("bad-type", path, "must be a non-empty list of card types")
        return
    for item in value:
        if item not in names:
            ctx.add("bad-value", path, f"unknown card type {item!r}")


def _check_nested_effects(value: object, ctx: _Ctx, path: str) -> None:
    saved = ctx.in_on_hit
    ctx.in_on_hit = saved or path.endswith(".on_hit")
    _check_effects(value, ctx, path)
    ctx.in_on_hit = saved


def _check_options(value: object, ctx: _Ctx, path: str) -> None:
    if not isinstance(value, list) or len(value) < 2:
        ctx.add("bad-options", path, "must list at least two bullets")
        return
    for i, bullet in enumerate(value):
        if not isinstance(bullet, dict) or set(bullet) != {"do"}:
            ctx.add("bad-options", f"{path}[{i}]", "a bullet is a mapping with only 'do'")
            continue
        _check_effects(bullet["do"], ctx, f"{path}[{i}].do")


def _check_condition(value: object, ctx: _Ctx, path: str) -> None:
    if not isinstance(value, dict) or "cond" not in value:
        ctx.add("bad-condition", path, "a condition must be a mapping with 'cond'")
        return
    spec = CONDITION_SPECS.get(value["cond"]) if isinstance(value["cond"], str) else None
    if spec is None:
        ctx.add("unknown-condition", f"{path}.cond", f"unknown condition {value['cond']!r}")
        return
    ctx.conditions.append(spec.name)
    params = {**spec.params, **CONDITION_COMMON_PARAMS}
    _check_params(value, params, ctx, path, f"condition '{spec.name}'", frozenset({"cond"}))


def _check_inflicts(value: object, ctx: _Ctx, path: str) -> None:
    if not isinstance(value, list) or not value:
        ctx.add("bad-type", path, "must be a non-empty list of {ailment, count}")
        return
    ailments = {a.value for a in AilmentType} | {"chosen"}
    for i, item in enumerate(value):
        where = f"{path}[{i}]"
        if not isinstance(item, dict) or set(item) != {"ailment", "count"}:
            ctx.add("bad-type", where, "must be a mapping with exactly 'ailment' and 'count'")
            continue
        if item["ailment"] not in ailments:
            ctx.add("bad-ailment", f"{where}.ailment", f"unknown ailment {item['ailment']!r}")
        if _check_int(item["count"], False, ctx, f"{where}.count") and item["count"] == 0:
            ctx.add("bad-value", f"{where}.count", "must be at least 1")


# How a parameter of each kind is checked: (value, its spec, the findings, where it is).
_VALUE_CHECKS: dict[ParamKind, Callable[[object, ParamSpec, _Ctx, str], None]] = {
    ParamKind.INT: _check_whole_number,
    ParamKind.AMOUNT: lambda value, _spec, ctx, path: _check_amount(value, ctx, path),
    ParamKind.BOOL: _check_bool,
    ParamKind.TARGET: _check_target,
    ParamKind.ENUM: _check_choice,
    ParamKind.AILMENT: _check_choice,
    ParamKind.CARD_TYPES: lambda value, _spec, ctx, path: _check_card_types(value, ctx, path),
    ParamKind.EFFECTS: lambda value, _spec, ctx, path: _check_nested_effects(value, ctx, path),
    ParamKind.OPTIONS: lambda value, _spec, ctx, path: _check_options(value, ctx, path),
    ParamKind.CONDITION: lambda value, _spec, ctx, path: _check_condition(value, ctx, path),
    ParamKind.INFLICTS: lambda value, _spec, ctx, path: _check_inflicts(value, ctx, path),
    ParamKind.HANDLER: _check_handler,
}


def _check_modifiers(raw: object, ctx: _Ctx, path: str) -> None:
    if not isinstance(raw, list) or not raw:
        ctx.add("bad-modifiers", path, "must be a non-empty list of modifiers")
        return
    for i, item in enumerate(raw):
        where = f"{path}[{i}]"
        if not isinstance(item, dict) or "mod" not in item:
            ctx.add("bad-modifier", where, "a modifier must be a mapping with 'mod'")
            continue
        spec = MODIFIER_SPECS.get(item["mod"]) if isinstance(item["mod"], str) else None
        if spec is None:
            ctx.add("unknown-modifier", f"{where}.mod", f"unknown modifier {item['mod']!r}")
            continue
        _check_params(item, spec.params, ctx, where, f"modifier '{spec.name}'", frozenset({"mod"}))
        if isinstance(item.get("per"), str):
            ctx.quantities.append(item["per"])
