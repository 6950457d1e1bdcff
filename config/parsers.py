"""The API's JSON parser: DRF's, with JSON nested too deeply refused as a 400, and text holding
a NUL character too.

Python's JSON decoder recurses once per level of nesting and raises ``RecursionError`` when
it runs out of stack (about a thousand levels), which DRF let through as a server error.
PostgreSQL cannot store or compare text holding NUL (``\\u0000`` in JSON), in a text column or a
``jsonb`` one; a body with one is refused naming where it is (``deck.cards.3``), before a view
sees it. Form bodies and query strings are checked by ``common.middleware.NulCharacterMiddleware``.
"""

from __future__ import annotations

from typing import Any

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

NUL = "\x00"


def nul_at(data: Any) -> str | None:
    """Where the first string (a key or a value) holding a NUL is, as a dotted path ("" for the
    top); None if there is none. Iterative: the data may be nested near the decoder's limit."""
    stack: list[tuple[str, Any]] = [("", data)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, str):
            if NUL in value:
                return path
        elif isinstance(value, dict):
            for key, item in value.items():
                where = f"{path}.{key}" if path else str(key)
                if NUL in key:
                    return where.replace(NUL, "\\u0000")
                stack.append((where, item))
        elif isinstance(value, list):
            stack.extend((f"{path}.{index}" if path else str(index), item) for index, item in enumerate(value))
    return None


class BoundedJSONParser(JSONParser):
    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError("JSON nested too deeply.") from None
        where = nul_at(data)
        if where is not None:
            place = f" at {where}" if where else ""
            raise ParseError(f"The JSON holds a NUL character (\\u0000){place}, which no text here may hold.")
        return data
