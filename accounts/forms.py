from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm

from accounts.models import User


class SignUpForm(UserCreationForm[User]):
    email = forms.EmailField(required=True, help_text="Used only to reset your password.")

    class Meta:
        model = User
        fields = ("username", "display_name", "email")

    def clean_email(self) -> str:
        email = self.cleaned_data["email"].strip().lower()
        if User.objects.filter(email__iexact=email).exists():
            raise forms.ValidationError("An account with this email address already exists.")
        return email


class ProfileForm(forms.ModelForm[User]):
    class Meta:
        model = User
        fields = ("display_name", "email")
