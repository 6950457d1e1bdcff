"""Pushes through the real Redis pub/sub channel layer (the tests' layer is otherwise in memory)."""

from __future__ import annotations

import asyncio
import json

import redis.asyncio
from channels_redis.pubsub import RedisPubSubChannelLayer
from django.conf import settings

from common import push
from common.push import publish_all
from config import redis_urls
from tests.waiting import GENEROUS, await_until


def redis_layer(prefix: str) -> RedisPubSubChannelLayer:
    """A layer whose groups are the run's own (under its key prefix), on a shared Redis too."""
    return RedisPubSubChannelLayer(hosts=[redis_urls.with_db(settings.REDIS_URL, settings.REDIS_DB_CHANNELS)],
                                   prefix=f"{settings.REDIS_KEY_PREFIX}:{prefix}")  # fmt: skip


async def subscribed(layer: RedisPubSubChannelLayer, groups: dict[str, int]) -> None:
    """Wait until Redis counts each group's subscribers (a SUBSCRIBE is sent, not confirmed, when
    ``group_add`` returns)."""
    names = {f"{layer.prefix}__group__{group}": count for group, count in groups.items()}
    counter = redis.asyncio.Redis.from_url(redis_urls.with_db(settings.REDIS_URL, settings.REDIS_DB_CHANNELS))

    async def counted() -> bool:
        found = dict(await counter.pubsub_numsub(*names))
        return all(found.get(name.encode(), 0) >= count for name, count in names.items())

    try:
        await await_until(counted, message=f"Redis to count the subscribers of {sorted(names)}")
    finally:
        await counter.aclose()


def test_publish_all_reaches_every_subscriber_in_order_in_one_pipeline() -> None:
    async def scenario() -> tuple[list[dict], list[dict], list[dict]]:
        layer = redis_layer("test-pushes")
        first, second, other = [await layer.new_channel() for _ in range(3)]
        await layer.group_add("table", first)
        await layer.group_add("table", second)
        await layer.group_add("elsewhere", other)
        await subscribed(layer, {"table": 1, "elsewhere": 1})
        texts = [{"type": "site.text", "text": json.dumps({"n": n})} for n in range(5)]
        await publish_all(layer, [("table", t) for t in texts] + [("elsewhere", {"type": "site.text", "text": "x"})])
        got = []
        for channel, count in ((first, 5), (second, 5), (other, 1)):
            got.append([await asyncio.wait_for(layer.receive(channel), GENEROUS) for _ in range(count)])
        await layer.flush()
        publisher = push._publishers.pop(asyncio.get_running_loop())  # the pipeline's own connection
        await publisher.aclose()
        return got[0], got[1], got[2]

    first, second, other = asyncio.run(scenario())
    assert [json.loads(m["text"])["n"] for m in first] == [0, 1, 2, 3, 4]
    assert first == second
    assert other == [{"type": "site.text", "text": "x"}]


def test_publish_all_on_another_layer_falls_back_to_group_send() -> None:
    from channels.layers import InMemoryChannelLayer

    async def scenario() -> dict:
        layer = InMemoryChannelLayer()
        channel = await layer.new_channel()
        await layer.group_add("g", channel)
        await publish_all(layer, [("g", {"type": "site.text", "text": "hi"})])
        return await asyncio.wait_for(layer.receive(channel), GENEROUS)

    assert asyncio.run(scenario()) == {"type": "site.text", "text": "hi"}
