"""The catalog compiled for play: cards, abilities and effect lists addressed by small ints.

PURE apart from reading the card data through `gameplay.runeslingers.cards.catalog`. The state refers to a
card kind by its *kind index* (position in `CompiledCards.kinds`) and to a list of effects by its *list
id* (position in `CompiledCards.lists`), so frames on the effect stack serialise as ints.
Words: a *slot* is a place in an action where the player declares something: a *target slot*
(one per chosen-target effect, in written order, every bullet of a Choice/Fate card included)
and an *ailment slot* (one per "chosen" ailment type).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from gameplay.runeslingers.cards.catalog import Catalog, load_catalog
from gameplay.runeslingers.cards.model import Ability, Card, ClassicCatalog, Condition, Effect, Modifier, Script
from gameplay.runeslingers.cards.schema import TARGETS, AilmentType, Keyword

AILMENTS: tuple[str, ...] = tuple(a.value for a in AilmentType)
AIL_INDEX: dict[str, int] = {a: i for i, a in enumerate(AILMENTS)}
SUPPORTED_HANDLERS = frozenset({"time_warp", "echo", "mirror_ward"})  # implemented in handlers.py

# What changed in a state (bits of a mask, see `core.invalidate`): derived values cached in a
# state say what they depend on, and survive the changes they do not depend on.
CH_FIELD = 1  # a card entered or left a field
CH_DEFENSE = 2  # a defense card entered or left a field
CH_FIRED = 4  # a card with triggered abilities (looked up by `effects.fire`) entered or left
CH_STATIC = 8  # a card with static abilities entered or left
CH_CONC = 16  # the exposed concentrations changed
CH_AIL = 32  # ailment areas changed (instances, boons on them)
CH_OTHER = 64  # tokens, modifications, defense changes
CH_ALL = 127
# The changes the candidates of a target word depend on (`targets.valid_targets`): Runeslingers
# are always there; "any" adds defense cards; card words add cards of some type.
_DEFENSE_WORDS = frozenset(
    {
        "any",
        "any_enemy",
        "defense_card",
        "all_defense_cards",
        "enemy_defense_card",
        "all_enemy_defense_cards",
        "own_defense_card",
    }
)


def word_deps(word: str) -> int:
    if word in ("enemy_runeslinger", "runeslinger"):
        return 0
    if word in _DEFENSE_WORDS:
        return CH_DEFENSE
    if word in ("concentration", "enemy_concentration"):
        return CH_CONC
    return CH_FIELD | CH_DEFENSE | CH_CONC  # every card word (typed or not); unknown words


# Triggers that `effects.fire` never looks up (a card's own abilities are read from the card).
NOT_FIRED = frozenset(
    {"play", "sling", "use", "activate", "static", "leaves_field", "destroyed", "charged", "instance_applied"}
)


@dataclass
class CEffect:
    """One compiled effect: the op, its target word, its slots and its nested lists."""

    op: str
    params: Mapping[str, object]
    target: str | None
    tslot: int = -1
    aslots: tuple[int, ...] = ()
    subs: dict[str, int] = field(default_factory=dict)  # on_hit / then / else -> list id
    options: tuple[int, ...] = ()  # choose: list id per bullet


@dataclass
class CAbility:
    when: str
    list_id: int
    condition: Condition | None
    card_types: tuple[str, ...] | None
    modifiers: tuple[Modifier, ...]
    tslots: list[str] = field(default_factory=list)  # target word per slot
    troles: list[CEffect] = field(default_factory=list)  # the effect that aims each slot (its role)
    aslots: int = 0
    bullets: list[tuple[int, ...]] = field(default_factory=list)  # target slots per bullet
    chooser: str | None = None
    handlers: tuple[str, ...] = ()
    deps: int = 0  # the changes (CH_*) its declarations depend on


Statics = dict[str, list[tuple[Condition | None, Modifier]]]
ByWhen = dict[str, list[CAbility]]


def by_when(abilities: list[CAbility]) -> ByWhen:
    out: ByWhen = {}
    for ab in abilities:
        out.setdefault(ab.when, []).append(ab)
    return out


def statics_of(abilities: list[CAbility]) -> Statics:
    """Static modifiers by modifier name, each with the ability's condition."""
    out: Statics = {}
    for ab in abilities:
        if ab.when == "static":
            for m in ab.modifiers:
                out.setdefault(m.name, []).append((ab.condition, m))
    return out


@dataclass
class Kind:
    """A card kind (one catalog card), with the facts the engine reads often as plain values."""

    index: int
    card: Card
    abilities: list[CAbility]
    keywords: tuple[tuple[str, int], ...]
    statics: Statics = field(default_factory=dict)
    ctype: str = ""
    is_defense: bool = False
    is_runespell: bool = False
    when: ByWhen = field(default_factory=dict)
    keyword_set: frozenset[str] = frozenset()
    values: dict[str, int] = field(default_factory=dict)  # keyword -> its first value
    base_cost: int = 0  # the light cost with no modifier
    enters: int = 0  # the changes (CH_*) when it enters or leaves a field
    field_actions: bool = False  # in play it may give its controller actions (Use, Sling, Charge)
    copier: bool = False  # it copies other runespells (Echo, `handlers.py`)
    play_deps: int = 0  # the changes (CH_*) its plays (`legal.play_options`) depend on
    fired: tuple[tuple[str, tuple[CAbility, ...]], ...] = ()  # the `when` items that `fire` looks up

    def __post_init__(self) -> None:
        self.statics = statics_of(self.abilities)
        self.when = by_when(self.abilities)
        self.keyword_set = frozenset(k for k, _ in self.keywords)
        self.base_cost = max(0, int(self.card.cost))
        self.fired = tuple((w, tuple(abs_)) for w, abs_ in self.when.items() if w not in NOT_FIRED)
        self.values = {}
        for k, v in self.keywords:
            self.values.setdefault(k, v)
        self.ctype = str(self.card.type.value)
        self.is_defense = self.card.defense is not None
        self.is_runespell = self.ctype in ("spirit", "attack", "utility")
        self.enters = (
            CH_FIELD
            | (CH_DEFENSE if self.is_defense else 0)
            | (CH_FIRED if self.fired else 0)
            | (CH_STATIC if self.statics else 0)
        )
        self.field_actions = bool(
            self.ability("use") or self.ability("sling") or self.has("charge") or self.ability("activate")
        )
        play = self.ability("play")
        self.copier = play is not None and "echo" in play.handlers
        self.play_deps = (
            (play.deps if play is not None else 0)
            | (CH_FIELD if self.ctype == "trinket" else 0)  # one copy of a trinket in play
            | (CH_AIL if self.ctype == "boon" or "ail" in self.values else 0)  # placements, Ail
        )

    def has(self, keyword: str) -> bool:
        return keyword in self.keyword_set

    def value(self, keyword: str) -> int:
        return self.values.get(keyword, 0)

    def ability(self, when: str) -> CAbility | None:
        found = self.when.get(when)
        return found[0] if found else None


@dataclass
class CompiledCards:
    catalog: Catalog
    kinds: list[Kind] = field(default_factory=list)
    kind_index: dict[str, int] = field(default_factory=dict)
    lists: list[tuple[CEffect, ...]] = field(default_factory=list)
    runeslingers: dict[str, list[CAbility]] = field(default_factory=dict)  # inherent
    equips: dict[str, list[CAbility]] = field(default_factory=dict)
    ailments: dict[tuple[int, int], list[CAbility]] = field(default_factory=dict)  # (type, level)
    equip_statics: dict[str, Statics] = field(default_factory=dict)
    ailment_statics: dict[tuple[int, int], Statics] = field(default_factory=dict)
    equip_when: dict[str, ByWhen] = field(default_factory=dict)
    ailment_when: dict[tuple[int, int], ByWhen] = field(default_factory=dict)
    # The activate ability of a Runeslinger's inherent (with its light cost) or of an equip (with
    # its determinations), None when there is none.
    inherent_activate: dict[str, tuple[CAbility, int] | None] = field(default_factory=dict)
    equip_activate: dict[str, tuple[CAbility, int] | None] = field(default_factory=dict)
    # Classic (rulebook 000): its card kinds come after every Awakening kind and list (so the
    # Awakening indexes, and the games recorded with them, are unchanged); its Runeslinger
    # abilities sit beside the equips.
    classic: ClassicCatalog | None = None
    classic_index: dict[str, int] = field(default_factory=dict)

    @property
    def version(self) -> str:
        return self.catalog.data_version

    def version_for(self, edition: str) -> str:
        """The card-data version a game of this edition records: a Classic game depends on the
        Classic data too (and The Awakening's, which names its Runeslingers and ailments)."""
        if edition == "classic" and self.classic is not None:
            return f"{self.catalog.data_version}+classic-{self.classic.data_version}"
        return self.version

    def find_kind(self, edition: str, id_or_name: str) -> int | None:
        """The kind index of a card of this edition, by id or name (None: not in the edition)."""
        if edition == "classic":
            key = id_or_name.strip().casefold()
            cards = self.classic.cards if self.classic is not None else {}
            card = cards.get(id_or_name) or next((c for c in cards.values() if c.name.casefold() == key), None)
            return self.classic_index[card.id] if card is not None else None
        found = self.catalog.find_card(id_or_name)
        return self.kind_index[found.id] if found is not None else None


class _Compiler:
    def __init__(self, compiled: CompiledCards) -> None:
        self.t = compiled

    def script(self, script: Script) -> list[CAbility]:
        return [self.ability(a) for a in script]

    def ability(self, raw: Ability) -> CAbility:
        types = raw.filter.get("card_types")
        ab = CAbility(
            str(raw.when.value),
            -1,
            raw.condition,
            tuple(str(x) for x in types) if isinstance(types, tuple) else None,
            raw.modifiers,
        )
        ab.list_id = self.effects(raw.effects, ab)
        for word in ab.tslots:
            ab.deps |= word_deps(word)
        return ab

    def effects(self, effects: tuple[Effect, ...], ab: CAbility) -> int:
        compiled = tuple(self.effect(e, ab) for e in effects)
        self.t.lists.append(compiled)
        return len(self.t.lists) - 1

    def effect(self, e: Effect, ab: CAbility) -> CEffect:
        target = e.params.get("target")
        ce = CEffect(e.op, e.params, str(target) if target is not None else None)
        if ce.target is not None and TARGETS[ce.target].chosen:
            ce.tslot = len(ab.tslots)
            ab.tslots.append(ce.target)
            ab.troles.append(ce)
        ce.aslots = self._ailment_slots(e, ab)
        for key in ("on_hit", "then", "else"):
            sub = e.params.get(key)
            if isinstance(sub, tuple):
                ce.subs[key] = self.effects(sub, ab)
        if e.op == "if":
            cond = e.params["cond"]
            assert isinstance(cond, Condition)
        if e.op == "choose":
            ab.chooser = str(e.params["chooser"])
            options = e.params["options"]
            assert isinstance(options, tuple)
            ids = []
            for bullet in options:
                first = len(ab.tslots)
                ids.append(self.effects(bullet, ab))
                ab.bullets.append(tuple(range(first, len(ab.tslots))))
            ce.options = tuple(ids)
        if e.op == "handler":
            ab.handlers = (*ab.handlers, str(e.params["name"]))
        return ce

    def _ailment_slots(self, e: Effect, ab: CAbility) -> tuple[int, ...]:
        chosen = 0
        if e.op == "apply_ailment" and e.params.get("ailment") == "chosen":
            chosen = 1
        if e.op == "convert_ailment" and e.params.get("to") == "chosen":
            chosen = 1
        inflicts = e.params.get("inflict")
        if isinstance(inflicts, tuple):
            chosen += sum(1 for i in inflicts if isinstance(i, Mapping) and i.get("ailment") == "chosen")
        slots = tuple(range(ab.aslots, ab.aslots + chosen))
        ab.aslots += chosen
        return slots


def compile_catalog(catalog: Catalog, classic: ClassicCatalog | None = None) -> CompiledCards:
    compiled = CompiledCards(catalog, classic=classic)
    comp = _Compiler(compiled)
    for i, card in enumerate(catalog.cards.values()):
        kws = tuple((str(k.keyword.value), int(k.value or 0)) for k in card.keywords)
        compiled.kinds.append(Kind(i, card, comp.script(card.script), kws))
        compiled.kind_index[card.id] = i
    for rid, r in catalog.runeslingers.items():
        compiled.runeslingers[rid] = comp.script(r.inherent.script)
    for eid, eq in catalog.equips.items():
        compiled.equips[eid] = comp.script(eq.script)
    for atype, ail in catalog.ailments.items():
        compiled.ailments[(AIL_INDEX[atype.value], 1)] = comp.script(ail.level_1.script)
        compiled.ailments[(AIL_INDEX[atype.value], 2)] = comp.script(ail.level_2.script)
    for rid, r in catalog.runeslingers.items():
        ab = _activated(compiled.runeslingers[rid])
        compiled.inherent_activate[rid] = (ab, r.inherent.light_cost) if ab is not None else None
    for eid, eq in catalog.equips.items():
        ab = _activated(compiled.equips[eid])
        ok = ab is not None and eq.determinations is not None
        compiled.equip_activate[eid] = (ab, int(eq.determinations or 0)) if ok and ab is not None else None
    compiled.ailment_statics = {key: statics_of(abs_) for key, abs_ in compiled.ailments.items()}
    compiled.ailment_when = {key: by_when(abs_) for key, abs_ in compiled.ailments.items()}
    if classic is not None:
        _compile_classic(compiled, comp, classic)
    compiled.equip_statics = {eid: statics_of(abs_) for eid, abs_ in compiled.equips.items()}
    compiled.equip_when = {eid: by_when(abs_) for eid, abs_ in compiled.equips.items()}
    return compiled


def _compile_classic(compiled: CompiledCards, comp: _Compiler, classic: ClassicCatalog) -> None:
    for card in classic.cards.values():
        i = len(compiled.kinds)
        kws = tuple((str(k.keyword.value), int(k.value or 0)) for k in card.keywords)
        compiled.kinds.append(Kind(i, card, comp.script(card.script), kws))
        compiled.classic_index[card.id] = i
    for aid, ability in classic.abilities.items():
        compiled.equips[aid] = comp.script(ability.script)
        ab = _activated(compiled.equips[aid])
        compiled.equip_activate[aid] = (ab, int(ability.determinations or 0)) if ab is not None else None


def _activated(abilities: list[CAbility]) -> CAbility | None:
    return next((a for a in abilities if a.when == "activate"), None)


def unsupported_reasons(kind: Kind) -> list[str]:
    """Why this card cannot be executed by the engine (empty when it can)."""
    reasons = []
    for ab in kind.abilities:
        for name in ab.handlers:
            if name not in SUPPORTED_HANDLERS:
                reasons.append(f"{kind.card.id}: handler {name!r} is not implemented")
    return reasons


@lru_cache(maxsize=4)
def default_compiled() -> CompiledCards:
    catalog = load_catalog()
    return compile_catalog(catalog, catalog.classic)


KEYWORD_NAMES = frozenset(k.value for k in Keyword)
