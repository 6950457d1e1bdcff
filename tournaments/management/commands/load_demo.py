"""Demo data for `make run`: an organiser, eight players and an event in registration."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand
from django.db import transaction

from accounts.models import User
from tournaments.models import Event, Registration

DEMO_PASSWORD = "fett-demo"
DEMO_EVENT = "Fett Demo Open"


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
        verb = "created" if created else "already there"
        self.stdout.write(f"Demo data {verb}: organiser + {len(players)} players, event '{event.name}'.")
