"""Done when (issue 29 §2): a real Celery worker delivers a published round's notices; each player
has "Round 1, table N, against X" in their notices and the e-mail arrives at the SMTP server."""

from __future__ import annotations

import os

import pytest

from accounts.notices.models import Notice
from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory
from tests.notices.smtp import smtp_server
from tests.processes import celery_process, stop_process, wait_for_worker
from tests.waiting import wait_until
from tournaments.models import Match
from tournaments.services import registration, rounds


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_worker_delivers_a_published_rounds_notices_and_mails(monkeypatch: pytest.MonkeyPatch) -> None:
    organiser = OrganiserFactory.create()
    event = EventFactory.create(organiser=organiser, name="Harbour Open")
    players = [RegistrationFactory.create(event=event).player for _ in range(6)]
    registration.start_event(event, organiser)
    name = f"notices-{os.getpid()}"
    with smtp_server() as mailbox:
        monkeypatch.setenv("EMAIL_BACKEND", "django.core.mail.backends.smtp.EmailBackend")
        monkeypatch.setenv("EMAIL_HOST", mailbox.host)
        monkeypatch.setenv("EMAIL_PORT", str(mailbox.port))
        worker = celery_process("worker", "-Q", "default", "-c", "1", "-n", f"{name}@%h")
        try:
            wait_for_worker(name)
            round_ = rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
            wait_until(lambda: len(mailbox.received()) == len(players), 120, "the worker to mail every player")
        finally:
            stop_process(worker)
    for match in Match.objects.filter(round=round_).select_related("player_a", "player_b"):
        assert match.player_b is not None
        title = f"Round 1, table {match.table}, against {match.player_b.public_name}"
        assert Notice.objects.get(user=match.player_a).title == title
        [mail] = mailbox.to(match.player_a.email)
        assert mail["Subject"] == f"Fett: {title}"
