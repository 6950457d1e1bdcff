from __future__ import annotations

from django.contrib import admin
from django.urls import URLPattern, URLResolver, include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from accounts.api import MeView, ObtainToken
from config.api import api_root
from config.health import healthz
from tournaments.web.views import home, home_panel

api_patterns: list[URLPattern | URLResolver] = [
    path("", api_root, name="api-root"),
    path("me/", MeView.as_view(), name="api-me"),
    path("auth/token/", ObtainToken.as_view(), name="api-token"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path("", include("gameplay.api_urls")),
    path("", include("tournaments.api_urls")),
    path("", include("tournaments.drafts.api_urls")),
    path("", include("tournaments.swaps.api_urls")),
    path("", include("tournaments.coop.api_urls")),
]

# The API first: its requests (every move of a match) then skip the hundred page patterns that
# Django tried before it, one failed include at a time (about a twentieth of a web process's
# time under the match benchmark). No page pattern starts with "api/", so no address changes.
urlpatterns = [
    path("api/", include(api_patterns)),
    path("", home, name="home"),
    path("home/panel/", home_panel, name="home-panel"),
    path("healthz", healthz, name="healthz"),
    path("accounts/", include("accounts.urls")),
    path("", include("accounts.notices.urls")),
    path("", include("gameplay.urls")),
    path("", include("tournaments.urls")),
    path("", include("tournaments.drafts.urls")),
    path("", include("tournaments.webhooks.urls")),
    path("", include("tournaments.swaps.urls")),
    path("", include("tournaments.coop.urls")),
    path("admin/", admin.site.urls),
]

handler400 = "config.errors.bad_request"
handler403 = "config.errors.permission_denied"
handler404 = "config.errors.page_not_found"
handler500 = "config.errors.server_error"
