"""What every app's pages share: a service's refusal shown as a page with its 4xx status (or on the
page the form came from), and the confirmation step of weighty buttons (a GET page saying what
will happen, then a POST that must carry ``confirm=yes``). Any app's views may use it: events and
their rounds, pod events, deck swaps, Runemasters challenges, webhooks."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from functools import wraps
from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from common.refusals import Invalid, NotFound, Refusal

View = Callable[..., HttpResponse]
#: Renders the page a refused form came from, with the refusal on it; None: not for this viewer.
RefusalPage = Callable[[HttpRequest, dict[str, Any], Refusal], HttpResponse | None]

CONFIRM_FIELD = "confirm"


class PageRefusal(StrEnum):
    """The reasons this module refuses with (the same codes the apps' own refusals use)."""

    FORM_PROBLEMS = "form-problems"
    NOT_CONFIRMED = "not-confirmed"


@dataclass(frozen=True)
class Choice:
    """A question the confirmation asks before its step (radio buttons, one must be picked)."""

    name: str  # the POST field
    legend: str
    options: list[tuple[str, str]]  # (value, words)


@dataclass(frozen=True)
class Confirmation:
    """What a weighty button will do, for its confirmation page (``templates/common/confirm.html``):
    the question, the consequences, warnings, and a ``blocker`` when the step cannot be taken yet
    (the page then shows the reason and no Confirm button)."""

    question: str
    confirm_label: str
    consequences: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    blocker: str = ""
    danger: bool = False
    changes: list[str] = field(default_factory=list)  # unsaved edits the step takes with it, in words
    carry: list[tuple[str, str]] = field(default_factory=list)  # form fields the Confirm POST sends again
    choices: list[Choice] = field(default_factory=list)


def refused_page(request: HttpRequest, exc: Refusal) -> HttpResponse:
    back = request.headers.get("Referer") or "/"
    context = {"message": str(exc), "back": back}
    return render(request, "common/refused.html", context, status=exc.status_code)


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


def form_refusal(form: forms.Form) -> Refusal:
    """A bound form's errors as one refusal naming each field."""
    problems = "; ".join(f"{field}: {' '.join(str(e) for e in errors)}" for field, errors in form.errors.items())
    return Invalid(PageRefusal.FORM_PROBLEMS, f"The form has problems: {problems}")


def require_confirmed(request: HttpRequest, what: str) -> None:
    """Refuse (400) a POST that did not come from a confirmation page: it lacks ``confirm=yes``."""
    if request.POST.get(CONFIRM_FIELD) != "yes":
        raise Invalid(
            PageRefusal.NOT_CONFIRMED,
            f"{what} needs confirming first: the request did not say confirm=yes. Nothing was changed.",
        )


def confirmation_page(request: HttpRequest, confirmation: Confirmation, cancel: str) -> HttpResponse:
    """The GET step of a weighty button: what will happen, then Confirm (a POST here) or Cancel."""
    context = {"confirmation": confirmation, "action": request.path, "cancel": cancel}
    return render(request, "common/confirm.html", context)
