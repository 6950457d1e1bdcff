"""Finished events built through the services, for the tests of finished overviews and pages:
an 8-player Swiss with a top 4 played to a champion, and a 4-player round robin."""

from __future__ import annotations

from collections.abc import Callable

from accounts.models import User
from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory, UserFactory
from tournaments.models import Event, Match, Round
from tournaments.services import registration, results, rounds

NAMES = ["Eva", "Corvin", "Mara", "Tobin", "Ilse", "Quill", "Rowan", "Sable"]

#: How a table ends: the match -> its score in table order.
Decide = Callable[[Match], results.Score]


def first_wins(match: Match) -> results.Score:
    return results.Score(2, 1)


def play_round(round_: Round, organiser: User, decide: Decide = first_wins) -> Round:
    rounds.publish_round(round_, organiser)
    for match in round_.matches.exclude(player_b=None).order_by("table"):
        results.set_result(match, organiser, decide(match))
    return rounds.end_round(round_, organiser)


def new_event(names: list[str], **fields: object) -> tuple[Event, User, dict[str, User]]:
    organiser = OrganiserFactory.create()
    event = EventFactory.create(organiser=organiser, best_of=3, **fields)
    players = {}
    for name in names:
        players[name] = UserFactory.create(display_name=name)
        RegistrationFactory.create(event=event, player=players[name])
    registration.start_event(event, organiser)
    event.refresh_from_db()
    return event, organiser, players


def finished_swiss_with_top_four(winner_seed: int = 4) -> tuple[Event, dict[str, User]]:
    """Three Swiss rounds (the first player at each table wins 2-1), a top 4 the player seeded
    ``winner_seed`` wins with every match 2-0 (elsewhere the first player wins 2-1), finished."""
    event, organiser, players = new_event(
        NAMES, name="Finished Open", structure=Event.Structure.SWISS_TOP_CUT, rounds=3, top_cut=4
    )
    for _ in range(3):
        play_round(rounds.pair_next_round(event, organiser), organiser)
    cut = rounds.cut_to_top(event, organiser)
    event.refresh_from_db()
    champion = event.cut_seeds[winner_seed - 1]

    def cut_result(match: Match) -> results.Score:
        if champion in match.players():
            return results.Score(2, 0) if match.player_a_id == champion else results.Score(0, 2)
        return results.Score(2, 1)

    play_round(cut, organiser, cut_result)
    play_round(rounds.pair_next_round(event, organiser), organiser, cut_result)
    return rounds.finish_event(event, organiser), players


def finished_round_robin(names: list[str] | None = None) -> tuple[Event, dict[str, User]]:
    """A round robin everyone plays to the end: the first player at each table wins 2-1."""
    event, organiser, players = new_event(names or NAMES[:4], name="Round Robin Cup",
                                          structure=Event.Structure.ROUND_ROBIN)  # fmt: skip
    assert event.rounds is not None
    for _ in range(event.rounds):
        play_round(rounds.pair_next_round(event, organiser), organiser)
    return rounds.finish_event(event, organiser), players
