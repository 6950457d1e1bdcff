"""The API's JSON parser: DRF's, with JSON nested too deeply refused as a 400.

Python's JSON decoder recurses once per level of nesting and raises ``RecursionError`` when
it runs out of stack (about a thousand levels), which DRF let through as a server error.
"""

from __future__ import annotations

from typing import Any

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser


class BoundedJSONParser(JSONParser):
    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError("JSON nested too deeply.") from None
