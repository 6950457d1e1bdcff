"""A player corrects their own one-on-one report while it waits for the opponent (issue 30), as a
pod member can: the new score waits in its place, the history says what it was, and the
opponent never confirms a report they have not read."""

from __future__ import annotations

import pytest

from tests.events.test_result_pages import Table, panel, report, signed_in
from tests.events.test_result_pages import table as table  # the fixture
from tournaments.errors import Conflict
from tournaments.models import AuditEntry, Match, ResultReport
from tournaments.services import results
from tournaments.services.results import Score

pytestmark = pytest.mark.django_db


def test_the_reporter_corrects_a_mis_tap_and_the_history_says_what_it_was(table: Table) -> None:
    eva = signed_in(table.eva)
    report(eva, table.match, 2, 0)
    shown = panel(eva, table.event)
    assert "You won 2-0 — waiting for Corvin to confirm" in shown
    assert "<summary>Correct my report</summary>" in shown and ">I won 2-1</button>" in shown
    version = Match.objects.get(pk=table.match.pk).version

    corrected = eva.post(f"/matches/{table.match.pk}/report/", {"wins": 2, "losses": 1, "draws": 0}, follow=True)
    assert "Report corrected; your opponent confirms it." in corrected.content.decode()
    match = Match.objects.get(pk=table.match.pk)
    assert match.status == Match.Status.REPORTED and match.reported_by == table.eva
    assert match.version > version
    assert "You won 2-1 — waiting for Corvin to confirm" in panel(eva, table.event)
    assert "Eva reported that they won 2-1. Is that right?" in panel(signed_in(table.corvin), table.event)
    assert ResultReport.objects.filter(match=match, kind=ResultReport.Kind.REPORT).count() == 2
    [entry] = AuditEntry.objects.filter(event=table.event, kind=AuditEntry.Kind.RESULT_REPORT)
    assert entry.describe() == (
        "Round 1, table 1: report corrected by Eva: Eva won 2-1 against Corvin (was Eva won 2-0 against Corvin)"
    )
    assert entry.by == table.eva
    assert (
        "report corrected by Eva"
        in signed_in(table.event.organiser).get(f"/events/{table.event.pk}/manage/").content.decode()
    )


def test_the_opponent_never_confirms_a_report_changed_after_they_read_it(table: Table) -> None:
    eva, corvin = signed_in(table.eva), signed_in(table.corvin)
    report(eva, table.match, 2, 0)
    read_at = Match.objects.get(pk=table.match.pk).version
    assert f'name="version" value="{read_at}"' in panel(corvin, table.event)
    report(eva, table.match, 2, 1)  # corrected while Corvin's page still shows 2-0

    stale = corvin.post(f"/matches/{table.match.pk}/confirm/", {"version": read_at})
    assert stale.status_code == 409
    assert "The report changed after you read it: it now says You lost 1-2." in stale.content.decode()
    assert Match.objects.get(pk=table.match.pk).status == Match.Status.REPORTED
    bad = corvin.post(f"/matches/{table.match.pk}/confirm/", {"version": "two"})
    assert bad.status_code == 400 and "version: a whole number" in bad.content.decode()

    now = Match.objects.get(pk=table.match.pk).version
    assert corvin.post(f"/matches/{table.match.pk}/confirm/", {"version": now}).status_code == 302
    match = Match.objects.get(pk=table.match.pk)
    assert match.status == Match.Status.CONFIRMED
    assert (match.a_games, match.b_games) == ((2, 1) if match.player_a_id == table.eva.pk else (1, 2))

    late = eva.post(f"/matches/{table.match.pk}/report/", {"wins": 2, "losses": 0, "draws": 0})
    assert late.status_code == 409 and "already confirmed" in late.content.decode()


def test_the_api_corrects_and_confirms_with_the_version(table: Table) -> None:
    eva, corvin = signed_in(table.eva), signed_in(table.corvin)
    url = f"/api/matches/{table.match.pk}/"
    first = eva.post(url + "report/", {"wins": 2, "losses": 0}, content_type="application/json").json()
    fixed = eva.post(url + "report/", {"wins": 2, "losses": 1}, content_type="application/json")
    assert fixed.status_code == 200 and fixed.json()["result_text"] == "You won 2-1 — waiting for Corvin to confirm"
    stale = corvin.post(url + "confirm/", {"version": first["version"]}, content_type="application/json")
    assert stale.status_code == 409 and "changed after you read it" in stale.json()["detail"]
    bad = corvin.post(url + "confirm/", {"version": -1}, content_type="application/json")
    assert bad.status_code == 400 and "version" in bad.json()
    done = corvin.post(url + "confirm/", {"version": fixed.json()["version"]}, content_type="application/json")
    assert done.status_code == 200 and done.json()["status"] == Match.Status.CONFIRMED


def test_only_the_reporter_corrects_and_the_opponents_other_score_still_disputes(table: Table) -> None:
    match = results.report_result(table.match, table.eva, Score.from_players_view(table.match, table.eva, 2, 0, 0))
    with pytest.raises(Conflict, match="already reported a result"):
        results.report_result(match, table.eva, Score.from_players_view(match, table.eva, 2, 0, 0))
    disputed = results.report_result(match, table.corvin, Score.from_players_view(match, table.corvin, 2, 1, 0))
    assert disputed.status == Match.Status.DISPUTED
    with pytest.raises(Conflict, match="disputed"):
        results.report_result(disputed, table.eva, Score.from_players_view(disputed, table.eva, 2, 1, 0))
    assert not AuditEntry.objects.filter(kind=AuditEntry.Kind.RESULT_REPORT).exists()
