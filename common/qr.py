"""QR codes drawn on the server as SVG markup with segno.

segno's inline SVG carries no ``style`` attribute and no script, so a page may embed it under the
site's strict Content-Security-Policy. The same URL always gives the same markup, which lets a
test compare a page's code with ``qr_svg(url)``.
"""

from __future__ import annotations

import segno
from django.utils.safestring import SafeString, mark_safe


def qr_svg(url: str, title: str = "QR code") -> SafeString:
    """The QR code of ``url`` as an ``<svg>`` element that scales to its box (a viewBox, no size)."""
    code = segno.make(url, error="m")
    markup = code.svg_inline(scale=1, border=2, omitsize=True, svgclass="qr", lineclass=None, title=title)
    return mark_safe(markup)  # segno escapes the title; the rest is path data
