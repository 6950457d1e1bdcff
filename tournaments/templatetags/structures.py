"""The event's structure for a template: ``{% load structures %}{% with shape=event|structure %}``.

A template never asks which structure an event has; it reads what the structure says, under a
name that means the same for both (``shape.has_crosstable``, ``shape.offers_deck_swap``,
``shape.play_words``; ``tournaments.structures.protocol``).
"""

from __future__ import annotations

from django import template

from tournaments.models import Event
from tournaments.structures import Structure, structure_of

register = template.Library()


@register.filter
def structure(event: Event) -> Structure:
    return structure_of(event)
