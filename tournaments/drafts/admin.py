from __future__ import annotations

from django.contrib import admin

from tournaments.drafts.models import Pick, Pod, Pool, Seat


class SeatInline(admin.TabularInline[Seat, Pod]):
    model = Seat
    extra = 0
    fields = ("index", "registration", "bot", "deadline", "timer_version")
    readonly_fields = fields


@admin.register(Pod)
class PodAdmin(admin.ModelAdmin[Pod]):
    list_display = ("event", "number", "status", "paused", "version")
    list_filter = ("status",)
    inlines = [SeatInline]
    # The status is read-only: it moves only through set_status (the transition table).
    readonly_fields = ("status", "packs", "version", "timer_version", "deadline")


@admin.register(Pick)
class PickAdmin(admin.ModelAdmin[Pick]):
    list_display = ("pod", "seat", "round", "pick_number", "auto", "at")
    list_filter = ("auto",)


@admin.register(Pool)
class PoolAdmin(admin.ModelAdmin[Pool]):
    list_display = ("event", "registration", "kind", "build_deadline", "deck_submitted_at", "auto_built")
