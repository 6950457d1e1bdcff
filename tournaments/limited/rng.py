"""Seeded randomness for limited play: sub-seeds and a sha256 counter stream.

PURE (no Django, no I/O, no global random state, no `hash()`). This module decides how a seed
plus indexes become random choices, in a way anyone can re-implement from `docs/limited.md`:

- *sub-seed*: sha256 of the JSON array of its parts (compact separators, ASCII), e.g.
  ``["fett-boosters-v1","booster","<event seed>",0,3,1]``. JSON keeps the parts unambiguous.
- *stream*: 64-bit numbers, the n-th (from 0) being the first 8 bytes (big-endian) of
  sha256(sub-seed ‖ n as 8 big-endian bytes).
- *below(k)*: the next stream number below ⌊2⁶⁴ / k⌋·k, modulo k (rejection keeps it uniform).
- *sample(items, k)*: partial Fisher-Yates from the front: for i in 0..k-1 swap i with
  i + below(len - i); the first k items.
- *shuffle(items)*: Fisher-Yates from the back: for i from len-1 down to 1 swap i with below(i+1).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_SPAN = 1 << 64


def derive_seed(*parts: str | int) -> bytes:
    """The sub-seed for these parts (strings and integers only, so the encoding is exact)."""
    for part in parts:
        if isinstance(part, bool) or not isinstance(part, str | int):
            raise TypeError(f"seed parts are strings or integers, not {part!r}")
    text = json.dumps(list(parts), separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).digest()


class Stream:
    """A deterministic source of uniform choices; a local object, never shared between draws."""

    def __init__(self, seed: bytes) -> None:
        self._seed = seed
        self._counter = 0

    def next64(self) -> int:
        digest = hashlib.sha256(self._seed + self._counter.to_bytes(8, "big")).digest()
        self._counter += 1
        return int.from_bytes(digest[:8], "big")

    def below(self, k: int) -> int:
        if k < 1:
            raise ValueError(f"below() needs a positive bound, not {k}")
        limit = (_SPAN // k) * k
        while True:
            value = self.next64()
            if value < limit:
                return value % k

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        if not 0 <= k <= len(items):
            raise ValueError(f"cannot sample {k} of {len(items)} items")
        pool = list(items)
        for i in range(k):
            j = i + self.below(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]

    def shuffle(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out
