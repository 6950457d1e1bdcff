"""What the notices' Celery tasks do: create the notices of one ``notify`` (idempotent: a notice
exists once per (user, key), and each is e-mailed and pushed at most once), push each user's new
unread count to their pages, and send the e-mails (one SMTP connection a batch) and Web Pushes."""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from smtplib import SMTPException
from typing import Any

from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.db import transaction
from django.db.models import Count
from django.utils import timezone
from pywebpush import WebPushException, webpush

from accounts.notices.live import push_to_users
from accounts.notices.models import Channel, Notice, PushSubscription
from accounts.notices.services import push_configured, switched_off
from common.tasks import queue_after_commit

log = logging.getLogger(__name__)

EMAIL_TASK = "accounts.notices.tasks.send_emails"
PUSH_TASK = "accounts.notices.tasks.send_pushes"
#: Recipients per e-mail task (one SMTP connection) and per push task.
BATCH = 100


def deliver(kind: str, drafts: list[dict[str, Any]]) -> int:
    """Create the drafts' notices (those already there are left as they are), push the unread
    counts, queue the e-mails and pushes not yet sent. Answers how many notices it created."""
    users = {int(d["user"]) for d in drafts}
    off = switched_off(users, kind)
    before = Notice.objects.filter(user_id__in=users, key__in={d["key"] for d in drafts}).count()
    Notice.objects.bulk_create(
        [_notice(kind, d, off[Channel.SITE]) for d in drafts], ignore_conflicts=True, batch_size=500
    )
    notices = _notices_of(drafts)
    _push_counts([n for n in notices if n.on_site])
    emailed = [n.pk for n in notices if n.emailed_at is None and n.user_id not in off[Channel.EMAIL]]
    _queue_batches(EMAIL_TASK, emailed)
    if push_configured():
        subscribed = set(PushSubscription.objects.filter(user_id__in=users).values_list("user_id", flat=True))
        pushed = [n.pk for n in notices if n.pushed_at is None and n.user_id in subscribed - off[Channel.PUSH]]
        _queue_batches(PUSH_TASK, pushed)
    return len(notices) - before


def _notice(kind: str, draft: dict[str, Any], site_off: set[int]) -> Notice:
    user = int(draft["user"])
    return Notice(
        user_id=user, kind=kind, key=str(draft["key"])[:120], title=str(draft["title"])[:200],
        body=str(draft.get("body", "")), url=str(draft.get("url", ""))[:300], on_site=user not in site_off,
    )  # fmt: skip


def _notices_of(drafts: Sequence[dict[str, Any]]) -> list[Notice]:
    wanted = {(int(d["user"]), str(d["key"])[:120]) for d in drafts}
    found = Notice.objects.filter(user_id__in={u for u, _ in wanted}, key__in={k for _, k in wanted}).only(
        "id", "user_id", "key", "title", "on_site", "emailed_at", "pushed_at"
    )
    return [n for n in found if (n.user_id, n.key) in wanted]


def _push_counts(notices: list[Notice]) -> None:
    """Each user's pages hear ``{"kind": "notice", "unread": N, "title": ...}``."""
    if not notices:
        return
    unread = dict(
        Notice.objects.filter(user_id__in={n.user_id for n in notices}, on_site=True, read_at__isnull=True)
        .values_list("user_id")
        .annotate(n=Count("id"))
        .values_list("user_id", "n")
    )
    push_to_users(
        (n.user_id, {"kind": "notice", "unread": unread.get(n.user_id, 0), "title": n.title}) for n in notices
    )


def _queue_batches(task: str, ids: list[int]) -> None:
    for start in range(0, len(ids), BATCH):
        queue_after_commit(task, ids[start : start + BATCH])


def _claim(ids: Sequence[int], field: str) -> list[Notice]:
    """Take the notices not yet sent on this channel and mark them sent, in one transaction: a
    retried or repeated task finds them taken (at most once per notice and channel)."""
    with transaction.atomic():
        claimed = list(
            Notice.objects.select_for_update(of=("self",)).filter(pk__in=list(ids), **{f"{field}__isnull": True})
            .select_related("user")
        )  # fmt: skip
        Notice.objects.filter(pk__in=[n.pk for n in claimed]).update(**{field: timezone.now()})
    return claimed


def send_emails(ids: Sequence[int]) -> int:
    """One SMTP connection for the batch; a user without an address gets none."""
    messages = [_email(n) for n in _claim(ids, "emailed_at") if n.user.email]
    if not messages:
        return 0
    try:
        return int(get_connection().send_messages(messages) or 0)
    except (SMTPException, OSError) as exc:  # claimed already: these mails are not sent again
        log.warning("could not send %d notice e-mails: %s", len(messages), exc)
        return 0


def absolute(url: str) -> str:
    return url if not url.startswith("/") else settings.SITE_URL + url


def _email(notice: Notice) -> EmailMessage:
    lines = [f"Hello {notice.user.public_name},", "", notice.title]
    if notice.body:
        lines += ["", notice.body]
    if notice.url:
        lines += ["", absolute(notice.url)]
    lines += ["", f"Choose which notices you get by e-mail on your profile: {absolute('/accounts/profile/')}"]
    return EmailMessage(subject=f"Fett: {notice.title}", body="\n".join(lines), to=[notice.user.email])


def send_pushes(ids: Sequence[int]) -> int:
    """Each notice to every browser its user subscribed; a subscription its push service says is
    gone (404, 410) is forgotten."""
    if not push_configured():
        return 0
    claimed = _claim(ids, "pushed_at")
    subscriptions: dict[int, list[PushSubscription]] = {}
    for sub in PushSubscription.objects.filter(user_id__in={n.user_id for n in claimed}):
        subscriptions.setdefault(sub.user_id, []).append(sub)
    sent = 0
    for notice in claimed:
        payload = json.dumps({"title": notice.title, "body": notice.body, "url": absolute(notice.url or "/notices/")})
        sent += sum(_push_one(sub, payload) for sub in subscriptions.get(notice.user_id, []))
    return sent


def _push_one(subscription: PushSubscription, payload: str) -> int:
    info = {"endpoint": subscription.endpoint, "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth}}
    try:
        webpush(
            subscription_info=info, data=payload, vapid_private_key=settings.VAPID_PRIVATE_KEY,
            vapid_claims={"sub": settings.VAPID_SUBJECT}, timeout=10,
        )  # fmt: skip
    except WebPushException as exc:
        status = getattr(exc.response, "status_code", None)
        if status in (404, 410):
            subscription.delete()
        log.warning("a Web Push to %s failed: %s", subscription.endpoint[:60], exc)
        return 0
    return 1
