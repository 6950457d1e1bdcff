"""Security headers on every response: a Content-Security-Policy and its companions.

Scripts and styles load only from the site's own origin: no inline ``<script>``, no inline
``style=`` attributes, no ``eval`` (htmx's trigger filters and ``hx-on`` would need it, so the
templates use neither). Websockets may connect to any ``ws:``/``wss:`` URL because the page's
own origin covers only ``http(s):``. A view may set its own header first; the middleware keeps it.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse

#: The policy of every page unless settings say otherwise (``CONTENT_SECURITY_POLICY``).
DEFAULT_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self' ws: wss:",
        "object-src 'none'",
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "form-action 'self'",
    )
)

#: Browser features the site never uses, switched off for it and anything it might embed.
DEFAULT_PERMISSIONS_POLICY = ", ".join(
    f"{feature}=()"
    for feature in (
        "accelerometer",
        "camera",
        "geolocation",
        "gyroscope",
        "magnetometer",
        "microphone",
        "payment",
        "usb",
    )
)


class SecurityHeadersMiddleware:
    """Adds ``Content-Security-Policy``, ``X-Content-Type-Options``, ``Referrer-Policy`` and
    ``Permissions-Policy`` to every response, in every environment."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.headers = {
            "Content-Security-Policy": getattr(settings, "CONTENT_SECURITY_POLICY", DEFAULT_POLICY),
            "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": getattr(settings, "REFERRER_POLICY", "same-origin"),
            "Permissions-Policy": getattr(settings, "PERMISSIONS_POLICY", DEFAULT_PERMISSIONS_POLICY),
        }

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        for name, value in self.headers.items():
            if value and name not in response:
                response[name] = value
        return response
