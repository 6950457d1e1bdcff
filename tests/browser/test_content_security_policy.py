"""The main pages work under the Content-Security-Policy: Chromium reports no violation on any of them.

Each page is opened in a real browser through the ASGI server (websockets included); a listener put
in before any page script runs reports every ``securitypolicyviolation`` event back to the test."""

from __future__ import annotations

from typing import Any

import pytest

from gameplay.runeslingers.site_catalog import current_catalog, load_catalog_into_db
from tests.browser.asgi import asgi_server
from tests.browser.onsite import Live, onsite_match
from tests.browser.test_event_flow import logged_in_page
from tests.browser.waiting import wait_until_live
from tests.drafts.helpers import draft_table, drive, started_pod
from tournaments.drafts.models import Pool

REPORTER = """
document.addEventListener("securitypolicyviolation", (event) => {
  window.reportViolation([location.pathname, event.violatedDirective, event.blockedURI, event.sample].join(" | "));
});
"""


def watched(page: Any, violations: list[str]) -> Any:
    page.expose_function("reportViolation", lambda text: violations.append(text))
    page.add_init_script(REPORTER)

    def report(message: Any) -> None:
        if "Content Security Policy" in message.text:
            violations.append(message.text)

    page.on("console", report)
    return page


@pytest.mark.django_db(transaction=True)
def test_the_main_pages_raise_no_content_security_policy_violation(browser: Any) -> None:
    load_catalog_into_db(current_catalog())
    onsite = onsite_match()
    table = draft_table(4, username="csp")
    pod = started_pod(table)
    drive(pod)
    pool = Pool.objects.filter(pod=pod).select_related("registration__player").first()
    assert pool is not None
    violations: list[str] = []

    with asgi_server() as url:
        anonymous = watched(browser.new_context().new_page(), violations)
        anonymous.set_default_timeout(10_000)
        for path in ("/", "/accounts/login/", "/accounts/signup/", "/cards/", f"/events/{onsite.event.pk}/"):
            anonymous.goto(f"{url}{path}")
            anonymous.wait_for_load_state("load")
        anonymous.goto(f"{url}/decks/builder/")  # its live check runs from a static script, not an htmx filter
        anonymous.fill("#id_decklist", "2 Firebal")
        anonymous.get_by_test_id("deck-errors").filter(has_text="did you mean 'Fireball'?").wait_for()
        anonymous.goto(f"{url}/api/docs/")  # Swagger UI, from the sidecar, with its start-up script as a URL
        anonymous.wait_for_selector(".swagger-ui .info .title")

        player = watched(logged_in_page(browser, Live(url), onsite.players[0]), violations)
        player.goto(f"{url}/play/")
        player.goto(f"{url}/play/{onsite.played.pk}/")
        wait_until_live(player)
        player.goto(f"{url}/events/{onsite.event.pk}/standings/")

        organiser = watched(logged_in_page(browser, Live(url), table.organiser), violations)
        organiser.goto(f"{url}/events/{table.event.pk}/draft/")
        organiser.goto(f"{url}/events/{table.event.pk}/manage/")
        organiser.goto(f"{url}/pods/{pod.pk}/")
        owner = watched(logged_in_page(browser, Live(url), pool.registration.player), violations)
        owner.goto(f"{url}/pools/{pool.pk}/")
        owner.get_by_test_id("suggest").click()  # draws the deck as faces and its curve as SVG
        owner.wait_for_selector("[data-testid=deck-cards] [data-face-id]")
        owner.wait_for_selector("[data-testid=violations] li")
        for page in (anonymous, player, organiser, owner):
            page.evaluate("1")  # every report sent so far has reached the test

    assert violations == []
