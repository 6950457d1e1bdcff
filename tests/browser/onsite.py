"""Shared by the browser tests of an event played on the site: the event's match, and signed-in play pages."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from accounts.models import User
from gameplay.matches.models import PlayMatch
from gameplay.runeslingers.formats import Deck
from gameplay.runeslingers.site_catalog import current_catalog
from tests.browser.test_event_flow import logged_in_page
from tests.browser.waiting import wait_until_live
from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory, UserFactory
from tournaments.models import Event, Match
from tournaments.services import decks, registration, rounds


class Live:
    """``logged_in_page`` wants an object with ``url``."""

    def __init__(self, url: str) -> None:
        self.url = url


@dataclass
class OnsiteMatch:
    event: Event
    table: Match  # the event's match (its result reaches the standings)
    played: PlayMatch  # the match played on the site for that table
    players: list[User]  # Ann and Bob


def onsite_match(
    starters: tuple[str, str] = ("eva-starter", "romin-starter"), format: str = "awakening-starter", **event_fields: Any
) -> OnsiteMatch:
    """A one-round event played on the site between Ann and Bob (starter decks, of The Awakening
    unless Classic ones are given with a Classic format), its round published."""
    catalog = current_catalog()
    organiser = OrganiserFactory.create()
    event = EventFactory.create(organiser=organiser, format=format, played_on_site=True, rounds=1, **event_fields)
    players = [
        UserFactory.create(username="ann", display_name="Ann"),
        UserFactory.create(username="bob", display_name="Bob"),
    ]
    for user, starter in zip(players, starters, strict=True):
        RegistrationFactory.create(event=event, player=user)
        decks.register_deck(event, user, Deck.from_starter(catalog.playable_starters[starter]), user)
    registration.start_event(event, organiser)
    round_ = rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    table = Match.objects.select_related("play").get(round=round_)
    assert table.play is not None
    return OnsiteMatch(event=event, table=table, played=table.play, players=players)


def play_page(browser: Any, url: str, user: User, played: PlayMatch, before_load: Any = None) -> Any:
    """``user``'s play page of ``played`` (in its own browser context), once its socket is live.

    ``before_load(page)`` runs before the page is opened (e.g. to listen to its websocket)."""
    page = logged_in_page(browser, Live(url), user)
    if before_load is not None:
        before_load(page)
    page.goto(f"{url}/play/{played.pk}/")
    wait_until_live(page)
    return page
