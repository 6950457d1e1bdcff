"""Sending notices, reading and marking them, and the user's switches.

``notify`` / ``notify_each`` may be called inside a request's transaction: they queue ONE Celery
task per call after commit (``common.tasks.queue_after_commit``); the task (``delivery.deliver``)
creates the notices, pushes the new unread count to each user's socket and queues the e-mails and
Web Pushes in batches. Nothing here names hidden information: callers write the words.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from django.conf import settings
from django.db.models import QuerySet
from django.utils import timezone

from accounts.models import User
from accounts.notices.errors import NoticeRefusal
from accounts.notices.models import Channel, Kind, Notice, NoticeSwitch, PushSubscription
from common.refusals import Invalid, NotFound
from common.tasks import queue_after_commit

DELIVER_TASK = "accounts.notices.tasks.deliver"


@dataclass(frozen=True)
class Draft:
    """One notice to write: to ``user`` (an id), unique per user by ``key``."""

    user: int
    key: str
    title: str
    body: str = ""
    url: str = ""


def notify(users: Iterable[User | int], kind: Kind | str, key: str, title: str, body: str = "", url: str = "") -> None:
    """The same notice to every user of ``users`` (users or ids), after commit, in one task."""
    notify_each(kind, [Draft(_id(u), key, title, body, url) for u in users])


def notify_each(kind: Kind | str, drafts: Sequence[Draft]) -> None:
    """A notice of its own to each draft's user (a round's pairings: each player's table and
    opponent), after commit, in one task for them all."""
    if kind not in Kind.values:
        raise ValueError(f"not a kind of notice: {kind!r}")
    if drafts:
        queue_after_commit(DELIVER_TASK, str(kind), [asdict(d) for d in drafts])


def _id(user: User | int) -> int:
    return user if isinstance(user, int) else int(user.pk)


def shown(user: User) -> QuerySet[Notice]:
    """The user's notices in the notice centre, newest first."""
    return Notice.objects.filter(user=user, on_site=True)


def unread_count(user: Any) -> int:
    if user is None or not user.is_authenticated:
        return 0
    return shown(user).filter(read_at__isnull=True).count()


def mark_read(user: User, notice_id: int) -> Notice:
    notice = shown(user).filter(pk=notice_id).first()
    if notice is None:
        raise NotFound(NoticeRefusal.NOTICE_UNKNOWN, "There is no such notice of yours.")
    if notice.read_at is None:
        notice.read_at = timezone.now()
        notice.save(update_fields=["read_at"])
    return notice


def mark_all_read(user: User) -> int:
    return shown(user).filter(read_at__isnull=True).update(read_at=timezone.now())


# --- switches -------------------------------------------------------------------------------


def push_configured() -> bool:
    """Web Push is on for the site: the VAPID keys are set."""
    return bool(settings.VAPID_PUBLIC_KEY and settings.VAPID_PRIVATE_KEY)


def switches(user: User) -> dict[tuple[str, str], bool]:
    """Every (kind, channel) of the user, on or off (the defaults where the user chose nothing)."""
    chosen = {(s.kind, s.channel): s.on for s in NoticeSwitch.objects.filter(user=user)}
    return {(k, c): chosen.get((k, c), True) for k in Kind.values for c in Channel.values}


CHANNEL_WORDS: dict[str, str] = {
    Channel.SITE: "on the site",
    Channel.EMAIL: "by e-mail",
    Channel.PUSH: "in the browser",
}


def switch_rows(user: User) -> list[dict[str, Any]]:
    """The profile's table: each kind in words with its three channels on or off."""
    state = switches(user)
    return [
        {"kind": kind, "label": label, "channels": [(c, CHANNEL_WORDS[c], state[(kind, c)]) for c in Channel.values]}
        for kind, label in Kind.choices
    ]


def set_switches(user: User, on: Iterable[str]) -> None:
    """Save the profile's form: ``on`` holds "kind:channel" for each box ticked; the others are off.
    A value naming no kind or channel is refused (400) and nothing changes."""
    ticked = set(on)
    unknown = sorted(ticked - {f"{k}:{c}" for k in Kind.values for c in Channel.values})
    if unknown:
        raise Invalid(
            NoticeRefusal.SWITCH_UNKNOWN, f"There is no kind of notice or channel called {unknown[0][:60]!r}."
        )
    NoticeSwitch.objects.filter(user=user).delete()
    NoticeSwitch.objects.bulk_create(
        NoticeSwitch(user=user, kind=k, channel=c, on=f"{k}:{c}" in ticked)
        for k in Kind.values
        for c in Channel.values
        if f"{k}:{c}" not in ticked
    )


def switched_off(user_ids: Iterable[int], kind: str) -> dict[str, set[int]]:
    """For each channel, which of the users switched ``kind`` off on it."""
    off: dict[str, set[int]] = {c: set() for c in Channel.values}
    rows = NoticeSwitch.objects.filter(user_id__in=list(user_ids), kind=kind, on=False)
    for user_id, channel in rows.values_list("user_id", "channel"):
        off[channel].add(user_id)
    return off


# --- Web Push subscriptions -----------------------------------------------------------------


def subscribe_push(user: User, data: Any) -> PushSubscription:
    """Keep a browser's subscription (the JSON of ``PushSubscription.toJSON()``)."""
    if not push_configured():
        raise Invalid(NoticeRefusal.PUSH_OFF, "Browser notifications are not set up on this site.")
    endpoint, p256dh, auth = _subscription_fields(data)
    subscription, _ = PushSubscription.objects.update_or_create(
        endpoint=endpoint, defaults={"user": user, "p256dh": p256dh, "auth": auth}
    )
    return subscription


def unsubscribe_push(user: User, data: Any) -> int:
    endpoint = data.get("endpoint") if isinstance(data, dict) else None
    if not isinstance(endpoint, str):
        raise Invalid(NoticeRefusal.PUSH_SUBSCRIPTION_BAD, "Send the subscription's endpoint.")
    deleted, _ = PushSubscription.objects.filter(user=user, endpoint=endpoint).delete()
    return deleted


def _subscription_fields(data: Any) -> tuple[str, str, str]:
    keys = data.get("keys") if isinstance(data, dict) else None
    endpoint = data.get("endpoint") if isinstance(data, dict) else None
    if not isinstance(endpoint, str) or not endpoint.startswith("https://") or len(endpoint) > 800:
        raise Invalid(NoticeRefusal.PUSH_SUBSCRIPTION_BAD, "The subscription's endpoint must be an https address.")
    if not isinstance(keys, dict) or not all(isinstance(keys.get(k), str) for k in ("p256dh", "auth")):
        raise Invalid(NoticeRefusal.PUSH_SUBSCRIPTION_BAD, "The subscription needs its keys p256dh and auth.")
    p256dh, auth = keys["p256dh"], keys["auth"]
    if not 40 <= len(p256dh) <= 200 or not 8 <= len(auth) <= 100:
        raise Invalid(NoticeRefusal.PUSH_SUBSCRIPTION_BAD, "The subscription's keys are not the right length.")
    return endpoint, p256dh, auth
