"""Paper and the big screen: printable pairings, standings, result slips and deck lists, their QR
codes, the projector page, and "Where do I sit?" on the round page."""

from __future__ import annotations

import pytest
import segno

from common.qr import qr_svg
from gameplay.runeslingers.decklists import format_decklist
from gameplay.runeslingers.formats import Deck
from gameplay.runeslingers.site_catalog import current_catalog
from tests.conftest import Personas
from tests.factories import RegistrationFactory, UserFactory
from tournaments.models import Event, Round
from tournaments.services import decks, registration, results, rounds
from tournaments.services.results import Score

pytestmark = pytest.mark.django_db

NAMES = ("Eva", "Corvin", "Bryn", "Dagny", "Anselm", "Fenna")


def started(personas: Personas, best_of: int = 3) -> Round:
    """The personas' event with six named players more (seven in all: one bye), round 1 published."""
    personas.player.display_name = "Pat"
    personas.player.save(update_fields=["display_name"])
    event = personas.event
    event.best_of = best_of
    event.save(update_fields=["best_of"])
    for name in NAMES:
        RegistrationFactory.create(event=event, player=UserFactory.create(display_name=name))
    registration.start_event(event, personas.organiser)
    round_ = rounds.pair_next_round(event, personas.organiser)
    return rounds.publish_round(round_, personas.organiser)


def test_the_qr_code_is_segnos_code_of_the_url() -> None:
    url = "http://testserver/events/7/"
    svg = str(qr_svg(url))
    assert svg.startswith("<svg") and 'class="qr"' in svg
    assert "style" not in svg and "<script" not in svg  # fits the Content-Security-Policy
    expected_path = segno.make(url, error="m").svg_inline(lineclass=None, border=2, omitsize=True)
    assert expected_path.split("d=")[1] == svg.split("d=")[1]
    assert str(qr_svg(url + "x")) != svg


def test_pairings_print_both_orders(personas: Personas) -> None:
    round_ = started(personas)
    page = personas.client("anonymous").get(f"/events/{personas.event.pk}/rounds/1/print/")
    assert page.status_code == 200
    html = page.content.decode()
    by_table, by_name = html.split('data-testid="print-by-name"')
    for match in round_.matches.select_related("player_a", "player_b"):
        opponent = match.player_b.public_name if match.player_b else "bye"
        assert f'<td class="num">{match.table}</td><td>{match.player_a.public_name}</td><td>{opponent}</td>' in by_table
        line = f"<strong>{match.player_a.public_name}</strong> — table {match.table} — "
        assert line + (f"v {opponent}" if match.player_b else "bye") in by_name
    names = [line.split("<strong>")[1].split("</strong>")[0] for line in by_name.split("<li>")[1:]]
    assert names == sorted(names, key=str.lower) and len(names) == 7
    follow = qr_svg(f"http://testserver/events/{personas.event.pk}/", f"Follow {personas.event.name}")
    assert str(follow) in by_table


def test_standings_print_every_player_with_tiebreakers(personas: Personas) -> None:
    started(personas)
    html = personas.client("player").get(f"/events/{personas.event.pk}/standings/print/").content.decode()
    for name in NAMES:
        assert name in html
    assert "OMW%" in html and "Rank" in html and "Points" in html


def test_one_slip_per_table_with_boxes_names_and_the_report_code(personas: Personas) -> None:
    round_ = started(personas)
    page = personas.client("judge").get(f"/events/{personas.event.pk}/rounds/1/slips/")
    assert page.status_code == 200
    html = page.content.decode()
    tables = round_.matches.exclude(player_b=None).select_related("player_a", "player_b")
    assert html.count('class="slip"') == tables.count() == 3
    for match in tables:
        slip = html.split(f'data-testid="slip-{match.table}"')[1].split("</section>")[0]
        table_code = qr_svg(f"http://testserver/matches/{match.pk}/", f"Report table {match.table}'s result")
        assert str(table_code) in slip  # each slip's code leads to its own table's page
        assert f"Table {match.table}" in slip and personas.event.name in slip and "Round 1" in slip
        assert match.player_b is not None
        assert match.player_a.public_name in slip and match.player_b.public_name in slip
        assert slip.count('class="box"') == 2 + 2 + 3  # best of three: two wins each, three draws


def test_slips_and_private_lists_are_refused_to_players_and_outsiders(personas: Personas) -> None:
    started(personas)
    base = f"/events/{personas.event.pk}"
    for who in ("player", "outsider", "anonymous"):
        assert personas.client(who).get(f"{base}/rounds/1/slips/").status_code == 403, who
        assert personas.client(who).get(f"{base}/decks/print/").status_code == 403, who
    for who in ("organiser", "judge"):
        assert personas.client(who).get(f"{base}/decks/print/").status_code == 200, who


def test_a_draft_events_paper_and_projector_are_hidden_from_outsiders(personas: Personas) -> None:
    event = personas.event
    Event.objects.filter(pk=event.pk).update(status=Event.Status.DRAFT)
    base = f"/events/{event.pk}"
    urls = [f"{base}/standings/print/", f"{base}/projector/", f"{base}/projector/state/", f"{base}/decks/print/"]
    for who in ("outsider", "anonymous", "player"):
        for url in urls:
            assert personas.client(who).get(url).status_code == 404, (who, url)
    assert personas.client("organiser").get(f"{base}/projector/").status_code == 200


def test_a_preview_round_is_not_printed_for_players(personas: Personas) -> None:
    event = personas.event
    for name in NAMES:
        RegistrationFactory.create(event=event, player=UserFactory.create(display_name=name))
    registration.start_event(event, personas.organiser)
    rounds.pair_next_round(event, personas.organiser)
    assert personas.client("player").get(f"/events/{event.pk}/rounds/1/print/").status_code == 404
    assert personas.client("organiser").get(f"/events/{event.pk}/rounds/1/print/").status_code == 200


def test_the_projector_is_open_to_anyone_for_a_public_event(personas: Personas) -> None:
    client = personas.client("anonymous")
    base = f"/events/{personas.event.pk}"
    assert client.get(f"{base}/projector/state/").json() == {"round": None, "status": None, "ends_at": None}
    assert "Pairings are not out yet" in client.get(f"{base}/projector/").content.decode()
    round_ = started(personas)
    page = client.get(f"{base}/projector/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "Round 1" in html and 'data-testid="round-clock"' in html
    for match in round_.matches.select_related("player_a"):
        assert match.player_a.public_name in html
    state = client.get(f"{base}/projector/state/").json()
    assert state["round"] == 1 and state["status"] == Round.Status.OPEN
    assert round_.ends_at is not None and state["ends_at"] == round_.ends_at.isoformat()


def test_decklists_print_one_sheet_per_registered_list(personas: Personas) -> None:
    event = personas.event
    event.format = "awakening-starter"
    event.save(update_fields=["format"])
    catalog = current_catalog()
    starter = catalog.starter_decks["eva-starter"]
    deck = Deck.from_starter(starter)
    decks.register_deck(event, personas.player, deck, personas.player, source=format_decklist(deck, catalog))
    page = personas.client("judge").get(f"/events/{event.pk}/decks/print/")
    html = page.content.decode()
    assert html.count('data-testid="decklist-sheet"') == 1
    assert personas.player.public_name in html and event.name in html
    assert deck.runeslinger is not None and catalog.runeslingers[deck.runeslinger].name in html
    for card_id, copies in deck.cards.items():
        assert f'<td class="num">{copies}</td><td>{catalog.cards[card_id].name}</td>' in html
    assert personas.client("player").get(f"/events/{event.pk}/decks/print/").status_code == 403
    decks.publish_lists(event, personas.organiser)
    assert personas.client("outsider").get(f"/events/{event.pk}/decks/print/").status_code == 200


def test_where_do_i_sit_filters_by_name_and_puts_my_table_first(personas: Personas) -> None:
    round_ = started(personas)
    base = f"/events/{personas.event.pk}/rounds/1/"
    html = personas.client("anonymous").get(base, {"q": "eV"}).content.decode()
    cards = html.split('data-testid="pairings-by-name"')[1].split("</ul>")[0]
    assert cards.count('class="seat-card"') == 1 and "Eva" in cards
    mine = round_.matches.filter(player_a=personas.player).first() or round_.matches.get(player_b=personas.player)
    them = mine.player_b if mine.player_a_id == personas.player.pk else mine.player_a
    page = personas.client("player").get(base).content.decode()
    if them is None:
        assert "You have a bye this round." in page
    else:
        assert f"You are at table <strong>{mine.table}</strong>, against {them.public_name}." in page
    assert page.count('class="seat-card"') == 7  # everyone paired, one card each
    nobody = personas.client("anonymous").get(base, {"q": "zz"}).content.decode()
    assert 'class="seat-card"' not in nobody and "No player named “zz”" in nobody


def test_a_slips_table_page_gives_its_players_the_report_buttons_and_others_the_names(personas: Personas) -> None:
    round_ = started(personas)
    match = round_.matches.exclude(player_b=None).select_related("player_a", "player_b").first()
    assert match is not None and match.player_b is not None
    url = f"/matches/{match.pk}/"

    anonymous = personas.client("anonymous").get(url)
    assert anonymous.status_code == 302 and "/login/" in anonymous["Location"]  # sign in, then back here

    from django.test import Client

    player = Client()
    player.force_login(match.player_a)
    mine = player.get(url).content.decode()
    assert f"Table {match.table}" in mine and round_.label in mine
    assert match.player_a.public_name in mine and match.player_b.public_name in mine
    assert 'data-testid="report-buttons"' in mine and "I won 2-0" in mine

    judge = personas.client("judge").get(url).content.decode()
    assert 'data-testid="report-buttons"' not in judge
    assert "Only the two players at this table report its result." in judge
    staff_link = f'href="/matches/{match.pk}/dispute/" data-testid="table-staff-link">See the reports or set the result'
    assert staff_link in judge  # a judge who scans a slip can go on to set the result
    assert 'data-testid="table-staff-link"' not in mine
    results.report_result(match, match.player_a, Score(2, 0))
    results.report_result(match, match.player_b, Score(0, 2))
    disputed = personas.client("judge").get(url).content.decode()
    assert 'data-testid="table-staff-link">See both reports and settle</a>' in disputed


def test_a_previews_print_links_are_the_organisers_only(personas: Personas) -> None:
    event = personas.event
    for name in NAMES[:3]:
        RegistrationFactory.create(event=event, player=UserFactory.create(display_name=name))
    registration.start_event(event, personas.organiser)
    rounds.pair_next_round(event, personas.organiser)  # a preview, not published
    slips = f"/events/{event.pk}/rounds/1/slips/"
    assert slips in personas.client("organiser").get(f"/events/{event.pk}/manage/").content.decode()
    judge = personas.client("judge")
    assert slips not in judge.get(f"/events/{event.pk}/manage/").content.decode()
    assert judge.get(slips).status_code == 404  # what the link would have led to
