"""Issue 21's done-when: a Runemasters challenge played in the browser. Ann registers her team with
Bob on the challenge page, Bob accepts the invitation, and Ann starts the attempt; the two play
the table to the end on their pages (Ann runs a second guardian; Bob lets one turn clock run
out); a second team's result arrives; the leaderboard ranks both; once the challenge is finished
anyone replays the game and the replay gives every state hash the log recorded."""

from __future__ import annotations

from datetime import timedelta
from functools import partial
from typing import Any

import pytest
from django.utils import timezone

from gameplay.matches.models import PlayMatch
from tests.browser.asgi import asgi_server
from tests.browser.onsite import Live
from tests.browser.test_coop_table import TURN_SECONDS, play_through_pages, replay_gives_every_hash, table_page
from tests.browser.test_event_flow import logged_in_page
from tests.coop.conftest import play_to_end
from tests.factories import OrganiserFactory, UserFactory
from tests.waiting import wait_until
from tournaments.coop import services
from tournaments.coop.models import Attempt, Challenge

FITS = "document.documentElement.scrollWidth <= window.innerWidth"


def finished(match: PlayMatch) -> bool:
    return Attempt.objects.filter(match=match, finished_at__isnull=False).exists()


@pytest.mark.django_db(transaction=True)
def test_a_challenge_played_in_the_browser_is_ranked_and_replayed(browser: Any) -> None:
    organiser = OrganiserFactory.create(username="orla")
    ann = UserFactory.create(username="ann", display_name="Ann")
    bob = UserFactory.create(username="bob", display_name="Bob")
    cy = UserFactory.create(username="cy", display_name="Cy")
    now = timezone.now()
    rules = services.Rules(
        name="Harvest Vigil", difficulty="initiate", guardian_count=3, guardians=["neltai", "kulak", "kyreas"],
        timing=Challenge.Timing.WINDOW, starts_at=now - timedelta(hours=1), ends_at=now + timedelta(days=1),
        attempts_allowed=1, turn_seconds=TURN_SECONDS,
    )  # fmt: skip
    challenge = services.publish(services.create_challenge(organiser, rules), organiser)
    Challenge.objects.filter(pk=challenge.pk).update(seed=21)  # a game known to end in a few hundred moves
    with asgi_server("tests.browser.sweeping_asgi:application") as url:
        page = logged_in_page(browser, Live(url), ann)
        page.goto(f"{url}/runemasters/challenges/{challenge.pk}/")
        assert page.evaluate(FITS), "the challenge page scrolls sideways on a phone"
        page.get_by_test_id("register-team").get_by_label("Team name").fill("Dawn")
        page.get_by_test_id("register-team").get_by_label("Team mates").fill("bob")
        page.get_by_role("button", name="Register the team").click()
        invited = logged_in_page(browser, Live(url), bob)  # Bob joins only by accepting (issue 29)
        invited.goto(f"{url}/runemasters/challenges/{challenge.pk}/")
        invited.get_by_test_id("your-invitations").get_by_role("button", name="Accept and join").click()
        invited.get_by_text("You accepted").wait_for()
        invited.context.close()
        page.reload()
        page.get_by_role("button", name="Start attempt 1 of 1").click()
        page.wait_for_url(f"{url}/play/*/")
        match = Attempt.objects.get(team__name="Dawn").match
        assert page.url == f"{url}/play/{match.pk}/"
        pages = {ann.pk: table_page(browser, url, ann, match), bob.pk: table_page(browser, url, bob, match)}
        assert pages[ann.pk].locator('[data-testid="seats"] li').all_inner_texts() == [
            "Neltai — you", "Kulak — Bob", "Kyreas — you"
        ]  # fmt: skip
        play_through_pages(pages, match, bob)
        wait_until(partial(finished, match), 30, "the result to reach the challenge")

        services.register_team(challenge, cy, "Dusk")
        rival = services.start_attempt(challenge, cy)
        play_to_end(rival.match, "random", 5)
        wait_until(partial(finished, rival.match), 30, "the second team's result")

        ours, theirs = (Attempt.objects.get(match=m).score() for m in (match, rival.match))
        assert ours is not None and theirs is not None
        page.goto(f"{url}/runemasters/challenges/{challenge.pk}/")
        rows = page.get_by_test_id("leaderboard").get_by_test_id("leaderboard-row").all_inner_texts()
        first, second = ("Dawn", ours), ("Dusk", theirs)
        if theirs.key() < ours.key():
            first, second = second, first
        assert first[0] in rows[0] and first[1].words() in rows[0] and rows[0].startswith("1")
        assert second[0] in rows[1] and second[1].words() in rows[1]
        assert rows[1].startswith("1=" if ours == theirs else "2")

        services.finish(challenge, organiser)
        outsider = logged_in_page(browser, Live(url), UserFactory.create(username="olly"))
        outsider.goto(f"{url}/runemasters/challenges/{challenge.pk}/")
        assert outsider.get_by_test_id("winners").is_visible()
        assert outsider.evaluate(FITS), "the challenge page scrolls sideways on a phone"
        assert not outsider.get_by_test_id("your-team").count()  # nothing to register for any more
        dawn = outsider.get_by_test_id("leaderboard-row").filter(has_text="Dawn")
        assert dawn.get_by_test_id("replay").get_attribute("href") == f"/play/{match.pk}/replay/"
        replay_gives_every_hash(outsider, url, match)
