"""Account endpoints: who am I, and a token for scripts."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import generics, permissions, serializers

from accounts.models import User


class UserSerializer(serializers.ModelSerializer[User]):
    public_name = serializers.CharField(read_only=True)

    class Meta:
        model = User
        fields = ("id", "username", "display_name", "public_name", "email", "is_organiser", "is_staff")
        read_only_fields = ("id", "username", "is_organiser", "is_staff")


@extend_schema(tags=["accounts"])
class MeView(generics.RetrieveUpdateAPIView[User]):
    """The signed-in user; PATCH changes the display name or email."""

    serializer_class = UserSerializer
    permission_classes = [permissions.IsAuthenticated]

    def get_object(self) -> User:
        user = self.request.user
        assert isinstance(user, User)
        return user
