"""Users of the site.

Everyone is a player; ``is_organiser`` lets a user create events; judges are
attached to single events by the tournaments app; staff get the Django admin. A guest
(``is_guest``) is a walk-in an organiser entered with only a display name: no password, not
active, so it can never sign in; an account can claim it later (``tournaments.services.registration``).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractUser
from django.db import models


class User(AbstractUser):
    display_name = models.CharField(
        max_length=60, blank=True, help_text="The name shown on pairings and standings; your username if empty."
    )
    is_organiser = models.BooleanField(default=False, help_text="May create and run events.")
    auto_pass = models.BooleanField(
        default=False,
        db_default=False,
        help_text="Pass every answer window automatically, unless holding priority for the turn.",
    )
    is_guest = models.BooleanField(
        default=False,
        db_default=False,  # rows written by code that predates the field (older migrations' models) are not guests
        help_text="A walk-in entered by an organiser with only a name: cannot sign in; may be claimed by an account.",
    )

    class Meta:
        ordering = ("username",)

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Saving a new password revokes the user's API tokens: every way of setting one (the
        password change and reset pages, the admin, ``changepassword``) calls ``set_password``
        and then saves, and only then does the new password count. Existing sessions end as
        Django ends them (their hash of the password no longer matches)."""
        new_password = getattr(self, "_password", None) is not None and not self._state.adding
        super().save(*args, **kwargs)
        if new_password:
            from rest_framework.authtoken.models import Token

            Token.objects.filter(user=self).delete()

    def __str__(self) -> str:
        return self.public_name

    @property
    def public_name(self) -> str:
        return self.display_name or self.username
