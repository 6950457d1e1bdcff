"""The site's ASGI application on the Redis pub/sub channel layer, as in production, so pushes
sent by the test process reach its sockets. Serve it with
``asgi_server("tests.browser.redis_asgi:application")`` (``tests.browser.redis_layer``)."""

from __future__ import annotations

from channels.layers import channel_layers
from django.conf import settings

from config.asgi import application
from tests.browser.redis_layer import redis_channel_layers

settings.CHANNEL_LAYERS = redis_channel_layers()
channel_layers.backends = {}  # forget any layer made from the in-memory settings

__all__ = ["application"]
