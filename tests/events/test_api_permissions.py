"""Every event operation through the API, tried by each persona: only the right ones succeed."""

from __future__ import annotations

import csv
import io

import pytest
from django.db.models import Q

from accounts.models import User
from tests.clients import api_client as client
from tests.conftest import Personas
from tests.factories import RegistrationFactory, UserFactory
from tournaments.models import Match, Round
from tournaments.services import registration, rounds

pytestmark = pytest.mark.django_db


def people(p: Personas) -> dict[str, User | None]:
    return {"organiser": p.organiser, "judge": p.judge, "player": p.player, "outsider": p.outsider, "anonymous": None}


def running_round(p: Personas) -> Round:
    for _ in range(3):
        RegistrationFactory.create(event=p.event, player=UserFactory.create())
    registration.start_event(p.event, p.organiser)
    return rounds.publish_round(rounds.pair_next_round(p.event, p.organiser), p.organiser)


def test_only_the_organiser_runs_the_event(personas: Personas) -> None:
    RegistrationFactory.create(event=personas.event, player=UserFactory.create())
    url = f"/api/events/{personas.event.pk}/start/"
    codes = {who: client(user).post(url).status_code for who, user in people(personas).items() if who != "organiser"}
    assert codes == {"judge": 403, "player": 403, "outsider": 403, "anonymous": 403}
    assert client(personas.organiser).post(url).status_code == 200


def test_results_go_to_players_for_reports_and_to_staff_for_overrides(personas: Personas) -> None:
    round_ = running_round(personas)
    match = Match.objects.get(Q(player_a=personas.player) | Q(player_b=personas.player), round=round_)
    report = f"/api/matches/{match.pk}/report/"
    assert client(personas.outsider).post(report, {"wins": 1, "losses": 0}).status_code == 403
    assert client(None).post(report, {"wins": 1, "losses": 0}).status_code == 403
    assert client(personas.judge).post(report, {"wins": 1, "losses": 0}).status_code == 403
    bad = client(personas.player).post(report, {"wins": 1}, format="json")
    assert bad.status_code == 400 and "wins and losses" in str(bad.json())
    assert client(personas.player).post(report, {"wins": -1, "losses": 0}).status_code == 400
    assert Match.objects.get(pk=match.pk).status == Match.Status.PENDING
    assert client(personas.player).post(report, {"wins": 1, "losses": 0}).status_code == 200
    override = f"/api/matches/{match.pk}/set-result/"
    assert client(personas.player).post(override, {"a_games": 0, "b_games": 1}).status_code == 403
    assert client(personas.outsider).post(override, {"a_games": 0, "b_games": 1}).status_code == 403
    assert client(personas.judge).post(override, {"a_games": 0, "b_games": 1}).status_code == 200
    assert Match.objects.get(pk=match.pk).winner_id() == match.player_b_id
    reports = f"/api/matches/{match.pk}/reports/"
    assert client(personas.outsider).get(reports).status_code == 403
    assert [r["kind"] for r in client(personas.player).get(reports).json()] == ["report", "override"]


def test_drafts_and_previews_stay_private(personas: Personas) -> None:
    personas.event.status = "draft"
    personas.event.save()
    assert client(personas.outsider).get(f"/api/events/{personas.event.pk}/").status_code == 404
    assert client(personas.organiser).get(f"/api/events/{personas.event.pk}/").status_code == 200
    personas.event.status = "registration"
    personas.event.save()
    for _ in range(3):
        RegistrationFactory.create(event=personas.event, player=UserFactory.create())
    registration.start_event(personas.event, personas.organiser)
    preview = rounds.pair_next_round(personas.event, personas.organiser)
    assert client(personas.player).get(f"/api/rounds/{preview.pk}/").status_code == 404
    assert client(personas.organiser).get(f"/api/rounds/{preview.pk}/").status_code == 200
    listed = client(None).get(f"/api/events/{personas.event.pk}/rounds/").json()
    assert listed == []


def test_editing_pairings_refuses_bad_tables_and_changes_nothing(personas: Personas) -> None:
    for _ in range(3):
        RegistrationFactory.create(event=personas.event, player=UserFactory.create())
    registration.start_event(personas.event, personas.organiser)
    preview = rounds.pair_next_round(personas.event, personas.organiser)
    before = list(preview.matches.values_list("player_a", "player_b"))
    ids = [r.player_id for r in personas.event.registrations.all()]
    url = f"/api/rounds/{preview.pk}/pairings/"
    twice = client(personas.organiser).put(url, {"tables": [[ids[0], ids[1]], [ids[0], ids[2]]]}, format="json")
    assert twice.status_code == 400 and "paired more than once" in twice.json()["detail"]
    assert "left out" in twice.json()["detail"]
    assert list(preview.matches.values_list("player_a", "player_b")) == before
    good = client(personas.organiser).put(url, {"tables": [[ids[0], ids[3]], [ids[1], ids[2]]]}, format="json")
    assert good.status_code == 200
    assert {(m["player_a"], m["player_b"]) for m in good.json()["matches"]} == {(ids[0], ids[3]), (ids[1], ids[2])}


def test_standings_export_as_csv(personas: Personas) -> None:
    round_ = running_round(personas)
    for match in round_.matches.all():
        client(personas.organiser).post(f"/api/matches/{match.pk}/set-result/", {"a_games": 1, "b_games": 0})
    csv_text = personas.client("anonymous").get(f"/events/{personas.event.pk}/standings/?format=csv").content.decode()
    lines = csv_text.strip().splitlines()
    assert lines[0] == "rank,player,points,wins,losses,draws,mw,omw,gw,ogw,dropped"
    assert len(lines) == 5
    assert lines[1].split(",")[2] == "3"


def test_the_standings_csv_writes_names_a_spreadsheet_would_run_as_text(personas: Personas) -> None:
    """A display or guest name beginning with = + - @, a tab or a carriage return gets a quote in
    front (OWASP's rule for CSV injection), so the organiser's spreadsheet shows it as text."""
    User.objects.filter(pk=personas.player.pk).update(display_name='=HYPERLINK("http://x.example","win")')
    registration.add_walk_in(personas.event, personas.organiser, guest_name="@SUM(1+1)")
    running_round(personas)
    text = personas.client("anonymous").get(f"/events/{personas.event.pk}/standings/?format=csv").content.decode()
    names = {row[1] for row in csv.reader(io.StringIO(text, newline=""))}
    assert {'\'=HYPERLINK("http://x.example","win")', "'@SUM(1+1)"} <= names
