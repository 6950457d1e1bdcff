"""The API's one exception handler (``REST_FRAMEWORK["EXCEPTION_HANDLER"]``).

A service's ``Refusal`` answers with its status and ``{"detail": message, ...}`` (a stale version
adds ``version``, a refused pick its reason and the seat's state); everything else is DRF's.
A refusal is raised before anything is written, so the request's transaction is left as it is.
"""

from __future__ import annotations

from typing import Any

from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from common.refusals import Refusal


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, Refusal):
        return Response(exc.body(), status=exc.status_code)
    return drf_exception_handler(exc, context)
