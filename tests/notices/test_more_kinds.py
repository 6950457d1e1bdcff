"""Notices of the waiting list and of invitations: a freed place offered to the first on a full
event's list (one notice per offer), an invitation to a team heard by the invited player, and its
answer heard by the one who sent it (a withdrawal by the sender tells nobody). Each in words, never
an id, and only once the step has committed."""

from __future__ import annotations

from typing import Any

import pytest

from accounts.notices.models import Notice
from gameplay.invitations import services as answers
from gameplay.invitations.models import Invitation
from tests.coop.conftest import rules
from tests.events.test_waiting_list import drop, full_event
from tests.factories import OrganiserFactory, UserFactory
from tests.notices.conftest import Queued
from tournaments.coop import invitations as team_invitations
from tournaments.coop import services as coop
from tournaments.services import waiting

pytestmark = pytest.mark.django_db


def heard(user: Any, kind: str) -> list[tuple[str, str]]:
    return list(Notice.objects.filter(user=user, kind=kind).order_by("id").values_list("title", "url"))


def test_a_place_offered_from_the_waiting_list_is_a_notice_for_that_player_only(
    queued: Queued, django_capture_on_commit_callbacks: Any
) -> None:
    event, _organiser, players = full_event()
    cy, dee = UserFactory.create(display_name="Cy"), UserFactory.create(display_name="Dee")
    waiting.join(event, cy)
    waiting.join(event, dee)
    queued.run_all(django_capture_on_commit_callbacks)
    assert Notice.objects.count() == 0  # joining tells nobody
    with django_capture_on_commit_callbacks(execute=True):
        drop(event, players[0])
    queued.run_all(django_capture_on_commit_callbacks)
    url = f"/events/{event.pk}/"
    assert heard(cy, "waiting_list") == [("A place at Spring Open is yours to take", url)]
    assert heard(dee, "waiting_list") == []
    with django_capture_on_commit_callbacks(execute=True):
        waiting.leave(event, cy)  # Cy turns it down: the place goes to Dee, with a notice of her own
    queued.run_all(django_capture_on_commit_callbacks)
    assert heard(dee, "waiting_list") == [("A place at Spring Open is yours to take", url)]
    assert Notice.objects.filter(kind="waiting_list").count() == 2


def test_an_invitation_to_a_team_and_its_answers_are_notices(
    queued: Queued, django_capture_on_commit_callbacks: Any
) -> None:
    organiser = OrganiserFactory.create(username="orla")
    trio = coop.publish(coop.create_challenge(organiser, rules(guardian_count=3)), organiser)
    ann, bob, cy = (UserFactory.create(username=n, display_name=n.title()) for n in ("ann", "bob", "cy"))
    with django_capture_on_commit_callbacks(execute=True):
        coop.register_team(trio, ann, "Dawn", ["bob", "cy"])
    queued.run_all(django_capture_on_commit_callbacks)
    invited = f"Ann invites you to the team Dawn in {trio.name}"
    assert heard(bob, "invitation") == [(invited, "/invitations/")]
    assert heard(cy, "invitation") == [(invited, "/invitations/")]
    by_bob, by_cy = (Invitation.objects.get(invitee=u) for u in (bob, cy))
    with django_capture_on_commit_callbacks(execute=True):
        answers.accept(by_bob.pk, bob)
        answers.decline(by_cy.pk, cy)
    queued.run_all(django_capture_on_commit_callbacks)
    told = [title for title, _url in heard(ann, "invitation")]
    assert told == [
        f"Bob accepted your invitation to the team Dawn in {trio.name}",
        f"Cy declined your invitation to the team Dawn in {trio.name}",
    ]
    dee = UserFactory.create(username="dee", display_name="Dee")
    with django_capture_on_commit_callbacks(execute=True):
        to_dee = team_invitations.invite(trio, ann, "dee")
    with django_capture_on_commit_callbacks(execute=True):
        answers.withdraw(to_dee.pk, ann)  # the sender's own doing: nobody is told of it
    queued.run_all(django_capture_on_commit_callbacks)
    assert heard(dee, "invitation") == [(invited, "/invitations/")]
    assert len(heard(ann, "invitation")) == 2
