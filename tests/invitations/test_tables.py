"""Invitations to Runemasters tables on the real database: a table with seats for other people
waits for their answers; accepting seats the player, declining (or the host withdrawing the
invitation) gives the seat to the host; the table starts at the last answer. Refusals are 4xx
naming the problem and change nothing. Services, the waiting table's page and the API."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from common.refusals import Conflict, Forbidden, Invalid, NotFound
from gameplay.invitations import services as answers
from gameplay.invitations.models import Invitation, TableRequest
from gameplay.invitations.tables import offer_table
from gameplay.matches.models import PlayMatch
from gameplay.matches.services import SeatSpec
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

SETUP = {"guardians": ["neltai", "kulak", "kyreas"], "difficulty": "novice"}


def people(*names: str) -> list[Any]:
    return [UserFactory.create(username=n, display_name=n.title()) for n in names]


def offered(ann: Any, bob: Any, cy: Any) -> TableRequest:
    made = offer_table(ann, "runemasters", SETUP, [SeatSpec(ann), SeatSpec(bob), SeatSpec(cy)], 60, "Runemasters")
    assert isinstance(made, TableRequest)
    return made


def holders(match: PlayMatch) -> list[Any]:
    return [h.user_id or h.bot for h in match.holders()]


def client_for(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_table_alone_with_bots_starts_at_once() -> None:
    (ann,) = people("ann")
    made = offer_table(ann, "runemasters", SETUP, [SeatSpec(ann), SeatSpec(None, "random"), SeatSpec(ann)], None, "")
    assert isinstance(made, PlayMatch) and not Invitation.objects.exists()


def test_the_table_waits_then_seats_who_accepted_and_gives_the_host_a_declined_seat() -> None:
    ann, bob, cy = people("ann", "bob", "cy")
    waiting = offered(ann, bob, cy)
    assert not PlayMatch.objects.exists()  # nobody is seated before answering
    to_bob, to_cy = (Invitation.objects.get(invitee=u) for u in (bob, cy))
    assert to_bob.about == "a Runemasters table of Ann (Novice), playing Kulak" and to_bob.kind == "table"
    answers.accept(to_bob.pk, bob)
    assert not PlayMatch.objects.exists()  # Cy has not answered
    answers.decline(to_cy.pk, cy)
    waiting.refresh_from_db()
    assert waiting.status == "started" and waiting.match is not None
    assert holders(waiting.match) == [ann.pk, bob.pk, ann.pk]  # Cy's seat is Ann's
    assert waiting.match.turn_seconds == 60 and waiting.match.setup == SETUP


def test_a_withdrawn_invitation_frees_the_seat_for_the_host() -> None:
    ann, bob, cy = people("ann", "bob", "cy")
    waiting = offered(ann, bob, cy)
    answers.withdraw(Invitation.objects.get(invitee=cy).pk, ann)
    answers.accept(Invitation.objects.get(invitee=bob).pk, bob)
    waiting.refresh_from_db()
    assert waiting.match is not None and holders(waiting.match) == [ann.pk, bob.pk, ann.pk]


def test_refusals_name_the_problem_and_change_nothing() -> None:
    ann, bob, cy, eve = people("ann", "bob", "cy", "eve")
    waiting = offered(ann, bob, cy)
    to_bob = Invitation.objects.get(invitee=bob)
    with pytest.raises(NotFound, match="no such invitation for you"):
        answers.accept(to_bob.pk, eve)
    with pytest.raises(Forbidden, match="only they may answer it"):
        answers.accept(to_bob.pk, ann)
    with pytest.raises(Forbidden, match="Only whoever sent an invitation may withdraw it"):
        answers.withdraw(to_bob.pk, bob)
    with pytest.raises(Invalid, match="2 to 4 seats"):
        offer_table(ann, "runemasters", {"guardians": ["neltai"]}, [SeatSpec(bob)], None, "")
    assert Invitation.objects.filter(status="pending").count() == 2 and TableRequest.objects.count() == 1
    answers.decline(to_bob.pk, bob)
    with pytest.raises(Conflict, match="declined cannot move to accepted"):
        answers.accept(to_bob.pk, bob)
    waiting.refresh_from_db()
    assert waiting.status == "waiting" and not PlayMatch.objects.exists()


def test_the_waiting_page_shows_each_seat_in_words_and_starts_into_the_table() -> None:
    ann, bob, cy, eve = people("ann", "bob", "cy", "eve")
    waiting = offered(ann, bob, cy)
    page = f"/play/tables/{waiting.pk}/"
    assert "(1 waiting for your answer)" in client_for(bob).get("/play/").content.decode()
    text = client_for(bob).get(page).content.decode()
    assert "Neltai: Ann" in text and "Kulak: you: Waiting for an answer" in text and "Kyreas: Cy: Waiting" in text
    assert "Accept and join" in text and "Decline" in text and "waiting<" not in text
    host = client_for(ann).get(page).content.decode()
    assert "Neltai: you" in host and "Withdraw the invitation" in host
    assert client_for(eve).get(page).status_code == 404
    to_bob, to_cy = (Invitation.objects.get(invitee=u) for u in (bob, cy))
    assert client_for(bob).post(f"/invitations/{to_bob.pk}/accept/", {"back": "page"})["Location"] == page
    assert client_for(cy).post(f"/invitations/{to_cy.pk}/decline/")["Location"] == "/invitations/"
    match = PlayMatch.objects.get()
    assert client_for(ann).get(page)["Location"] == f"/play/{match.pk}/"
    assert "Your invitations</a>: to tables" in client_for(bob).get("/play/").content.decode()
    again = client_for(bob).post(f"/invitations/{to_bob.pk}/accept/")
    assert again.status_code == 409 and "accepted cannot move to accepted" in again.content.decode()


def test_the_api_lists_and_answers_table_invitations() -> None:
    ann, bob, cy = people("ann", "bob", "cy")
    offered(ann, bob, cy)
    api = APIClient()
    api.force_authenticate(bob)
    listed = api.get("/api/invitations/").json()["results"]
    assert [(i["kind_label"], i["status_label"]) for i in listed] == [("A Runemasters table", "Waiting for an answer")]
    assert api.post(f"/api/invitations/{listed[0]['id']}/decline/").json()["status_label"] == "Declined"
    assert api.post(f"/api/invitations/{listed[0]['id']}/accept/").status_code == 409
    host = APIClient()
    host.force_authenticate(ann)
    assert len(host.get("/api/invitations/").json()["results"]) == 2  # the two sent
    assert host.post("/api/invitations/999999/accept/").status_code == 404


def test_a_turn_based_table_keeps_its_time_bank_through_the_invitations_and_a_bad_bank_is_refused() -> None:
    """Turn-based play (issue 29 §4) and invitations (§3) together: the pace and bank chosen when
    the table is offered are the started table's; a bank outside the set is refused before anyone
    is invited, and nothing is made."""
    ann, bob, cy = people("ann", "bob", "cy")
    seats = [SeatSpec(ann), SeatSpec(bob), SeatSpec(cy)]
    with pytest.raises(Invalid, match="24 h"):
        offer_table(ann, "runemasters", SETUP, seats, None, "Runemasters", pace="turns", bank_seconds=5000)
    assert not TableRequest.objects.exists() and not Invitation.objects.exists()
    day = 24 * 3600
    waiting = offer_table(ann, "runemasters", SETUP, seats, None, "Runemasters", pace="turns", bank_seconds=day)
    assert isinstance(waiting, TableRequest) and (waiting.pace, waiting.bank_seconds) == ("turns", day)
    for user in (bob, cy):
        answers.accept(Invitation.objects.get(invitee=user).pk, user)
    match = PlayMatch.objects.get()
    assert (match.pace, match.bank_seconds, match.turn_seconds) == ("turns", day, day)
    assert holders(match) == [ann.pk, bob.pk, cy.pk]
