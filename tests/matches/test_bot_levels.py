"""Practice bots by level: the page offers Easy, Normal and Hard in words, starting a Hard match
records the bot, the Hard bot plays its seat through the adapter, and the old names still work."""

from __future__ import annotations

import pytest
from django.test import Client

from gameplay.matches.models import PlayMatch
from gameplay.runeslingers.hosting import RUNESLINGERS
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

STARTERS = [{"starter": "eva-starter"}, {"starter": "romin-starter"}]


def signed_in(username: str) -> Client:
    client = Client()
    client.force_login(UserFactory.create(username=username))
    return client


def test_the_practice_form_offers_the_levels_in_words_and_starts_a_hard_match() -> None:
    client = signed_in("lvl")
    page = client.get("/play/").content.decode()
    for words in ("Easy", "Normal", "Hard", "thinks ahead"):
        assert words in page
    assert '<option value="greedy" selected>Normal</option>' in page
    made = client.post("/play/", {"starter": "eva-starter", "bot_starter": "romin-starter", "bot": "hard"})
    assert made.status_code == 302
    match = PlayMatch.objects.get(player1__username="lvl")
    assert match.bot == PlayMatch.Bot.HARD
    assert made["Location"] == f"/play/{match.pk}/"
    assert "Hard bot" in client.get(made["Location"]).content.decode()
    assert "Hard bot" in client.get("/play/").content.decode()


def test_an_unknown_level_is_refused_in_words_and_starts_nothing() -> None:
    client = signed_in("lvl2")
    page = client.post("/play/", {"starter": "eva-starter", "bot_starter": "romin-starter", "bot": "wizard"})
    assert page.status_code == 400
    assert "the bot&#x27;s level (Easy, Normal or Hard)" in page.content.decode()
    assert not PlayMatch.objects.filter(player1__username="lvl2").exists()


@pytest.mark.parametrize("bot", ["random", "greedy", "hard"])
def test_every_level_plays_a_legal_move_for_its_seat(bot: str) -> None:
    state = RUNESLINGERS.new_game(RUNESLINGERS.setup(STARTERS, 0), seed=5)
    for _ in range(30):  # into the game, where choices are real
        decision = RUNESLINGERS.pending(state)
        assert decision is not None
        state, _ = RUNESLINGERS.apply(state, RUNESLINGERS.legal_actions(state, decision.seat)[-1])
    decision = RUNESLINGERS.pending(state)
    assert decision is not None
    action = RUNESLINGERS.bot_action(state, decision.seat, bot, seed=3)
    assert action in RUNESLINGERS.legal_actions(state, decision.seat)
