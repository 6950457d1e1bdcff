"""Account endpoints: who am I, and a token for scripts."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import generics, permissions, serializers
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import names, throttling
from accounts.models import User


class UserSerializer(serializers.ModelSerializer[User]):
    public_name = serializers.CharField(read_only=True)

    class Meta:
        model = User
        fields = ("id", "username", "display_name", "public_name", "email", "is_organiser", "is_staff")
        read_only_fields = ("id", "username", "is_organiser", "is_staff")

    def _user(self) -> User | None:
        return self.instance if isinstance(self.instance, User) else None

    def validate_display_name(self, value: str) -> str:
        return names.clean_display_name(value, self._user())

    def validate_email(self, value: str) -> str:
        return names.clean_email(value, self._user())


@extend_schema(tags=["accounts"])
class MeView(generics.RetrieveUpdateAPIView[User]):
    """The signed-in user; PATCH changes the display name (visible text that no other player is
    shown as) or the e-mail address (one no other account has); a refusal is a 400 naming the field."""

    serializer_class = UserSerializer
    permission_classes = [permissions.IsAuthenticated]

    def get_object(self) -> User:
        user = self.request.user
        assert isinstance(user, User)
        return user


class ObtainToken(ObtainAuthToken):
    """Your API token, for your username and password; send it as ``Authorization: Token <key>``.
    A password change or reset revokes it. Requests are limited per address and username: past the
    limit the answer is 429 with ``Retry-After`` and how long to wait. DRF's view sets its own
    parsers; this one takes the site's, whose JSON parser refuses JSON nested too deeply (400)."""

    parser_classes = APIView.parser_classes  # the settings' parsers, as every other view

    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        data = request.data
        throttling.check_api(request, "token", data.get("username") if hasattr(data, "get") else None)
        return super().post(request, *args, **kwargs)
