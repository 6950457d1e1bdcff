"""Finished events look finished: cut rounds named by size, the overview with its champion and
final placings, the bracket's game wins, the round robin's crosstable, tiebreakers explained."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.test import Client

from accounts.models import User
from tests.events.finished_events import finished_round_robin, finished_swiss_with_top_four, new_event, play_round
from tests.factories import EventFactory, UserFactory
from tournaments.errors import Invalid
from tournaments.models import DeckVersion, Event, EventDeck, Match, Round
from tournaments.pairing import MatchRecord, Standing, TiebreakSystem, advance_bracket, build_bracket
from tournaments.services import registration, rounds
from tournaments.web.presentation import (
    crosstable,
    final_placings,
    points_explained,
    tiebreak_cells,
)


def cut_round(number: int, swiss_rounds: int, top_cut: int) -> Round:
    event = Event(rounds=swiss_rounds, top_cut=top_cut, structure=Event.Structure.SWISS_TOP_CUT)
    return Round(event=event, number=number, stage=Round.Stage.TOP_CUT)


def test_swiss_rounds_keep_their_number() -> None:
    assert Round(event=Event(rounds=5), number=2, stage=Round.Stage.SWISS).label == "Round 2"
    assert Round(event=Event(rounds=3), number=3, stage=Round.Stage.ROUND_ROBIN).label == "Round 3"


@pytest.mark.parametrize(
    ("top_cut", "names"),
    [(8, ["Quarterfinal", "Semifinal", "Final"]), (4, ["Semifinal", "Final"]), (2, ["Final"])],
)
def test_cut_rounds_are_named_by_their_size(top_cut: int, names: list[str]) -> None:
    assert [cut_round(5 + stage, 5, top_cut).label for stage in range(1, len(names) + 1)] == names


def row(player: int, rank: int) -> SimpleNamespace:
    return SimpleNamespace(standing=standing(player, rank))


def standing(player: int, rank: int, **numbers: float) -> Standing:
    values = {"mw": 0.5, "omw": 0.5, "gw": 0.5, "ogw": 0.5, "oomw": 0.5} | numbers
    return Standing(rank, player, 9, 3, 1, 0, 0, **values)  # type: ignore[arg-type]


def test_a_finished_top_eight_places_its_players_by_how_far_they_went() -> None:
    rows = [row(p, p) for p in range(1, 11)]  # Swiss ranks 1..10; players 1..8 make the cut
    state = build_bracket(list(range(1, 9)), 8)  # 1v8, 4v5, 2v7, 3v6
    state = advance_bracket(state, [8, 5, 2, 6])  # quarterfinals
    state = advance_bracket(state, [5, 6])  # semifinals: 8 and 2 go out
    state = advance_bracket(state, [6])  # final
    placings = final_placings(rows, state)
    assert [p.row.standing.player for p in placings] == [6, 5, 2, 8, 1, 3, 4, 7, 9, 10]
    assert [p.place for p in placings[:5]] == ["1st", "2nd", "3rd–4th", "3rd–4th", "5th–8th"]
    assert [p.title for p in placings[:5]] == [
        "Champion",
        "Finalist",
        "Semifinalist",
        "Semifinalist",
        "Quarterfinalist",
    ]
    assert [(p.place, p.title) for p in placings[8:]] == [("9th", ""), ("10th", "")]


def test_without_a_finished_cut_the_placings_are_the_standings() -> None:
    rows = [row(p, p) for p in range(1, 5)]
    unfinished = build_bracket([1, 2, 3, 4], 4)
    for state in (None, unfinished):
        assert [(p.place, p.row.standing.player) for p in final_placings(rows, state)] == [
            ("1st", 1), ("2nd", 2), ("3rd", 3), ("4th", 4)
        ]  # fmt: skip


def test_the_crosstable_reads_each_result_from_the_row_players_side() -> None:
    rows = [row(1, 1), row(2, 2), row(3, 3)]
    records = [MatchRecord(1, 1, 2, 2, 1, 0), MatchRecord(2, 3, 1, 1, 1, 1), MatchRecord.bye(3, 2)]
    grid = crosstable(rows, records)
    assert [line.cells for line in grid] == [
        ["", "W 2-1", "D 1-1-1"],
        ["L 1-2", "", "–"],
        ["D 1-1-1", "–", ""],
    ]


def test_each_tiebreaker_is_explained_with_the_players_own_number_and_the_floor() -> None:
    mine = standing(7, 1, omw=0.625, gw=0.33)
    mtg = {c["heading"]: c["explains"] for c in tiebreak_cells(mine, TiebreakSystem.MTG)}
    assert list(mtg) == ["MW%", "OMW%", "GW%", "OGW%"]
    assert mtg["OMW%"].startswith("OMW% 62.50%: the average of your opponents' match-win percentages")
    assert "each at least 33%" in mtg["OMW%"]
    assert mtg["GW%"].startswith("GW% 33.00%:") and "at least 33%" in mtg["GW%"]
    pokemon = {c["heading"]: c["explains"] for c in tiebreak_cells(standing(7, 1, omw=0.7), TiebreakSystem.POKEMON)}
    assert list(pokemon) == ["Win%", "OWP", "OOWP"]
    assert pokemon["OWP"].startswith("OWP 70.00%:")
    assert "at least 25%" in pokemon["OWP"] and "at most 75% for an opponent who dropped" in pokemon["OWP"]
    assert points_explained(mine) == "9 points: 3 for each win, 1 for each draw. Your record is 3 won, 1 lost, 0 drawn."


@pytest.mark.django_db
def test_the_finished_overview_names_the_champion_and_the_final_places() -> None:
    event, _ = finished_swiss_with_top_four(winner_seed=4)
    seeds = [User.objects.get(pk=p).public_name for p in event.cut_seeds]
    response = Client().get(f"/events/{event.pk}/")
    assert response.status_code == 200
    page = response.content.decode()
    champion = response.context["champion"]
    assert champion.row.player.public_name == seeds[3]
    placings = response.context["placings"]
    # Seed 4 beat seed 1 then seed 2 (who beat seed 3): 1st seed 4, 2nd seed 2, 3rd-4th seeds 1 and 3.
    assert [p.row.player.public_name for p in placings[:4]] == [seeds[3], seeds[1], seeds[0], seeds[2]]
    assert [p.place for p in placings] == ["1st", "2nd", "3rd–4th", "3rd–4th", "5th", "6th", "7th", "8th"]
    assert f"Champion: <strong>{seeds[3]}</strong>" in page
    assert "Log in to register" not in page and "Register" not in page
    assert "(ended)" not in page
    assert "Semifinal" in page and "Final" in page
    assert 'data-testid="player-list"' in page
    for number in range(1, 6):
        assert f'href="/events/{event.pk}/rounds/{number}/"' in page


@pytest.mark.django_db
def test_the_bracket_shows_each_sides_game_wins() -> None:
    event, _ = finished_swiss_with_top_four(winner_seed=4)
    columns = Client().get(f"/events/{event.pk}/bracket/").context["columns"]
    assert [c["label"] for c in columns] == ["Semifinal", "Final"]
    final = columns[1]["matches"][0]
    assert (final["winner"], final["games_a"], final["games_b"]) == (final["a"], 2, 0)
    other_semi = columns[0]["matches"][1]
    assert (other_semi["games_a"], other_semi["games_b"]) == (2, 1)


@pytest.mark.django_db
def test_a_round_page_of_a_finished_event_writes_scores_with_names() -> None:
    event, _ = finished_swiss_with_top_four()
    final = Match.objects.get(round__event=event, round__number=5)
    page = Client().get(f"/events/{event.pk}/rounds/5/").content.decode()
    assert "<h2>Final " in page
    winner, loser = (final.player_a, final.player_b) if final.a_games else (final.player_b, final.player_a)
    assert winner is not None and loser is not None
    assert f"{winner.public_name} won 2-0 against {loser.public_name}" in page  # result_words, for a visitor


@pytest.mark.django_db
def test_the_crosstable_page_shows_every_result_from_both_sides_with_totals() -> None:
    event, _ = finished_round_robin()
    response = Client().get(f"/events/{event.pk}/crosstable/")
    assert response.status_code == 200
    grid = response.context["grid"]
    order = [line.row.player.pk for line in grid]
    for match in Match.objects.filter(round__event=event).exclude(player_b=None):
        a, b = order.index(match.player_a_id), order.index(match.player_b_id)
        assert (grid[a].cells[b], grid[b].cells[a]) == ("W 2-1", "L 1-2")
    for i, line in enumerate(grid):
        assert line.cells[i] == ""
        assert line.row.standing.points == 3 * sum(cell.startswith("W") for cell in line.cells)
        assert line.row.standing.rank == i + 1
    standings_page = Client().get(f"/events/{event.pk}/standings/").content.decode()
    assert f"/events/{event.pk}/crosstable/" in standings_page


@pytest.mark.django_db
def test_a_swiss_event_has_no_crosstable() -> None:
    event = EventFactory.create(name="Plain Swiss")
    response = Client().get(f"/events/{event.pk}/crosstable/")
    assert response.status_code == 404  # the site's not-found page, as for any page that does not exist


@pytest.mark.django_db
def test_an_unplayed_pairing_shows_a_dash_in_the_crosstable() -> None:
    event = EventFactory.create(structure=Event.Structure.ROUND_ROBIN)
    organiser = event.organiser
    for name in ("Ann", "Bo", "Cy", "Di"):
        registration.register(event, UserFactory.create(display_name=name))
    registration.start_event(event, organiser)
    event.refresh_from_db()
    rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    grid = Client().get(f"/events/{event.pk}/crosstable/").context["grid"]
    assert all(cell in ("", "–") for line in grid for cell in line.cells)


@pytest.mark.django_db
def test_the_standings_page_explains_each_players_tiebreakers() -> None:
    event, _ = finished_swiss_with_top_four()
    response = Client().get(f"/events/{event.pk}/standings/")
    first = response.context["rows"][0]
    omw = next(c for c in first["tiebreaks"] if c["heading"] == "OMW%")
    page = response.content.decode()
    assert omw["explains"] in page.replace("&#x27;", "'")
    assert f"OMW% {100 * first['row'].standing.omw:.2f}%" in omw["explains"]


@pytest.mark.django_db
def test_no_register_prompt_once_an_event_runs_only_the_current_round() -> None:
    event = EventFactory.create(name="Running Open")
    organiser = event.organiser
    for name in ("Ann", "Bo", "Cy", "Di"):
        registration.register(event, UserFactory.create(display_name=name))
    registration.start_event(event, organiser)
    rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    page = Client().get(f"/events/{event.pk}/").content.decode()
    assert "Log in to register" not in page
    assert "<h2>Round 1</h2>" in page
    open_event = EventFactory.create(name="Open Doors")
    assert "Log in to register" in Client().get(f"/events/{open_event.pk}/").content.decode()


@pytest.mark.django_db
def test_the_standings_of_a_finished_cut_name_each_cut_players_final_place() -> None:
    event, _ = finished_swiss_with_top_four(winner_seed=4)
    response = Client().get(f"/events/{event.pk}/standings/")
    titles = {item["row"].player.pk: item["title"] for item in response.context["rows"]}
    assert titles[event.cut_seeds[3]] == "1st, champion"
    assert titles[event.cut_seeds[1]] == "2nd, finalist"
    assert titles[event.cut_seeds[0]] == "3rd–4th, semifinalist"
    assert sum(bool(t) for t in titles.values()) == 4
    assert "the top cut decided the final places" in response.content.decode()


@pytest.mark.django_db
def test_a_round_without_tables_is_never_the_overviews_round_box() -> None:
    event = EventFactory.create(name="Odd Open", best_of=3)
    organiser = event.organiser
    for name in ("Ann", "Bo", "Cy", "Di"):
        registration.register(event, UserFactory.create(display_name=name))
    registration.start_event(event, organiser)
    play_round(rounds.pair_next_round(event, organiser), organiser)
    Round.objects.create(event=event, number=2, stage=Round.Stage.SWISS, status=Round.Status.ENDED)
    page = Client().get(f"/events/{event.pk}/").content.decode()
    assert "<h2>Round 1" in page and "<h2>Round 2" not in page


@pytest.mark.django_db
def test_the_champions_runeslinger_shows_once_lists_are_published() -> None:
    event, _ = finished_swiss_with_top_four(winner_seed=4)
    deck = EventDeck.objects.create(event=event, player_id=event.cut_seeds[3])
    DeckVersion.objects.create(deck=deck, number=1, runeslinger="Vex the Gleaming", text="", catalog_version="test")
    assert "Vex the Gleaming" not in Client().get(f"/events/{event.pk}/").content.decode()
    Event.objects.filter(pk=event.pk).update(lists_published=True)
    page = Client().get(f"/events/{event.pk}/").content.decode()
    assert "playing Vex the Gleaming" in page
    assert f'href="/events/{event.pk}/decks/"' in page


@pytest.mark.django_db
def test_a_pokemon_event_shows_and_explains_its_own_tiebreakers() -> None:
    event, organiser, _ = new_event(["Ann", "Bo", "Cy", "Di"], tiebreakers=Event.Tiebreakers.POKEMON)
    play_round(rounds.pair_next_round(event, organiser), organiser)
    response = Client().get(f"/events/{event.pk}/standings/")
    page = response.content.decode().replace("&#x27;", "'")
    assert [t.heading for t in response.context["tiebreaks"]] == ["Win%", "OWP", "OOWP"]
    assert ">OMW%<" not in page and ">OWP<" in page
    assert "at most 75% for an opponent who dropped" in page


@pytest.mark.django_db
def test_an_event_finished_before_any_result_names_no_champion() -> None:
    event, organiser, _ = new_event(["Ann", "Bo", "Cy", "Di"], name="Rained Off")
    registration.update_event(event, organiser, rounds=0)  # rained off: no round will be played
    rounds.finish_event(event, organiser)
    response = Client().get(f"/events/{event.pk}/")
    assert response.status_code == 200
    assert response.context["champion"] is None and response.context["placings"] == []
    assert "Champion" not in response.content.decode()
    assert [p.public_name for p in response.context["players"]] == ["Ann", "Bo", "Cy", "Di"]


@pytest.mark.django_db
def test_a_running_events_rounds_go_no_lower_than_those_played() -> None:
    event, organiser, _ = new_event(["Ann", "Bo", "Cy", "Di"], name="Short Day")
    rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    with pytest.raises(Invalid, match="Short Day has played 1 round; set between 1 and 20 rounds"):
        registration.update_event(event, organiser, rounds=0)
    event.refresh_from_db()
    assert event.rounds != 0  # nothing changed
    assert registration.update_event(event, organiser, rounds=1).rounds == 1
