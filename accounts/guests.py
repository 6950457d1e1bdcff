"""Guests: walk-ins an organiser enters with only a display name.

A guest is a ``User`` row so that registrations, tables and decks point at it like at anyone
else. It has an internal username nobody sees, no usable password and is not active, so it can
never sign in (Django's backend refuses inactive users and unusable passwords alike).
"""

from __future__ import annotations

import secrets

from accounts.models import User

NAME_LENGTH: int = User._meta.get_field("display_name").max_length or 60


def create_guest(name: str) -> User:
    """A new guest shown as ``name`` (already checked: not empty, at most ``NAME_LENGTH``)."""
    guest = User(username=f"guest-{secrets.token_hex(8)}", display_name=name, is_guest=True, is_active=False)
    guest.set_unusable_password()
    guest.save()
    return guest
