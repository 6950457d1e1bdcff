"""Helpers every event page shares: the signed-in user, and refusals shown as pages with a 4xx."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from common.refusals import NotFound, Refusal
from tournaments.errors import EventError, EventRefusal, Invalid

View = Callable[..., HttpResponse]


def refusals_shown(view: View) -> View:
    """A service's refusal becomes a page naming what is wrong, with its 4xx status."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except NotFound:
            raise  # the site's 404 page, as for any lookup (common.middleware)
        except Refusal as exc:
            back = request.headers.get("Referer") or "/"
            context = {"message": str(exc), "back": back}
            return render(request, "tournaments/refused.html", context, status=exc.status_code)

    return wrapped


def form_refusal(form: forms.Form) -> EventError:
    """A bound form's errors as one refusal naming each field."""
    problems = "; ".join(f"{field}: {' '.join(str(e) for e in errors)}" for field, errors in form.errors.items())
    return Invalid(EventRefusal.FORM_PROBLEMS, f"The form has problems: {problems}")
