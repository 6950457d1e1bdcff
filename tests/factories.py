"""factory_boy factories for the models tests build on."""

from __future__ import annotations

import factory

from accounts.models import User
from tournaments.models import Event, Registration

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
