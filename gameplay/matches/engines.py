"""The game engines the site hosts, by the name a match records (``PlayMatch.engine``).

The hosting layer asks ``engine_for(match)`` and calls the engine only through the
``GameEngine`` protocol (``docs/hosting.md``); a new game plugs in with ``register``.
"""

from __future__ import annotations

from typing import Protocol

from gameplay.matches.protocol import GameEngine
from gameplay.runemasters.hosting import RUNEMASTERS
from gameplay.runeslingers.hosting import RUNESLINGERS

DEFAULT = RUNESLINGERS.name

engines: dict[str, GameEngine] = {RUNESLINGERS.name: RUNESLINGERS, RUNEMASTERS.name: RUNEMASTERS}


class HasEngine(Protocol):
    engine: str


def register(engine: GameEngine) -> None:
    """Host ``engine``'s game from now on (a second registration of a name replaces the first)."""
    engines[engine.name] = engine


def engine_named(name: str) -> GameEngine:
    """The registered engine of that name (KeyError names the engines known)."""
    try:
        return engines[name]
    except KeyError:
        raise KeyError(f"No game engine {name!r} is registered; known: {', '.join(sorted(engines))}.") from None


def engine_for(match: HasEngine) -> GameEngine:
    """The engine that plays ``match``'s games."""
    return engine_named(match.engine)
