"""Match results: a player reports, the opponent confirms, staff settle disputes.

Values are always (a_games, b_games, draws) from table order (player A first).
Every report, confirmation and override is kept as a ``ResultReport`` row.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from accounts.models import User
from common.words import count
from gameplay.matches import services as play
from gameplay.matches.errors import MatchError
from gameplay.matches.models import PlayMatch
from tournaments import notices
from tournaments.errors import Conflict, EventRefusal, Forbidden, Invalid
from tournaments.models import AuditEntry, Event, Match, ResultReport, Round
from tournaments.outcomes import outcome_words
from tournaments.permissions import Perm, require
from tournaments.services.common import locked_event
from tournaments.webhooks import announce


@dataclass(frozen=True)
class Score:
    a_games: int
    b_games: int
    draws: int = 0

    @classmethod
    def from_players_view(cls, match: Match, player: User, wins: int, losses: int, draws: int) -> Score:
        """A score given as the reporting player's wins and losses."""
        return cls(wins, losses, draws) if player.pk == match.player_a_id else cls(losses, wins, draws)

    def text(self) -> str:
        return f"{self.a_games}-{self.b_games}" + (f"-{self.draws}" if self.draws else "")


def validate_score(score: Score, event: Event, round_: Round) -> None:
    wins_needed = event.best_of // 2 + 1
    values = (score.a_games, score.b_games, score.draws)
    if any(not isinstance(v, int) or v < 0 for v in values):
        raise Invalid(EventRefusal.BAD_SCORE, "Game counts are whole numbers, zero or more.")
    if score.a_games > wins_needed or score.b_games > wins_needed:
        raise Invalid(
            EventRefusal.BAD_SCORE,
            f"In a best-of-{event.best_of} nobody wins more than {count(wins_needed, 'game', 'games')}.",
        )
    if score.a_games == wins_needed and score.b_games == wins_needed:
        raise Invalid(EventRefusal.BAD_SCORE, "Both players cannot have won the match.")
    if score.a_games + score.b_games > event.best_of:
        most = count(event.best_of, "decided game", "decided games")
        raise Invalid(EventRefusal.BAD_SCORE, f"A best-of-{event.best_of} has at most {most}.")
    if round_.stage == Round.Stage.TOP_CUT and score.a_games == score.b_games:
        raise Invalid(EventRefusal.TOP_CUT_NEEDS_WINNER, "A top-cut match needs a winner; play until one player wins.")


def _locked_match(match: Match) -> tuple[Event, Round, Match]:
    event = locked_event(match.round.event_id)
    match = Match.objects.select_for_update(of=("self",)).select_related("round").get(pk=match.pk)
    return event, match.round, match


def _record(match: Match, by: User | None, kind: str, score: Score) -> None:
    ResultReport.objects.create(
        match=match, by=by, kind=kind, a_games=score.a_games, b_games=score.b_games, draws=score.draws
    )


def _store(match: Match, score: Score, status: str) -> None:
    match.a_games, match.b_games, match.draws = score.a_games, score.b_games, score.draws
    match.set_status(status)
    match.version += 1


@transaction.atomic
def report_result(match: Match, by: User, score: Score) -> Match:
    """A player's report: first one waits for the opponent; a matching second one confirms it, a
    different one disputes it. The reporter may correct their report until the opponent confirms
    it (the pods' rule, ``pods.report_placements``); the same report twice is refused."""
    event, round_, match = _locked_match(match)
    if by.pk not in match.players():
        raise Forbidden(EventRefusal.NOT_PLAYING, "You are not playing in this match.")
    if match.is_bye:
        raise Conflict(EventRefusal.BYE, "A bye needs no report.")
    if match.play_id is not None:
        raise Conflict(
            EventRefusal.PLAYED_ON_SITE, "This match is played on the site; its result is recorded when the match ends."
        )
    if round_.status == Round.Status.ENDED:
        raise Conflict(
            EventRefusal.ROUND_ENDED, f"{round_.label} has ended; ask a judge or the organiser to change its results."
        )
    if round_.status != Round.Status.OPEN:
        raise Conflict(EventRefusal.ROUND_NOT_PUBLISHED, f"{round_.label} is not published yet.")
    validate_score(score, event, round_)
    if match.status == Match.Status.CONFIRMED:
        raise Conflict(
            EventRefusal.RESULT_CONFIRMED,
            f"The result is already confirmed ({_words(match, by)}); ask a judge to change it.",
        )
    if match.status == Match.Status.DISPUTED:
        raise Conflict(
            EventRefusal.RESULT_DISPUTED, "This result is disputed; a judge or the organiser will settle it."
        )
    if match.status == Match.Status.REPORTED:
        return _second_report(match, by, score)
    _store(match, score, Match.Status.REPORTED)
    match.reported_by = by
    match.save()
    _record(match, by, ResultReport.Kind.REPORT, score)
    notices.result_reported(match, by)
    return match


def _second_report(match: Match, by: User, score: Score) -> Match:
    reported = Score(match.a_games or 0, match.b_games or 0, match.draws or 0)
    if match.reported_by_id == by.pk and score == reported:
        raise Conflict(
            EventRefusal.ALREADY_REPORTED,
            f"You already reported a result ({_words(match, by)}); your opponent has to confirm it.",
        )
    if match.reported_by_id == by.pk:
        return _correct_report(match, by, score)
    if score == reported:
        match.set_status(Match.Status.CONFIRMED)
        match.confirmed_by = by
        match.version += 1
        match.save()
        _record(match, by, ResultReport.Kind.CONFIRM, score)
        announce.result_confirmed(match)
        notices.result_confirmed(match, by)
        return match
    match.set_status(Match.Status.DISPUTED)
    match.version += 1
    match.save()
    _record(match, by, ResultReport.Kind.REPORT, score)
    notices.result_disputed(match, by)
    return match


def _correct_report(match: Match, by: User, score: Score) -> Match:
    """The reporter changes their report while it waits for the opponent (a mis-tap): the new
    score waits for confirmation in its place, and the history says what it was."""
    event, round_ = match.round.event, match.round
    before = outcome_words(match, match.a_games or 0, match.b_games or 0, match.draws or 0)
    after = outcome_words(match, score.a_games, score.b_games, score.draws)
    old = match.score
    _store(match, score, Match.Status.REPORTED)
    match.save()
    _record(match, by, ResultReport.Kind.REPORT, score)
    AuditEntry.objects.create(
        event=event, by=by, kind=AuditEntry.Kind.RESULT_REPORT, subject=f"{round_.label}, table {match.table}",
        old=old, new=match.score, note=f"report corrected by {by.public_name}: {after} (was {before})",
    )  # fmt: skip
    return match


@transaction.atomic
def confirm_result(match: Match, by: User, version: int | None = None) -> Match:
    """The opponent agrees with the reported result. ``version``: the match's version the opponent
    read the report at; a report corrected since is not confirmed unseen (409 with the new words)."""
    _event, _round, match = _locked_match(match)
    if by.pk not in match.players():
        raise Forbidden(EventRefusal.NOT_PLAYING, "You are not playing in this match.")
    if match.status != Match.Status.REPORTED:
        raise Conflict(
            EventRefusal.NOTHING_TO_CONFIRM,
            f"There is no reported result waiting for confirmation (it is {match.get_status_display()}).",
        )
    if match.reported_by_id == by.pk:
        raise Conflict(EventRefusal.OWN_REPORT, "Your opponent has to confirm the result you reported.")
    if version is not None and version != match.version:
        raise Conflict(
            EventRefusal.REPORT_CHANGED,
            f"The report changed after you read it: it now says {_words(match, by)}. "
            "Nothing was confirmed; read it again and confirm it, or say it is not right.",
        )
    return _second_report(match, by, Score(match.a_games or 0, match.b_games or 0, match.draws or 0))


@transaction.atomic
def set_result(match: Match, by: User, score: Score) -> Match:
    """The organiser or a judge enters or overrides a result (also in an ended round)."""
    event, round_, match = _locked_match(match)
    require(by, Perm.RECORD_RESULTS, event)
    if event.status == Event.Status.FINISHED:
        raise Conflict(EventRefusal.EVENT_FINISHED, f"{event.name} is finished; its results can no longer change.")
    if match.is_bye:
        raise Conflict(EventRefusal.BYE, "A bye's result is fixed.")
    if round_.status == Round.Status.PREVIEW:
        raise Conflict(
            EventRefusal.ROUND_NOT_PUBLISHED, f"{round_.label} is a preview; publish it before entering results."
        )
    validate_score(score, event, round_)
    later_cut = Round.objects.filter(event=event, stage=Round.Stage.TOP_CUT, number__gt=round_.number).exists()
    if round_.stage == Round.Stage.TOP_CUT and later_cut:
        raise Conflict(EventRefusal.TOP_CUT_PAIRED, "The next top-cut round is already paired from this result.")
    if match.play_id is not None:
        _decide_on_site(match, score)
    before, note = match.score, _override_note(match, score)
    _store(match, score, Match.Status.CONFIRMED)
    match.confirmed_by = by
    match.save()
    _record(match, by, ResultReport.Kind.OVERRIDE, score)
    AuditEntry.objects.create(
        event=event, by=by, kind=AuditEntry.Kind.RESULT_SET, subject=f"{round_.label}, table {match.table}",
        old=before, new=match.score, note=note,
    )  # fmt: skip
    announce.result_confirmed(match)
    notices.result_settled(match)
    return match


def _words(match: Match, reader: User) -> str:
    """The match's stored score as ``reader`` reads it ("You won 2-1")."""
    return outcome_words(match, match.a_games or 0, match.b_games or 0, match.draws or 0, reader)


def _override_note(match: Match, score: Score) -> str:
    """The audit's words for a result set by staff, with names, before the match changes."""
    after = outcome_words(match, score.a_games, score.b_games, score.draws)
    if match.is_disputed:
        return f"dispute settled: {after}"
    if match.is_pending or match.a_games is None:
        return f"result set: {after}"
    before = outcome_words(match, match.a_games, match.b_games or 0, match.draws or 0)
    if match.awaits_confirmation:
        return f"result set: {after} (the report waiting for confirmation said {before})"
    return f"result changed to {after} (was {before})"


def _decide_on_site(match: Match, score: Score) -> None:
    """A match played on the site gets the judge's result there too, in the same transaction: a
    match still going ends with it (its pages are pushed), a finished one is corrected. Its draws
    are the games without a winner, so the judge's draws must count those."""
    # The event and this match are locked; the on-site match is locked last (as every path does).
    assert match.play_id is not None
    played = PlayMatch.objects.select_for_update().get(pk=match.play_id)
    games = played.games.count()  # the game going on, if any, ends without a winner
    draws = max(0, games - score.a_games - score.b_games)
    if score.draws != draws:
        raise Invalid(
            EventRefusal.ON_SITE_DRAWS,
            f"Table {match.table} is played on the site, where {count(games, 'game', 'games')} began, so "
            f"{score.a_games}-{score.b_games} there means {count(draws, 'drawn game', 'drawn games')}: "
            f"give {draws} as the draws.",
        )
    a_first = played.player1_id == match.player_a_id
    wins = (score.a_games, score.b_games) if a_first else (score.b_games, score.a_games)
    try:
        play.decide(played.pk, wins)
    except MatchError as exc:  # the match's own rules refuse it: nothing has changed
        raise (Conflict if exc.status_code == 409 else Invalid)(exc.reason, exc.message) from None
