"""Waiting for a condition in a page under the site's Content-Security-Policy.

Playwright's ``wait_for_function`` compiles its expression inside the page with ``eval``, which the
policy (``script-src 'self'``, no ``'unsafe-eval'``) refuses. ``page.evaluate`` is compiled by the
DevTools protocol instead, which page policies do not govern, so ``wait_in_page`` runs the same
check there (`wait_in_page`): once per animation frame, as ``wait_for_function`` does, until it holds or time runs out.
"""

from __future__ import annotations

import json
from typing import Any

CONTEXT_GONE = ("Execution context was destroyed", "Target closed", "navigat")


def wait_in_page(page: Any, expression: str, timeout: float = 60_000) -> None:
    """Returns once ``expression`` (JavaScript) is truthy in ``page``; an error after ``timeout`` ms.
    An expression that throws (an element not there yet) counts as not yet true."""
    script = f"""() => new Promise((resolve, reject) => {{
  const deadline = performance.now() + {float(timeout)};
  const check = () => {{
    let holds = false;
    try {{ holds = !!({expression}); }} catch (error) {{ holds = false; }}
    if (holds) resolve(true);
    else if (performance.now() > deadline) reject(new Error("timed out waiting for " + {json.dumps(expression)}));
    else requestAnimationFrame(check);
  }};
  check();
}})"""
    for _ in range(5):  # a page that navigates mid-wait is asked again in its new document
        try:
            page.evaluate(script)
            return
        except Exception as error:
            if not any(sign in str(error) for sign in CONTEXT_GONE):
                raise
    page.evaluate(script)


def wait_until_live(page: Any) -> None:
    """Returns once a play page's socket is live and its first view is drawn. The page reads its
    view and opens its socket at the same time and either may finish first: right after "live" the
    board, the hint or the seats may not be drawn yet."""
    page.wait_for_selector('[data-testid="connection"]:has-text("live")')
    wait_in_page(page, "window.__playVersion !== undefined")


#: The page loaded (htmx binds the page's ``hx-*`` elements once its DOM is ready), no request of
#: htmx's in flight and nothing it swapped in still settling (it binds a swapped-in element as the
#: swap settles). A click on a button before that posts its form the plain way and reloads the page.
HTMX_SETTLED = (
    "document.readyState === 'complete' && !!window.htmx"
    " && !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling, .htmx-added')"
)


def wait_for_htmx(page: Any, timeout: float = 60_000) -> None:
    """Returns once htmx has settled every swap in ``page`` (``HTMX_SETTLED``)."""
    wait_in_page(page, HTMX_SETTLED, timeout)
