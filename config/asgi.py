"""ASGI entry point: Django for HTTP, Channels for websockets."""

from __future__ import annotations

import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup(set_prefix=False)


from config.asgi_threads import PooledThreadsHandler  # noqa: E402
from config.warm import freeze_start_up_objects, warm_up  # noqa: E402

warm_up()
django_asgi_app = PooledThreadsHandler()

from channels.auth import AuthMiddlewareStack  # noqa: E402  (needs Django set up first)
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from config.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)
freeze_start_up_objects()
