"""Starting a game: from deck lists and a seed, or from a scenario dict describing any position.

PURE. Decides the setup of 001 p.8 / 002 "Set up": equips checked (a stance and an ability, or
two abilities costing 1 and 2, of the Runeslinger's class), decks shuffled by the seeded
generator, 5 cards drawn, each player sets a starting concentration (a "setup" decision, the
first player first), the first player is the seed's die roll unless the setup names one.
Scenario words: ``deck`` lists cards from the top; a card is a catalog id or name.
"""

from __future__ import annotations

from typing import Any

from gameplay.runeslingers.cards.schema import EquipKind
from gameplay.runeslingers.engine import core
from gameplay.runeslingers.engine.compiled import AIL_INDEX, CompiledCards, default_compiled, unsupported_reasons
from gameplay.runeslingers.engine.errors import ScenarioError, UnsupportedCardError
from gameplay.runeslingers.engine.flow import advance
from gameplay.runeslingers.engine.rules import ENGINE_VERSION, ENGINE_VERSIONS, RULE_SETS, Phase
from gameplay.runeslingers.engine.state import (
    F_DMG,
    F_TOKENS,
    F_USED,
    WHERE_AIL,
    WHERE_CONC,
    WHERE_UTIL,
    State,
    randbelow,
    seed_rng,
    shuffle,
)


def bind(compiled: CompiledCards | None = None) -> CompiledCards:
    new = compiled or default_compiled()
    if getattr(core.Env, "compiled", None) is not new:
        core.CONSTANT.clear()
    core.Env.compiled = new
    return new


# The card a scenario's face-down concentration is when it names none, by edition.
FILLER = {"awakening": "spark", "classic": "fireball"}


def _kind(t: CompiledCards, name: str, edition: str = "awakening") -> int:
    found = t.find_kind(edition, name)
    if found is None:
        raise ScenarioError(f"unknown card {name!r}" + ("" if edition == "awakening" else f" in {edition}"))
    return found


def _player_base(state: State, p: int, spec: dict[str, Any], t: CompiledCards) -> None:
    pl = state.players[p]
    starter = spec.get("starter")
    if starter is not None:
        classic = state.ruleset.edition == "classic" and t.classic is not None
        deck = (t.classic.starter_decks if classic and t.classic else t.catalog.starter_decks).get(starter)
        if deck is None:
            raise ScenarioError(f"unknown starter deck {starter!r}")
        spec = {
            "runeslinger": deck.runeslinger,
            "equips": list(deck.equips),
            "deck": [cid for cid, n in deck.cards.items() for _ in range(n)],
            **spec,
        }
    rs = t.catalog.find_runeslinger(str(spec.get("runeslinger", "")))
    if rs is None:
        raise ScenarioError(f"p{p + 1}: unknown runeslinger {spec.get('runeslinger')!r}")
    pl.rs = rs.id
    edition = state.ruleset.edition
    equips = list(spec.get("equips", []))
    pl.equips = _classic_abilities(t, rs, equips, p) if edition == "classic" else _equips(t, rs, equips, p)
    pl.power = int(spec.get("power", state.ruleset.starting_power))
    pl.det = int(spec.get("determination", state.ruleset.starting_power - pl.power))
    pl.light = int(spec.get("light", 0))
    pl.util = [-1] * state.ruleset.utility_slots
    pl.ail = [[-1, 0, -1] for _ in range(state.ruleset.ailment_areas)]
    spec_deck = spec.get("deck", [])
    pl.deck = [state.new_handle(_kind(t, c, edition) * 2 + p) for c in reversed(spec_deck)]
    for c in spec.get("hand", []):
        pl.hand.append(state.new_handle(_kind(t, c, edition) * 2 + p))
    for zone in ("discard", "void"):
        getattr(pl, zone).extend(state.new_handle(_kind(t, c, edition) * 2 + p) for c in spec.get(zone, []))
    for name in [*spec_deck, *spec.get("hand", [])]:
        reasons = unsupported_reasons(t.kinds[_kind(t, name, edition)])
        if reasons:
            raise UnsupportedCardError("; ".join(reasons))


def _equips(t: CompiledCards, rs: Any, ids: list[str], p: int) -> list[str]:
    equips = []
    for eid in ids:
        eq = t.catalog.find_equip(eid)
        if eq is None:
            raise ScenarioError(f"p{p + 1}: unknown equip {eid!r}")
        if eq.card_class != rs.card_class:
            raise ScenarioError(f"p{p + 1}: {eq.name} is not of {rs.name}'s class")
        equips.append(eq)
    kinds = sorted(e.kind.value for e in equips)
    costs = sorted(int(e.determinations or 0) for e in equips if e.kind is EquipKind.ABILITY)
    if equips and not (kinds == ["ability", "stance"] or (kinds == ["ability", "ability"] and costs == [1, 2])):
        raise ScenarioError(f"p{p + 1}: equip a stance and an ability, or two abilities costing 1 and 2")
    return [e.id for e in equips]


def _classic_abilities(t: CompiledCards, rs: Any, ids: list[str], p: int) -> list[str]:
    """Classic (000): one passive and one activate ability bearing the Runeslinger's name."""
    classic = t.classic.abilities if t.classic is not None else {}
    chosen = []
    for aid in ids:
        key = aid.strip().casefold()
        found = classic.get(aid) or next(
            (a for a in classic.values() if a.runeslinger == rs.id and a.name.casefold() == key), None
        )
        if found is None or found.runeslinger != rs.id:
            raise ScenarioError(f"p{p + 1}: {aid!r} is not a Classic ability of {rs.name}")
        chosen.append(found)
    if ids and sorted(a.kind for a in chosen) != ["activate", "passive"]:
        raise ScenarioError(f"p{p + 1}: choose one passive and one activate ability of {rs.name}")
    return [a.id for a in chosen]


def _engine(state: State, engine: str) -> None:
    if engine not in ENGINE_VERSIONS:
        raise ScenarioError(f"unknown engine version {engine!r}: this engine plays {', '.join(ENGINE_VERSIONS)}")
    state.engine = engine


def new_game(
    setup: dict[str, Any], seed: int, compiled: CompiledCards | None = None, engine: str = ENGINE_VERSION
) -> State:
    """A new encounter: shuffle, draw 5, then each player sets a starting concentration.
    `engine`: the engine version to play under (a recorded game replays under its own)."""
    t = bind(compiled)
    state = State()
    _engine(state, engine)
    state.rules = str(setup.get("rules", "awakening"))
    if state.rules not in RULE_SETS:
        raise ScenarioError(f"unknown rule set {state.rules!r}")
    state.version, state.seed, state.rng = t.version_for(state.ruleset.edition), seed, seed_rng(seed)
    specs = setup.get("players")
    if not isinstance(specs, list) or len(specs) != 2:
        raise ScenarioError("setup needs two players")
    for p, spec in enumerate(specs):
        _player_base(state, p, dict(spec), t)
    for p, pl in enumerate(state.players):
        shuffle(state, pl.deck)
        # fresh handles after shuffling (engine 1 numbered them by deck position; now they are opaque)
        pl.deck = [state.rehandle(h) for h in pl.deck]
        pl.health = core.max_health(state, p)
    first = setup.get("first")
    state.first = state.active = randbelow(state, 2) if first is None else _pindex(first)
    events: list[dict[str, Any]] = []
    for p in (state.first, 1 - state.first):
        core.draw(state, p, state.ruleset.opening_hand, events)
    state.decision = {"kind": "setup", "who": state.first}
    state.phase, state.step = Phase.READY.value, 0
    return state


def _pindex(value: object) -> int:
    if value in ("p1", 1, "1"):
        return 0
    if value in ("p2", 2, "2"):
        return 1
    raise ScenarioError(f"a player is p1 or p2, not {value!r}")


def scenario(
    spec: dict[str, Any], seed: int = 0, compiled: CompiledCards | None = None, engine: str = ENGINE_VERSION
) -> State:
    """Start from any position described by a plain dict (see docs/rules.md, "Scenarios")."""
    t = bind(compiled)
    state = State()
    _engine(state, engine)
    state.rules = str(spec.get("rules", "awakening"))
    if state.rules not in RULE_SETS:
        raise ScenarioError(f"unknown rule set {state.rules!r}")
    state.version, state.seed, state.rng = t.version_for(state.ruleset.edition), seed, seed_rng(seed)
    state.turn = int(spec.get("turn", 2))
    state.active = _pindex(spec.get("active", "p1"))
    state.first = _pindex(spec.get("first", "p1"))
    phase = str(spec.get("phase", "play"))
    if phase not in {p.value for p in Phase} - {"over"}:
        raise ScenarioError(f"unknown phase {phase!r}")
    state.phase = phase
    state.step = 1 if phase == "draw" else 0
    for p, pspec in enumerate(spec.get("players", [])):
        _player_base(state, p, dict(pspec), t)
        _field(state, p, dict(pspec), t)
    for p, pspec in enumerate(spec.get("players", [])):
        pl = state.players[p]
        base = core.max_health(state, p)
        if "max_health" in pspec and int(pspec["max_health"]) != base:
            pl.mods.append(["max_health", int(pspec["max_health"]) - base, "", -1, -1])
        pl.health = int(pspec.get("health", core.max_health(state, p)))
    core.invalidate(state)
    advance(state, [])
    return state


def _field(state: State, p: int, spec: dict[str, Any], t: CompiledCards) -> None:
    pl = state.players[p]
    edition = state.ruleset.edition
    pl.blocked = int(bool(spec.get("blocked", False)))
    pl.set_done = int(bool(spec.get("set_done", False)))
    for c in spec.get("concentrations", []):
        c = c if isinstance(c, dict) else {"card": c}
        pl.own_concs().append(
            [state.new_handle(_kind(t, c.get("card", FILLER[edition]), edition) * 2 + p), int(bool(c.get("used"))), -1]
        )
    for i, a in enumerate(spec.get("ailments", [])):
        area = pl.own_ail()[i]
        area[0], area[1] = AIL_INDEX[a["type"]], int(a.get("count", 1))
        if "boon" in a:
            owner = _pindex(a.get("boon_owner", f"p{p + 1}"))
            h = state.new_handle(_kind(t, a["boon"], edition) * 2 + owner)
            area[2] = h
            pl.field[h] = [WHERE_AIL, i, 0, 0, 0, 0, 0, 0, 0, [], -1, 0]
    for c in spec.get("field", []):
        c = c if isinstance(c, dict) else {"card": c}
        h = state.new_handle(_kind(t, c["card"], edition) * 2 + _pindex(c.get("owner", f"p{p + 1}")))
        entry = [WHERE_CONC, -1, int(bool(c.get("used"))), 0, 0, 0, 0, int(c.get("played_turn", 0)), 0, [], -1, 0]
        if c.get("on") == "utility":
            slot = pl.util.index(-1)
            entry[0], entry[1] = WHERE_UTIL, slot
            pl.own_util()[slot] = h
        else:
            conc = state.new_handle(_kind(t, c.get("concentration", FILLER[edition]), edition) * 2 + p)
            pl.own_concs().append([conc, 1, h])
            entry[1] = conc
        entry[F_DMG], entry[F_TOKENS], entry[F_USED] = int(c.get("damage", 0)), int(c.get("tokens", 0)), entry[F_USED]
        pl.field[h] = entry
