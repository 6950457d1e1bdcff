"""A published round notifies each player (table and opponent) on the site and by e-mail through a
real SMTP server; one task per publish; delivered at most once; the user's switches are honoured."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import override_settings

from accounts.notices import services
from accounts.notices.models import Channel, Kind, Notice, NoticeSwitch
from accounts.notices.services import DELIVER_TASK
from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory, UserFactory
from tests.notices.conftest import Queued
from tests.notices.smtp import Mailbox, body_of
from tests.processes import free_port
from tournaments.models import Match, Round
from tournaments.services import registration, rounds

pytestmark = pytest.mark.django_db


def published_round(players: int = 4) -> tuple[Round, list[Any]]:
    organiser = OrganiserFactory.create()
    event = EventFactory.create(organiser=organiser, name="Harbour Open", best_of=3)
    people = [RegistrationFactory.create(event=event).player for _ in range(players)]
    registration.start_event(event, organiser)
    round_ = rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    return round_, people


def test_a_published_round_tells_each_player_their_table_and_opponent_on_the_site_and_by_mail(
    queued: Queued, mailbox: Mailbox, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        round_, _players = published_round(4)
    assert queued.names().count(DELIVER_TASK) == 1, "one task for the whole round"
    ran = queued.run_all(django_capture_on_commit_callbacks)
    assert ran.count("accounts.notices.tasks.send_emails") == 1  # 4 recipients: one batch, one connection
    for match in Match.objects.filter(round=round_).select_related("player_a", "player_b"):
        a, b = match.player_a, match.player_b
        assert b is not None
        for me, them in ((a, b), (b, a)):
            notice = Notice.objects.get(user=me)
            assert notice.title == f"Round 1, table {match.table}, against {them.public_name}"
            assert notice.body == "Harbour Open" and notice.url == f"/events/{round_.event_id}/"
            assert notice.emailed_at is not None
            [mail] = mailbox.to(me.email)
            assert mail["Subject"] == f"Fett: Round 1, table {match.table}, against {them.public_name}"
            text = body_of(mail)
            assert f"Hello {me.public_name}," in text and f"against {them.public_name}" in text
            assert f"/events/{round_.event_id}/" in text
    assert len(mailbox.received()) == 4


def test_a_retried_delivery_creates_no_second_notice_and_sends_no_second_mail(
    queued: Queued, mailbox: Mailbox, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        published_round(2)
    [(name, args)] = queued.notice_tasks()
    queued.run_all(django_capture_on_commit_callbacks)
    queued.calls.append((name, args))  # the broker hands the same task again (a lost ack)
    queued.calls.append(
        ("accounts.notices.tasks.send_emails", tuple([list(Notice.objects.values_list("id", flat=True))]))
    )
    queued.run_all(django_capture_on_commit_callbacks)
    assert Notice.objects.count() == 2
    assert len(mailbox.received()) == 2


def test_switches_keep_a_kind_off_the_site_or_out_of_the_mail(
    queued: Queued, mailbox: Mailbox, django_capture_on_commit_callbacks: Any
) -> None:
    quiet, unlisted, plain = UserFactory.create(), UserFactory.create(), UserFactory.create()
    NoticeSwitch.objects.create(user=quiet, kind=Kind.INVITATION, channel=Channel.EMAIL, on=False)
    NoticeSwitch.objects.create(user=unlisted, kind=Kind.INVITATION, channel=Channel.SITE, on=False)
    NoticeSwitch.objects.create(user=plain, kind=Kind.PAIRINGS, channel=Channel.EMAIL, on=False)  # another kind
    with django_capture_on_commit_callbacks(execute=True):
        services.notify([quiet, unlisted, plain.pk], Kind.INVITATION, "team:1:invite", "Eva invites you to Team Gale")
    queued.run_all(django_capture_on_commit_callbacks)
    assert [services.unread_count(u) for u in (quiet, unlisted, plain)] == [1, 0, 1]
    assert sorted(r for rcpts, _ in mailbox.received() for r in rcpts) == sorted([unlisted.email, plain.email])


def test_a_user_without_an_address_gets_the_notice_and_no_mail(
    queued: Queued, mailbox: Mailbox, django_capture_on_commit_callbacks: Any
) -> None:
    user = UserFactory.create(email="")
    with django_capture_on_commit_callbacks(execute=True):
        services.notify([user], Kind.EVENT_SOON, "event:3:soon", "Harbour Open starts in an hour")
    queued.run_all(django_capture_on_commit_callbacks)
    assert services.unread_count(user) == 1 and mailbox.received() == []


def test_a_kind_that_does_not_exist_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="not a kind"):
        services.notify([1], "gossip", "k", "t")


def test_an_smtp_server_that_cannot_be_reached_loses_the_batch_and_nothing_fails(
    queued: Queued, django_capture_on_commit_callbacks: Any, caplog: pytest.LogCaptureFixture
) -> None:
    user = UserFactory.create()
    closed = free_port()  # nobody listens there
    with override_settings(
        EMAIL_BACKEND="django.core.mail.backends.smtp.EmailBackend", EMAIL_HOST="127.0.0.1", EMAIL_PORT=closed
    ):
        with django_capture_on_commit_callbacks(execute=True):
            services.notify([user], Kind.EVENT_SOON, "event:5:soon", "Harbour Open starts in an hour")
        queued.run_all(django_capture_on_commit_callbacks)
    assert "could not send 1 notice e-mails" in caplog.text
    assert Notice.objects.get(user=user).emailed_at is not None  # at most once: not tried again
    assert services.unread_count(user) == 1
