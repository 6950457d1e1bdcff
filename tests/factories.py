"""factory_boy factories for the models tests build on."""

from __future__ import annotations

import factory

from accounts.models import User
from gameplay.matches.models import PlayMatch
from tournaments.models import Event, Match, Registration, Round

PASSWORD = "correct-horse-battery"


class UserFactory(factory.django.DjangoModelFactory[User]):
    class Meta:
        model = User
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    display_name = factory.Faker("first_name")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.com")
    password = factory.django.Password(PASSWORD)


class OrganiserFactory(UserFactory):
    username = factory.Sequence(lambda n: f"organiser{n}")
    is_organiser = True


class EventFactory(factory.django.DjangoModelFactory[Event]):
    class Meta:
        model = Event

    name = factory.Sequence(lambda n: f"Test Open {n}")
    organiser = factory.SubFactory(OrganiserFactory)
    status = Event.Status.REGISTRATION


class RegistrationFactory(factory.django.DjangoModelFactory[Registration]):
    class Meta:
        model = Registration

    event = factory.SubFactory(EventFactory)
    player = factory.SubFactory(UserFactory)


def judged_by(match: PlayMatch, *judges: User, event: Event | None = None) -> Event:
    """Put a match at a table of an event's round (a new event if none is given), so that the
    event's organiser and these judges referee it, as for a round published on the site."""
    event = event if event is not None else EventFactory.create()
    round_ = Round.objects.create(
        event=event, number=event.round_set.count() + 1, stage=Round.Stage.SWISS, status=Round.Status.OPEN
    )
    Match.objects.create(round=round_, table=1, player_a=match.player1, player_b=match.player2, play=match)
    event.judges.add(*judges)
    return event
