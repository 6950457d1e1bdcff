"""What a player may do, as `legal.legal_actions` lists it, where surviving mutants of `legal` showed no test asserted
the exact set (docs/mutation.md, "Survivors judged equivalent", `gameplay.engine.legal`). A set too large lets a
player break a rule; a set too small takes a play away. Each test asserts the whole list, that an action left out is
refused with its reason and changes nothing, and the outcome of one that is offered."""

from __future__ import annotations

import pytest

from gameplay.runeslingers.engine import IllegalActionError, State, apply, view
from gameplay.runeslingers.engine.state import F_DMG
from tests.engine.helpers import classic_position, decline_all, handle, legal_texts, position, run
from tests.engine.outcome import awaiting, seat


def refused(s: State, text: str) -> str:
    """The sentence `text` is refused with; the refused action changes nothing."""
    before = (awaiting(s), seat(s, 0), seat(s, 1))
    with pytest.raises(IllegalActionError) as error:
        apply(s, text)
    assert (awaiting(s), seat(s, 0), seat(s, 1)) == before
    return str(error.value)


def test_a_trinket_or_chant_goes_on_a_free_utility_slot_when_no_concentration_is_exposed() -> None:
    """001 p.7 "You can play a chant or trinket on a utility slot with no other card on it" and 001 p.7 "Only trinkets
    and chants can be played in utility slots": Eva's only concentration is covered by her Tower Shield and she has 1
    light in her pool. Her Leather Vest (a trinket) and her Ward Sigil (a chant), each costing 1, are offered, for a
    utility slot; her Spark (a spirit runespell costing 1) has no place, and her Short Sword costs 2. Played, the
    Leather Vest (or the Ward Sigil) takes utility slot 0 and the light; nothing else changes."""
    hand = ["leather-vest", "ward-sigil", "spark", "short-sword"]
    s = position({"hand": hand, "field": ["tower-shield"], "light": 1}, {})
    vest, sigil, spark, sword = (handle(s, 0, c) for c in hand)
    shield = handle(s, 0, "tower-shield", "field")
    assert legal_texts(s, 0) == [
        "end",
        *(f"set {c}" for c in (vest, sigil, spark, sword)),
        f"play {vest}",
        f"play {sigil}",
        # Eva's Breathe Fire (1 light: deal 2 damage to any target)
        "activate inherent target=p2",
        "activate inherent target=p1",
        f"activate inherent target={shield}",
    ]
    assert refused(s, f"play {spark} target=p2") == f"'play {spark} target=p2' is not legal for p1: no place to play it"
    assert refused(s, f"play {sword}") == f"'play {sword}' is not legal for p1: not enough light"
    eva, romin = seat(s, 0), seat(s, 1)
    for card, card_id in ((vest, "leather-vest"), (sigil, "ward-sigil")):
        s2 = run(s, f"play {card}")
        assert awaiting(s2) == ("play", 0)
        assert s2.players[0].util == [int(handle(s2, 0, card_id, "field")[1:]), -1]
        rest = sorted(c for c in eva["hand"] if c != card_id)
        assert seat(s2, 0) == {**eva, "light": 0, "hand": rest, "field": sorted([card_id, "tower-shield"])}
        assert seat(s2, 1) == romin


def test_classic_answers_are_shout_cards_and_activations_never_a_defense_runespells_sling() -> None:
    """000 "Answers (responses to an answerable action) are: trinket Activate effects, Runeslinger Activate abilities,
    and runespells with the keyword Shout that can be slung, either from play, or the hand. Normally, you can only sling
    your runespells when it's your turn": Eva slings Fireball at Romin; each has a Hex in play (a defense runespell
    with "Sling:", no Shout), Romin a Firecracker too. Romin may pass, answer with Bounce (Shout) on any card in play,
    or activate the Firecracker; he bounces Eva's Hex. Eva may only pass: her Hex is no answer, even on her turn. Then
    Romin, with his spent Bounce still in play until Cleanup, may pass or activate the Firecracker; slinging his Hex is
    refused. On his own turn he may sling it."""
    s = classic_position(
        {"hand": ["fireball"], "concentrations": ["fireball"], "field": ["hex"]},
        {"hand": ["bounce"], "concentrations": ["fireball"], "field": ["hex", "firecracker"]},
    )
    fireball, bounce = handle(s, 0, "fireball"), handle(s, 1, "bounce")
    her_hex, his_hex = handle(s, 0, "hex", "field"), handle(s, 1, "hex", "field")
    cracker = handle(s, 1, "firecracker", "field")
    s = run(s, f"play {fireball} target=p2")
    assert awaiting(s) == ("answer", 1)
    assert legal_texts(s, 1) == [
        "pass",
        *(f"play {bounce} target={c}" for c in (her_hex, fireball, his_hex, cracker)),
        *(f"activate {cracker} target={t}" for t in ("p1", "p2", her_hex, his_hex)),
    ]
    s = run(s, f"play {bounce} target={her_hex}")
    assert awaiting(s) == ("answer", 0)
    assert legal_texts(s, 0) == ["pass"]
    sling = f"sling {her_hex} target=p2"
    assert refused(s, sling) == f"'{sling}' is not legal for p1: the pending decision is answer"
    s = run(s, "pass")
    assert awaiting(s) == ("answer", 1)
    assert bounce in (f"c{h}" for h in s.players[1].field)
    assert legal_texts(s, 1) == ["pass", *(f"activate {cracker} target={t}" for t in ("p1", "p2", her_hex, his_hex))]
    sling = f"sling {his_hex} target=p1"
    assert refused(s, sling) == f"'{sling}' is not legal for p2: the pending decision is answer"
    own = classic_position({}, {"field": ["hex", "firecracker"]}, active="p2")
    his_hex, cracker = handle(own, 1, "hex", "field"), handle(own, 1, "firecracker", "field")
    assert awaiting(own) == ("play", 1)
    assert legal_texts(own, 1) == [
        "end",
        f"sling {his_hex} target=p1",
        f"sling {his_hex} target=p2",
        *(f"activate {cracker} target={t}" for t in ("p1", "p2", his_hex)),
    ]


def test_the_board_says_whose_decision_is_pending_and_which() -> None:
    """The view's `pending` (read by the play page to say whose move it is, docs/hosting.md): {"player": "p1" or "p2",
    "kind": the decision}, the same for both seats. Eva's Play Phase, then Romin's answer to her Fireball."""
    s = position({"hand": ["fireball"], "concentrations": ["spark"] * 3}, {})
    for seat_ in (0, 1):
        assert view(s, seat_)["pending"] == {"player": "p1", "kind": "play"}
    s = run(s, f"play {handle(s, 0, 'fireball')} target=p2")
    for seat_ in (0, 1):
        assert view(s, seat_)["pending"] == {"player": "p2", "kind": "answer"}


def test_a_card_in_play_is_not_among_the_targets_of_its_own_use() -> None:
    """001 p.17 "You cannot use a card on the turn it is played or if it is already used (horizontal)", and the
    engine's reading where the rulebooks are silent: a card in play is never a target of its own ability (Use, Sling
    and Activate alike; the Classic test above lists a Firecracker's activation without it). Eva's Firecracker ("Use:
    deal 2 damage to any target", defense 2, played on an earlier turn) may hit either Runeslinger or Romin's Tower
    Shield, not itself. Used on the shield, it deals 2 there and is not offered again this turn."""
    s = position({"field": ["firecracker"]}, {"field": ["tower-shield"]})
    cracker, shield = handle(s, 0, "firecracker", "field"), handle(s, 1, "tower-shield", "field")
    assert awaiting(s) == ("play", 0)
    assert legal_texts(s, 0) == ["end", *(f"use {cracker} target={t}" for t in ("p2", "p1", shield))]
    use = f"use {cracker} target={cracker}"
    assert refused(s, use) == f"'{use}' is not legal for p1: not among the legal actions"
    eva, romin = seat(s, 0), seat(s, 1)
    s = run(s, f"use {cracker} target={shield}")
    assert awaiting(s) == ("play", 0)
    assert legal_texts(s, 0) == ["end"]
    assert (seat(s, 0), seat(s, 1)) == (eva, romin)
    assert s.players[1].field[int(shield[1:])][F_DMG] == 2


def test_a_defense_runespell_in_play_is_not_among_the_targets_of_its_own_sling() -> None:
    """001 p.11 "Activate the effect of a card you control by paying that effect's activation cost" (Lava Stream:
    "Sling: deal 4 damage, +3 for each token on Lava Stream, to any target"), with the engine's reading where the
    rulebooks are silent (see the test above): Eva may sling her Lava Stream at either Runeslinger or Romin's Tower
    Shield, not at itself, or charge it. Slung at Romin, it deals him 4 (he has no card to block with) and her Talaka's
    Heart ("When you sling a spirit runespell: target enemy Runeslinger sears 2") sears him 2; it is not offered again,
    its charge is."""
    s = position({"field": ["lava-stream"]}, {"field": ["tower-shield"]})
    lava, shield = handle(s, 0, "lava-stream", "field"), handle(s, 1, "tower-shield", "field")
    assert awaiting(s) == ("play", 0)
    assert legal_texts(s, 0) == ["end", *(f"sling {lava} target={t}" for t in ("p2", "p1", shield)), f"charge {lava}"]
    sling = f"sling {lava} target={lava}"
    assert refused(s, sling) == f"'{sling}' is not legal for p1: not among the legal actions"
    eva, romin = seat(s, 0), seat(s, 1)
    s = decline_all(run(s, f"sling {lava} target=p2"))
    assert awaiting(s) == ("play", 0)
    assert legal_texts(s, 0) == ["end", f"charge {lava}"]
    assert seat(s, 0) == eva
    assert seat(s, 1) == {**romin, "health": 16, "deck": 8, "discard": ["spark", "spark"]}
