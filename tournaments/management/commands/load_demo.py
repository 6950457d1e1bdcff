"""Demo data for `make run`: an organiser, eight players, a Runeslingers event in registration and a
Runebound pod event in registration with every player's published character deck registered."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand
from django.db import transaction

from accounts.models import User
from gameplay.runebound.catalog import shipped_runebound
from gameplay.runebound.decks import RuneboundDeck
from tournaments.models import Event, Registration
from tournaments.services.decks import register_deck

DEMO_PASSWORD = "fett-demo"
DEMO_EVENT = "Fett Demo Open"
DEMO_POD_EVENT = "Runebound Pod Night"


def demo_user(username: str, display_name: str, **flags: bool) -> User:
    user, created = User.objects.get_or_create(username=username, defaults={"display_name": display_name, **flags})
    if created:
        user.email = f"{username}@example.com"
        user.set_password(DEMO_PASSWORD)
        user.save()
    return user


class Command(BaseCommand):
    help = "Create the demo organiser, players and event (safe to run again)."

    @transaction.atomic
    def handle(self, *args: Any, **options: Any) -> None:
        organiser = demo_user("organiser", "Oda the Organiser", is_organiser=True, is_staff=True, is_superuser=True)
        names = ["Eva", "Romin", "Talaka", "Nim", "Ashka", "Brann", "Corvin", "Dessa"]
        players = [demo_user(f"player{i}", name) for i, name in enumerate(names, start=1)]
        event, created = Event.objects.get_or_create(
            name=DEMO_EVENT, defaults={"organiser": organiser, "status": Event.Status.REGISTRATION}
        )
        for player in players:
            Registration.objects.get_or_create(event=event, player=player)
        pod_event = self.pod_event(organiser, players)
        verb = "created" if created else "already there"
        self.stdout.write(
            f"Demo data {verb}: organiser + {len(players)} players, events '{event.name}' and '{pod_event.name}'."
        )

    def pod_event(self, organiser: User, players: list[User]) -> Event:
        """A Runebound event played in pods of 4, each player with a published character deck."""
        event, created = Event.objects.get_or_create(
            name=DEMO_POD_EVENT,
            defaults={
                "organiser": organiser,
                "status": Event.Status.REGISTRATION,
                "format": "runebound-published",
                "structure": Event.Structure.PODS,
                "rounds": 3,
                "pod_size": 4,
            },
        )
        if not created:
            return event
        published = list(shipped_runebound().decks.values())
        for n, player in enumerate(players):
            Registration.objects.get_or_create(event=event, player=player)
            deck = RuneboundDeck.from_published(published[n % len(published)])
            register_deck(event, player, deck, by=player)
        return event
