"""Pod events through the API and the CSV downloads: who may do what, refusals as 4xx, names not ids."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from django.test import Client

from accounts.models import User
from tests.clients import api_client as client
from tests.factories import UserFactory
from tests.pods.test_pod_services import members, pod_event, publish, settle
from tournaments.models import Event, PodReport, PodTable, Round
from tournaments.services import rounds

pytestmark = pytest.mark.django_db


def places(table: PodTable, order: list[int]) -> dict[str, Any]:
    return {"places": [{"player": u.pk, "place": n} for u, n in zip(members(table), order, strict=True)]}


def state(table: PodTable) -> tuple[Any, ...]:
    table.refresh_from_db()
    seats = list(table.seats.order_by("position").values_list("placement", "reported_placement"))
    return table.status, table.version, seats, PodReport.objects.count()


def test_the_round_pods_read_with_names_seats_and_places() -> None:
    event, organiser, _players = pod_event()
    round_ = publish(event, organiser)
    settle(round_.pod_tables.get(table=1), [1, 2, 2])
    answer = client(None).get(f"/api/round-pods/{round_.pk}/")
    assert answer.status_code == 200
    body = answer.json()
    assert [t["table"] for t in body] == [1, 2, 3]
    first = body[0]
    assert first["status_display"] == "Confirmed" and first["round"] == 1
    who = members(round_.pod_tables.get(table=1))
    assert [(s["name"], s["seat"], s["placement_text"], s["points"]) for s in first["seats"]] == [
        (who[0].public_name, 1, "1st", 3),
        (who[1].public_name, 2, "2nd", 2),
        (who[2].public_name, 3, "2nd", 2),
    ]
    assert first["reported_by_name"] == who[0].public_name and first["confirmed_by_name"] == who[1].public_name
    assert body[1]["status_display"] == "Not reported" and body[1]["seats"][0]["placement"] is None


def test_a_preview_is_seen_and_edited_by_the_organiser_only() -> None:
    event, organiser, p = pod_event()
    round_ = rounds.pair_next_round(event, organiser)
    url = f"/api/round-pods/{round_.pk}/"
    assert client(p["Ann"]).get(url).status_code == 404
    assert client(None).get(url).status_code == 404
    assert len(client(organiser).get(url).json()) == 3
    ids = [u.pk for u in p.values()]
    wanted = {"pods": [ids[0:3], ids[3:6], ids[6:9]]}
    assert client(p["Ann"]).put(url, wanted, format="json").status_code == 404
    bad = client(organiser).put(url, {"pods": [ids[0:3], ids[3:6], ids[6:8]]}, format="json")
    assert bad.status_code == 400 and "Ivy has no pod" in bad.json()["detail"]
    assert client(organiser).put(url, {"pods": "no"}, format="json").status_code == 400
    good = client(organiser).put(url, wanted, format="json")
    assert good.status_code == 200 and [[s["player"] for s in t["seats"]] for t in good.json()] == wanted["pods"]
    rounds.publish_round(round_, organiser)
    late = client(organiser).put(url, wanted, format="json")
    assert late.status_code == 409 and "can no longer be edited" in late.json()["detail"]


def test_a_member_reports_another_confirms_and_wrong_people_get_4xx() -> None:
    event, organiser, p = pod_event()
    round_ = publish(event, organiser)
    table = round_.pod_tables.get(table=1)
    a, b, c = members(table)
    outsider = next(u for u in p.values() if u not in (a, b, c))
    base = f"/api/pod-tables/{table.pk}"
    before = state(table)
    assert client(outsider).post(f"{base}/report/", places(table, [1, 2, 3]), format="json").status_code == 403
    assert client(None).post(f"{base}/report/", places(table, [1, 2, 3]), format="json").status_code == 403
    assert client(organiser).post(f"{base}/report/", places(table, [1, 2, 3]), format="json").status_code == 403
    tie = client(a).post(f"{base}/report/", places(table, [1, 1, 2]), format="json")
    assert tie.status_code == 400 and "so the place is 3rd" in tie.json()["detail"]
    twice = {"places": [{"player": a.pk, "place": 1}, {"player": a.pk, "place": 2}]}
    assert client(a).post(f"{base}/report/", twice, format="json").status_code == 400
    assert client(a).post(f"{base}/report/", {"places": []}, format="json").status_code == 400
    assert state(table) == before
    reported = client(a).post(f"{base}/report/", places(table, [1, 2, 3]), format="json")
    assert reported.status_code == 200 and reported.json()["status"] == "reported"
    own = client(a).post(f"{base}/confirm/")
    assert own.status_code == 409 and "Another player of the pod" in own.json()["detail"]
    assert client(outsider).post(f"{base}/confirm/").status_code == 403
    confirmed = client(c).post(f"{base}/confirm/")
    assert confirmed.status_code == 200 and confirmed.json()["status_display"] == "Confirmed"
    assert [s["placement"] for s in confirmed.json()["seats"]] == [1, 2, 3]
    again = client(b).post(f"{base}/report/", places(table, [3, 2, 1]), format="json")
    assert again.status_code == 409 and "already confirmed" in again.json()["detail"]
    reports = client(b).get(f"{base}/reports/").json()
    assert [r["kind"] for r in reports] == ["report", "confirm"] and reports[0]["by"] == a.public_name
    assert client(outsider).get(f"{base}/reports/").status_code == 403


def test_a_dispute_and_a_judges_placements() -> None:
    event, organiser, _players = pod_event()
    judge = UserFactory.create(username="jude", display_name="Jude")
    event.judges.add(judge)
    round_ = publish(event, organiser)
    table = round_.pod_tables.get(table=2)
    a, b, c = members(table)
    base = f"/api/pod-tables/{table.pk}"
    client(a).post(f"{base}/report/", places(table, [1, 2, 3]), format="json")
    long = client(b).post(f"{base}/dispute/", {"note": "x" * 501}, format="json")
    assert long.status_code == 400
    disputed = client(b).post(f"{base}/dispute/", {"note": "Cy won"}, format="json")
    assert disputed.status_code == 200 and disputed.json()["status_display"] == "Disputed"
    assert client(c).post(f"{base}/set-placements/", places(table, [3, 2, 1]), format="json").status_code == 403
    settled = client(judge).post(f"{base}/set-placements/", places(table, [3, 2, 1]), format="json")
    assert settled.status_code == 200 and [s["placement"] for s in settled.json()["seats"]] == [3, 2, 1]
    assert client(judge).get(f"{base}/reports/").json()[-1]["kind_display"] == "Set by a judge"


def test_pod_standings_by_api_and_csv_carry_names_places_and_points() -> None:
    event, organiser, _players = pod_event()
    round_ = publish(event, organiser)
    for table in round_.pod_tables.order_by("table"):
        settle(table, [1, 2, 3])
    rows = client(None).get(f"/api/events/{event.pk}/standings/").json()
    assert [r["points"] for r in rows] == [3, 3, 3, 2, 2, 2, 1, 1, 1]
    assert rows[0]["places_text"] == "1 × 1st" and rows[0]["rounds"] == 1 and "username" not in rows[0]
    assert {r["name"] for r in rows} == {u.public_name for u in User.objects.filter(pk__in=[r["player"] for r in rows])}

    page = Client().get(f"/events/{event.pk}/pods/standings.csv")
    assert page.status_code == 200 and page["Content-Type"].startswith("text/csv")
    lines = list(csv.reader(io.StringIO(page.content.decode())))
    assert lines[0] == [
        "rank", "player", "points", "pods played", "opponents' average", "1st", "2nd", "3rd", "dropped", "late entry"
    ]  # fmt: skip
    assert [line[2] for line in lines[1:]] == ["3", "3", "3", "2", "2", "2", "1", "1", "1"]
    assert lines[1][1] == rows[0]["name"] and lines[1][5:8] == ["1", "0", "0"]
    same = Client().get(f"/events/{event.pk}/standings/?format=csv")
    assert same.content == page.content


def test_the_round_csv_lists_every_seat_with_its_place_and_points() -> None:
    event, organiser, _players = pod_event()
    round_ = publish(event, organiser)
    first = round_.pod_tables.get(table=1)
    settle(first, [2, 1, 3])
    page = Client().get(f"/events/{event.pk}/rounds/1/pods.csv")
    assert page.status_code == 200
    lines = list(csv.reader(io.StringIO(page.content.decode())))
    assert lines[0] == ["pod", "seat", "player", "place", "points", "status"]
    who = members(first)
    assert lines[1:4] == [
        ["1", "1", who[0].public_name, "2nd", "2", "Confirmed"],
        ["1", "2", who[1].public_name, "1st", "3", "Confirmed"],
        ["1", "3", who[2].public_name, "3rd", "1", "Confirmed"],
    ]
    assert len(lines) == 10 and lines[4][3:] == ["", "", "Not reported"]
    for line in lines[1:]:
        assert not any(str(u.pk) == line[2] for u in User.objects.all())


def test_the_csv_of_a_preview_or_a_swiss_event_is_not_found() -> None:
    event, organiser, _players = pod_event()
    rounds.pair_next_round(event, organiser)
    assert Client().get(f"/events/{event.pk}/rounds/1/pods.csv").status_code == 404
    swiss = Event.objects.create(name="Swiss", organiser=organiser, status=Event.Status.REGISTRATION)
    assert Client().get(f"/events/{swiss.pk}/pods/standings.csv").status_code == 404
    assert Round.objects.filter(event=event).count() == 1


def test_the_openapi_schema_describes_the_pod_endpoints() -> None:
    spec = Client().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    paths = spec["paths"]
    for path in ("/api/round-pods/{id}/", "/api/pod-tables/{id}/report/", "/api/pod-tables/{id}/confirm/",
                 "/api/pod-tables/{id}/dispute/", "/api/pod-tables/{id}/set-placements/"):  # fmt: skip
        assert path in paths, path
    assert "PodSeat" in spec["components"]["schemas"]


def test_a_whole_pod_event_runs_through_the_api() -> None:
    event, organiser, p = pod_event(rounds=2)
    staff = client(organiser)
    for number in (1, 2):
        paired = staff.post(f"/api/events/{event.pk}/pair-next-round/")
        assert paired.status_code == 201 and paired.json()["stage"] == "pods" and paired.json()["number"] == number
        round_id = paired.json()["id"]
        assert "9 players in 3 pods of 3" in paired.json()["bye_explanation"]
        assert staff.post(f"/api/rounds/{round_id}/publish/").status_code == 200
        for table in client(p["Ann"]).get(f"/api/round-pods/{round_id}/").json():
            first, second = (User.objects.get(pk=s["player"]) for s in table["seats"][:2])
            body = {"places": [{"player": s["player"], "place": s["seat"]} for s in table["seats"]]}
            assert client(first).post(f"/api/pod-tables/{table['id']}/report/", body, format="json").status_code == 200
            assert client(second).post(f"/api/pod-tables/{table['id']}/confirm/").status_code == 200
        assert staff.post(f"/api/rounds/{round_id}/end/").status_code == 200
    third = staff.post(f"/api/events/{event.pk}/pair-next-round/")
    assert third.status_code == 409 and "All 2 rounds have been played" in third.json()["detail"]
    assert staff.post(f"/api/events/{event.pk}/finish/").json()["status"] == "finished"
    rows = client(None).get(f"/api/events/{event.pk}/standings/").json()
    assert sum(r["points"] for r in rows) == 2 * 3 * (3 + 2 + 1) and [r["rank"] for r in rows] == list(range(1, 10))
    assert all(r["rounds"] == 2 for r in rows)


FORMULAS = ['=HYPERLINK("http://x.example")', "+1+1", "-2+3", "@SUM(A1)", "\tcmd", "\rcmd"]


def test_names_a_spreadsheet_would_run_are_written_as_text_in_both_pod_downloads() -> None:
    """OWASP's rule for CSV injection: a name beginning with = + - @, a tab or a carriage return
    gets a quote in front, in the standings and in a round's pods."""
    event, organiser, players = pod_event()
    for user, name in zip(players.values(), FORMULAS, strict=False):
        User.objects.filter(pk=user.pk).update(display_name=name)
    publish(event, organiser)
    standings = Client().get(f"/events/{event.pk}/pods/standings.csv").content.decode()
    pods_csv = Client().get(f"/events/{event.pk}/rounds/1/pods.csv").content.decode()
    for text, column in ((standings, 1), (pods_csv, 2)):
        names = {line[column] for line in csv.reader(io.StringIO(text, newline=""))}
        assert {f"'{name}" for name in FORMULAS} <= names
        assert not names & set(FORMULAS)


def test_a_player_id_past_the_largest_key_is_a_400_not_a_500() -> None:
    """Found by the schemathesis run as an organiser: an id too large for the database's keys
    overflowed in the query (500)."""
    event, organiser, _players = pod_event()
    table = publish(event, organiser).pod_tables.order_by("table").first()
    assert table is not None
    body = {"places": [{"player": 10**20, "place": 1}]}
    answer = client(organiser).post(f"/api/pod-tables/{table.pk}/set-placements/", body, format="json")
    assert answer.status_code == 400 and "player" in str(answer.json())
    assert PodReport.objects.filter(table=table).count() == 0
