"""Hard draft bots: the Hard game bot's evaluation of playing a card tilts the rating bot's picks."""

from __future__ import annotations

from gameplay.runeslingers.engine.search import card_value
from tests.limited.support import real_set, seat_names
from tournaments.limited import RatingBot, SearchBot, draft_bot, new_draft, pools, run_bots


def test_a_card_that_deals_damage_is_worth_more_than_one_that_cannot_be_played_there() -> None:
    assert card_value("meteor") > card_value("spark") > card_value("cataclysm")
    assert card_value("no-such-card") == 0.0


def test_the_hard_bot_adds_the_evaluation_to_the_rating() -> None:
    cs = real_set()
    normal, hard = RatingBot(cs, jitter=0.0), SearchBot(cs, jitter=0.0)
    for slug in ("meteor", "cataclysm", "spark"):
        assert hard.score(slug, ()) == normal.score(slug, ()) + hard.evaluation_weight * card_value(slug)
    # the tilt changes a choice: Cataclysm is rated above Meteor, the evaluation prefers Meteor
    assert normal.choose(["cataclysm", "meteor"], 1, ()) == ("cataclysm",)
    assert hard.choose(["cataclysm", "meteor"], 1, ()) == ("meteor",)


def test_levels_name_their_bots_and_hard_bots_finish_a_draft() -> None:
    cs = real_set()
    assert type(draft_bot("hard", cs)) is SearchBot
    assert type(draft_bot("normal", cs)) is RatingBot
    assert type(draft_bot("anything else", cs)) is RatingBot
    bots = {seat: draft_bot("hard", cs, f"s{seat}") for seat in range(4)}
    state = run_bots(new_draft(cs, "hard-seed", seat_names(4)), bots)
    assert all(len(held) == 36 for held in pools(state))
