"""The notice centre (``/notices/``), marking notices read, the profile's switches, the browser's
Web Push subscription and the service worker (served at the site's root, its scope)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from accounts.models import User
from accounts.notices import services
from accounts.notices.errors import NoticeRefusal
from common.refusals import Invalid, Refusal
from common.web import refusals_shown

PER_PAGE = 20
WORKER = Path(settings.BASE_DIR) / "static" / "js" / "notices-sw.js"


def _user(request: HttpRequest) -> User:
    assert isinstance(request.user, User)  # login_required
    return request.user


@login_required
@require_GET
def notice_list(request: HttpRequest) -> HttpResponse:
    page = Paginator(services.shown(_user(request)), PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "notices/list.html", {"page": page})


@login_required
@require_POST
@refusals_shown
def mark_read(request: HttpRequest, notice_id: int) -> HttpResponse:
    notice = services.mark_read(_user(request), notice_id)
    if request.POST.get("go") == "yes" and notice.url.startswith("/"):
        return redirect(notice.url)
    return redirect("notices:list")


@login_required
@require_POST
def mark_all_read(request: HttpRequest) -> HttpResponse:
    count = services.mark_all_read(_user(request))
    messages.success(request, "Every notice is read." if count else "There was no unread notice.")
    return redirect("notices:list")


@login_required
@require_POST
@refusals_shown
def save_switches(request: HttpRequest) -> HttpResponse:
    services.set_switches(_user(request), request.POST.getlist("on"))
    messages.success(request, "Your notice choices are saved.")
    return redirect("profile")


def _json_body(request: HttpRequest) -> Any:
    try:
        return json.loads(request.body or b"null")
    except ValueError:
        raise Invalid(NoticeRefusal.PUSH_SUBSCRIPTION_BAD, "Send the subscription as JSON.") from None


def _answer(action: Any) -> JsonResponse:
    try:
        return JsonResponse({"detail": action()})
    except Refusal as exc:
        return JsonResponse(exc.body(), status=exc.status_code)


@login_required
@require_POST
def push_subscribe(request: HttpRequest) -> JsonResponse:
    def action() -> str:
        services.subscribe_push(_user(request), _json_body(request))
        return "This browser will show your notices."

    return _answer(action)


@login_required
@require_POST
def push_unsubscribe(request: HttpRequest) -> JsonResponse:
    def action() -> str:
        services.unsubscribe_push(_user(request), _json_body(request))
        return "This browser will no longer show your notices."

    return _answer(action)


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """The Web Push service worker, at the root so its scope is the whole site."""
    response = HttpResponse(WORKER.read_text(), content_type="text/javascript")
    response["Service-Worker-Allowed"] = "/"
    response["Cache-Control"] = "no-cache"
    return response
