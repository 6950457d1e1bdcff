"""Issue 29 §3's done-when: "an invitation is accepted and declined", in the browser, for a team
and for a table. Team: Ann registers
a team naming Bob and Cy; Bob accepts on his invitations page and is on the team; Cy declines on
the challenge page and is not, and her place is free (Ann invites Dan into it); Ann sees each
answer in words, withdraws Dan's invitation, and Bob leaves the team through its confirmation.
Table: Bob accepts, Cy declines, and the table starts with Bob seated and Cy's seat Ann's.
Screenshots of each page at 390x844 and 1280x800 go to the test's temporary folder."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone

from gameplay.invitations.models import Invitation, TableRequest
from gameplay.invitations.tables import offer_table
from gameplay.matches.models import PlayMatch
from gameplay.matches.services import SeatSpec
from tests.browser.asgi import asgi_server
from tests.browser.onsite import Live
from tests.browser.test_event_flow import logged_in_page
from tests.factories import OrganiserFactory, UserFactory
from tests.waiting import wait_until
from tournaments.coop import services
from tournaments.coop.models import Challenge, Team

FITS = "document.documentElement.scrollWidth <= window.innerWidth"
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}


def members(name: str) -> list[str]:
    team = Team.objects.filter(name=name).first()
    return [] if team is None else [m.user.username for m in team.members.order_by("place")]


def shoot(page: Any, folder: Path, name: str) -> None:
    assert page.evaluate(FITS), f"{name} scrolls sideways at {page.viewport_size}"
    page.screenshot(path=str(folder / f"{name}-{page.viewport_size['width']}.png"), full_page=True)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_an_invitation_is_accepted_and_one_declined(browser: Any, size: str, tmp_path: Path) -> None:
    organiser = OrganiserFactory.create(username="orla")
    ann, bob, cy, dan = (UserFactory.create(username=n, display_name=n.title()) for n in ("ann", "bob", "cy", "dan"))
    now = timezone.now()
    rules = services.Rules(
        name="Harvest Vigil", difficulty="initiate", guardian_count=3, guardians=[],
        timing=Challenge.Timing.WINDOW, starts_at=now - timedelta(hours=1), ends_at=now + timedelta(days=1),
        attempts_allowed=1, turn_seconds=None,
    )  # fmt: skip
    challenge = services.publish(services.create_challenge(organiser, rules), organiser)
    viewport = {"viewport": SIZES[size]}
    with asgi_server("tests.browser.sweeping_asgi:application") as url:
        challenge_url = f"{url}/runemasters/challenges/{challenge.pk}/"
        captain = logged_in_page(browser, Live(url), ann, **viewport)
        captain.goto(challenge_url)
        form = captain.get_by_test_id("register-team")
        form.get_by_label("Team name").fill("Dawn")
        form.get_by_label("Team mates").fill("bob, cy")
        form.get_by_role("button", name="Register the team").click()
        invited = captain.get_by_test_id("invited-player")
        invited.first.wait_for()
        assert invited.all_inner_texts()[0].startswith("Bob: Waiting for an answer")
        assert members("Dawn") == ["ann"]  # nobody is on the team before accepting
        shoot(captain, tmp_path, "captain-invited")

        # Bob accepts on his invitations page
        bob_page = logged_in_page(browser, Live(url), bob, **viewport)
        bob_page.goto(f"{url}/invitations/")
        waiting = bob_page.get_by_test_id("waiting")
        assert "Ann invites you to the team Dawn in Harvest Vigil" in waiting.inner_text()
        shoot(bob_page, tmp_path, "invitations-waiting")
        waiting.get_by_role("button", name="Accept and join").click()
        bob_page.get_by_text("You accepted the invitation to the team Dawn in Harvest Vigil.").wait_for()
        assert members("Dawn") == ["ann", "bob"]

        # Cy declines on the challenge page
        cy_page = logged_in_page(browser, Live(url), cy, **viewport)
        cy_page.goto(challenge_url)
        shoot(cy_page, tmp_path, "challenge-invitation")
        cy_page.get_by_test_id("your-invitations").get_by_role("button", name="Decline").click()
        cy_page.get_by_text("You declined the invitation to the team Dawn in Harvest Vigil.").wait_for()
        assert cy_page.get_by_test_id("your-invitations").count() == 0
        assert cy_page.get_by_test_id("register-team").is_visible()  # Cy is free to make her own team
        assert members("Dawn") == ["ann", "bob"]

        # Ann sees the answers, and the freed place takes Dan
        captain.reload()
        team_panel = captain.get_by_test_id("your-team")
        assert "Dawn: Ann, Bob." in team_panel.inner_text()
        texts = captain.get_by_test_id("invited-player").all_inner_texts()
        assert any(t.startswith("Bob: Accepted") for t in texts) and any(t.startswith("Cy: Declined") for t in texts)
        captain.get_by_test_id("invite").get_by_label("Invite a player").fill("dan")
        captain.get_by_role("button", name="Send the invitation").click()
        captain.get_by_text("Dan is invited; they join once they accept.").wait_for()
        shoot(captain, tmp_path, "captain-answers")
        captain.get_by_role("button", name="Withdraw the invitation").click()
        captain.get_by_text("The invitation of Dan is withdrawn.").wait_for()
        assert Invitation.objects.get(invitee=dan).status == Invitation.Status.WITHDRAWN

        # Bob leaves before the first attempt, through the confirmation
        bob_page.goto(challenge_url)
        bob_page.get_by_test_id("leave-team").click()
        bob_page.get_by_test_id("confirmation").wait_for()
        shoot(bob_page, tmp_path, "leave-confirmation")
        bob_page.get_by_role("button", name="Leave the team").click()
        bob_page.get_by_text("You left Dawn.").wait_for()
        wait_until(lambda: members("Dawn") == ["ann"], 10, "Bob to be out of the team")
        for context in (captain.context, bob_page.context, cy_page.context):
            context.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_table_invitation_accepted_and_one_declined_start_the_table(browser: Any, size: str, tmp_path: Path) -> None:
    """Ann sets a table up with Bob and Cy; Bob accepts on the waiting table's page, Cy declines
    on her invitations page; the table starts with Bob on his seat and Cy's seat Ann's."""
    ann, bob, cy = (UserFactory.create(username=n, display_name=n.title()) for n in ("ann", "bob", "cy"))
    setup = {"guardians": ["neltai", "kulak", "kyreas"], "difficulty": "initiate"}
    waiting = offer_table(ann, "runemasters", setup, [SeatSpec(ann), SeatSpec(bob), SeatSpec(cy)], None, "Runemasters")
    assert isinstance(waiting, TableRequest)
    viewport = {"viewport": SIZES[size]}
    with asgi_server("tests.browser.sweeping_asgi:application") as url:
        table_url = f"{url}/play/tables/{waiting.pk}/"
        bob_page = logged_in_page(browser, Live(url), bob, **viewport)
        bob_page.goto(table_url)
        seats = bob_page.get_by_test_id("table-seat").all_inner_texts()
        assert seats == ["Neltai: Ann", "Kulak: you: Waiting for an answer", "Kyreas: Cy: Waiting for an answer"]
        shoot(bob_page, tmp_path, "table-waiting")
        bob_page.get_by_role("button", name="Accept and join").click()
        bob_page.get_by_text("You accepted the invitation to a Runemasters table of Ann").wait_for()
        assert bob_page.get_by_test_id("table-seat").all_inner_texts()[1] == "Kulak: you: Accepted"
        assert not PlayMatch.objects.exists()  # Cy has not answered yet

        cy_page = logged_in_page(browser, Live(url), cy, **viewport)
        cy_page.goto(f"{url}/invitations/")
        cy_page.get_by_test_id("waiting").get_by_role("button", name="Decline").click()
        cy_page.get_by_text("You declined the invitation to a Runemasters table of Ann").wait_for()
        wait_until(lambda: PlayMatch.objects.exists(), 10, "the table to start at the last answer")
        match = PlayMatch.objects.get()
        assert [h.user_id for h in match.holders()] == [ann.pk, bob.pk, ann.pk]  # Cy's seat is Ann's

        captain = logged_in_page(browser, Live(url), ann, **viewport)
        captain.goto(table_url)
        captain.wait_for_url(f"{url}/play/{match.pk}/")
        seat_texts = captain.locator('[data-testid="seats"] li')
        seat_texts.first.wait_for()
        assert seat_texts.all_inner_texts() == ["Neltai — you", "Kulak — Bob", "Kyreas — you"]
        for context in (captain.context, bob_page.context, cy_page.context):
            context.close()
