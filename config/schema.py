"""The API schema's common error answers, added to every operation by one postprocessing hook.

Every operation can answer 400 (a bad query parameter, body or page), 401 (a bad token), 403,
404 (an unknown or hidden id, or a page past the end), 409 (refused in the object's current
state) and 429 (too many requests); operations that take a body also 413 (a body over the
limit) and 415 (a body that is not JSON or a form). All of them answer with the same
shape: ``{"detail": "..."}``, sometimes with more fields; a 400 from a serializer names each bad
field instead (``{"field": ["problem"]}``) or lists its problems (``["problem"]``).
"""

from __future__ import annotations

from typing import Any

ERROR_REF = {"$ref": "#/components/schemas/Error"}
VALIDATION_REF = {"$ref": "#/components/schemas/ValidationError"}

ERROR_SCHEMA = {
    "type": "object",
    "description": "Why the request was refused; some answers add fields (e.g. the current version).",
    "properties": {"detail": {"type": "string", "description": "What is wrong, in words."}},
    "additionalProperties": True,
}
VALIDATION_SCHEMA = {
    "description": "What is wrong with the input: {detail} or each bad field's problems, or a list of problems.",
    "anyOf": [ERROR_REF, {"type": "array", "items": {"type": "string"}}],
}

EVERY_OPERATION = {
    "400": "The request cannot be read: a bad parameter, body or page.",
    "401": "The token or session is not valid.",
    "403": "Sign in first, or you may not do this.",
    "404": "No such object, or not one you may see.",
    "409": "Refused in the object's current state (e.g. a game not finished, a change to a locked list).",
    "429": "Too many requests; wait and try again.",
}
WITH_BODY = {
    "413": "The request body is too large.",
    "415": "The body is not JSON or a form.",
}
BODY_METHODS = {"post", "put", "patch", "delete"}


def add_error_responses(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    """drf-spectacular postprocessing hook: document the common error answers everywhere."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas["Error"] = ERROR_SCHEMA
    schemas["ValidationError"] = VALIDATION_SCHEMA
    for path_item in result.get("paths", {}).values():
        for method, operation in path_item.items():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            codes = dict(EVERY_OPERATION, **(WITH_BODY if method in BODY_METHODS else {}))
            responses = operation["responses"]
            for code, description in codes.items():
                if code not in responses:
                    ref = VALIDATION_REF if code == "400" else ERROR_REF
                    responses[code] = {"description": description, "content": {"application/json": {"schema": ref}}}
                elif code == "400":
                    _also_validation_errors(responses[code])
    return result


def _also_validation_errors(response: dict[str, Any]) -> None:
    """A declared 400 answer may also be a serializer's field errors."""
    for media in response.get("content", {}).values():
        declared = media.get("schema")
        if declared and declared != VALIDATION_REF:
            media["schema"] = {"anyOf": [declared, VALIDATION_REF]}
