"""Results in words, from the reader's side and with names (no database: unsaved rows)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser

from accounts.models import User
from tournaments.models import Event, Match, ResultReport, Round
from tournaments.outcomes import claim_sentences, claims, outcome_words, report_choices, report_words, result_words

EVA, CORVIN, OUTSIDER = User(pk=1, display_name="Eva"), User(pk=2, display_name="Corvin"), User(pk=3, username="o")


def table(
    status: str = Match.Status.CONFIRMED,
    score: tuple[int, int, int] | None = None,
    *,
    best_of: int = 3,
    stage: str = Round.Stage.SWISS,
    reported_by: User | None = None,
) -> Match:
    """Eva (first seat) v Corvin in a best-of-three Swiss round unless told otherwise."""
    round_ = Round(event=Event(name="Open", best_of=best_of), number=2, stage=stage)
    a, b, d = score if score is not None else (None, None, None)
    seats = {"player_a": EVA, "player_b": CORVIN, "reported_by": reported_by}
    return Match(round=round_, table=3, status=status, a_games=a, b_games=b, draws=d, **seats)


def test_a_win_by_the_second_seat_reads_from_each_readers_side() -> None:
    won_by_corvin = table(score=(1, 2, 0))
    assert result_words(won_by_corvin, CORVIN) == "You won 2-1"
    assert result_words(won_by_corvin, EVA) == "You lost 1-2"
    assert result_words(won_by_corvin, OUTSIDER) == "Corvin won 2-1 against Eva"
    assert result_words(won_by_corvin, AnonymousUser()) == "Corvin won 2-1 against Eva"
    assert result_words(won_by_corvin) == "Corvin won 2-1 against Eva"


def test_a_win_by_the_first_seat_with_a_drawn_game() -> None:
    won_by_eva = table(score=(2, 0, 1))
    assert result_words(won_by_eva, EVA) == "You won 2-0-1"
    assert result_words(won_by_eva, CORVIN) == "You lost 0-2-1"
    assert result_words(won_by_eva, OUTSIDER) == "Eva won 2-0-1 against Corvin"


def test_draws_and_intentional_draws() -> None:
    drawn = table(score=(1, 1, 0))
    assert (result_words(drawn, EVA), result_words(drawn, CORVIN)) == ("Draw 1-1", "Draw 1-1")
    assert result_words(drawn, OUTSIDER) == "Eva and Corvin drew 1-1"
    agreed = table(score=(0, 0, 3))
    assert (result_words(agreed, EVA), result_words(agreed, CORVIN)) == ("Intentional draw", "Intentional draw")
    assert result_words(agreed, OUTSIDER) == "Eva and Corvin: intentional draw"


def test_best_of_one() -> None:
    assert result_words(table(score=(0, 1, 0), best_of=1), CORVIN) == "You won 1-0"
    assert result_words(table(score=(0, 1, 0), best_of=1), OUTSIDER) == "Corvin won 1-0 against Eva"
    drawn = table(score=(0, 0, 1), best_of=1)  # a best-of-one has no separate intentional draw
    assert (result_words(drawn, EVA), result_words(drawn, OUTSIDER)) == ("Draw 0-0-1", "Eva and Corvin drew 0-0-1")


def test_a_bye_and_a_match_not_reported() -> None:
    bye = Match(round=table().round, table=4, player_a=EVA, player_b=None, status=Match.Status.CONFIRMED)
    assert (result_words(bye, EVA), result_words(bye, OUTSIDER)) == ("Bye", "Bye")
    assert result_words(table(Match.Status.PENDING), EVA) == "Not reported yet"


def test_a_report_waiting_for_confirmation_reads_for_the_reporter_the_opponent_and_anyone_else() -> None:
    reported = table(Match.Status.REPORTED, (1, 2, 0), reported_by=CORVIN)
    assert result_words(reported, CORVIN) == "You won 2-1 — waiting for Eva to confirm"
    assert result_words(reported, EVA) == "Corvin reported that they won 2-1. Is that right?"
    outsiders_view = "Corvin reported: Corvin won 2-1 against Eva — waiting for Eva to confirm"
    assert result_words(reported, OUTSIDER) == outsiders_view
    lost = table(Match.Status.REPORTED, (0, 2, 0), reported_by=EVA)
    assert result_words(lost, CORVIN) == "Eva reported that they lost 0-2. Is that right?"
    agreed = table(Match.Status.REPORTED, (0, 0, 3), reported_by=EVA)
    assert result_words(agreed, CORVIN) == "Eva reported that they agreed an intentional draw. Is that right?"


def test_a_dispute_reads_in_words() -> None:
    disputed = table(Match.Status.DISPUTED, (2, 1, 0), reported_by=EVA)
    assert result_words(disputed, CORVIN).startswith("Your reports differ")
    assert "2-1" not in result_words(disputed, OUTSIDER)
    assert result_words(disputed, OUTSIDER).startswith("Disputed: Eva and Corvin reported different results")


def test_a_stated_score_reads_with_names() -> None:
    match = table(Match.Status.PENDING)
    assert outcome_words(match, 0, 2, 0) == "Corvin won 2-0 against Eva"
    assert outcome_words(match, 0, 2, 0, EVA) == "You lost 0-2"


def test_each_players_last_report_is_their_claim_in_their_words() -> None:
    match = table(Match.Status.DISPUTED, (2, 1, 0), reported_by=EVA)
    reports = [
        ResultReport(match=match, by=EVA, kind=ResultReport.Kind.REPORT, a_games=2, b_games=1, draws=0),
        ResultReport(match=match, by=CORVIN, kind=ResultReport.Kind.REPORT, a_games=1, b_games=2, draws=0),
    ]
    said = [(c["name"], c["says"], (c["a_games"], c["b_games"])) for c in claims(match, reports)]
    assert said == [("Eva", "Eva won 2-1 against Corvin", (2, 1)), ("Corvin", "Corvin won 2-1 against Eva", (1, 2))]
    assert report_words(reports[1]) == "Corvin reported: Corvin won 2-1 against Eva"
    assert claim_sentences(match, reports, CORVIN) == [
        "Eva reported that they won 2-1",
        "You reported that you won 2-1",
    ]
    judged = ResultReport(match=match, by=None, kind=ResultReport.Kind.OVERRIDE, a_games=2, b_games=0, draws=0)
    assert report_words(judged) == "The site set the result: Eva won 2-0 against Corvin"


@pytest.mark.parametrize(
    ("best_of", "stage", "labels"),
    [
        (3, Round.Stage.SWISS, ["I won 2-0", "I won 2-1", "I lost 1-2", "I lost 0-2", "Draw 1-1", "Intentional draw"]),
        (3, Round.Stage.TOP_CUT, ["I won 2-0", "I won 2-1", "I lost 1-2", "I lost 0-2"]),
        (1, Round.Stage.SWISS, ["I won", "I lost", "Draw"]),
    ],
)
def test_the_one_tap_choices_fit_the_match(best_of: int, stage: str, labels: list[str]) -> None:
    choices = report_choices(table(Match.Status.PENDING, best_of=best_of, stage=stage))
    assert [c["label"] for c in choices] == labels
    assert all(c["win"] == (c["wins"] > c["losses"]) for c in choices)


def test_a_player_whose_opponent_is_a_guest_reads_that_the_organiser_confirms() -> None:
    guest = User(pk=4, display_name="Gwen", is_guest=True)
    reported = table(Match.Status.REPORTED, (1, 2, 0), reported_by=CORVIN)
    reported.player_a = guest
    assert result_words(reported, CORVIN) == "You won 2-1 — waiting for the organiser to confirm"
    assert (
        result_words(reported, OUTSIDER)
        == "Corvin reported: Corvin won 2-1 against Gwen — waiting for the organiser to confirm"
    )
