"""Pages: a service's ``NotFound`` refusal is the site's ordinary 404 page, like ``Http404``;
form data or a query string holding a NUL character is refused with a 400 naming the field; and an
API answer is freed as soon as it is sent (``ReleaseAnswerMiddleware``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from common.refusals import NotFound

NUL = "\x00"


class NotFoundRefusalMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, NotFound):
            raise Http404(exception.message) from exception
        return None


def nul_field(request: HttpRequest) -> str | None:
    """The name of the first query parameter or form field whose name or value holds a NUL
    character; None if none does. A form body over Django's size limit is left to the view (it
    refuses it when it reads it). The address needs no check: every URL converter of the site
    takes only digits or a slug."""
    data = [request.GET]
    length = request.META.get("CONTENT_LENGTH") or "0"
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    if request.method == "POST" and (limit is None or (length.isdigit() and int(length) <= limit)):
        data.append(request.POST)
    for fields in data:
        for name, values in fields.lists():
            if NUL in name or any(NUL in value for value in values):
                return name.replace(NUL, "\\0")
    return None


class NulCharacterMiddleware:
    """PostgreSQL cannot store or compare text holding a NUL character (``\\0``): a page that
    took one from a form (a name at the desk, a search) answered 500. Refused here, for every
    page and API view, before the view runs: 400 with a message naming the field (JSON under
    ``/api/``, the site's page elsewhere), and nothing changes. A JSON body is checked by the
    API's parser (``config.parsers``)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(
        self, request: HttpRequest, view: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> HttpResponse | None:
        field = nul_field(request)
        if field is None:
            return None
        message = f"The field “{field}” holds a NUL character (\\0), which no text here may hold; remove it."
        if request.path.startswith("/api/"):
            return JsonResponse({"detail": message, "field": field}, status=400)
        return render(request, "bad_request.html", {"message": message}, status=400)


class ReleaseAnswerMiddleware:
    """Frees an API request and its answer by reference counting once the answer is rendered,
    instead of leaving them to the garbage collector.

    Django and Django REST framework tie every API request into reference cycles: the view keeps
    the answer (``view.response``) and bound methods of itself (``view.get``), the answer's
    ``renderer_context`` names the view and the answer, DRF's request names itself and the view in
    its ``parser_context``, and Django's request is named by its message stores (``_messages``) and
    by ``request.auser``. So each API request left some 100 objects (an answer's data: a match view
    is some 80 lists and dicts; the request, its session and message stores, the viewset, its
    parsers and authenticators) until a collection found the cycles: on a busy web process the
    collections ran every few seconds, each holding every request and socket of the process. Once
    the answer is rendered nothing needs those links, and they are cut here (the answer's data stays
    on it, for the test client's ``response.data``). Only API answers (DRF's): a page's request may
    still be read by whoever holds the response (a test reading its messages)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        context = getattr(response, "renderer_context", None)
        if isinstance(context, dict) and getattr(response, "is_rendered", False):
            view = context.pop("view", None)
            context.pop("response", None)
            if view is not None:
                view.__dict__.clear()  # its request, answer, bound methods of itself, negotiator
            parsing = getattr(context.get("request"), "parser_context", None)
            if isinstance(parsing, dict):
                parsing.pop("view", None)
                parsing.pop("request", None)
            for cyclic in ("_messages", "auser"):  # the message stores' and auser's link back to it
                vars(request).pop(cyclic, None)
        return response
