"""Invitations to challenge teams on the real database: nobody is on a team without accepting; a
declined or withdrawn invitation leaves the team as it was; a member leaves and a captain
withdraws a team before its first attempt; a daily challenge's attempt is a player's own only
once they accept; every refusal is a 4xx naming the problem and changes nothing; the signals
are sent after the commit. Services, pages and the API."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from common.refusals import Conflict, Forbidden, Invalid, NotFound
from gameplay.invitations import services as answers
from gameplay.invitations.models import Invitation
from gameplay.invitations.signals import invitation_answered, invitation_sent
from tests.coop.conftest import rules
from tests.factories import UserFactory
from tournaments.coop import invitations, services
from tournaments.coop.models import Challenge, Member, Team

pytestmark = pytest.mark.django_db


def names(team: Team) -> list[str]:
    return [m.user.username for m in team.members.order_by("place")]


def people(*usernames: str) -> list[Any]:
    return [UserFactory.create(username=n) for n in usernames]


def state() -> tuple[int, int, list[tuple[str, str]]]:
    """What a refusal must leave alone: members, teams, every invitation's invitee and status."""
    rows = [(i.invitee.username, i.status) for i in Invitation.objects.order_by("pk").select_related("invitee")]
    return Member.objects.count(), Team.objects.count(), rows


@pytest.fixture
def trio(organiser: Any) -> Challenge:
    """A challenge of three guardians: teams of up to three players."""
    return services.publish(services.create_challenge(organiser, rules(guardian_count=3)), organiser)


def test_accepting_adds_the_member_and_declining_leaves_the_team_as_it_was(trio: Challenge) -> None:
    ann, bob, cy = people("ann", "bob", "cy")
    team = services.register_team(trio, ann, "Dawn", ["bob", "cy"])
    assert names(team) == ["ann"]
    by_bob, by_cy = (Invitation.objects.get(invitee=u) for u in (bob, cy))
    assert by_bob.inviter == ann and by_bob.about == f"the team Dawn in {trio.name}" and by_bob.is_pending
    assert [i.pk for i in invitations.waiting_in(trio, bob)] == [by_bob.pk]
    answers.accept(by_bob.pk, bob)
    answers.decline(by_cy.pk, cy)
    assert names(team) == ["ann", "bob"]
    by_bob.refresh_from_db()
    by_cy.refresh_from_db()
    assert by_bob.status == "accepted" and by_bob.answered_at is not None
    assert by_cy.status == "declined" and by_cy.answered_at is not None
    assert services.team_of(trio, cy) is None  # cy is free: another team may have her
    again = invitations.invite(trio, ann, "cy")  # the seat a decline freed can be offered again
    answers.withdraw(again.pk, ann)
    again.refresh_from_db()
    assert again.status == "withdrawn" and names(team) == ["ann", "bob"]


def test_bad_invitations_are_refused_by_name_and_change_nothing(trio: Challenge) -> None:
    ann, _bob, cy, dan, eve = people("ann", "bob", "cy", "dan", "eve")
    team = services.register_team(trio, ann, "Dawn", ["bob"])
    services.register_team(trio, dan, "Dusk")
    before = state()
    with pytest.raises(Invalid, match="You cannot invite yourself"):
        invitations.invite(trio, ann, "ANN")
    with pytest.raises(Invalid, match="No player is called nobody-here"):
        invitations.invite(trio, ann, "nobody-here")
    with pytest.raises(Conflict, match="Already invited to Dawn"):
        invitations.invite(trio, ann, "bob")
    with pytest.raises(Conflict, match="Already in a team of this challenge: .*Dusk"):
        invitations.invite(trio, ann, "dan")
    with pytest.raises(Forbidden, match="Only a team's captain"):
        invitations.invite(trio, cy, "eve")
    with pytest.raises(Invalid, match="You cannot invite yourself"):
        services.register_team(trio, eve, "Eve's", ["eve"])
    invitations.invite(trio, ann, "cy")
    with pytest.raises(Conflict, match="at most 3 players, counting those invited"):
        invitations.invite(trio, ann, "eve")  # ann, bob and cy invited: no room
    assert state() != before  # cy's invitation is the one change
    assert names(team) == ["ann"]


def test_answering_someone_elses_invitation_or_twice_is_refused(trio: Challenge) -> None:
    ann, bob, cy = people("ann", "bob", "cy")
    services.register_team(trio, ann, "Dawn", ["bob"])
    invitation = Invitation.objects.get(invitee=bob)
    before = state()
    with pytest.raises(NotFound, match="no such invitation for you"):
        answers.accept(invitation.pk, cy)
    with pytest.raises(Forbidden, match="only they may answer it"):
        answers.accept(invitation.pk, ann)  # the inviter cannot accept for bob
    with pytest.raises(Forbidden, match="Only whoever sent an invitation may withdraw it"):
        answers.withdraw(invitation.pk, bob)
    with pytest.raises(NotFound):
        answers.decline(10**12, bob)
    assert state() == before
    answers.decline(invitation.pk, bob)
    after = state()
    with pytest.raises(Conflict, match="An invitation that is declined cannot move to accepted"):
        answers.accept(invitation.pk, bob)
    with pytest.raises(Conflict, match="declined cannot move to withdrawn"):
        answers.withdraw(invitation.pk, ann)
    assert state() == after


def test_one_team_at_a_time_a_member_leaves_and_a_captain_withdraws(trio: Challenge) -> None:
    ann, bob, cy = people("ann", "bob", "cy")
    dawn = services.register_team(trio, ann, "Dawn", ["bob"])
    dusk = services.register_team(trio, cy, "Dusk", ["bob"])  # invited twice: answers both
    to_dawn, to_dusk = (Invitation.objects.get(invitee=bob, target_id=t.pk) for t in (dawn, dusk))
    answers.accept(to_dawn.pk, bob)
    with pytest.raises(Conflict, match="You are in Dawn already; leave it first to join Dusk"):
        answers.accept(to_dusk.pk, bob)
    with pytest.raises(Conflict, match="You are the captain of Dawn: withdraw the team"):
        invitations.leave(trio, ann)
    assert invitations.leave(trio, bob) == dawn and names(dawn) == ["ann"]
    answers.accept(to_dusk.pk, bob)
    assert names(dusk) == ["cy", "bob"]
    with pytest.raises(Forbidden, match="Only a team's captain"):
        invitations.withdraw_team(trio, bob)
    with pytest.raises(Conflict, match="Already in a team of this challenge: .*Dusk"):
        invitations.invite(trio, ann, "bob")


def test_a_withdrawn_team_frees_its_members_and_withdraws_its_invitations(trio: Challenge) -> None:
    ann, bob, cy = people("ann", "bob", "cy")
    dawn = services.register_team(trio, ann, "Dawn", ["bob", "cy"])
    answers.accept(Invitation.objects.get(invitee=bob).pk, bob)
    assert invitations.withdraw_team(trio, ann) == "Dawn"
    assert not Team.objects.filter(pk=dawn.pk).exists() and not Member.objects.exists()
    to_cy = Invitation.objects.get(invitee=cy)
    assert to_cy.status == "withdrawn" and to_cy.about == f"the team Dawn in {trio.name}"
    with pytest.raises(Conflict, match="withdrawn cannot move to accepted"):
        answers.accept(to_cy.pk, cy)
    services.register_team(trio, bob, "Bob's")  # bob is free again


def test_after_the_first_attempt_the_team_is_fixed(trio: Challenge) -> None:
    ann, bob, cy = people("ann", "bob", "cy")
    team = services.register_team(trio, ann, "Dawn", ["bob", "cy"])
    answers.accept(Invitation.objects.get(invitee=bob).pk, bob)
    services.start_attempt(trio, ann, ["neltai", "kulak", "kyreas"])
    before = state()
    with pytest.raises(Conflict, match="Dawn has started playing, so it takes no new players"):
        answers.accept(Invitation.objects.get(invitee=cy).pk, cy)
    with pytest.raises(Conflict, match="Dawn has started playing, so its players are fixed"):
        invitations.leave(trio, bob)
    with pytest.raises(Conflict, match="Dawn has started playing, so it cannot be withdrawn"):
        invitations.withdraw_team(trio, ann)
    with pytest.raises(Conflict, match="it takes no new players"):
        invitations.invite(trio, ann, "dan-unknown")
    assert state() == before and names(team) == ["ann", "bob"]


@pytest.mark.time_machine(datetime(2026, 11, 24, 12, tzinfo=UTC), tick=False)
def test_a_daily_attempt_is_used_only_by_those_who_accepted() -> None:
    """The issue's "they lose their own daily attempt": naming a player used to put them on the
    team at once, so the captain's attempt (one a day) was theirs too, and the one-team rule kept
    them from playing their own. Now the named player is only invited."""
    ann, bob = people("ann", "bob")
    daily = services.daily_challenge()
    services.register_team(daily, ann, "Ann's", ["bob"])
    guardians = ["neltai", "kulak", "kyreas", "ismoros"][: daily.guardian_count]
    played = services.start_attempt(daily, ann, guardians)
    assert {s.user for s in played.match.seats.all()} == {ann}
    own = services.register_team(daily, bob, "Bob's")  # bob still has his own daily attempt
    mine = services.start_attempt(daily, bob, guardians)
    assert mine.team == own and services.attempts_left(daily, own) == 0
    with pytest.raises(Conflict):
        answers.accept(Invitation.objects.get(invitee=bob).pk, bob)


def test_the_signals_are_sent_after_the_commit(trio: Challenge, django_capture_on_commit_callbacks: Any) -> None:
    ann, bob = people("ann", "bob")
    heard: list[tuple[str, str]] = []

    def sent(sender: Any, invitation: Invitation, **kwargs: Any) -> None:
        heard.append(("sent", invitation.invitee.username))

    def answered(sender: Any, invitation: Invitation, **kwargs: Any) -> None:
        heard.append((invitation.status, invitation.invitee.username))

    invitation_sent.connect(sent)
    invitation_answered.connect(answered)
    try:
        with django_capture_on_commit_callbacks(execute=False) as pending:
            services.register_team(trio, ann, "Dawn", ["bob"])
        assert heard == [] and len(pending) == 1  # nothing before the commit
        for callback in pending:
            callback()
        with django_capture_on_commit_callbacks(execute=True):
            answers.accept(Invitation.objects.get(invitee=bob).pk, bob)
        with django_capture_on_commit_callbacks(execute=True), pytest.raises(Conflict):
            answers.decline(Invitation.objects.get(invitee=bob).pk, bob)  # refused: no signal
    finally:
        invitation_sent.disconnect(sent)
        invitation_answered.disconnect(answered)
    assert heard == [("sent", "bob"), ("accepted", "bob")]


# --- pages -----------------------------------------------------------------------------------


def client_for(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_invitations_page_and_the_challenge_page_answer_in_words(trio: Challenge) -> None:
    ann, bob, cy = people("ann", "bob", "cy")
    services.register_team(trio, ann, "Dawn", ["bob", "cy"])
    to_bob, to_cy = (Invitation.objects.get(invitee=u) for u in (bob, cy))
    listing = client_for(bob).get("/invitations/").content.decode()
    assert f"{ann.public_name} invites you to the team Dawn in {trio.name}" in listing
    assert "Accept and join" in listing and "Decline" in listing and "pending" not in listing
    challenge_page = client_for(bob).get(f"/runemasters/challenges/{trio.pk}/").content.decode()
    assert "Invitations for you" in challenge_page and "Accept and join" in challenge_page
    answer = client_for(bob).post(f"/invitations/{to_bob.pk}/accept/", {"back": "list"})
    assert answer.status_code == 302 and answer["Location"] == "/invitations/"
    assert client_for(cy).post(f"/invitations/{to_cy.pk}/decline/").status_code == 302
    sent = client_for(ann).get("/invitations/").content.decode()
    assert "Accepted</span>" in sent and "Declined</span>" in sent and ">declined<" not in sent
    captain = client_for(ann).get(f"/runemasters/challenges/{trio.pk}/").content.decode()
    assert f"{ann.public_name}, {bob.public_name}." in captain and "Withdraw the team" in captain
    assert "Leave the team" in client_for(bob).get(f"/runemasters/challenges/{trio.pk}/").content.decode()


def test_page_refusals_are_4xx_with_the_problem_named(trio: Challenge) -> None:
    ann, bob, cy = people("ann", "bob", "cy")
    services.register_team(trio, ann, "Dawn", ["bob"])
    to_bob = Invitation.objects.get(invitee=bob)
    before = state()
    page = f"/runemasters/challenges/{trio.pk}/"
    answer = client_for(ann).post(page + "invite/", {"player": "ann"})
    assert answer.status_code == 400 and "You cannot invite yourself" in answer.content.decode()
    answer = client_for(ann).post(page + "invite/", {"player": "ghost"})
    assert answer.status_code == 400 and "No player is called ghost" in answer.content.decode()
    answer = client_for(ann).post(page + "invite/", {"player": "bob"})
    assert answer.status_code == 409 and "Already invited to Dawn" in answer.content.decode()
    answer = client_for(cy).post(f"/invitations/{to_bob.pk}/accept/")
    assert answer.status_code == 404  # the site's page of what is not found: a stranger learns nothing
    answer = client_for(bob).post(f"/invitations/{to_bob.pk}/maybe/")
    assert answer.status_code == 404  # no such button
    answer = client_for(bob).post(page + "team/leave/")
    assert answer.status_code == 400 and "needs confirming first" in answer.content.decode()
    assert state() == before
    assert client_for(bob).get(f"/invitations/{to_bob.pk}/accept/").status_code == 405
    client_for(bob).post(f"/invitations/{to_bob.pk}/decline/")
    answer = client_for(bob).post(f"/invitations/{to_bob.pk}/decline/")
    assert answer.status_code == 409 and "declined cannot move to declined" in answer.content.decode()


def test_leaving_and_withdrawing_go_through_a_confirmation(trio: Challenge) -> None:
    ann, bob = people("ann", "bob")
    team = services.register_team(trio, ann, "Dawn", ["bob"])
    answers.accept(Invitation.objects.get(invitee=bob).pk, bob)
    page = f"/runemasters/challenges/{trio.pk}/"
    asked = client_for(bob).get(page + "team/leave/").content.decode()
    assert "Leave your team?" in asked and "Leave the team" in asked
    assert client_for(bob).post(page + "team/leave/", {"confirm": "yes"}).status_code == 302
    assert names(team) == ["ann"]
    asked = client_for(ann).get(page + "team/withdraw/").content.decode()
    assert "Withdraw your team?" in asked
    assert client_for(ann).post(page + "team/withdraw/", {"confirm": "yes"}).status_code == 302
    assert not Team.objects.exists()


# --- the API ---------------------------------------------------------------------------------


def api(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_the_api_invites_answers_and_refuses(trio: Challenge) -> None:
    ann, bob, cy = people("ann", "bob", "cy")
    base = f"/api/runemasters/challenges/{trio.pk}/"
    assert api(ann).post(base + "teams/", {"name": "Dawn"}, format="json").status_code == 201
    made = api(ann).post(base + "invite/", {"player": "bob"}, format="json")
    assert made.status_code == 201 and made.json()["status_label"] == "Waiting for an answer"
    assert made.json()["kind_label"] == "A challenge team" and made.json()["invitee"] == bob.public_name
    pk = made.json()["id"]
    before = state()
    bad = api(ann).post(base + "invite/", {"player": "ann"}, format="json")
    assert bad.status_code == 400 and "You cannot invite yourself" in bad.json()["detail"]
    bad = api(ann).post(base + "invite/", {"player": "nobody"}, format="json")
    assert bad.status_code == 400 and "No player is called nobody" in bad.json()["detail"]
    bad = api(ann).post(base + "invite/", {}, format="json")
    assert bad.status_code == 400
    assert api(cy).post(f"/api/invitations/{pk}/accept/").status_code == 404
    assert api(ann).post(f"/api/invitations/{pk}/accept/").status_code == 403
    assert api(cy).get("/api/invitations/").json()["results"] == []
    assert api(bob).post(base + "leave/").status_code == 409
    assert state() == before
    assert api(bob).post(f"/api/invitations/{pk}/accept/").json()["status"] == "accepted"
    twice = api(bob).post(f"/api/invitations/{pk}/decline/")
    assert twice.status_code == 409 and "accepted cannot move to declined" in twice.json()["detail"]
    assert api(ann).get(f"/api/invitations/{pk}/").json()["status_label"] == "Accepted"
    assert api(bob).post(base + "leave/").status_code == 204
    assert api(ann).post(base + "withdraw-team/").status_code == 204
    assert not Team.objects.exists()


def test_an_invitation_cannot_overfill_a_team_after_the_guardians_were_cut(trio: Challenge, organiser: Any) -> None:
    ann, bob, cy = people("ann", "bob", "cy")
    team = services.register_team(trio, ann, "Dawn", ["bob", "cy"])
    services.edit_challenge(trio, organiser, rules(guardian_count=2))
    answers.accept(Invitation.objects.get(invitee=bob).pk, bob)
    to_cy = Invitation.objects.get(invitee=cy)
    with pytest.raises(Conflict, match="Dawn is full"):
        answers.accept(to_cy.pk, cy)
    to_cy.refresh_from_db()
    assert to_cy.is_pending and names(team) == ["ann", "bob"]
