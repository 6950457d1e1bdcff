"""One audit table for the organiser (event and round status moves, results set by staff); the
event status changes recorded so far are copied into it, then their old table goes."""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


def copy_event_status_changes(apps, schema_editor):
    old = apps.get_model("tournaments", "EventStatusChange")
    entry = apps.get_model("tournaments", "AuditEntry")
    entry.objects.bulk_create(
        entry(event_id=c.event_id, by_id=c.by_id, kind="event_status", subject="Event", old=c.old, new=c.new, at=c.at)
        for c in old.objects.order_by("at", "id")
    )


def copy_back(apps, schema_editor):
    old = apps.get_model("tournaments", "EventStatusChange")
    entry = apps.get_model("tournaments", "AuditEntry")
    old.objects.bulk_create(
        old(event_id=e.event_id, by_id=e.by_id, old=e.old, new=e.new, at=e.at)
        for e in entry.objects.filter(kind="event_status").order_by("at", "id")
    )


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0005_round_status_preview"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="AuditEntry",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("event_status", "Event status"),
                            ("round_status", "Round status"),
                            ("result_set", "Result set by staff"),
                        ],
                        max_length=20,
                    ),
                ),
                (
                    "subject",
                    models.CharField(
                        help_text='What changed, in words: "Event", "Round 2", "Round 2, table 3".', max_length=80
                    ),
                ),
                (
                    "old",
                    models.CharField(blank=True, help_text="The status value, or the score, before.", max_length=20),
                ),
                ("new", models.CharField(help_text="The status value, or the score, after.", max_length=20)),
                ("at", models.DateTimeField(default=django.utils.timezone.now)),
                ("note", models.TextField(blank=True)),
                (
                    "by",
                    models.ForeignKey(
                        blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, to=settings.AUTH_USER_MODEL
                    ),
                ),
                (
                    "event",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="audit_entries",
                        to="tournaments.event",
                    ),
                ),
            ],
            options={
                "verbose_name_plural": "audit entries",
                "ordering": ("at", "id"),
            },
        ),
        migrations.RunPython(copy_event_status_changes, copy_back),
        migrations.DeleteModel(
            name="EventStatusChange",
        ),
    ]
