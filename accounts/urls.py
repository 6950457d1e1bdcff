from __future__ import annotations

from django.urls import include, path

from accounts import views

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("profile/", views.profile, name="profile"),
    path("", include("django.contrib.auth.urls")),
]
