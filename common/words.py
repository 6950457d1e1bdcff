"""Counted words for people: "1 round", "2 rounds", "1 table goes up", "3 tables go up".

Every counted noun a page or message shows goes through Django's ``ngettext``: in Python
``count(n, "round", "rounds")``, in templates the same as a filter built in to every page,
``{{ n|count:"round,rounds" }}``. So the noun and its verb agree with the number, and a
translation can give each language its own plural forms. The pure cores (the engine's describer,
pairing, the formats) keep their own words: they import no Django.
"""

from __future__ import annotations

from django import template
from django.utils.translation import ngettext


def count(number: int, singular: str, plural: str) -> str:
    """The number and the words that follow it, agreeing with it: ``count(1, "table goes up",
    "tables go up")`` is "1 table goes up", ``count(2, "round", "rounds")`` "2 rounds". A negative
    number takes the words of its size ("-1 minute": a clock set back)."""
    return f"{number} {ngettext(singular, plural, abs(number))}"


def agree(number: int, singular: str, plural: str) -> str:
    """The words alone for ``number`` (the number shown elsewhere, or not at all): a verb that
    follows a list of names, "has" or "have"."""
    return ngettext(singular, plural, abs(number))


# --- In templates ------------------------------------------------------------------------
# Built in to every template (``TEMPLATES`` in the settings): ``{{ total|count:"card,cards" }}``
# is "1 card" or "12 cards"; ``{{ n|agree:"has,have" }}`` the words alone.

register = template.Library()


def _forms(words: str) -> tuple[str, str]:
    singular, comma, plural = words.partition(",")
    if not comma or "," in plural:
        raise template.TemplateSyntaxError(f'Write the singular and the plural as "round,rounds", not {words!r}.')
    return singular, plural


@register.filter(name="count")
def count_filter(number: int, words: str) -> str:
    return count(int(number), *_forms(words))


@register.filter(name="agree")
def agree_filter(number: int, words: str) -> str:
    return agree(int(number), *_forms(words))
