"""The registration desk page and its summary on the manage page: words, never ids or usernames."""

from __future__ import annotations

import re

import pytest
from django.test.html import Element, parse_html

from gameplay.runeslingers.formats import Deck
from gameplay.runeslingers.site_catalog import current_catalog
from tests.conftest import Personas
from tests.factories import RegistrationFactory, UserFactory
from tournaments.models import Registration
from tournaments.services import decks, registration

pytestmark = pytest.mark.django_db


def _text(html: bytes) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.decode()))


def _found(node: Element | str, attribute: str, value: str) -> Element | None:
    if isinstance(node, str):
        return None
    if (attribute, value) in node.attributes:
        return node
    return next((hit for child in node.children if (hit := _found(child, attribute, value))), None)


def _part(where: bytes | Element, value: str, attribute: str = "data-testid") -> Element:
    """The first element of the page (or inside an element of it) whose ``attribute`` is ``value``."""
    found = _found(parse_html(where.decode()) if isinstance(where, bytes) else where, attribute, value)
    assert found is not None, f"nothing on the page has {attribute}={value!r}"
    return found


def _words(part: Element) -> str:
    """What a person reads in the element, spaces squeezed."""
    return _text(str(part).encode()).strip()


@pytest.fixture
def desk_event(personas: Personas) -> Personas:
    """Four players in a constructed event: Ada has a legal deck and paid, a guest walked in, Bo dropped."""
    event = personas.event
    event.format = "awakening-starter"
    event.save()
    ada = RegistrationFactory.create(event=event, player=UserFactory.create(display_name="Ada"), paid=True)
    starter = Deck.from_starter(current_catalog().starter_decks["eva-starter"])
    decks.register_deck(event, ada.player, starter, ada.player)
    registration.set_checked_in(ada, personas.organiser, True)
    registration.add_walk_in(event, personas.organiser, guest_name="Gwen")
    bo = RegistrationFactory.create(event=event, player=UserFactory.create(display_name="Bo"))
    registration.drop(bo, personas.organiser)
    return personas


def test_the_desk_counts_and_warns_in_words(desk_event: Personas) -> None:
    event = desk_event.event
    page = desk_event.client("organiser").get(f"/events/{event.pk}/desk/")
    assert page.status_code == 200
    text = _text(page.content)
    player = desk_event.player.public_name
    assert "3 registered · 1 checked in · 1 paid · 2 without a legal deck" in text
    assert "2 players without a legal deck: " in text and "Gwen" in text and player in text
    names = re.findall(r'data-name="([^"]+)"', page.content.decode())
    assert names == [*sorted([player.lower(), "ada", "gwen"]), "bo"]  # by name, the dropped last
    assert "Bo Dropped before round 1" in text
    assert "guest" in text and "Legal" in text and "No list" in text


def test_the_desk_never_shows_a_guests_internal_username(desk_event: Personas) -> None:
    guest = Registration.objects.get(event=desk_event.event, player__is_guest=True).player
    for who in ("organiser", "judge"):
        page = desk_event.client(who).get(f"/events/{desk_event.event.pk}/desk/").content.decode()
        assert guest.username not in page and "Gwen" in page
    overview = desk_event.client("player").get(f"/events/{desk_event.event.pk}/").content.decode()
    assert guest.username not in overview


def test_a_dropped_player_is_listed_last_with_the_round(desk_event: Personas) -> None:
    event = desk_event.event
    Registration.objects.filter(event=event, player__display_name="Bo").update(dropped_after_round=2)
    text = _text(desk_event.client("organiser").get(f"/events/{event.pk}/desk/").content)
    assert text.index("Dropped after round 2") > text.index("Gwen")


def test_judges_read_the_desk_but_players_do_not(desk_event: Personas) -> None:
    url = f"/events/{desk_event.event.pk}/desk/"
    judge = desk_event.client("judge").get(url)
    assert judge.status_code == 200 and b"Add a walk-in" not in judge.content and b"Paid?" not in judge.content
    refused = desk_event.client("player").get(url)
    assert refused.status_code == 403 and b"Only the event&#x27;s organiser and judges may do this." in refused.content
    assert desk_event.client("anonymous").get(url).status_code == 302  # to the login page


def test_the_manage_page_shows_the_desk_summary(desk_event: Personas) -> None:
    page = desk_event.client("organiser").get(f"/events/{desk_event.event.pk}/manage/")
    text = _text(page.content)
    assert "3 registered · 1 checked in · 1 paid · 2 without a legal deck" in text
    assert "2 players without a legal deck" in text
    assert f'href="/events/{desk_event.event.pk}/desk/"' in page.content.decode()


def test_the_account_picker_finds_by_name_and_adds_the_account(desk_event: Personas) -> None:
    UserFactory.create(username="eva_k", display_name="Eva Kerr")
    client = desk_event.client("organiser")
    event = desk_event.event
    page = client.get(f"/events/{event.pk}/desk/", {"find": "kerr"})
    assert "Add Eva Kerr" in _text(page.content)
    assert "Gwen" not in re.findall(r"Add ([^<]+)</button>", page.content.decode())  # guests are not accounts
    player_id = re.search(r'name="player" value="(\d+)"', page.content.decode())
    assert player_id is not None
    added = client.post(f"/events/{event.pk}/walk-in/", {"player": player_id.group(1)}, follow=True)
    assert "Eva Kerr is registered." in _text(added.content)
    again = client.get(f"/events/{event.pk}/desk/", {"find": "kerr"})
    assert "No account matches" in _text(again.content)


def _ada(desk_event: Personas) -> Registration:
    return Registration.objects.get(event=desk_event.event, player__display_name="Ada")


def test_a_tap_made_with_htmx_answers_only_the_row_and_the_counts(desk_event: Personas) -> None:
    gwen = Registration.objects.get(event=desk_event.event, player__is_guest=True)
    answer = desk_event.client("organiser").post(f"/registrations/{gwen.pk}/desk/check-in/", HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    html = answer.content.decode()
    assert html.lstrip().startswith("<li") and f'id="desk-row-{gwen.pk}"' in html
    assert 'aria-label="Gwen checked in"' in html and 'aria-pressed="true"' in html
    assert ("hx-swap-oob", "true") in _part(answer.content, "desk-counts").attributes
    assert "3 registered · 2 checked in · 1 paid · 2 without a legal deck" in _text(answer.content)
    assert "Gwen is checked in." in html  # the status line read out by screen readers
    assert "<html" not in html and Registration.objects.get(pk=gwen.pk).checked_in
    # the message is not left over for the next page the organiser opens
    assert "Gwen is checked in." not in _text(
        desk_event.client("organiser").get(f"/events/{desk_event.event.pk}/desk/").content
    )


def test_without_scripts_a_tap_comes_back_to_the_row_with_the_filter_kept(desk_event: Personas) -> None:
    ada = _ada(desk_event)
    answer = desk_event.client("organiser").post(f"/registrations/{ada.pk}/desk/unpaid/", {"q": "ad"})
    assert answer.status_code == 302
    assert answer["Location"] == f"/events/{desk_event.event.pk}/desk/?q=ad#desk-row-{ada.pk}"
    assert not Registration.objects.get(pk=ada.pk).paid


def test_a_refused_tap_made_with_htmx_comes_back_in_the_row(desk_event: Personas) -> None:
    event = desk_event.event
    event.status = event.Status.RUNNING  # check-in closed meanwhile (a tab left open)
    event.save()
    ada = _ada(desk_event)
    answer = desk_event.client("organiser").post(f"/registrations/{ada.pk}/desk/check-out/", HTTP_HX_REQUEST="true")
    assert answer.status_code == 409
    text = _text(answer.content)
    assert "Check-in happens while registration is open." in text and "Ada" in text
    assert Registration.objects.get(pk=ada.pk).checked_in


def test_the_name_filter_works_without_scripts(desk_event: Personas) -> None:
    page = desk_event.client("organiser").get(f"/events/{desk_event.event.pk}/desk/?q=GW")
    names = re.findall(r'data-name="([^"]+)"', page.content.decode())
    text = _text(page.content)
    assert names == ["gwen"]
    assert "Players whose name contains “GW”: 1 of 4." in text
    assert "3 registered · 1 checked in" in text  # the counts are over everyone
    nobody = desk_event.client("organiser").get(f"/events/{desk_event.event.pk}/desk/?q=zz")
    assert "Nobody registered is named “zz”." in _text(nobody.content)


def test_the_counts_the_name_filter_and_the_last_message_share_the_desks_bar(desk_event: Personas) -> None:
    """The bar that stays in view while the organiser works down the rows (position: sticky); the
    long warning stays out of it."""
    page = desk_event.client("organiser").get(f"/events/{desk_event.event.pk}/desk/").content
    bar = _part(page, "desk-bar")
    assert _words(_part(bar, "desk-counts")) == "3 registered · 1 checked in · 1 paid · 2 without a legal deck"
    assert _part(bar, "Find a player", "placeholder").name == "input"
    assert _part(bar, "desk-said") is not None
    assert "without a legal deck:" not in _words(bar) and "2 players without a legal deck: " in _text(page)


def test_each_tap_says_what_it_did_in_place_of_the_walk_in_message(desk_event: Personas) -> None:
    client = desk_event.client("organiser")
    event = desk_event.event
    added = client.post(f"/events/{event.pk}/walk-in/", {"guest_name": "Walter Gray"}, follow=True).content
    assert _words(_part(added, "desk-said")) == "Walter Gray is registered."
    assert _text(added).count("Walter Gray is registered.") == 1  # in the bar only, not above the page too
    answer = client.post(f"/registrations/{_ada(desk_event).pk}/desk/unpaid/", HTTP_HX_REQUEST="true").content
    said = _part(answer, "desk-said")
    assert ("hx-swap-oob", "true") in said.attributes  # replaces the walk-in's message
    assert _words(said) == "Ada is marked as not paid." and "is registered" not in _text(answer)
    assert "sr-only" not in str(said)  # read on the screen, not only by screen readers


def test_a_player_without_a_list_reads_no_list_and_one_action(desk_event: Personas) -> None:
    event = desk_event.event
    desk = desk_event.client("organiser").get(f"/events/{event.pk}/desk/").content
    deck_of = {name: _words(_part(_part(desk, name, "data-name"), "deck-status")) for name in ("gwen", "ada")}
    assert deck_of == {"gwen": "No list · Enter a list", "ada": "Legal · Change the list"}
    assert ("class", "nowrap") in _part(desk, "enter-list").attributes  # never broken across lines
    manage = desk_event.client("organiser").get(f"/events/{event.pk}/manage/").content.decode()
    cells = re.findall(r'data-testid="deck-status">(.*?)</td>', manage, re.S)
    assert sorted(_text(c.encode()).strip() for c in cells) == [
        "Legal · Change the list",
        "No list",
        "No list · Enter a list",
        "No list · Enter a list",
    ]  # fmt: skip (Bo, dropped, gets no action)
    judged = desk_event.client("judge").get(f"/events/{event.pk}/desk/").content
    assert _words(_part(_part(judged, "gwen", "data-name"), "deck-status")) == "No list"
