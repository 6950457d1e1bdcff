"""Events played on the site: each published pairing becomes a match of engine games.

Publishing a round creates one ``gameplay`` match per table from the players' registered decks;
when the round's time is called the matches still going get their extra turns; when a match
ends its result is recorded exactly as a confirmed report would be. Who referees these matches,
and whether their lists are public, the event says at each request (``EventOversight``).
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction
from django.db.models import Q

from gameplay.matches import services as play
from gameplay.matches.models import PlayMatch
from gameplay.matches.oversight import Oversight
from gameplay.runeslingers.formats import get_format
from tournaments import notices
from tournaments.errors import Conflict, EventRefusal
from tournaments.models import DeckVersion, Event, Match, ResultReport, Round
from tournaments.services.common import locked_event
from tournaments.webhooks import announce

log = logging.getLogger(__name__)


def decks_for(round_: Round) -> dict[int, dict[str, Any]]:
    """Each paired player's current registered deck as an engine seat; refuses if one is missing."""
    players = [p for m in round_.matches.exclude(player_b=None) for p in m.players()]
    versions: dict[int, DeckVersion] = {}
    for version in DeckVersion.objects.filter(deck__event=round_.event, deck__player__in=players).order_by("number"):
        versions[version.deck.player_id] = version
    missing = [m for m in round_.matches.exclude(player_b=None).select_related("player_a", "player_b")
               for u in (m.player_a, m.player_b) if u is not None and u.pk not in versions]  # fmt: skip
    if missing:
        names = sorted({u.public_name for m in missing for u in (m.player_a, m.player_b) if u and u.pk not in versions})
        raise Conflict(
            EventRefusal.NO_DECKS, f"These players have no registered deck to play with: {', '.join(names)}."
        )
    deck_format = get_format(round_.event.format)
    return {player: deck_format.seat_deck(v.runeslinger, v.equips, v.cards) for player, v in versions.items()}


def start_matches(round_: Round) -> None:
    """Create the on-site match of every table of a round being published (inside its transaction)."""
    event = round_.event
    decks = decks_for(round_)
    for match in round_.matches.exclude(player_b=None).select_related("player_a", "player_b"):
        assert match.player_b is not None
        match.play = play.create_match(
            match.player_a, match.player_b, [decks[match.player_a_id], decks[match.player_b.pk]],
            best_of=event.best_of, clock_seconds=event.clock_minutes * 60, window_seconds=event.window_seconds,
            clock_loses_match=event.clock_loses_match, public=event.matches_public,
            arrival_seconds=event.arrival_minutes * 60,
            label=f"{event.name}, {round_.label.lower()}, table {match.table}",
            seed=(event.seed + round_.number * 1009 + match.table) % (1 << 62),
        )  # fmt: skip
        match.save(update_fields=["play"])
    notices.matches_ready(round_)


class EventOversight:
    """Answers ``gameplay.matches.oversight`` for the matches of events: the event's current
    organiser and judges referee them, and their lists are public once the event publishes them
    (closed to the players themselves until it publishes them or finishes)."""

    def oversight(self, match: PlayMatch) -> Oversight | None:
        found = Event.objects.filter(round_set__matches__play=match.pk)
        event = found.only("organiser_id", "lists_published", "status").first()
        return None if event is None else self.of_event(event)

    @staticmethod
    def of_event(event: Event) -> Oversight:
        """The oversight of every match of ``event``, as the event is now: its lists stay closed to
        the players too until it publishes them or finishes."""
        judges = event.judges.values_list("pk", flat=True)
        closed = not event.lists_published and event.status != Event.Status.FINISHED
        return Oversight(frozenset({event.organiser_id, *judges}), event.lists_published, closed)

    def refereed_by(self, user_id: int) -> Any:
        judged = Q(round__event__organiser_id=user_id) | Q(round__event__judges=user_id)
        return Match.objects.filter(judged, play__isnull=False).values("play_id")


def call_time(round_: Round) -> None:
    for match in round_.matches.filter(play__isnull=False, play__status=PlayMatch.Status.PLAYING):
        assert match.play_id is not None
        play.call_time(match.play_id, round_.event.extra_turns)


@transaction.atomic
def record_result(played: PlayMatch) -> Match | None:
    """Write a finished on-site match into its event match as a confirmed result."""
    # The event first, then the match: the order every result change takes (``results``).
    event_id = Match.objects.filter(play=played).values_list("round__event_id", flat=True).first()
    if event_id is None:
        return None
    locked_event(event_id)
    match = Match.objects.select_for_update(of=("self",)).filter(play=played).select_related("round__event").first()
    if match is None:
        return None
    played = PlayMatch.objects.get(pk=played.pk)  # as committed, not as the signal's sender held it
    first_is_a = played.player1_id == match.player_a_id
    wins = played.wins if first_is_a else list(reversed(played.wins))
    games = played.games.count()
    draws = max(0, games - wins[0] - wins[1])
    if match.status == Match.Status.CONFIRMED and (match.a_games, match.b_games, match.draws) == (*wins, draws):
        return match  # already recorded (a judge's result goes through the match itself)
    if match.round.event.status == Event.Status.FINISHED:
        # Results of a finished event never change; every path keeps both in step before it ends.
        log.error("match %s on the site ended %s after its event finished; the event keeps its result",
                  played.pk, wins)  # fmt: skip
        return match
    # The match on the site decides: an event result that differs from it gives way, with a report.
    match.a_games, match.b_games, match.draws = wins[0], wins[1], draws
    match.set_status(Match.Status.CONFIRMED)
    match.version += 1
    match.save()
    ResultReport.objects.create(match=match, kind=ResultReport.Kind.AUTO, a_games=wins[0], b_games=wins[1], draws=draws)
    announce.onsite_match_finished(match)
    return match
