"""The Celery app on the Redis pub/sub channel layer, as in production, so the pushes of a worker
process reach the sockets of an ASGI server on the same layer (``tests.browser.redis_asgi``): a page
follows the site socket and never polls, so a change a worker makes reaches it only by push. Start a
worker with ``celery_process("worker", ..., app="tests.browser.redis_celery")``."""

from __future__ import annotations

from channels.layers import channel_layers
from django.conf import settings

from config.celery import app
from tests.browser.redis_layer import redis_channel_layers

settings.CHANNEL_LAYERS = redis_channel_layers()
channel_layers.backends = {}  # forget any layer made from the in-memory settings

__all__ = ["app"]
