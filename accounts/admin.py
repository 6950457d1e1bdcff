from __future__ import annotations

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from accounts.models import User


@admin.register(User)
class FettUserAdmin(UserAdmin):
    list_display = ("username", "display_name", "email", "is_organiser", "is_staff")
    list_filter = ("is_organiser", "is_staff", "is_superuser", "is_active")
    fieldsets = (*(UserAdmin.fieldsets or ()), ("Fett", {"fields": ("display_name", "is_organiser")}))
