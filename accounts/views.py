from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from accounts import throttling
from accounts.forms import ProfileForm, SignUpForm
from accounts.models import User
from accounts.notices import services as notices


class LoginView(auth_views.LoginView):
    """Django's sign-in page, with the sign-in limit: over it, the form comes back (the username
    kept, nothing checked) with how long to wait, as a 429."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        username = request.POST.get("username")
        refused = throttling.check_page(request, "sign-in", username)
        if refused is None:
            return super().post(request, *args, **kwargs)
        form = self.get_form_class()(request, initial={"username": username or ""})
        return refused.mark(self.render_to_response(self.get_context_data(form=form, throttled=refused.message)))


class PasswordResetView(auth_views.PasswordResetView):
    """Django's password-reset request page, with its limit (per client address)."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        refused = throttling.check_page(request, "password-reset")
        if refused is None:
            return super().post(request, *args, **kwargs)
        form = self.get_form_class()(initial={"email": request.POST.get("email", "")})
        return refused.mark(self.render_to_response(self.get_context_data(form=form, throttled=refused.message)))


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("home")
    if request.method == "POST":
        refused = throttling.check_page(request, "sign-up")
        if refused is not None:
            kept = {name: request.POST.get(name, "") for name in ("username", "display_name", "email")}
            context = {"form": SignUpForm(initial=kept), "throttled": refused.message}
            return refused.mark(render(request, "registration/signup.html", context))
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, f"Welcome to Fett, {user.public_name}.")
        return redirect("home")
    return render(request, "registration/signup.html", {"form": form}, status=400 if form.errors else 200)


@login_required
@require_http_methods(["GET", "POST"])
def profile(request: HttpRequest) -> HttpResponse:
    assert isinstance(request.user, User)  # login_required
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, "Profile saved.")
        return redirect("profile")
    return render(
        request, "accounts/profile.html", _profile_context(request.user, form), status=400 if form.errors else 200
    )


def _profile_context(user: User, form: ProfileForm) -> dict[str, Any]:
    """The profile's form, and the notices' switches and Web Push set-up (``accounts.notices``)."""
    return {
        "form": form,
        "notice_switches": notices.switch_rows(user),
        "push_key": settings.VAPID_PUBLIC_KEY if notices.push_configured() else "",
        "push_browsers": user.push_subscriptions.count(),
    }
