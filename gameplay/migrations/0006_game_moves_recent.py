"""Games count their actions and keep the last ones' text, so a move needs no count or log query."""

from typing import Any

from django.db import migrations, models

RECENT = 30


def fill(apps: Any, schema_editor: Any) -> None:
    Game = apps.get_model("gameplay", "Game")
    GameAction = apps.get_model("gameplay", "GameAction")
    for game in Game.objects.all().iterator():
        actions = list(GameAction.objects.filter(game=game).order_by("seq").values_list("seq", "action"))
        game.moves = actions[-1][0] if actions else 0
        game.recent = [text for _seq, text in actions[-RECENT:]]
        game.save(update_fields=["moves", "recent"])


class Migration(migrations.Migration):
    dependencies = [("gameplay", "0005_first_player_choice")]

    operations = [
        migrations.AddField(
            model_name="game",
            name="moves",
            field=models.PositiveIntegerField(default=0, help_text="Actions applied so far (the last action's seq)."),
        ),
        migrations.AddField(
            model_name="game",
            name="recent",
            field=models.JSONField(
                default=list, help_text="The last actions' text, newest last (the page's game log)."
            ),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
