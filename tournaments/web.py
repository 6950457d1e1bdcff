"""Helpers every event page shares: refusals shown as pages with a 4xx (or on the page the form
came from), and the confirmation step of weighty buttons."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from common.refusals import NotFound, Refusal
from tournaments.confirmations import Confirmation
from tournaments.errors import EventError, EventRefusal, Invalid

View = Callable[..., HttpResponse]
#: Renders the page a refused form came from, with the refusal on it; None: not for this viewer.
RefusalPage = Callable[[HttpRequest, dict[str, Any], Refusal], HttpResponse | None]

CONFIRM_FIELD = "confirm"


def refused_page(request: HttpRequest, exc: Refusal) -> HttpResponse:
    back = request.headers.get("Referer") or "/"
    context = {"message": str(exc), "back": back}
    return render(request, "tournaments/refused.html", context, status=exc.status_code)


def refusals_shown_on(page_for: RefusalPage) -> Callable[[View], View]:
    """A service's refusal comes back on the page ``page_for`` renders (its 4xx status, the reason at
    the top, nothing changed); where it gives no page, on the plain refusal page."""

    def decorate(view: View) -> View:
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            try:
                return view(request, *args, **kwargs)
            except NotFound:
                raise  # the site's 404 page, as for any lookup (common.middleware)
            except Refusal as exc:
                page = page_for(request, kwargs, exc)
                return page if page is not None else refused_page(request, exc)

        return wrapped

    return decorate


#: A service's refusal becomes a page naming what is wrong, with its 4xx status.
refusals_shown = refusals_shown_on(lambda request, kwargs, exc: None)


def form_refusal(form: forms.Form) -> EventError:
    """A bound form's errors as one refusal naming each field."""
    problems = "; ".join(f"{field}: {' '.join(str(e) for e in errors)}" for field, errors in form.errors.items())
    return Invalid(EventRefusal.FORM_PROBLEMS, f"The form has problems: {problems}")


def require_confirmed(request: HttpRequest, what: str) -> None:
    """Refuse (400) a POST that did not come from a confirmation page: it lacks ``confirm=yes``."""
    if request.POST.get(CONFIRM_FIELD) != "yes":
        raise Invalid(
            EventRefusal.NOT_CONFIRMED,
            f"{what} needs confirming first: the request did not say confirm=yes. Nothing was changed.",
        )


def confirmation_page(request: HttpRequest, confirmation: Confirmation, cancel: str) -> HttpResponse:
    """The GET step of a weighty button: what will happen, then Confirm (a POST here) or Cancel."""
    context = {"confirmation": confirmation, "action": request.path, "cancel": cancel}
    return render(request, "tournaments/confirm.html", context)
