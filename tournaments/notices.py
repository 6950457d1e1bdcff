"""The event's notices (``accounts.notices``): a round's pairings or pods published, a result
reported against a player, confirmed, disputed or settled by a judge. One ``notify_each`` per
step, called inside the step's transaction (sent after commit, in one Celery task). The words
name people, rounds and tables, never an id; guests (who cannot sign in) get none."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from django.urls import reverse

from accounts.models import User
from accounts.notices.models import Kind
from accounts.notices.services import Draft, notify, notify_each
from tournaments.models import Event, Match, PodSeat, PodTable, Registration, Round, WaitingEntry
from tournaments.outcomes import outcome_words


def _event_url(round_: Round) -> str:
    return reverse("tournaments:event", args=[round_.event_id])


def _signs_in(user: User | None) -> bool:
    return user is not None and not user.is_guest


def round_published(round_: Round) -> None:
    """Each player of a published round: their table and opponent (or pod and seat)."""
    drafts = _pod_drafts(round_) if round_.stage == Round.Stage.PODS else _pair_drafts(round_)
    notify_each(Kind.PAIRINGS, drafts)


def _pair_drafts(round_: Round) -> list[Draft]:
    key, url, event = f"round:{round_.pk}:published", _event_url(round_), round_.event.name
    drafts = []
    for match in round_.matches.select_related("player_a", "player_b"):
        a, b = match.player_a, match.player_b
        if b is None:
            if _signs_in(a):
                drafts.append(Draft(a.pk, key, f"{round_.label}: you have a bye", event, url))
            continue
        for me, them in ((a, b), (b, a)):
            if _signs_in(me):
                drafts.append(
                    Draft(me.pk, key, f"{round_.label}, table {match.table}, against {them.public_name}", event, url)
                )
    return drafts


def _pod_drafts(round_: Round) -> list[Draft]:
    key, url, event = f"round:{round_.pk}:published", _event_url(round_), round_.event.name
    seats = list(PodSeat.objects.filter(table__round=round_).select_related("player", "table"))
    others: dict[int, list[str]] = {}
    for seat in seats:
        others.setdefault(seat.table_id, []).append(seat.player.public_name)
    return [
        Draft(
            seat.player_id,
            key,
            f"{round_.label}, pod {seat.table.table}, seat {seat.position + 1}",
            f"{event}. At your pod: {', '.join(n for n in others[seat.table_id] if n != seat.player.public_name)}.",
            url,
        )
        for seat in seats
        if _signs_in(seat.player)
    ]


def matches_ready(round_: Round) -> None:
    """Each player of a published round played on the site: their match is ready, with a link to
    its play page (one notice per match: the key names the match on the site)."""
    drafts = []
    for match in round_.matches.filter(play__isnull=False).select_related("player_a", "player_b"):
        url = reverse("gameplay:play", args=[match.play_id])
        for me, them in ((match.player_a, match.player_b), (match.player_b, match.player_a)):
            if me is not None and _signs_in(me) and them is not None:
                title = f"{round_.label}: your match against {them.public_name} is ready"
                drafts.append(Draft(me.pk, f"play:{match.play_id}:ready", title, round_.event.name, url))
    notify_each(Kind.TABLE_READY, drafts)


def _where(match: Match) -> str:
    return f"{match.round.label}, table {match.table}"


def _result_drafts(match: Match, step: str, readers: list[User | None], title: Callable[[str], str]) -> list[Draft]:
    """``title(words)``: the notice's words around the result as each reader reads it ("You won 2-1")."""
    key, url, event = f"match:{match.pk}:{step}:{match.version}", _event_url(match.round), match.round.event.name
    people = [r for r in readers if r is not None and _signs_in(r)]
    score = (match.a_games or 0, match.b_games or 0, match.draws or 0)
    return [Draft(r.pk, key, title(outcome_words(match, *score, r)), event, url) for r in people]


def _opponent(match: Match, user: User) -> User | None:
    return match.player_b if match.player_a_id == user.pk else match.player_a


def result_reported(match: Match, by: User) -> None:
    """The opponent of the reporter: a result waits for their confirmation."""

    def title(words: str) -> str:
        return f"{_where(match)}: {by.public_name} reported a result ({words}); confirm it or say it is not right"

    notify_each(Kind.RESULT, _result_drafts(match, "reported", [_opponent(match, by)], title))


def result_confirmed(match: Match, by: User) -> None:
    """The reporter: the opponent confirmed the result."""

    def title(words: str) -> str:
        return f"{_where(match)}: {by.public_name} confirmed the result ({words})"

    notify_each(Kind.RESULT, _result_drafts(match, "confirmed", [_opponent(match, by)], title))


def result_disputed(match: Match, by: User) -> None:
    """The reporter: the opponent reported another result; a judge will settle it."""

    def title(words: str) -> str:
        return f"{_where(match)}: {by.public_name} disputed your report; a judge or the organiser will settle it"

    notify_each(Kind.RESULT, _result_drafts(match, "disputed", [_opponent(match, by)], title))


def result_settled(match: Match) -> None:
    """Both players: a judge or the organiser set the result."""

    def title(words: str) -> str:
        return f"{_where(match)}: a judge or the organiser set the result ({words})"

    notify_each(Kind.RESULT, _result_drafts(match, "settled", [match.player_a, match.player_b], title))


def pod_places(table: PodTable, players: list[User], by: User | None, step: str, words: str) -> None:
    """Every member of the pod but ``by``: its places were reported, confirmed, disputed or set
    (``words``, with names). Called after the pod's new version is saved."""
    round_ = table.round
    key, url = f"pod:{table.pk}:{step}:{table.version}", _event_url(round_)
    title = f"{round_.label}, pod {table.table}: {words}"
    readers = [p for p in players if _signs_in(p) and (by is None or p.pk != by.pk)]
    notify_each(Kind.RESULT, [Draft(p.pk, key, title, round_.event.name, url) for p in readers])


def place_offered(event: Event, entry: WaitingEntry) -> None:
    """The first on a full event's waiting list: a freed place is theirs to take (one notice per
    offer: the key carries when it was made)."""
    if not _signs_in(entry.player) or entry.offered_at is None:
        return
    key = f"event:{event.pk}:waiting:{entry.pk}:offered:{entry.offered_at.timestamp():.6f}"
    title = f"A place at {event.name} is yours to take"
    held = "until you answer"
    if entry.offer_expires_at is not None:
        held = f"for {_held_words(entry.offer_expires_at - entry.offered_at)}, then it goes to the next on the list"
    body = f"Take it or turn it down on the event page; it is held for you {held}."
    notify([entry.player_id], Kind.WAITING_LIST, key, title, body, reverse("tournaments:event", args=[event.pk]))


def offer_lapsed(event: Event, entry: WaitingEntry) -> None:
    """The player let the place offered to them lapse: they have left the waiting list (one notice
    per offer, as the offer's)."""
    if not _signs_in(entry.player) or entry.offered_at is None:
        return
    key = f"event:{event.pk}:waiting:{entry.pk}:lapsed:{entry.offered_at.timestamp():.6f}"
    title = f"The place at {event.name} offered to you has lapsed"
    body = "It was not taken in time and goes to the next on the waiting list; you have left the list."
    notify([entry.player_id], Kind.WAITING_LIST, key, title, body, reverse("tournaments:event", args=[event.pk]))


def _held_words(held: timedelta) -> str:
    """How long an offer is held: whole hours from two hours up ("24 hours", "3 hours"), else minutes."""
    if held >= timedelta(hours=2):
        return f"{round(held.total_seconds() / 3600)} hours"
    return _in_words(held)


def _in_words(left: timedelta) -> str:
    minutes = max(1, round(left.total_seconds() / 60))
    if minutes % 60 == 0:
        hours = minutes // 60
        return f"{hours} hour" if hours == 1 else f"{hours} hours"
    return f"{minutes} minute" if minutes == 1 else f"{minutes} minutes"


def event_soon(event: Event, left: timedelta) -> None:
    """Every registered player still in (not dropped) who signs in: the event starts soon (one
    notice per start time: the key carries it, so a moved start is told afresh)."""
    assert event.starts_at is not None
    players = Registration.objects.filter(event=event, dropped_after_round__isnull=True, player__is_guest=False)
    key = f"event:{event.pk}:soon:{event.starts_at.timestamp():.0f}"
    url = reverse("tournaments:event", args=[event.pk])
    title = f"{event.name} starts in {_in_words(left)}"
    body = "The event page has the details; the pairings appear there once the first round is published."
    notify(list(players.values_list("player_id", flat=True)), Kind.EVENT_SOON, key, title, body, url)
