from __future__ import annotations

from django.urls import include, path

from accounts import views

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("profile/", views.profile, name="profile"),
    # Django's own pages, with the abuse limits (accounts/throttling.py); the rest come from the include.
    path("login/", views.LoginView.as_view(), name="login"),
    path("password_reset/", views.PasswordResetView.as_view(), name="password_reset"),
    path("", include("django.contrib.auth.urls")),
]
