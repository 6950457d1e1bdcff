"""The organiser's webhook pages: the endpoints of an event, one endpoint's delivery log, and
the actions on them (all POST; deleting asks first). Only those who manage the event."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from accounts.auth import signed_in_user
from common.web import refusals_shown
from tournaments import selectors
from tournaments.errors import EventError, Invalid
from tournaments.models import Event
from tournaments.permissions import Perm, require
from tournaments.webhooks import services
from tournaments.webhooks.errors import WebhookRefusal
from tournaments.webhooks.forms import EndpointForm
from tournaments.webhooks.models import Delivery, Endpoint

LOG_SHOWN = 50  # the newest deliveries on an endpoint's page


def _secret_key(endpoint_id: int) -> str:
    return f"webhook-secret-{endpoint_id}"


def _managed_event(request: HttpRequest, pk: int) -> Event:
    event = selectors.event_for(request.user, pk)
    require(request.user, Perm.MANAGE, event)
    return event


def _endpoint(request: HttpRequest, pk: int, endpoint_id: int) -> Endpoint:
    return get_object_or_404(Endpoint, pk=endpoint_id, event=_managed_event(request, pk))


@login_required
@require_http_methods(["GET", "POST"])
@refusals_shown
def endpoints(request: HttpRequest, pk: int) -> HttpResponse:
    event = _managed_event(request, pk)
    form = EndpointForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            endpoint = services.add_endpoint(event, signed_in_user(request), **form.cleaned_data)
        except EventError as exc:  # the address or the kinds refused: said beside the form
            form.add_error(None, str(exc))
        else:
            request.session[_secret_key(endpoint.pk)] = endpoint.secret
            return redirect("webhooks:endpoint", pk=event.pk, endpoint_id=endpoint.pk)
    context = {"event": event, "form": form, "endpoints": Endpoint.objects.filter(event=event)}
    return render(request, "webhooks/endpoints.html", context, status=400 if form.errors else 200)


@login_required
@refusals_shown
def endpoint_page(request: HttpRequest, pk: int, endpoint_id: int) -> HttpResponse:
    endpoint = _endpoint(request, pk, endpoint_id)
    deliveries = endpoint.deliveries.prefetch_related("attempt_log")[:LOG_SHOWN]
    context: dict[str, Any] = {
        "event": endpoint.event,
        "endpoint": endpoint,
        "secret": request.session.pop(_secret_key(endpoint.pk), None),  # shown this once
        "deliveries": deliveries,
    }
    return render(request, "webhooks/endpoint.html", context)


ACTIONS = {
    "ping": (lambda e, by: services.send_ping(e, by), "A test ping is on its way."),
    "disable": (lambda e, by: services.set_active(e, by, False), "The endpoint is switched off."),
    "enable": (lambda e, by: services.set_active(e, by, True), "The endpoint is switched on again."),
}


@login_required
@require_POST
@refusals_shown
def endpoint_action(request: HttpRequest, pk: int, endpoint_id: int, action: str) -> HttpResponse:
    endpoint = _endpoint(request, pk, endpoint_id)
    if action not in ACTIONS:
        raise Invalid(WebhookRefusal.UNKNOWN_ACTION, "There is no such thing to do to an endpoint.")
    run, done = ACTIONS[action]
    run(endpoint, signed_in_user(request))
    messages.success(request, done)
    return redirect("webhooks:endpoint", pk=pk, endpoint_id=endpoint.pk)


@login_required
@require_http_methods(["GET", "POST"])
@refusals_shown
def delete_endpoint(request: HttpRequest, pk: int, endpoint_id: int) -> HttpResponse:
    """GET asks; POST deletes."""
    endpoint = _endpoint(request, pk, endpoint_id)
    if request.method == "GET":
        return render(request, "webhooks/delete.html", {"event": endpoint.event, "endpoint": endpoint})
    services.delete_endpoint(endpoint, signed_in_user(request))
    messages.success(request, f"The endpoint {endpoint.url} is deleted, with its delivery log.")
    return redirect("webhooks:endpoints", pk=pk)


@login_required
@require_POST
@refusals_shown
def redeliver(request: HttpRequest, pk: int, delivery_id: int) -> HttpResponse:
    delivery = get_object_or_404(Delivery, pk=delivery_id, endpoint__event=_managed_event(request, pk))
    services.redeliver(delivery, signed_in_user(request))
    messages.success(request, "The delivery is queued again, with the same id.")
    return redirect("webhooks:endpoint", pk=pk, endpoint_id=delivery.endpoint_id)
