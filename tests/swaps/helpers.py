"""A Runebound pod event with registered decks and one published pod round, for the swap tests."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils import timezone

from accounts.models import User
from gameplay.runebound.catalog import shipped_runebound
from gameplay.runebound.decks import RuneboundDeck
from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory, UserFactory
from tournaments.models import Event, PodSeat, PodTable, Round
from tournaments.services.decks import register_deck

DECKS = ("battlemage", "blade-dancer", "lightbringer", "pathwarden", "shadowcloak", "stormcaller")


@dataclass
class Pod:
    event: Event
    organiser: User
    players: list[User]  # by position, clockwise
    round: Round
    table: PodTable


def published(deck_id: str) -> RuneboundDeck:
    return RuneboundDeck.from_published(shipped_runebound().decks[deck_id])


def runebound_pod_event(size: int = 3, names: tuple[str, ...] = ("Ada", "Bo", "Cy", "Di", "Ed", "Fi")) -> Event:
    organiser = OrganiserFactory.create(display_name="Orla")
    event = EventFactory.create(
        organiser=organiser, format="runebound-custom", structure=Event.Structure.PODS, rounds=3, name="Rune Night"
    )
    for i in range(size):
        player = UserFactory.create(display_name=names[i])
        RegistrationFactory.create(event=event, player=player)
        register_deck(event, player, published(DECKS[i]), player)
    return event


def seat_pod(event: Event, number: int = 1) -> Pod:
    """Round ``number`` published with one pod seating every registered player in sign-up order."""
    players = [r.player for r in event.registrations.order_by("id")]
    round_ = Round.objects.create(
        event=event, number=number, stage=Round.Stage.PODS, status=Round.Status.OPEN, published_at=timezone.now()
    )
    table = PodTable.objects.create(round=round_, table=1)
    for position, player in enumerate(players):
        PodSeat.objects.create(table=table, player=player, position=position)
    return Pod(event, event.organiser, players, round_, table)
