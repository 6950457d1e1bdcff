from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm

from accounts import names
from accounts.models import User


class SignUpForm(UserCreationForm[User]):
    email = forms.EmailField(required=True, help_text="Used only to reset your password.")

    class Meta:
        model = User
        fields = ("username", "display_name", "email")

    def clean_display_name(self) -> str:
        return names.clean_display_name(self.cleaned_data["display_name"], None)

    def clean_email(self) -> str:
        return names.clean_email(self.cleaned_data["email"], None)


class ProfileForm(forms.ModelForm[User]):
    """The display name (visible text, nobody else's) and the e-mail address (nobody else's)."""

    class Meta:
        model = User
        fields = ("display_name", "email")

    def clean_display_name(self) -> str:
        return names.clean_display_name(self.cleaned_data["display_name"], self.instance)

    def clean_email(self) -> str:
        return names.clean_email(self.cleaned_data["email"], self.instance)
