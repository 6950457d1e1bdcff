"""`manage.py load_catalog` also lints the Runebound data and refuses to pass broken data."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from gameplay.management.commands import load_catalog as command
from gameplay.runebound.catalog import load_runebound

pytestmark = pytest.mark.django_db


def test_the_command_reports_the_runebound_data_checked() -> None:
    out = StringIO()
    call_command("load_catalog", stdout=out)
    assert "Runebound data checked: 150 class cards, 30 talents, 6 published decks." in out.getvalue()


def test_broken_runebound_data_fails_the_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "broken.yaml").write_text("class_cards: []\ntalents: []\n")
    monkeypatch.setattr(command, "load_runebound", lambda: load_runebound(tmp_path))
    with pytest.raises(CommandError, match="(?s)Runebound: 1 problem.*no 'decks' in any data file"):
        call_command("load_catalog", stdout=StringIO())
