"""The game state: compact, copied cheaply by `apply`, serialised canonically.

PURE. Words: a *handle* is the int a card is known by while it stays in one visible place; a
card entering a hidden zone (hand, deck) gets a fresh handle. Handles are *opaque*: the n-th
handle a game gives is the image of n under a permutation of [0, HANDLE_SPACE) keyed by the
game's seed (`opaque_handle`), so its number says nothing about deck position or draw order;
games of engine 1 (`LEGACY_ENGINE`) keep the plain counter they were recorded with. `cards` maps every live handle to
``kind * 2 + owner``. A *field entry* is a card in play: where it sits, whether it is used, the
damage it took this turn, its tokens, its barrier. An *ailment area* is ``[type, count, boon]``
(type -1 when empty, boon -1 when exposed). A *frame* is ``[list_id, index, ctx]``: effects
being resolved. A *rung* is a runespell (or Shout card) waiting on the ladder.
Targets are ints: a player p is ``-(p + 1)``, a card is its handle, "none" is `NO_TARGET`.
Copying: `successor` copies what most actions change and shares the rest, copied on the first
change: `cards` (`own_cards`), a player's ailment areas, concentrations, utility slots and void
(`Player.own_ail` ...): code changing those must go through the `own_*` methods.
"""

from __future__ import annotations

import functools
import hashlib
import json
from typing import Any, TypedDict

import orjson

from gameplay.runeslingers.engine.errors import StateFormatError
from gameplay.runeslingers.engine.rules import (
    ENGINE_VERSION,
    ENGINE_VERSIONS,
    LEGACY_ENGINE,
    OVER,
    READY,
    RULE_SETS,
    RuleSet,
)

NO_TARGET = -100


class EffectContext(TypedDict, total=False):
    """What a list of effects resolves with, saved in stack frames and ladder rungs (``ctx``) under
    these short keys, so saved games read back unchanged. `effects.new_ctx` always sets the first
    seven; the rest only some effects carry (a trigger's facts, a choice, an op waiting on a
    decision). Trigger facts are passed as a partial context and merged in."""

    c: int  # the controller: the player the effects belong to
    s: int  # the source card's handle, -1 when none
    ty: str  # the source card's type, "" when none
    t: list[int]  # the chosen targets, by target slot (players are negative, see `player_target`)
    a: list[int]  # the chosen ailment types, by ailment slot
    pv: int | None  # "previous": what the last resolved target word found first
    hit: int  # the player a damage effect hit, -1 before any hit
    ch: int  # the chosen mode of a "choose" effect, from 0
    st: dict[str, Any] | None  # the running op's own progress while it waits on a decision
    pvc: int  # the controller "previous" had when named, once it left play (only when not its owner)
    ep: int  # the event's player: who played or slung the card, or who dealt the hit
    ec: int  # the event's card: the card played or slung
    u: list[int]  # the cards that were under this one when it left play
    ctl_left: int  # the controller this card had when it left play
    _fate: int | str  # the card whose choices the enemy makes (fate): its handle, or "copy:<handle>"


# Field entry indexes.
F_WHERE, F_REF, F_USED, F_DMG, F_TOKENS, F_MASTERY, F_BARRIER, F_TURN, F_DEFMOD, F_UNDER, F_CHARGED, F_SLUNG = range(12)
WHERE_CONC, WHERE_UTIL, WHERE_AIL = 0, 1, 2
# Concentration entry indexes: [handle, used, top card handle or -1].
C_HANDLE, C_USED, C_TOP = range(3)


def player_target(p: int) -> int:
    return -(p + 1)


def target_player(t: int) -> int:
    return -t - 1


_copy_list = list.copy
SHARED_AIL, SHARED_CONCS, SHARED_UTIL, SHARED_VOID = 1, 2, 4, 8
SHARED_ALL = 15


class Player:
    __slots__ = (
        "ail",
        "barrier",
        "blocked",
        "concs",
        "deck",
        "det",
        "discard",
        "equips",
        "field",
        "hand",
        "health",
        "light",
        "mods",
        "power",
        "rs",
        "set_done",
        "shared",
        "util",
        "void",
    )

    def __init__(self) -> None:
        self.rs = ""
        self.equips: list[str] = []
        self.health = 0
        self.power = 0
        self.det = 0
        self.light = 0
        self.hand: list[int] = []
        self.deck: list[int] = []  # top of deck = end of list
        self.discard: list[int] = []
        self.void: list[int] = []
        self.concs: list[list[int]] = []
        self.util: list[int] = []
        self.ail: list[list[int]] = []
        self.field: dict[int, list[Any]] = {}
        self.blocked = 0
        self.set_done = 0
        self.barrier = 0
        self.mods: list[list[Any]] = []  # [name, amount, card_types, until_turn (-1 forever), source]
        self.shared = 0  # SHARED_* bits: those lists may be shared with another state

    def copy(self) -> Player:
        p = Player.__new__(Player)
        p.rs, p.equips, p.health, p.power, p.det, p.light = (
            self.rs,
            self.equips,
            self.health,
            self.power,
            self.det,
            self.light,
        )
        p.hand, p.deck, p.discard = self.hand[:], self.deck[:], self.discard[:]
        # Ailment areas, concentrations, utility slots and the void change rarely: shared, copied
        # on the first change (`own_ail`, `own_concs`, `own_util`, `own_void`).
        p.concs, p.ail, p.util, p.void = self.concs, self.ail, self.util, self.void
        p.shared = self.shared = SHARED_ALL
        p.field = {h: e[:] for h, e in self.field.items()} if self.field else {}
        p.blocked, p.set_done, p.barrier = self.blocked, self.set_done, self.barrier
        p.mods = [*map(_copy_list, self.mods)] if self.mods else []
        return p

    def own_ail(self) -> list[list[int]]:
        """The ailment areas, to be changed (copied first when shared)."""
        if self.shared & SHARED_AIL:
            self.ail = [*map(_copy_list, self.ail)]
            self.shared &= ~SHARED_AIL
        return self.ail

    def own_concs(self) -> list[list[int]]:
        """The concentrations, to be changed (copied first when shared)."""
        if self.shared & SHARED_CONCS:
            self.concs = [*map(_copy_list, self.concs)]
            self.shared &= ~SHARED_CONCS
        return self.concs

    def own_util(self) -> list[int]:
        """The utility slots, to be changed (copied first when shared)."""
        if self.shared & SHARED_UTIL:
            self.util = self.util[:]
            self.shared &= ~SHARED_UTIL
        return self.util

    def own_void(self) -> list[int]:
        """The void, to be changed (copied first when shared)."""
        if self.shared & SHARED_VOID:
            self.void = self.void[:]
            self.shared &= ~SHARED_VOID
        return self.void

    def to_dict(self) -> dict[str, Any]:
        return {
            "rs": self.rs,
            "equips": list(self.equips),
            "health": self.health,
            "power": self.power,
            "det": self.det,
            "light": self.light,
            "hand": self.hand,
            "deck": self.deck,
            "discard": self.discard,
            "void": self.void,
            "concs": self.concs,
            "util": self.util,
            "ail": self.ail,
            "field": [[h, *e] for h, e in self.field.items()],
            "blocked": self.blocked,
            "set_done": self.set_done,
            "barrier": self.barrier,
            "mods": self.mods,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Player:
        p = cls()
        for key in ("rs", "health", "power", "det", "light", "blocked", "set_done", "barrier"):
            setattr(p, key, d[key])
        p.equips = list(d["equips"])
        p.hand, p.deck, p.discard, p.void = list(d["hand"]), list(d["deck"]), list(d["discard"]), list(d["void"])
        p.concs = [list(c) for c in d["concs"]]
        p.util = list(d["util"])
        p.ail = [list(a) for a in d["ail"]]
        p.field = {int(e[0]): _copy_entry(list(e[1:])) for e in d["field"]}
        p.mods = [list(m) for m in d["mods"]]
        return p


def jcopy(value: Any) -> Any:
    """Deep copy of JSON-like data (lists, dicts, scalars), faster than copy.deepcopy."""
    if value.__class__ is list:
        return [jcopy(v) if v.__class__ in _NESTED else v for v in value]
    if value.__class__ is dict:
        return {k: jcopy(v) if v.__class__ in _NESTED else v for k, v in value.items()}
    return value


_NESTED = frozenset({list, dict})


def _copy_entry(e: list[Any]) -> list[Any]:
    """A field entry's own copy; its list of cards under it is replaced, never changed in place."""
    return e[:]


class State:
    """One position. The public API never mutates a State it was given."""

    __slots__ = (
        "_cache",
        "_cards_shared",
        "_legal",
        "active",
        "answer",
        "cards",
        "decision",
        "engine",
        "extra",
        "first",
        "ladder",
        "next_handle",
        "phase",
        "players",
        "rng",
        "rules",
        "seed",
        "stack",
        "step",
        "turn",
        "version",
        "winner",
    )

    def __init__(self) -> None:
        self.rules = "awakening"
        self.engine = ENGINE_VERSION  # the engine version the game was started under
        self.version = ""
        self.seed = 0
        self.rng = 1
        self.turn = 1
        self.active = 0
        self.first = 0
        self.phase = READY
        self.step = 0
        self.next_handle = 0
        self.cards: dict[int, int] = {}
        self.players: list[Player] = [Player(), Player()]
        self.ladder: list[dict[str, Any]] = []
        self.answer = -1
        self.stack: list[list[Any]] = []
        self.decision: dict[str, Any] | None = None
        self.extra = -1  # player who takes an extra turn next (Time Warp)
        self.winner: int | None = None  # 0, 1, or -1 for a draw, once the game is over
        self._legal: dict[int, Any] = {}
        # derived values (statics, triggers, declarations, plays), each dropped when something it
        # depends on changes (`core.invalidate`)
        self._cache: dict[Any, Any] = {}
        self._cards_shared = False  # `cards` may be shared with another state: copy it before a change

    @property
    def ruleset(self) -> RuleSet:
        return RULE_SETS[self.rules]

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def copy(self) -> State:
        """An independent copy (every mutable part copied)."""
        s = self.successor()
        s.cards = dict(self.cards)
        s._cards_shared = False
        return s

    def successor(self) -> State:
        """A copy for `apply` to change: `cards` (changed only through `new_handle` and `rehandle`)
        is shared and copied on its first change."""
        s = State.__new__(State)
        s.rules, s.version, s.seed, s.rng, s.turn = self.rules, self.version, self.seed, self.rng, self.turn
        s.engine = self.engine
        s.active, s.first, s.phase, s.step, s.next_handle = (
            self.active,
            self.first,
            self.phase,
            self.step,
            self.next_handle,
        )
        s.cards = self.cards
        s._cards_shared = self._cards_shared = True
        s.players = [p.copy() for p in self.players]
        s.ladder = jcopy(self.ladder) if self.ladder else []
        s.answer = self.answer
        s.stack = jcopy(self.stack) if self.stack else []
        s.decision = jcopy(self.decision) if self.decision else None
        s.extra, s.winner = self.extra, self.winner
        s._legal = {}
        s._cache = dict(self._cache)
        return s

    def kind(self, h: int) -> int:
        return self.cards[h] >> 1

    def owner(self, h: int) -> int:
        return self.cards[h] & 1

    def controller(self, h: int) -> int:
        """The player whose field holds the card, or -1 when it is not in play."""
        if h in self.players[0].field:
            return 0
        if h in self.players[1].field:
            return 1
        return -1

    def own_cards(self) -> dict[int, int]:
        """`cards`, copied first when it is shared with another state (before changing it)."""
        if self._cards_shared:
            self.cards = dict(self.cards)
            self._cards_shared = False
        return self.cards

    def new_handle(self, value: int) -> int:
        n = self.next_handle
        self.next_handle = n + 1
        h = n if self.engine == LEGACY_ENGINE else opaque_handle(self.seed, n)
        self.own_cards()[h] = value
        return h

    def rehandle(self, h: int) -> int:
        """The card moves into a hidden zone: it gets a fresh handle."""
        return self.new_handle(self.own_cards().pop(h))

    def to_dict(self) -> dict[str, Any]:
        return {
            "engine": self.engine,
            "rules": self.rules,
            "version": self.version,
            "seed": self.seed,
            "rng": self.rng,
            "turn": self.turn,
            "active": self.active,
            "first": self.first,
            "phase": self.phase,
            "step": self.step,
            "next_handle": self.next_handle,
            "cards": [[h, v] for h, v in self.cards.items()],
            "players": [p.to_dict() for p in self.players],
            "ladder": self.ladder,
            "answer": self.answer,
            "stack": self.stack,
            "decision": self.decision,
            "extra": self.extra,
            "winner": self.winner,
        }


def to_json(state: State) -> str:
    """Canonical JSON text of the whole state (hidden information included: server side only):
    ``json.dumps`` with sorted keys, no spaces and non-ASCII escaped, byte for byte, which every
    recorded game's hashes were made from. orjson writes the same bytes for ASCII text (sorted keys,
    no spaces; the state holds no floats) some seven times as fast; a state with any non-ASCII
    text, which orjson would write unescaped, is written by ``json`` instead."""
    d = state.to_dict()
    raw = orjson.dumps(d, option=orjson.OPT_SORT_KEYS)
    return raw.decode() if raw.isascii() else json.dumps(d, separators=(",", ":"), sort_keys=True)


def json_and_hash(state: State) -> tuple[str, str]:
    """``to_json`` and ``state_hash`` of one state, serialised once."""
    text = to_json(state)
    return text, hashlib.sha256(text.encode()).hexdigest()


def from_json(text: str) -> State:
    try:
        d = orjson.loads(text)
        if d.get("engine") not in ENGINE_VERSIONS:
            raise StateFormatError(f"state written by engine {d.get('engine')!r}, this is {ENGINE_VERSION!r}")
        s = State()
        s.engine = d["engine"]
        for key in (
            "rules",
            "version",
            "seed",
            "rng",
            "turn",
            "active",
            "first",
            "phase",
            "step",
            "next_handle",
            "answer",
            "extra",
            "winner",
            "decision",
        ):
            setattr(s, key, d[key])
        s.cards = {int(h): int(v) for h, v in d["cards"]}
        s.players = [Player.from_dict(p) for p in d["players"]]
        s.ladder = d["ladder"]
        s.stack = d["stack"]
        return s
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, StateFormatError):
            raise
        raise StateFormatError(f"malformed state: {exc!r}") from exc


def state_hash(state: State) -> str:
    return json_and_hash(state)[1]


# --- the seeded generator ---------------------------------------------------------------------

_MASK = (1 << 64) - 1


def next_random(state: State) -> int:
    """xorshift64*: advance the generator held in the state and return 64 random bits."""
    x = state.rng
    x ^= x >> 12
    x ^= (x << 25) & _MASK
    x ^= x >> 27
    state.rng = x
    return (x * 0x2545F4914F6CDD1D) & _MASK


def randbelow(state: State, n: int) -> int:
    return (next_random(state) >> 11) % n


def shuffle(state: State, items: list[int]) -> None:
    for i in range(len(items) - 1, 0, -1):
        j = randbelow(state, i + 1)
        items[i], items[j] = items[j], items[i]


def seed_rng(seed: int) -> int:
    x = (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK
    return x or 1


# --- opaque handles ---------------------------------------------------------------------------

HANDLE_BITS = 20
HANDLE_SPACE = 1 << HANDLE_BITS  # handles of engine 2 are below this (then the counter goes on above)
_HALF_MASK = (1 << (HANDLE_BITS // 2)) - 1
_M32 = 0xFFFFFFFF


def opaque_handle(seed: int, n: int) -> int:
    """The n-th handle of a game: n put through a balanced four-round Feistel network on
    HANDLE_BITS bits whose round keys come from the seed (`_round_keys`), so a permutation of
    [0, HANDLE_SPACE) per game. Each round mixes the right half with a multiply-xorshift hash on
    32 bits (small ints: fast) and keeps its top 10 bits. Numbers beyond the space (never reached:
    a game gives a few hundred handles) stay distinct above it."""
    if n >= HANDLE_SPACE:
        return n + HANDLE_SPACE
    k0, k1, k2, k3 = _round_keys(seed)
    left, right = n >> 10, n & _HALF_MASK
    x = ((right ^ k0) * 0x9E3779B1) & _M32
    left ^= (((x ^ (x >> 16)) * 0x85EBCA6B) & _M32) >> 22
    x = ((left ^ k1) * 0x9E3779B1) & _M32
    right ^= (((x ^ (x >> 16)) * 0x85EBCA6B) & _M32) >> 22
    x = ((right ^ k2) * 0x9E3779B1) & _M32
    left ^= (((x ^ (x >> 16)) * 0x85EBCA6B) & _M32) >> 22
    x = ((left ^ k3) * 0x9E3779B1) & _M32
    right ^= (((x ^ (x >> 16)) * 0x85EBCA6B) & _M32) >> 22
    return (left << 10) | right


@functools.lru_cache(maxsize=1024)
def _round_keys(seed: int) -> tuple[int, int, int, int]:
    """Four 32-bit round keys from the seed (sha256, so no key is a simple function of another)."""
    d = hashlib.sha256(b"fett-handles:%d" % seed).digest()
    k = [int.from_bytes(d[i : i + 4], "big") for i in (0, 4, 8, 12)]
    return k[0], k[1], k[2], k[3]
