"""Rename the round status "draft" to "preview": "draft" also names booster and deck drafts."""

from django.db import migrations, models


def draft_to_preview(apps, schema_editor):
    apps.get_model("tournaments", "Round").objects.filter(status="draft").update(status="preview")


def preview_to_draft(apps, schema_editor):
    apps.get_model("tournaments", "Round").objects.filter(status="preview").update(status="draft")


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0004_event_matches_public"),
    ]

    operations = [
        migrations.AlterField(
            model_name="round",
            name="status",
            field=models.CharField(
                choices=[("preview", "Preview"), ("open", "In progress"), ("ended", "Ended")],
                default="preview",
                max_length=10,
            ),
        ),
        migrations.RunPython(draft_to_preview, preview_to_draft),
    ]
