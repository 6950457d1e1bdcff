from __future__ import annotations

from django.urls import path

from accounts.notices import views

app_name = "notices"

urlpatterns = [
    path("notices/", views.notice_list, name="list"),
    path("notices/<id:notice_id>/read/", views.mark_read, name="read"),
    path("notices/read-all/", views.mark_all_read, name="read-all"),
    path("notices/switches/", views.save_switches, name="switches"),
    path("notices/push/subscribe/", views.push_subscribe, name="push-subscribe"),
    path("notices/push/unsubscribe/", views.push_unsubscribe, name="push-unsubscribe"),
    path("notices-sw.js", views.service_worker, name="service-worker"),
]
