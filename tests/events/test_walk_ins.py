"""Walk-ins (accounts and guests), claiming a guest, and the desk's paid and checked-in flags."""

from __future__ import annotations

import threading
from unittest import mock

import pytest
from django.apps import apps
from django.db import connection
from django.test import Client

from accounts.models import User
from gameplay.runeslingers.formats import Deck
from gameplay.runeslingers.site_catalog import current_catalog
from tests.clients import api_client
from tests.conftest import Personas
from tests.factories import PASSWORD, EventFactory, OrganiserFactory, RegistrationFactory, UserFactory
from tournaments.errors import Conflict, Forbidden, Invalid
from tournaments.models import AuditEntry, Event, Match, Registration, ResultReport
from tournaments.services import decks, registration, results, rounds

pytestmark = pytest.mark.django_db


def test_an_account_walks_in_and_the_history_says_so(personas: Personas) -> None:
    eva = UserFactory.create(display_name="Eva")
    entry = registration.add_walk_in(personas.event, personas.organiser, player=eva)
    assert entry.player == eva and entry.active and entry.late_entry_round is None
    [audit] = AuditEntry.objects.filter(event=personas.event, kind=AuditEntry.Kind.WALK_IN)
    assert audit.describe() == "Eva added as a walk-in"


def test_a_guest_walks_in_with_only_a_name_and_cannot_sign_in(personas: Personas) -> None:
    entry = registration.add_walk_in(personas.event, personas.organiser, guest_name="  Corvin   Hale ")
    guest = entry.player
    assert guest.is_guest and guest.public_name == "Corvin Hale"
    assert not guest.has_usable_password()
    assert guest.username not in ("", "Corvin Hale")  # an internal name, never shown
    assert not Client().login(username=guest.username, password="")
    guest.set_password(PASSWORD)  # even with a password set by accident the login refuses a guest
    guest.save()
    assert not Client().login(username=guest.username, password=PASSWORD)
    page = Client().post("/accounts/login/", {"username": guest.username, "password": PASSWORD})
    assert "_auth_user_id" not in page.wsgi_request.session


def test_a_guest_needs_a_name_and_a_refused_walk_in_changes_nothing(personas: Personas) -> None:
    users = User.objects.count()
    with pytest.raises(Invalid, match="Give the guest's name"):
        registration.add_walk_in(personas.event, personas.organiser, guest_name="   ")
    with pytest.raises(Invalid, match="at most 60 characters"):
        registration.add_walk_in(personas.event, personas.organiser, guest_name="x" * 61)
    personas.event.status = Event.Status.FINISHED
    personas.event.save()
    with pytest.raises(Conflict, match="not taking registrations"):
        registration.add_walk_in(personas.event, personas.organiser, guest_name="Late Larry")
    assert User.objects.count() == users and not AuditEntry.objects.filter(kind=AuditEntry.Kind.WALK_IN).exists()


def test_a_guest_name_with_a_control_or_bidi_character_is_refused(personas: Personas) -> None:
    users = User.objects.count()
    for name in ("Eva\u202eK", "Ev\u0000a", "\u200bEva"):
        with pytest.raises(Invalid, match="invisible or control character"):
            registration.add_walk_in(personas.event, personas.organiser, guest_name=name)
    assert User.objects.count() == users and not AuditEntry.objects.filter(kind=AuditEntry.Kind.WALK_IN).exists()


def test_no_guests_in_an_event_played_on_the_site(personas: Personas) -> None:
    personas.event.played_on_site = True
    personas.event.save()
    with pytest.raises(Conflict, match="a guest cannot sign in to play; add the player's account"):
        registration.add_walk_in(personas.event, personas.organiser, guest_name="Gwen")
    assert registration.add_walk_in(personas.event, personas.organiser, player=UserFactory.create()).active


def test_a_walk_in_after_round_one_is_a_late_entry(personas: Personas) -> None:
    event = personas.event
    event.late_entry_until_round = 3
    event.save()
    for _ in range(3):
        RegistrationFactory.create(event=event)
    registration.start_event(event, personas.organiser)
    first = rounds.pair_next_round(event, personas.organiser)
    rounds.publish_round(first, personas.organiser)
    entry = registration.add_walk_in(event, personas.organiser, guest_name="Mira")
    assert entry.late_entry_round == 2 and entry.checked_in
    audit = AuditEntry.objects.get(kind=AuditEntry.Kind.WALK_IN)
    assert audit.describe() == "Mira added as a walk-in (late entry, round 2)"


def test_only_the_organiser_adds_walk_ins_and_sets_paid(personas: Personas) -> None:
    for who in (personas.judge, personas.player, personas.outsider):
        with pytest.raises(Forbidden, match="Only the event's organiser"):
            registration.add_walk_in(personas.event, who, guest_name="Nobody")
    entry = Registration.objects.get(event=personas.event, player=personas.player)
    with pytest.raises(Forbidden):
        registration.set_paid(entry, personas.player, True)
    answer = personas.client("player").post(f"/events/{personas.event.pk}/walk-in/", {"guest_name": "Nobody"})
    assert answer.status_code == 403
    assert "Only the event&#x27;s organiser may do this." in answer.content.decode()
    assert not User.objects.filter(display_name="Nobody").exists()


def test_paid_and_checked_in_toggle_from_the_desk(personas: Personas) -> None:
    entry = Registration.objects.get(event=personas.event, player=personas.player)
    client = personas.client("organiser")
    assert client.post(f"/registrations/{entry.pk}/desk/paid/").status_code == 302
    assert client.post(f"/registrations/{entry.pk}/desk/check-in/").status_code == 302
    entry.refresh_from_db()
    assert entry.paid and entry.checked_in
    client.post(f"/registrations/{entry.pk}/desk/unpaid/")
    client.post(f"/registrations/{entry.pk}/desk/check-out/")
    entry.refresh_from_db()
    assert not entry.paid and not entry.checked_in
    assert client.post(f"/registrations/{entry.pk}/desk/bogus/").status_code == 400


def _guest_with_history(personas: Personas) -> tuple[User, Match]:
    """A guest who played round 1 against the persona player, with a deck and a reported result."""
    event = personas.event
    event.format = "awakening-starter"
    event.save()
    guest = registration.add_walk_in(event, personas.organiser, guest_name="Eva").player
    starter = Deck.from_starter(current_catalog().starter_decks["eva-starter"])
    decks.register_deck(event, guest, starter, personas.organiser)
    registration.start_event(event, personas.organiser)
    first = rounds.pair_next_round(event, personas.organiser)
    rounds.publish_round(first, personas.organiser)
    match = first.matches.get()
    results.set_result(match, personas.organiser, results.Score(1, 0))
    return guest, match


def test_claiming_a_guest_moves_everything_to_the_account(personas: Personas) -> None:
    guest, match = _guest_with_history(personas)
    account = UserFactory.create(username="eva_k", display_name="Eva K")
    registration.claim_guest(guest, registration.account_named("EVA_K"), personas.organiser)
    assert not User.objects.filter(pk=guest.pk).exists()
    entry = Registration.objects.get(event=personas.event, player=account)
    assert entry.active
    match.refresh_from_db()
    assert account.pk in match.players() and personas.player.pk in match.players()
    assert personas.event.decks.get(player=account).current() is not None
    assert ResultReport.objects.filter(match=match).exists()
    audit = AuditEntry.objects.get(kind=AuditEntry.Kind.GUEST_CLAIMED)
    assert audit.describe() == "Eva (guest) is now the account of Eva K"


def test_claiming_is_refused_when_the_account_plays_in_the_same_event(personas: Personas) -> None:
    guest, match = _guest_with_history(personas)
    with pytest.raises(Conflict, match="already registered for"):
        registration.claim_guest(guest, personas.player, personas.organiser)
    match.refresh_from_db()
    assert guest.pk in match.players() and Registration.objects.filter(player=guest).exists()
    with pytest.raises(Invalid, match="no account with the username"):
        registration.account_named("nobody-here")
    with pytest.raises(Forbidden):
        registration.claim_guest(guest, UserFactory.create(), personas.judge)


def test_a_second_claim_of_a_guest_already_claimed_is_refused_and_records_nothing(personas: Personas) -> None:
    """A claim made with the guest as a page read it, after another claim took it (the desk of
    two organisers at once), finds the guest gone: 409, and the history keeps the first only."""
    guest, match = _guest_with_history(personas)
    eva = UserFactory.create(username="eva_k", display_name="Eva K")
    other = UserFactory.create(username="eve_l", display_name="Eve L")
    stale = User.objects.get(pk=guest.pk)  # as the second page read it
    registration.claim_guest(guest, eva, personas.organiser)
    with pytest.raises(Conflict, match=r"Eva \(guest\) has just been linked to another account") as refused:
        registration.claim_guest(stale, other, personas.organiser)
    assert refused.value.status_code == 409
    match.refresh_from_db()
    assert eva.pk in match.players() and other.pk not in match.players()
    assert [a.note for a in AuditEntry.objects.filter(kind=AuditEntry.Kind.GUEST_CLAIMED)] == ["Eva K"]
    assert not Registration.objects.filter(player=other).exists()


@pytest.mark.django_db(transaction=True)
def test_two_desks_claiming_one_guest_at_once_one_wins_and_the_other_gets_409() -> None:
    """Two organisers' requests, each on its own database connection, both read the guest and
    then claim it into two accounts at the same moment: one is linked, the other answers 409
    with the reason, and the history records the winner only."""
    organiser = OrganiserFactory.create(username="oda")
    event = EventFactory.create(organiser=organiser, status=Event.Status.REGISTRATION)
    event.judges.add(helper := UserFactory.create(username="co", is_staff=True))
    entry = registration.add_walk_in(event, organiser, guest_name="Gwen")
    accounts = {"oda": UserFactory.create(username="gwen_a"), "co": UserFactory.create(username="gwen_b")}
    both_read = threading.Barrier(2, timeout=60)
    real_claim = registration.claim_guest

    def claim_when_both_have_read(guest: User, account: User, by: User) -> User:
        both_read.wait()  # each request has read the registration and its guest
        return real_claim(guest, account, by)

    answers: dict[str, tuple[int, dict[str, object]]] = {}

    def press(who: User) -> None:
        try:
            answer = api_client(who).post(
                f"/api/registrations/{entry.pk}/claim/", {"username": accounts[who.username].username}, format="json"
            )
            answers[who.username] = (answer.status_code, answer.json())
        finally:
            connection.close()

    with mock.patch.object(registration, "claim_guest", claim_when_both_have_read):
        threads = [threading.Thread(target=press, args=(who,)) for who in (organiser, helper)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(120)
    assert sorted(status for status, _body in answers.values()) == [200, 409], answers
    winner = next(name for name, (status, _body) in answers.items() if status == 200)
    loser = next(body for status, body in answers.values() if status == 409)
    assert "has just been linked to another account" in str(loser["detail"])
    assert Registration.objects.get(pk=entry.pk).player == accounts[winner]
    claims = AuditEntry.objects.filter(kind=AuditEntry.Kind.GUEST_CLAIMED)
    assert [a.new for a in claims] == [str(accounts[winner].pk)]


def test_every_relation_to_the_user_model_is_moved_by_a_claim_or_said_why_not() -> None:
    """A new model naming a user must say what a claim does with it: moved (else a PROTECT makes
    the claim a 500, a CASCADE loses the rows) or never a guest's."""
    moved = {f"{model._meta.label}.{field}" for model, field in registration.GUEST_ROWS}
    relations = {
        f"{model._meta.label}.{field.name}"
        for model in apps.get_models()
        for field in model._meta.get_fields()
        if field.is_relation and field.concrete and field.related_model is User
    }
    assert relations - moved - set(registration.NOT_MOVED) == set()
    assert not moved & set(registration.NOT_MOVED)
    assert (moved | set(registration.NOT_MOVED)) - relations == set()  # no stale names


def test_a_guest_is_claimed_from_the_desk_page(personas: Personas) -> None:
    entry = registration.add_walk_in(personas.event, personas.organiser, guest_name="Ola")
    account = UserFactory.create(username="ola_p", display_name="Ola P")
    client = personas.client("organiser")
    answer = client.post(f"/registrations/{entry.pk}/desk/claim/", {"username": "ola_p"}, follow=True)
    assert "Ola (guest) is now linked to the account of Ola P." in answer.content.decode()
    assert Registration.objects.get(pk=entry.pk).player == account
    refused = client.post(f"/registrations/{entry.pk}/desk/claim/", {"username": "ola_p"})
    assert refused.status_code == 400 and "is an account, not a guest" in refused.content.decode()


def test_other_events_keep_their_walk_ins_apart() -> None:
    event = EventFactory.create()
    other = EventFactory.create(organiser=event.organiser)
    guest = registration.add_walk_in(event, event.organiser, guest_name="Pim").player
    assert not Registration.objects.filter(event=other, player=guest).exists()
    with pytest.raises(Invalid, match="Add a guest by name"):
        registration.add_walk_in(other, event.organiser, player=guest)
