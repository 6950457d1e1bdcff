"""Users of the site.

Everyone is a player; ``is_organiser`` lets a user create events; judges are
attached to single events by the tournaments app; staff get the Django admin.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractUser
from django.db import models


class User(AbstractUser):
    display_name = models.CharField(
        max_length=60, blank=True, help_text="The name shown on pairings and standings; your username if empty."
    )
    is_organiser = models.BooleanField(default=False, help_text="May create and run events.")

    class Meta:
        ordering = ("username",)

    def __str__(self) -> str:
        return self.public_name

    @property
    def public_name(self) -> str:
        return self.display_name or self.username
