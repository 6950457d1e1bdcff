from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.models import Event


def home(request: HttpRequest) -> HttpResponse:
    events = Event.objects.exclude(status=Event.Status.DRAFT).select_related("organiser")[:20]
    return render(request, "home.html", {"events": events})
