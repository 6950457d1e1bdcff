"""The game in words through the hosting layer: prompts, labels, choices and the log on every view
(seats and spectators), the log download's sentences, the replay's, and games logged before words."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from gameplay.matches import selectors, services
from gameplay.matches.engines import engine_for
from gameplay.matches.models import PlayMatch
from tests.factories import UserFactory
from tests.matches.test_services import STARTERS, play_first

pytestmark = pytest.mark.django_db
HANDLE = re.compile(r"\bc\d+\b")
SEAT = re.compile(r"\bp[12]\b")


def clean(text: str) -> bool:
    return bool(text) and not HANDLE.search(text) and not SEAT.search(text)


def played(moves: int) -> tuple[PlayMatch, list[Any]]:
    players = [UserFactory.create(username="ann", display_name="Ann"), UserFactory.create(username="bob")]
    match = play_first(services.create_match(players[0], players[1], STARTERS, seed=7), players)
    rng = random.Random(3)
    for _ in range(moves):
        match.refresh_from_db()
        if match.on_clock is None:
            break
        view = services.player_view(match, match.on_clock)
        services.play(match.pk, players[match.on_clock], rng.choice(view["board"]["legal"]), view["version"])
    match.refresh_from_db()
    return match, players


def test_views_carry_prompt_labels_choices_and_a_log_in_words() -> None:
    match, players = played(40)
    seat = match.on_clock
    assert seat is not None
    mine = services.player_view(match, seat)
    assert clean(mine["prompt"])
    assert set(mine["labels"]) == set(mine["board"]["legal"]) and all(clean(t) for t in mine["labels"].values())
    assert [c["action"] for c in mine["choices"]] == mine["board"]["legal"]
    assert all(clean(c["label"]) and clean(c["group"]) for c in mine["choices"])
    other = services.player_view(match, 1 - seat)
    assert other["labels"] == {} and other["choices"] == []
    assert other["prompt"].startswith(players[seat].public_name)
    watcher = services.player_view(match, None)
    assert watcher["labels"] == {} and watcher["choices"] == [] and watcher["prompt"] == other["prompt"]
    log = watcher["log"]
    assert 0 < len(log) <= 30 and watcher["last"] == log[-1]
    assert all(set(entry) == {"seat", "text", "cards", "n"} and clean(entry["text"]) for entry in log)
    game = match.current_game()
    assert game is not None and [entry["n"] for entry in log] == list(range(game.moves - len(log) + 1, game.moves + 1))
    names = [p.public_name for p in players]
    assert all(entry["text"].startswith(names[int(entry["seat"][1]) - 1] + " ") for entry in log)
    assert mine["log"] == log  # the log is public: every viewer gets the same sentences


def test_a_set_concentration_is_never_named_in_the_log() -> None:
    match, _players = played(2)  # both setup concentrations
    texts = [entry["text"] for entry in services.player_view(match, None)["log"]]
    assert texts and all(t.endswith("sets a concentration") for t in texts[:2])


def test_a_game_logged_before_words_is_described_again() -> None:
    match, _players = played(12)
    game = match.current_game()
    assert game is not None
    described = services.player_view(match, None)["log"]
    assert [{k: v for k, v in entry.items() if k != "n"} for entry in described] == game.recent
    game.recent = list(game.actions.order_by("seq").values_list("action", flat=True))[-30:]
    game.save(update_fields=["recent"])
    assert services.player_view(match, None)["log"] == described


def test_the_log_download_and_the_replay_carry_the_sentences() -> None:
    match, players = played(5000)
    assert match.status == PlayMatch.Status.FINISHED
    seen = selectors.sight(match, players[0])
    assert seen is not None
    body = services.game_log(match, seen)
    actions = body["games"][0]["actions"]
    assert actions and all(clean(a["text"]) for a in actions)
    game = match.games.order_by("number").first()
    assert game is not None
    replay = services.replay_view(game, None, 3)
    assert replay["text"] == actions[2]["text"] and [e["text"] for e in replay["log"]] == [
        a["text"] for a in actions[:3]
    ]
    assert replay["last"] == replay["log"][-1]
    assert services.replay_view(game, 0, 0)["text"] is None


def test_the_whole_game_log_is_read_back_page_by_page_to_the_first_move() -> None:
    """Issue 28: the log keeps the whole game. A view carries the newest 30 entries, numbered by
    their move; the earlier ones are read in pages before the oldest shown, down to move 1, and
    together they are the game's every move in order, in the same public words."""
    match, _players = played(80)
    game = match.current_game()
    assert game is not None and game.moves > 60
    view = services.player_view(match, None)
    log = list(view["log"])
    assert len(log) == 30 and log[-1]["n"] == game.moves
    pages = 0
    while log[0]["n"] > 1:
        page = services.log_page(match, log[0]["n"])
        assert page["game"] == game.number and 0 < len(page["entries"]) <= 50
        assert page["entries"][-1]["n"] == log[0]["n"] - 1
        log = page["entries"] + log
        pages += 1
    assert pages == 2 and [entry["n"] for entry in log] == list(range(1, game.moves + 1))
    every = services.views.described_actions(game, engine_for(match), services.views.seat_names(match))
    assert [{k: v for k, v in entry.items() if k != "n"} for entry in log] == every
    assert all(clean(entry["text"]) for entry in log)
    assert services.log_page(match, 1)["entries"] == []


def test_the_earlier_log_is_read_over_the_api_by_a_player_and_refused_without_a_move_number(client: Any) -> None:
    match, players = played(45)
    client.force_login(players[1])
    url = f"/api/play/{match.pk}/entries/"
    answer = client.get(url, {"before": 10})
    assert answer.status_code == 200
    assert [entry["n"] for entry in answer.json()["entries"]] == list(range(1, 10))
    assert all(clean(entry["text"]) for entry in answer.json()["entries"])
    refused = client.get(url, {"before": "soon"})
    assert refused.status_code == 400 and "whole number" in refused.json()["detail"]
