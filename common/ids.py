"""Ids in URLs and query strings: ASCII digits, at most 18 of them.

18 digits always fit the database's 64-bit keys, so a lookup with a parsed id cannot overflow
(SQLite raised OverflowError and PostgreSQL "bigint out of range" for longer ones); anything
else in an id's place is simply not found. ``str.isdigit`` and ``\\d`` also accept digits such
as "²" or "٣" that ``int`` refuses or that no key ever has, so neither is used.
"""

from __future__ import annotations

import re

ID_PATTERN = r"[0-9]{1,18}"
#: The largest id a request may name (in a body too: serializers bound their id fields with it).
MAX_ID = 10**18 - 1
_ID = re.compile(ID_PATTERN)


def parse_id(raw: object) -> int | None:
    """The id written in ``raw``, or None when ``raw`` is not one."""
    if isinstance(raw, str) and _ID.fullmatch(raw):
        return int(raw)
    return None


class IdConverter:
    """The ``<id:name>`` path converter: an id as above, given to the view as an int."""

    regex = ID_PATTERN

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int | str) -> str:
        return str(value)


def register() -> None:
    """Make ``<id:...>`` known to every URL conf (called once, when the apps are ready)."""
    from django.urls import register_converter

    register_converter(IdConverter, "id")
