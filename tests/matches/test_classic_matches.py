"""Classic (rulebook 000) hosted: a match's rule set follows its decks (a Classic starter or a
deck of a Classic format), is recorded in every game's setup, and replays hash for hash."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from gameplay.matches import services
from gameplay.matches.engines import engine_for
from gameplay.matches.errors import Invalid
from gameplay.matches.models import PlayMatch
from gameplay.runeslingers.formats import Deck, get_format
from gameplay.runeslingers.hosting import RUNESLINGERS
from gameplay.runeslingers.site_catalog import current_catalog
from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory, UserFactory
from tests.matches.test_bot_levels import signed_in
from tests.matches.test_event_matches import finish_randomly
from tests.matches.test_services import play_first, step
from tournaments.models import Match
from tournaments.services import decks, registration, rounds
from tournaments.services.standings import standings

pytestmark = pytest.mark.django_db
CLASSIC_STARTERS = [{"starter": "eva-classic-starter"}, {"starter": "romin-classic-starter"}]


def test_a_classic_starter_seat_and_a_classic_format_deck_play_the_classic_rules() -> None:
    assert RUNESLINGERS.seat_setup({"starter": "eva-classic-starter"}) == {
        "starter": "eva-classic-starter",
        "rules": "classic",
    }
    assert "rules" not in RUNESLINGERS.seat_setup({"starter": "eva-starter"})
    deck = get_format("classic-constructed").seat_deck("eva", ["eva-engulf"], {"fireball": 2})
    assert deck["rules"] == "classic" and RUNESLINGERS.seat_setup(deck)["rules"] == "classic"
    assert "rules" not in get_format("awakening-starter").seat_deck("eva", [], {"fireball": 2})


def test_a_classic_deck_cannot_meet_an_awakening_deck() -> None:
    ann, bob = UserFactory.create(), UserFactory.create()
    with pytest.raises(Invalid, match="different rule sets"):
        services.create_match(ann, bob, [{"starter": "eva-classic-starter"}, {"starter": "romin-starter"}])
    assert not PlayMatch.objects.exists()


def test_a_classic_best_of_three_plays_to_its_end_and_every_game_replays_hash_for_hash() -> None:
    players = [UserFactory.create(username="ann"), UserFactory.create(username="bob")]
    match = services.create_match(players[0], players[1], CLASSIC_STARTERS, seed=11, best_of=3)
    rng = random.Random(5)
    for _ in range(20_000):
        match.refresh_from_db()
        game = match.current_game()
        if game is not None and game.awaiting_choice:
            match = play_first(match, players)
        elif not step(match, players, rng):
            break
    match.refresh_from_db()
    assert match.status == PlayMatch.Status.FINISHED and max(match.wins) == 2
    engine = engine_for(match)
    games = list(match.games.order_by("number"))
    assert len(games) in (2, 3)
    for game in games:
        assert game.finished and game.setup["rules"] == "classic"
        state = engine.new_game(game.setup, game.seed, game.engine_version)
        assert state.rules == "classic" and state.ruleset.opening_hand == 6
        for action in game.actions.order_by("seq"):
            state, _ = engine.apply(state, action.action)
            assert engine.state_hash(state) == action.state_hash
        assert engine.state_hash(state) == game.state_hash


def test_a_classic_game_saved_under_engine_2_plays_on_and_replays_under_engine_2() -> None:
    """A game stored before engine 3 (its state and `engine_version` say "2") goes on under engine
    2's rules (Brannoc with Stone Vigil blocks 5 + 1, from the Awakening value, where engine 3 on gives
    every Classic Runeslinger a base block of 4: docs/rules.md "Engine versions and saved games") to
    its end, and its replay is built under engine 2 to the very hashes it was played with; a new
    match gets the current engine (4)."""
    from gameplay.runeslingers.engine import ENGINE_VERSION
    from gameplay.runeslingers.engine.core import block_value

    players = [UserFactory.create(username="ann"), UserFactory.create(username="bob")]
    seats = [{"starter": "brannoc-classic-starter"}, {"starter": "vesna-classic-starter"}]
    match = services.create_match(players[0], players[1], seats, seed=9)
    game = match.current_game()
    assert game is not None and game.engine_version.startswith(f"{ENGINE_VERSION}/") and ENGINE_VERSION == "4"
    assert block_value(services.load_state(game), 0) == 4 + 1
    old = RUNESLINGERS.new_game(game.setup, game.seed, "2/" + game.engine_version.split("/", 1)[1])
    game.engine_version = "2/" + game.engine_version.split("/", 1)[1]
    game.state, game.state_hash = RUNESLINGERS.to_json(old), RUNESLINGERS.state_hash(old)
    game.save()
    match = play_first(match, players)
    game.refresh_from_db()
    state = services.load_state(game)
    assert game.engine_version.startswith("2/") and state.engine == "2" and block_value(state, 0) == 5 + 1
    rng = random.Random(3)
    for _ in range(5000):
        if not step(match, players, rng):
            break
    game.refresh_from_db()
    assert game.finished and services.load_state(game).engine == "2"
    state = RUNESLINGERS.new_game(game.setup, game.seed, game.engine_version)
    for action in game.actions.order_by("seq"):
        state, _ = RUNESLINGERS.apply(state, action.action)
        assert RUNESLINGERS.state_hash(state) == action.state_hash
    assert RUNESLINGERS.state_hash(state) == game.state_hash


def test_a_classic_event_plays_its_tables_under_the_classic_rules_into_the_standings(
    django_capture_on_commit_callbacks: Any,
) -> None:
    organiser = OrganiserFactory.create()
    event = EventFactory.create(  # played through the services, no page open: no wait for the players
        organiser=organiser, format="classic-starter", played_on_site=True, rounds=1, best_of=3, arrival_minutes=0
    )
    classic = current_catalog().classic
    assert classic is not None
    for starter in classic.starter_decks.values():
        player = RegistrationFactory.create(event=event).player
        decks.register_deck(event, player, Deck.from_starter(starter), player)
    registration.start_event(event, organiser)
    with django_capture_on_commit_callbacks(execute=True):
        round_ = rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    rng = random.Random(8)
    for table in round_.matches.select_related("play"):
        assert table.play is not None and table.play.best_of == 3
        assert all(seat["rules"] == "classic" for seat in table.play.decks)
        with django_capture_on_commit_callbacks(execute=True):
            finish_randomly(table.play, rng)
        assert all(game.setup["rules"] == "classic" for game in table.play.games.all())
    assert set(round_.matches.values_list("status", flat=True)) == {Match.Status.CONFIRMED}
    rounds.end_round(round_, organiser)
    assert sum(r.standing.points for r in standings(event)) in (6, 7, 8)


def test_practice_offers_the_classic_starters_and_the_bot_plays_classic_on_a_classic_board() -> None:
    client = signed_in("classic-practice")
    page = client.get("/play/").content.decode()
    assert 'label="Classic starter decks (rulebook 000)"' in page
    assert '<option value="vesna-classic-starter">Vesna Classic Starter</option>' in page
    choice = {"starter": "eva-classic-starter", "bot_starter": "romin-classic-starter", "bot": "greedy"}
    made = client.post("/play/", choice)
    assert made.status_code == 302
    match = PlayMatch.objects.get(player1__username="classic-practice")
    assert [seat["rules"] for seat in match.decks] == ["classic", "classic"]
    html = client.get(made["Location"]).content.decode()
    faces = json.loads(html.split('<script id="card-faces" type="application/json">', 1)[1].split("</script>", 1)[0])
    assert faces["eva-engulf"]["type_line"] == "Activate · Eva" and faces["eva-engulf"]["edition"] == "classic"
    assert faces["blood-rite"]["text"] == "Distract. Pain 5. Draw 3 cards." and faces["eva"]["inherent"] is None
    state = services.load_state(match.current_game())  # type: ignore[arg-type]
    assert state.rules == "classic" and services.player_view(match, 0)["board"]["rules"] == "classic"


def test_practice_refuses_a_classic_deck_against_an_awakening_bot_deck_in_words() -> None:
    client = signed_in("mixed")
    page = client.post(
        "/play/", {"starter": "eva-classic-starter", "bot_starter": "romin-starter", "bot": "random"}, follow=True
    ).content.decode()
    assert "different rule sets" in page and not PlayMatch.objects.exists()


def test_a_classic_challenge_is_accepted_with_a_classic_deck_only() -> None:
    ann, bob = UserFactory.create(), UserFactory.create()
    offered = services.challenge(ann, bob, {"starter": "vesna-classic-starter"}, best_of=3)
    assert offered.challenger_deck["rules"] == "classic"
    with pytest.raises(Invalid, match="different rule sets"):
        services.answer_challenge(offered.pk, bob, True, {"starter": "brannoc-starter"})
    assert not PlayMatch.objects.exists()
    accepted = services.answer_challenge(offered.pk, bob, True, {"starter": "brannoc-classic-starter"})
    assert accepted.match is not None and accepted.match.best_of == 3
    game = accepted.match.current_game()
    assert game is not None and game.setup["rules"] == "classic"


@pytest.mark.parametrize(("bot", "moves"), [("random", 3000), ("greedy", 3000), ("hard", 12)])
def test_every_bot_level_plays_classic(bot: str, moves: int) -> None:
    """Random and Greedy play whole Classic games; the Hard search bot plays Classic moves too."""
    seats = [RUNESLINGERS.seat_setup({"starter": s}) for s in ("brannoc-classic-starter", "vesna-classic-starter")]
    state = RUNESLINGERS.new_game(RUNESLINGERS.setup(seats, 0), 21)
    assert state.rules == "classic"
    for n in range(moves):
        decision = RUNESLINGERS.pending(state)
        if decision is None:
            break
        action = RUNESLINGERS.bot_action(state, decision.seat, bot, n)
        assert action in RUNESLINGERS.legal_actions(state, decision.seat)
        state, _ = RUNESLINGERS.apply(state, action)
    if bot != "hard":
        assert RUNESLINGERS.result(state) is not None
