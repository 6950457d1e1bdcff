"""The viewer's time zone. Times are stored in UTC; the browser tells its zone in the ``tz``
cookie (``static/js/timezone.js`` sets it from ``Intl.DateTimeFormat().resolvedOptions().timeZone``)
and ``ViewerTimeZoneMiddleware`` activates it for the request when it names a zone that zoneinfo
knows, else UTC. Pages then show times in that zone, and name it (``when_words``); forms read the
times people type in it."""

from __future__ import annotations

import zoneinfo
from collections.abc import Callable
from datetime import datetime
from functools import cache
from urllib.parse import unquote

from django.http import HttpRequest, HttpResponse
from django.utils import timezone

COOKIE = "tz"


@cache
def known_zones() -> frozenset[str]:
    return frozenset(zoneinfo.available_timezones())


def zone_named(name: str | None) -> zoneinfo.ZoneInfo | None:
    """The zone called ``name`` ("Europe/London"), or None for anything zoneinfo does not know."""
    if not name or len(name) > 64 or name not in known_zones():
        return None
    return zoneinfo.ZoneInfo(name)


class ViewerTimeZoneMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        zone = zone_named(unquote(request.COOKIES.get(COOKIE, "")))  # the script encodes the "/"
        if zone is None:
            timezone.deactivate()  # the site's zone: UTC
        else:
            timezone.activate(zone)
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()


def when_words(moment: datetime) -> str:
    """ "Sat 5 Dec 2026, 10:00 (Europe/London)": in the active zone, which it names."""
    local = timezone.localtime(moment)
    return f"{local:%a} {local.day} {local:%b %Y, %H:%M} ({timezone.get_current_timezone_name()})"
