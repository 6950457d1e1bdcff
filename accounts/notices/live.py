"""Pushes to one user's own socket group: every page of a signed-in user follows the ``me`` topic
(``accounts.notices.consumers.MeTopic``) and joins ``user-<id>``."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from common.push import push_json


def user_group(user_id: int) -> str:
    return f"user-{user_id}"


def push_to_user(user_id: int, payload: dict[str, Any]) -> None:
    """Push ``payload`` to every page the user has open (any app may call it, after commit)."""
    push_json([(user_group(user_id), payload)])


def push_to_users(messages: Iterable[tuple[int, dict[str, Any]]]) -> None:
    """Many users' pushes in one hand-off (one Redis round trip)."""
    push_json([(user_group(user_id), payload) for user_id, payload in messages])
