"""A round robin's ties said as ties, with the tiebreakers that did not separate them; the
organiser's playoff for a tie of two, recorded and deciding the place; the crosstable's bye column."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from accounts.models import User
from tests.events.finished_events import new_event, play_round
from tournaments.errors import Conflict, Invalid
from tournaments.models import AuditEntry, Event, Match, Playoff
from tournaments.services import playoffs, results, rounds
from tournaments.services.standings import standings

pytestmark = pytest.mark.django_db


def text_of(client: Client, url: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", client.get(url).content.decode())))


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def drawn(match: Match) -> results.Score:
    return results.Score(1, 1, 1)


def two_drew() -> tuple[Event, User, dict[str, User]]:
    """Eva and Corvin play their one round robin match to a 1-1 draw: nothing separates them."""
    event, organiser, players = new_event(["Eva", "Corvin"], name="Pair Cup", structure=Event.Structure.ROUND_ROBIN)
    assert event.rounds == 1
    round_ = rounds.pair_next_round(event, organiser)
    rounds.publish_round(round_, organiser)
    results.set_result(round_.matches.get(), organiser, results.Score(1, 1, 1))
    return event, organiser, players


def test_a_tie_is_said_as_a_tie_with_the_tiebreakers_that_did_not_separate_it() -> None:
    event, _, _ = two_drew()
    first, second = (row.player.public_name for row in standings(event))
    text = text_of(Client(), f"/events/{event.pk}/standings/")
    assert (
        f"{first} and {second} are tied for 1st place: 1 point each, and OMW% (33.33%), GW% (44.44%) and "
        f"OGW% (44.44%) did not separate them, so the event's seeded order lists {first} first."
    ) in text
    assert "Order a playoff" not in text  # only the organiser orders one


def test_the_organiser_orders_a_playoff_once_the_last_round_has_ended_and_its_winner_takes_the_place() -> None:
    event, organiser, players = two_drew()
    boss = signed_in(organiser)
    url = f"/events/{event.pk}/standings/"
    assert "Playoffs are ordered once the last round has ended" in text_of(boss, url)
    early = boss.post(f"/events/{event.pk}/playoffs/", {"place": "1"})
    assert early.status_code == 409 and not Playoff.objects.exists()

    rounds.end_round(event.round_set.get(), organiser)
    assert "Order a playoff for 1st place" in text_of(boss, url)
    assert signed_in(players["Eva"]).post(f"/events/{event.pk}/playoffs/", {"place": "1"}).status_code == 403
    assert boss.post(f"/events/{event.pk}/playoffs/", {"place": "2"}).status_code == 400  # nobody tied for 2nd
    assert boss.post(f"/events/{event.pk}/playoffs/", {"place": "x"}).status_code == 400
    assert boss.post(f"/events/{event.pk}/playoffs/", {"place": "1"}).status_code == 302
    playoff = Playoff.objects.get(event=event)
    seeded_first, seeded_second = playoff.player_a, playoff.player_b
    assert [r.player for r in standings(event)] == [seeded_first, seeded_second]
    assert boss.post(f"/events/{event.pk}/playoffs/", {"place": "1"}).status_code == 409  # ordered already
    text = text_of(boss, url)
    assert (
        f"A playoff decides it: {seeded_first.public_name} v {seeded_second.public_name}, waiting for its result."
        in text
    )
    refused = rounds.finish_refusal(event)
    assert refused == (
        f"The playoff for 1st place ({seeded_first.public_name} v {seeded_second.public_name}) has no winner yet; "
        "record it before finishing."
    )

    winner_url = f"/playoffs/{playoff.pk}/winner/"
    assert signed_in(players["Eva"]).post(winner_url, {"winner": str(seeded_second.pk)}).status_code == 403
    assert boss.post(winner_url, {"winner": str(organiser.pk)}).status_code == 400
    assert boss.post(winner_url, {"winner": str(seeded_second.pk)}).status_code == 302
    assert [r.player for r in standings(event)] == [seeded_second, seeded_first]  # the playoff decides 1st
    assert [r.standing.rank for r in standings(event)] == [1, 2]
    text = text_of(Client(), url)
    assert (
        f"{seeded_second.public_name} won the playoff against {seeded_first.public_name} and takes 1st place." in text
    )
    history = [e.describe() for e in AuditEntry.objects.filter(event=event, kind=AuditEntry.Kind.PLAYOFF)]
    assert history == [
        f"Playoff for 1st place: ordered: {seeded_first.public_name} v {seeded_second.public_name}",
        f"Playoff for 1st place: {seeded_second.public_name} won against {seeded_first.public_name}",
    ]
    finished = rounds.finish_event(event, organiser)
    assert finished.is_finished
    overview = text_of(Client(), f"/events/{event.pk}/")
    assert re.search(rf"Champion\W+{re.escape(seeded_second.public_name)}", overview), overview[:2000]
    with pytest.raises(Conflict, match="has finished"):
        playoffs.record_playoff(playoff, seeded_first, organiser)


def cycle(match: Match) -> results.Score:
    """Ada beats Bo, Bo beats Cy, Cy beats Ada, each 2-0: three players alike in every number."""
    beats = {("Ada", "Bo"), ("Bo", "Cy"), ("Cy", "Ada")}
    assert match.player_b is not None
    a, b = match.player_a.public_name, match.player_b.public_name
    return results.Score(2, 0) if (a, b) in beats else results.Score(0, 2)


def test_a_tie_of_three_is_said_and_no_playoff_is_offered_and_the_crosstable_shows_each_bye() -> None:
    event, organiser, _ = new_event(["Ada", "Bo", "Cy"], name="Three Cup", structure=Event.Structure.ROUND_ROBIN)
    assert event.rounds == 3
    for _ in range(3):
        play_round(rounds.pair_next_round(event, organiser), organiser, cycle)
    boss = signed_in(organiser)
    text = text_of(boss, f"/events/{event.pk}/standings/")
    order = [row.player.public_name for row in standings(event)]
    assert f"{order[0]}, {order[1]} and {order[2]} are tied for 1st place: 6 points each" in text
    assert "Order a playoff" not in text
    with pytest.raises(Invalid, match="a playoff is a match between two players"):
        playoffs.order_playoff(event, 1, organiser)
    grid = boss.get(f"/events/{event.pk}/crosstable/").content.decode()
    byes = re.findall(r'<td class="bye" data-testid="bye">([^<]*)</td>', grid)
    assert sorted(byes) == ["Round 1", "Round 2", "Round 3"]
    assert '<th class="bye">Bye</th>' in grid
