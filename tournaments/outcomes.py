"""A match result in words, from the reader's side and with names: never a bare score in table order.

``result_words(match, viewer)`` is what a page shows for a match: "You won 2-1" for a player in
it (their own games first), "Eva won 2-1 against Corvin" for anyone else, and the waiting and
disputed states in words too. ``outcome_words`` says one stated score (a report, an override)
the same way. No queries beyond the match's players and its round's event.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tournaments.models import Match, ResultReport


def _games(mine: int, theirs: int, draws: int) -> str:
    return f"{mine}-{theirs}" + (f"-{draws}" if draws else "")


def is_intentional_draw(match: Match, a_games: int, b_games: int, draws: int) -> bool:
    """An intentional draw is recorded as no games won and every game of the match drawn
    (0-0-3 in a best-of-three); a best-of-one has no separate intentional draw."""
    best_of = match.round.event.best_of
    return best_of > 1 and a_games == b_games == 0 and draws == best_of


def _viewer_id(viewer: Any) -> int | None:
    return getattr(viewer, "pk", None) if getattr(viewer, "is_authenticated", False) else None


def _sides(match: Match, a_games: int, b_games: int, player_id: int) -> tuple[int, int, str]:
    """The player's games, the opponent's games and the opponent's name."""
    assert match.player_b is not None
    if player_id == match.player_a_id:
        return a_games, b_games, match.player_b.public_name
    return b_games, a_games, match.player_a.public_name


def players_claim(match: Match, a_games: int, b_games: int, draws: int, player_id: int) -> str:
    """What the player says happened, after "they": "won 2-1", "lost 0-2", "drew 1-1"."""
    if is_intentional_draw(match, a_games, b_games, draws):
        return "agreed an intentional draw"
    mine, theirs, _ = _sides(match, a_games, b_games, player_id)
    verb = "won" if mine > theirs else "lost" if mine < theirs else "drew"
    return f"{verb} {_games(mine, theirs, draws)}"


def outcome_words(match: Match, a_games: int, b_games: int, draws: int, viewer: Any = None) -> str:
    """One stated result: "You won 2-1" for a player in the match, "Eva won 2-1 against Corvin"
    (the winner's games first) or "Eva and Corvin drew 1-1" for anyone else."""
    if match.player_b is None:
        return "Bye"
    me = _viewer_id(viewer)
    intentional = is_intentional_draw(match, a_games, b_games, draws)
    if me in match.players():
        if intentional:
            return "Intentional draw"
        mine, theirs, _ = _sides(match, a_games, b_games, me)
        if mine == theirs:
            return f"Draw {_games(mine, theirs, draws)}"
        return f"You {'won' if mine > theirs else 'lost'} {_games(mine, theirs, draws)}"
    a_name, b_name = match.player_a.public_name, match.player_b.public_name
    if intentional:
        return f"{a_name} and {b_name}: intentional draw"
    if a_games == b_games:
        return f"{a_name} and {b_name} drew {_games(a_games, b_games, draws)}"
    if a_games > b_games:
        return f"{a_name} won {_games(a_games, b_games, draws)} against {b_name}"
    return f"{b_name} won {_games(b_games, a_games, draws)} against {a_name}"


def _reported_words(match: Match, viewer: Any) -> str:
    """A first report waiting for the opponent, as each reader needs it."""
    a, b, d = match.a_games or 0, match.b_games or 0, match.draws or 0
    reporter = match.reported_by_id
    if reporter not in match.players():  # cannot happen through the services; say it plainly
        return f"Reported: {outcome_words(match, a, b, d)} — waiting for confirmation"
    assert match.player_b is not None
    names = {match.player_a_id: match.player_a.public_name, match.player_b_id: match.player_b.public_name}
    other = match.player_b_id if reporter == match.player_a_id else match.player_a_id
    # A guest cannot sign in to confirm: the organiser (or a judge) does.
    other_is_guest = (match.player_b if other == match.player_b_id else match.player_a).is_guest
    confirmer = "the organiser" if other_is_guest else names[other]
    me = _viewer_id(viewer)
    if me == reporter:
        return f"{outcome_words(match, a, b, d, viewer)} — waiting for {confirmer} to confirm"
    if me == other:
        return f"{names[reporter]} reported that they {players_claim(match, a, b, d, reporter)}. Is that right?"
    return f"{names[reporter]} reported: {outcome_words(match, a, b, d)} — waiting for {confirmer} to confirm"


def result_words(match: Match, viewer: Any = None) -> str:
    """The match's result as ``viewer`` (a user, anonymous or None) should read it."""
    if match.is_bye:
        return "Bye"
    if match.is_pending or match.a_games is None:
        return "Not reported yet"
    if match.awaits_confirmation:
        return _reported_words(match, viewer)
    if match.is_disputed:
        assert match.player_b is not None
        if _viewer_id(viewer) in match.players():
            return "Your reports differ — a judge or the organiser will settle the result"
        names = f"{match.player_a.public_name} and {match.player_b.public_name}"
        return f"Disputed: {names} reported different results — a judge or the organiser will settle it"
    return outcome_words(match, match.a_games, match.b_games or 0, match.draws or 0, viewer)


BEST_OF_THREE = [
    ("I won 2-0", 2, 0, 0), ("I won 2-1", 2, 1, 0), ("I lost 1-2", 1, 2, 0), ("I lost 0-2", 0, 2, 0),
    ("Draw 1-1", 1, 1, 0), ("Intentional draw", 0, 0, 3),
]  # fmt: skip
BEST_OF_ONE = [("I won", 1, 0, 0), ("I lost", 0, 1, 0), ("Draw", 0, 0, 1)]


def report_choices(match: Match) -> list[dict[str, Any]]:
    """The one-tap results a player may report, from their side (wins, losses, draws); a top-cut
    match needs a winner, so it offers no draws."""
    choices = BEST_OF_ONE if match.round.event.best_of == 1 else BEST_OF_THREE
    no_draws = match.round.stage == match.round.Stage.TOP_CUT
    return [
        {"label": label, "wins": wins, "losses": losses, "draws": draws, "win": wins > losses}
        for label, wins, losses, draws in choices
        if not (no_draws and wins == losses)
    ]


REPORT_VERBS = {
    ResultReport.Kind.REPORT: "reported",
    ResultReport.Kind.CONFIRM: "confirmed",
    ResultReport.Kind.OVERRIDE: "set the result",
    ResultReport.Kind.AUTO: "recorded",
}


def report_words(report: ResultReport) -> str:
    """One row of a match's report history: "Eva reported: Eva won 2-1 against Corvin"."""
    who = report.by.public_name if report.by is not None else "The site"
    said = outcome_words(report.match, report.a_games, report.b_games, report.draws)
    return f"{who} {REPORT_VERBS.get(ResultReport.Kind(report.kind), 'recorded')}: {said}"


def claims(match: Match, reports: Iterable[ResultReport]) -> list[dict[str, Any]]:
    """What each player said last about the match, one entry per player who reported, in seat
    order: the player's name, their words ("Eva says: Eva won 2-1 against Corvin"), when, and the
    score in table order (for settling it with one tap)."""
    return [_claim(match, report) for report in _last_claims(match, reports)]


def _last_claims(match: Match, reports: Iterable[ResultReport]) -> list[ResultReport]:
    """Each player's last report or confirmation, in seat order (players who said nothing left out)."""
    last: dict[int, ResultReport] = {}
    for report in reports:
        if report.by_id in match.players() and report.kind in (ResultReport.Kind.REPORT, ResultReport.Kind.CONFIRM):
            last[report.by_id] = report
    return [last[player] for player in match.players() if player in last]


def _claim(match: Match, report: ResultReport) -> dict[str, Any]:
    assert report.by is not None
    said = outcome_words(match, report.a_games, report.b_games, report.draws)
    return {
        "name": report.by.public_name, "says": said, "at": report.at,
        "a_games": report.a_games, "b_games": report.b_games, "draws": report.draws,
    }  # fmt: skip


def claim_sentences(match: Match, reports: Iterable[ResultReport], viewer: Any) -> list[str]:
    """For a player in a disputed match: what each of them reported, from the speaker's side
    ("You reported that you won 2-1", "Corvin reported that they won 2-0")."""
    me = _viewer_id(viewer)
    sentences = []
    for report in _last_claims(match, reports):
        assert report.by is not None  # a claim is always a player's
        claim = players_claim(match, report.a_games, report.b_games, report.draws, report.by.pk)
        who = "You reported that you" if report.by.pk == me else f"{report.by.public_name} reported that they"
        sentences.append(f"{who} {claim}")
    return sentences
