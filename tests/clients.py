"""An API client signed in as a user (or anonymous for None)."""

from __future__ import annotations

from rest_framework.test import APIClient

from accounts.models import User


def api_client(user: User | None = None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client
