from __future__ import annotations

from django.contrib import admin

from tournaments.models import Event, Registration


class RegistrationInline(admin.TabularInline[Registration, Event]):
    model = Registration
    extra = 0


@admin.register(Event)
class EventAdmin(admin.ModelAdmin[Event]):
    list_display = ("name", "organiser", "format", "structure", "status", "created_at")
    list_filter = ("status", "structure", "format")
    readonly_fields = ("status",)  # statuses move only through set_status (the transition table)
    inlines = [RegistrationInline]
