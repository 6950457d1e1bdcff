"""What a display name and an e-mail address may be, for the profile page, sign-up and ``/api/me/``.

A display name is shown on pairings, standings and tables, so it must be a name nobody else on
the site shows (another account's display name, or the username of one that has none, compared
without regard to case) and it must hold only visible text: no control characters, no
bidirectional overrides (U+202E turns "Eva" into a name that reads backwards), no zero-width
characters (ZWJ and ZWNJ, which scripts and emoji need, are allowed). An e-mail address belongs
to one account. Guests do not count: a walk-in named "Eva" is claimed by Eva's account later.

The checks raise Django's ``ValidationError``: forms show it beside the field, and DRF answers
it as ``{"field": ["message"]}`` with a 400.
"""

from __future__ import annotations

import unicodedata

from django.core.exceptions import ValidationError
from django.db.models import Q

from accounts.models import User

#: Format characters a name may hold: the zero-width joiner and non-joiner that scripts need.
ALLOWED_FORMAT = frozenset({"\u200c", "\u200d"})
HIDDEN_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp"})


def hidden_character(text: str) -> str | None:
    """The first character of ``text`` a reader cannot see (control, bidi, zero-width,
    unassigned...), as ``U+XXXX``; None if it has none."""
    for char in text:
        category = unicodedata.category(char)
        if category in HIDDEN_CATEGORIES or (category == "Cf" and char not in ALLOWED_FORMAT):
            return f"U+{ord(char):04X}"
    return None


def refuse_hidden(text: str, what: str) -> None:
    found = hidden_character(text)
    if found is not None:
        raise ValidationError(
            f"{what} holds an invisible or control character ({found}); use visible characters only.",
            code="hidden_character",
        )


def clean_display_name(name: str, user: User | None) -> str:
    """The display name with its spaces tidied, if ``user`` (None: a new account) may take it."""
    refuse_hidden(name, "The display name")
    name = " ".join(name.split())
    if not name or (user is not None and name == user.display_name):
        return name  # empty (the username shows) or kept as it was
    taken = User.objects.filter(is_guest=False).filter(
        Q(display_name__iexact=name) | Q(display_name="", username__iexact=name)
    )
    if user is not None and user.pk is not None:
        taken = taken.exclude(pk=user.pk)
    if taken.exists():
        raise ValidationError(
            f"Another player is already shown as {name!r}; choose a display name nobody else has.", code="taken"
        )
    return name


def clean_email(email: str, user: User | None) -> str:
    """The address in lower case, if no other account has it."""
    refuse_hidden(email, "The e-mail address")
    email = email.strip().lower()
    if not email or (user is not None and email == user.email.lower()):
        return email
    taken = User.objects.filter(email__iexact=email)
    if user is not None and user.pk is not None:
        taken = taken.exclude(pk=user.pk)
    if taken.exists():
        raise ValidationError("An account with this e-mail address already exists.", code="taken")
    return email
