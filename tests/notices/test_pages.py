"""The bell and the notice centre, marking read, the profile's switches, the Web Push
subscription's checks, the service worker at the root; and the ``me`` topic of the site socket."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from django.contrib.auth.models import AnonymousUser
from django.test import Client, override_settings

from accounts.notices import services
from accounts.notices.delivery import deliver
from accounts.notices.models import Channel, Kind, Notice, NoticeSwitch, PushSubscription
from tests.factories import UserFactory
from tests.live_socket import TopicSocket
from tests.notices.conftest import Queued

pytestmark = pytest.mark.django_db
PUSH_KEYS = {"VAPID_PUBLIC_KEY": "B" + "x" * 86, "VAPID_PRIVATE_KEY": "y" * 43}


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def notice(user: Any, n: int, **fields: Any) -> Notice:
    fields = {
        "kind": Kind.RESULT,
        "title": f"Round {n}, table 7: Corvin reported a result",
        "url": "/events/",
        **fields,
    }
    return Notice.objects.create(user=user, key=f"k{n}", **fields)


def test_the_bell_counts_unread_notices_and_the_page_lists_them_newest_first() -> None:
    user, other = UserFactory.create(), UserFactory.create()
    for n in range(1, 4):
        notice(user, n)
    notice(user, 9, on_site=False)  # switched off on the site
    notice(other, 5)
    client = signed_in(user)
    home = client.get("/").content.decode()
    assert 'data-testid="bell-count">3</span>' in home and 'aria-label="Notices: 3 unread"' in home
    page = client.get("/notices/").content.decode()
    assert page.index("Round 3, table 7") < page.index("Round 2, table 7") < page.index("Round 1, table 7")
    assert "Round 9" not in page and "Round 5" not in page
    assert 'data-testid="bell"' not in Client().get("/").content.decode()
    assert Client().get("/notices/").status_code == 302  # to the sign-in page


def test_marking_one_and_all_read_and_someone_elses_notice_is_not_found() -> None:
    user, other = UserFactory.create(), UserFactory.create()
    first, second, theirs = notice(user, 1), notice(user, 2), notice(other, 3)
    client = signed_in(user)
    assert client.post(f"/notices/{first.pk}/read/", {"go": "yes"})["Location"] == "/events/"
    assert services.unread_count(user) == 1
    assert client.post(f"/notices/{theirs.pk}/read/").status_code == 404
    assert client.get(f"/notices/{second.pk}/read/").status_code == 405
    theirs.refresh_from_db()
    assert theirs.read_at is None
    client.post("/notices/read-all/")
    assert services.unread_count(user) == 0 and services.unread_count(other) == 1
    assert 'data-testid="bell-count" hidden>0</span>' in client.get("/").content.decode()


def test_the_profile_switches_each_kind_per_channel_and_refuses_what_is_not_one() -> None:
    user = UserFactory.create()
    client = signed_in(user)
    page = client.get("/accounts/profile/").content.decode()
    assert "Pairings and pods published" in page and 'value="pairings:email" aria-label' in page
    assert 'data-testid="push-off"' in page  # no VAPID keys: push is off and the page says so
    ticked = [f"{k}:{c}" for k in Kind.values for c in Channel.values if (k, c) != ("pairings", "email")]
    assert client.post("/notices/switches/", {"on": ticked}).status_code == 302
    assert services.switches(user)[("pairings", "email")] is False
    assert services.switches(user)[("pairings", "site")] is True
    answer = client.post("/notices/switches/", {"on": [*ticked, "gossip:email"]})
    assert answer.status_code == 400 and "gossip:email" in answer.content.decode()
    assert list(NoticeSwitch.objects.filter(user=user, on=False).values_list("kind", "channel")) == [
        ("pairings", "email")
    ]


def test_a_push_subscription_needs_the_sites_keys_an_https_endpoint_and_its_keys() -> None:
    user = UserFactory.create()
    client = signed_in(user)
    good = {"endpoint": "https://push.example.net/send/abc", "keys": {"p256dh": "B" * 87, "auth": "a" * 22}}
    off = client.post("/notices/push/subscribe/", good, content_type="application/json")
    assert off.status_code == 400 and off.json()["detail"] == "Browser notifications are not set up on this site."
    with override_settings(**PUSH_KEYS):
        assert 'data-push-key="B' in client.get("/accounts/profile/").content.decode()
        for bad, words in [
            ({**good, "endpoint": "http://127.0.0.1/x"}, "must be an https address"),
            ({**good, "keys": {"p256dh": "B" * 87}}, "needs its keys"),
            ({**good, "keys": {"p256dh": "B", "auth": "a"}}, "not the right length"),
        ]:
            answer = client.post("/notices/push/subscribe/", bad, content_type="application/json")
            assert answer.status_code == 400 and words in answer.json()["detail"]
        answer = client.post("/notices/push/subscribe/", "{not json", content_type="application/json")
        assert answer.status_code == 400
        assert PushSubscription.objects.count() == 0
        assert client.post("/notices/push/subscribe/", good, content_type="application/json").status_code == 200
        assert PushSubscription.objects.get().user == user
        client.post("/notices/push/unsubscribe/", {"endpoint": good["endpoint"]}, content_type="application/json")
        assert PushSubscription.objects.count() == 0


def test_the_service_worker_is_served_at_the_root_for_the_whole_site() -> None:
    answer = Client().get("/notices-sw.js")
    assert answer.status_code == 200 and answer["Content-Type"].startswith("text/javascript")
    assert answer["Service-Worker-Allowed"] == "/" and b"showNotification" in answer.content


@pytest.mark.django_db(transaction=True)
def test_the_me_topic_is_a_users_own_and_hears_each_new_notice(queued: Queued) -> None:
    user, other = UserFactory.create(), UserFactory.create()
    notice(user, 1)

    async def scenario() -> tuple[Any, ...]:
        strangers = [await TopicSocket("me", user.pk, user=who).connect() for who in (other, AnonymousUser())]
        mine = TopicSocket("me", user.pk, user=user)
        opened = await mine.connect()
        first = await mine.receive_json_from(5)
        await deliver_async()
        pushed = await mine.receive_json_from(5)
        await mine.talk.disconnect()
        return strangers, opened, first, pushed

    deliver_async = database_sync_to_async(
        lambda: deliver(Kind.INVITATION, [{"user": user.pk, "key": "team:1", "title": "Eva invites you to Team Gale"}])
    )
    strangers, opened, first, pushed = async_to_sync(scenario)()
    assert strangers == [
        (False, "You may follow only your own notices."),
        (False, "Sign in to hear your notices."),
    ]
    assert opened == (True, None)
    assert first == {"kind": "unread", "unread": 1}
    assert pushed == {"kind": "notice", "unread": 2, "title": "Eva invites you to Team Gale"}
    assert queued.names() == ["accounts.notices.tasks.send_emails"]
