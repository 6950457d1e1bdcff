"""The API's one exception handler (``REST_FRAMEWORK["EXCEPTION_HANDLER"]``), and
``InputSerializer``, the base of the hot paths' request serializers.

A service's ``Refusal`` answers with its status and ``{"detail": message, ...}`` (a stale version
adds ``version``, a refused pick its reason and the seat's state); everything else is DRF's.
A refusal is raised before anything is written, so the request's transaction is left as it is.
"""

from __future__ import annotations

from typing import Any

from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from common.refusals import Refusal


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, Refusal):
        return Response(exc.body(), status=exc.status_code)
    return drf_exception_handler(exc, context)


class InputSerializer(serializers.Serializer[Any]):
    """A serializer that reads a request's data and is done once it has checked it: it then lets go
    of its fields. DRF binds every field to its serializer (``field.parent``, and the serializer's
    ``fields`` name the fields), so a serializer was a reference cycle that only the garbage
    collector freed; a move's request left one behind each time (``common.middleware`` says why that
    matters). ``errors`` and ``validated_data`` stay as DRF keeps them."""

    def is_valid(self, *, raise_exception: bool = False) -> bool:
        try:
            return super().is_valid(raise_exception=raise_exception)
        finally:
            vars(self).pop("fields", None)  # DRF's cached property: built again if asked for
