"""Reporting, confirming, disputing and settling results through the pages, all read in words."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.test import Client

from accounts.models import User
from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory, UserFactory
from tournaments.models import AuditEntry, Event, Match, ResultReport
from tournaments.services import registration, results, rounds

pytestmark = pytest.mark.django_db


@dataclass
class Table:
    event: Event
    match: Match
    eva: User
    corvin: User
    judge: User
    outsider: User

    def score(self, eva_games: int, corvin_games: int, draws: int = 0) -> dict[str, int]:
        """A table-order score (as staff forms post it) given as Eva's and Corvin's games."""
        a, b = (eva_games, corvin_games) if self.match.player_a_id == self.eva.pk else (corvin_games, eva_games)
        return {"a_games": a, "b_games": b, "draws": draws}


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def table() -> Table:
    """Eva v Corvin, best of three, round 1 open."""
    organiser = OrganiserFactory.create()
    event = EventFactory.create(organiser=organiser, best_of=3, name="Results Open")
    judge, outsider = UserFactory.create(display_name="Jude"), UserFactory.create(display_name="Olly")
    event.judges.add(judge)
    eva, corvin = UserFactory.create(display_name="Eva"), UserFactory.create(display_name="Corvin")
    for player in (eva, corvin):
        RegistrationFactory.create(event=event, player=player)
    registration.start_event(event, organiser)
    round_ = rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    return Table(event, round_.matches.get(), eva, corvin, judge, outsider)


def report(client: Client, match: Match, wins: int, losses: int, draws: int = 0) -> None:
    answer = client.post(f"/matches/{match.pk}/report/", {"wins": wins, "losses": losses, "draws": draws})
    assert answer.status_code == 302


def panel(client: Client, event: Event) -> str:
    return client.get(f"/events/{event.pk}/live/").content.decode()


def test_the_report_buttons_preselect_nothing_and_offer_the_common_results(table: Table) -> None:
    page = panel(signed_in(table.eva), table.event)
    for label in ("I won 2-0", "I won 2-1", "I lost 1-2", "I lost 0-2", "Draw 1-1", "Intentional draw"):
        assert f">{label}</button>" in page
    assert "Other score…" in page
    assert 'name="wins" min="0" max="3" required>' in page  # the numeric fields start empty


def test_a_one_tap_win_is_read_by_each_side_in_its_own_words_then_confirmed(table: Table) -> None:
    corvin, eva = signed_in(table.corvin), signed_in(table.eva)
    report(corvin, table.match, 2, 1)
    assert "You won 2-1 — waiting for Eva to confirm" in panel(corvin, table.event)
    evas = panel(eva, table.event)
    assert "Corvin reported that they won 2-1. Is that right?" in evas
    assert ">Confirm</button>" in evas and "<summary>That's not right</summary>" in evas

    assert eva.post(f"/matches/{table.match.pk}/confirm/").status_code == 302
    table.match.refresh_from_db()
    assert table.match.status == Match.Status.CONFIRMED and table.match.winner_id() == table.corvin.pk
    assert "Corvin won 2-1 against Eva" in Client().get(f"/events/{table.event.pk}/rounds/1/").content.decode()
    assert "You lost 1-2" in eva.get(f"/events/{table.event.pk}/players/{table.eva.pk}/").content.decode()
    assert eva.get(f"/api/matches/{table.match.pk}/").json()["result_text"] == "You lost 1-2"
    assert signed_in(table.outsider).get(f"/api/matches/{table.match.pk}/").json()["result_text"] == (
        "Corvin won 2-1 against Eva"
    )


def test_a_differing_second_report_is_a_dispute_shown_side_by_side_and_settled_after_a_confirmation(
    table: Table,
) -> None:
    report(signed_in(table.corvin), table.match, 2, 1)
    report(signed_in(table.eva), table.match, 2, 1)  # "That's not right": Eva says she won
    table.match.refresh_from_db()
    assert table.match.status == Match.Status.DISPUTED
    evas = panel(signed_in(table.eva), table.event)
    assert "<li>Eva reported that they won 2-1.</li>" not in evas  # her own report reads "you"
    assert "<li>You reported that you won 2-1.</li>" in evas
    assert "<li>Corvin reported that they won 2-1.</li>" in evas

    judge = signed_in(table.judge)
    manage = judge.get(f"/events/{table.event.pk}/manage/").content.decode()
    assert "<strong>Eva says:</strong> Eva won 2-1 against Corvin" in manage
    assert "<strong>Corvin says:</strong> Corvin won 2-1 against Eva" in manage
    assert ">Eva is right</button>" in manage and ">Corvin is right</button>" in manage
    # A pill beside the status badge, so it does not cover the badge when it wraps on a phone.
    assert '<strong class="badge status-disputed" data-testid="disputed-count">1 disputed result</strong>' in manage
    page = judge.get(f"/matches/{table.match.pk}/dispute/").content.decode()
    assert "<strong>Eva says:</strong>" in page and "<strong>Corvin says:</strong>" in page

    asked = judge.post(f"/matches/{table.match.pk}/set-result/", table.score(2, 1))
    assert asked.status_code == 200
    assert "Record Eva won 2-1 against Corvin?" in asked.content.decode()
    table.match.refresh_from_db()
    assert table.match.status == Match.Status.DISPUTED  # asking changed nothing

    done = judge.post(f"/matches/{table.match.pk}/set-result/", {**table.score(2, 1), "confirm": "yes"})
    assert done.status_code == 302
    table.match.refresh_from_db()
    assert table.match.status == Match.Status.CONFIRMED and table.match.winner_id() == table.eva.pk
    kinds = list(ResultReport.objects.filter(match=table.match).values_list("kind", "by"))
    assert kinds == [
        (ResultReport.Kind.REPORT, table.corvin.pk),
        (ResultReport.Kind.REPORT, table.eva.pk),
        (ResultReport.Kind.OVERRIDE, table.judge.pk),
    ]
    entry = AuditEntry.objects.get(event=table.event, kind=AuditEntry.Kind.RESULT_SET)
    assert entry.by == table.judge
    assert entry.describe() == "Round 1, table 1: dispute settled: Eva won 2-1 against Corvin"
    manage = judge.get(f"/events/{table.event.pk}/manage/").content.decode()
    assert "dispute settled: Eva won 2-1 against Corvin" in manage  # the history
    assert 'data-testid="disputed-count"' not in manage
    for line in (
        "Corvin reported: Corvin won 2-1 against Eva",
        "Eva reported: Eva won 2-1 against Corvin",
        "Jude set the result: Eva won 2-1 against Corvin",
    ):
        assert line in manage  # the results log


def test_an_override_is_audited_with_what_it_replaced(table: Table) -> None:
    organiser = signed_in(table.event.organiser)
    for eva_games, corvin_games in ((2, 0), (0, 2)):
        answer = organiser.post(
            f"/matches/{table.match.pk}/set-result/", {**table.score(eva_games, corvin_games), "confirm": "yes"}
        )
        assert answer.status_code == 302
    said = [e.describe() for e in AuditEntry.objects.filter(kind=AuditEntry.Kind.RESULT_SET)]
    assert said == [
        "Round 1, table 1: result set: Eva won 2-0 against Corvin",
        "Round 1, table 1: result changed to Corvin won 2-0 against Eva (was Eva won 2-0 against Corvin)",
    ]


@pytest.mark.parametrize("who", ["outsider", "eva"])
def test_only_the_organiser_and_judges_see_the_reports_or_settle(table: Table, who: str) -> None:
    report(signed_in(table.corvin), table.match, 2, 1)
    report(signed_in(table.eva), table.match, 2, 1)
    client = signed_in(getattr(table, who))
    page = client.get(f"/matches/{table.match.pk}/dispute/")
    assert page.status_code == 403
    assert "Only the event&#x27;s organiser and judges may do this." in page.content.decode()
    for body in (table.score(2, 1), {**table.score(2, 1), "confirm": "yes"}):
        refused = client.post(f"/matches/{table.match.pk}/set-result/", body)
        assert refused.status_code == 403
    table.match.refresh_from_db()
    assert table.match.status == Match.Status.DISPUTED
    assert not AuditEntry.objects.filter(kind=AuditEntry.Kind.RESULT_SET).exists()


def test_an_impossible_score_is_refused_before_anything_is_asked(table: Table) -> None:
    answer = signed_in(table.judge).post(f"/matches/{table.match.pk}/set-result/", {"a_games": 2, "b_games": 2})
    assert answer.status_code == 400
    assert "Both players cannot have won the match." in answer.content.decode()
    table.match.refresh_from_db()
    assert table.match.status == Match.Status.PENDING


def test_setting_a_result_over_a_waiting_report_says_what_the_report_said_and_the_api_lists_reports_in_words(
    table: Table,
) -> None:
    report(signed_in(table.eva), table.match, 2, 0)
    organiser = signed_in(table.event.organiser)
    answer = organiser.post(f"/matches/{table.match.pk}/set-result/", {**table.score(2, 1), "confirm": "yes"})
    assert answer.status_code == 302
    entry = AuditEntry.objects.get(kind=AuditEntry.Kind.RESULT_SET)
    assert entry.describe() == (
        "Round 1, table 1: result set: Eva won 2-1 against Corvin "
        "(the report waiting for confirmation said Eva won 2-0 against Corvin)"
    )
    listed = signed_in(table.corvin).get(f"/api/matches/{table.match.pk}/reports/").json()
    assert [row["text"] for row in listed] == [
        "Eva reported: Eva won 2-0 against Corvin",
        f"{table.event.organiser.public_name} set the result: Eva won 2-1 against Corvin",
    ]


def test_reporting_again_is_refused_in_the_players_own_words(table: Table) -> None:
    corvin = signed_in(table.corvin)
    report(corvin, table.match, 2, 1)
    # The same report again (a double tap) is refused; another score corrects it (test_report_correction).
    again = corvin.post(f"/matches/{table.match.pk}/report/", {"wins": 2, "losses": 1, "draws": 0})
    assert again.status_code == 409
    assert "You already reported a result (You won 2-1); your opponent has to confirm it." in again.content.decode()
    assert signed_in(table.eva).post(f"/matches/{table.match.pk}/confirm/").status_code == 302
    late = signed_in(table.eva).post(f"/matches/{table.match.pk}/report/", {"wins": 2, "losses": 0, "draws": 0})
    assert late.status_code == 409
    assert "The result is already confirmed (You lost 1-2)" in late.content.decode()
    assert ResultReport.objects.filter(match=table.match).count() == 2  # the refusals wrote nothing


def test_a_player_whose_opponent_is_a_guest_is_told_the_organiser_confirms() -> None:
    organiser = OrganiserFactory.create()
    event = EventFactory.create(organiser=organiser, best_of=3, name="Guest Open")
    eva = UserFactory.create(display_name="Eva")
    RegistrationFactory.create(event=event, player=eva)
    registration.add_walk_in(event, organiser, guest_name="Gwen")
    registration.start_event(event, organiser)
    round_ = rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    match = round_.matches.get()
    told = "Gwen plays as a guest, without an account, so the organiser (or a judge) confirms the result you report."
    evas = signed_in(eva)
    assert told in panel(evas, event)
    assert told in evas.get(f"/matches/{match.pk}/").content.decode()
    report(evas, match, 2, 0)
    shown = panel(evas, event)
    assert "You won 2-0 — waiting for the organiser to confirm" in shown and told in shown
    match.refresh_from_db()
    results.set_result(match, organiser, results.Score(match.a_games or 0, match.b_games or 0))
    assert told not in panel(evas, event)  # confirmed: nothing waits any more
