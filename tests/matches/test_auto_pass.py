"""Auto-pass: an answer window where passing is all a player may do closes at once (logged as
automatic, in the same change); a player may pass every window automatically, unless they hold
priority for the turn; a tutorial keeps its windows open for the coach."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.test import Client

from gameplay.matches import services
from gameplay.matches.models import GameAction, PlayMatch
from gameplay.runeslingers.hosting import RUNESLINGERS
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

STARTERS = [{"starter": "eva-starter"}, {"starter": "romin-starter"}]


def play_out(match: PlayMatch, players: list[Any], moves: int, seen: list[tuple[int, list[str]]]) -> None:
    """Random legal moves by both people; every windowed decision either waits for is kept in ``seen``."""
    rng = random.Random(4)
    game = match.current_game()
    assert game is not None
    if game.awaiting_choice:
        services.choose_first(match.pk, players[game.chooser], True, match.version)
    for _ in range(moves):
        match.refresh_from_db()
        if match.status != PlayMatch.Status.PLAYING:
            return
        seat = match.on_clock
        assert seat is not None
        view = services.player_view(match, seat)
        legal = view["board"]["legal"]
        current = match.current_game()
        assert current is not None
        state = services.load_state(current)
        pending = RUNESLINGERS.pending(state)
        if pending is not None and pending.windowed:
            seen.append((pending.seat, legal))
        services.play(match.pk, players[seat], rng.choice(legal), view["version"])


def two_players(**options: Any) -> tuple[PlayMatch, list[Any]]:
    one, two = UserFactory.create(username="ann"), UserFactory.create(username="ben")
    return services.create_match(one, two, STARTERS, seed=8, **options), [one, two]


def test_a_window_where_passing_is_all_you_can_do_closes_at_once() -> None:
    match, players = two_players()
    seen: list[tuple[int, list[str]]] = []
    play_out(match, players, 150, seen)
    assert seen, "the game opened answer windows with a choice"
    assert all(legal != ["pass"] for _, legal in seen)  # no one ever waited on a window with nothing to do
    automatic = GameAction.objects.filter(game__match=match, automatic=True)
    assert automatic.exists() and set(automatic.values_list("action", flat=True)) == {"pass"}


def test_a_player_who_passes_every_window_never_waits_on_one_unless_holding_priority() -> None:
    match, players = two_players()
    players[0].auto_pass = True
    players[0].save()
    seen: list[tuple[int, list[str]]] = []
    play_out(match, players, 150, seen)
    assert not [legal for seat, legal in seen if seat == 0]  # all of Ann's windows passed on their own
    assert [legal for seat, legal in seen if seat == 1]  # Ben's with a choice waited for him


def test_holding_priority_keeps_the_turns_windows_open_for_a_player_who_passes_them_all() -> None:
    match, players = two_players()
    players[0].auto_pass = True
    players[0].save()
    seen: list[tuple[int, list[str]]] = []
    rng = random.Random(4)
    game = match.current_game()
    assert game is not None
    if game.awaiting_choice:
        services.choose_first(match.pk, players[game.chooser], True, match.version)
    for _ in range(150):
        match.refresh_from_db()
        if match.status != PlayMatch.Status.PLAYING:
            break
        current = match.current_game()
        assert current is not None
        state = services.load_state(current)
        match.holds = [RUNESLINGERS.turn(state), None]  # Ann holds priority in every turn as it comes
        match.save(update_fields=["holds"])
        seat = match.on_clock
        assert seat is not None
        view = services.player_view(match, seat)
        pending = RUNESLINGERS.pending(state)
        if pending is not None and pending.windowed:
            seen.append((pending.seat, view["board"]["legal"]))
        services.play(match.pk, players[seat], rng.choice(view["board"]["legal"]), view["version"])
    assert [legal for seat, legal in seen if seat == 0]  # Ann's windows with a choice waited for her


def test_the_preference_and_holding_priority_are_set_from_the_play_page() -> None:
    match, players = two_players()
    client = Client()
    client.force_login(players[0])
    page = client.get(f"/play/{match.pk}/").content.decode()
    assert "Pass every answer window automatically" in page
    assert client.post(f"/play/{match.pk}/passing/", {"auto_pass": "on"}).status_code == 302
    players[0].refresh_from_db()
    assert players[0].auto_pass
    assert "Hold priority this turn" in client.get(f"/play/{match.pk}/").content.decode()
    client.post(f"/play/{match.pk}/passing/", {"hold": "1"})
    match.refresh_from_db()
    assert match.holds[0] == 1
    client.post(f"/play/{match.pk}/passing/", {"auto_pass": "off"})
    players[0].refresh_from_db()
    assert not players[0].auto_pass
    bad = client.post(f"/play/{match.pk}/passing/", {"auto_pass": "maybe"}, follow=True)
    assert "Choose to turn automatic passing on or off" in bad.content.decode()
    stranger = Client()
    stranger.force_login(UserFactory.create(username="cat"))
    assert stranger.post(f"/play/{match.pk}/passing/", {"auto_pass": "on"}).status_code == 404
    assert stranger.post("/play/999999/passing/", {"auto_pass": "on"}).status_code == 404
