"""What a person may see of a deck swap, as plain values for the pages and the API.

Choices are hidden until every seat of the pod has chosen: before that a player sees their own
choice and who has chosen (never what), and so do the organiser and judges. Once the cards are
passed, a player sees what they received and from whom, and their game deck for the round (every
card marked with its owner); the organiser and judges see every pass. Nobody else sees any card.
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from accounts.models import User
from gameplay.runebound import swap as rules
from gameplay.runebound.catalog import shipped_runebound
from gameplay.runebound.decks import RuneboundDeck
from gameplay.runebound.faces import class_card_face
from tournaments.models import Event
from tournaments.permissions import Perm, has_permission
from tournaments.swaps.models import CardPass, PodSwap, SwapSeat

State = dict[str, Any]


def _face(card_id: str) -> dict[str, Any]:
    catalog = shipped_runebound()
    card = catalog.class_cards.get(card_id)
    if card is None:  # a card no longer in the catalog still has its place, by name only
        return {"id": card_id, "name": card_id, "side": "enemy", "timing": [], "proficiencies": []}
    return class_card_face(card, catalog)


def phase(swap: PodSwap) -> str:
    """ "skipped", "choosing" or "passed" (the API's words; pages say them in sentences)."""
    if swap.skipped:
        return "skipped"
    return "choosing" if swap.revealed_at is None else "passed"


def seat_state(swap: PodSwap, user: User) -> State:
    """The swap as this user may see it: the pod's progress, their own part, and after the pass
    what they received. The organiser and judges also get every pass once the cards are passed."""
    seats = list(swap.seats.select_related("player").order_by("position"))
    chosen = sum(1 for s in seats if s.has_chosen)
    state: State = {
        "swap": swap.pk,
        "version": swap.version,
        "round": swap.round.label,
        "table": swap.table.table,
        "phase": phase(swap),
        "skipped": swap.skipped,
        "deadline": swap.deadline.isoformat(),
        "seconds_left": max(0, int((swap.deadline - timezone.now()).total_seconds())),
        "chosen": chosen,
        "seats": len(seats),
        "waiting_for": len(seats) - chosen,
        "round_over": swap.round.has_ended,
        "pod": [{"name": s.player.public_name, "has_chosen": s.has_chosen} for s in seats],
    }
    mine = next((s for s in seats if s.player_id == user.pk), None)
    if mine is not None and len(seats) > 1:
        state["me"] = _own_part(swap, seats, mine)
    if swap.revealed_at is not None and has_permission(user, Perm.VIEW_PRIVATE, swap.round.event):
        state["passes"] = pass_rows(swap.passes.select_related("giver", "receiver"))
    return state


def _own_part(swap: PodSwap, seats: list[SwapSeat], mine: SwapSeat) -> State:
    left, right = rules.neighbours([s.player for s in seats], mine.player)
    deck = RuneboundDeck.of(mine.deck, ())
    part: State = {
        "left": left.public_name,
        "right": right.public_name,
        "one_neighbour": left == right,
        "cards": [_face(card) for card in rules.enemy_cards(deck, shipped_runebound())],
        "choice": {"left": mine.left, "right": mine.right} if mine.has_chosen else None,
        "automatic": mine.automatic,
        "deck_size": len(mine.deck),
    }
    if swap.revealed_at is not None:
        part.update(_received(swap, seats, mine, deck))
    return part


def _received(swap: PodSwap, seats: list[SwapSeat], mine: SwapSeat, deck: RuneboundDeck) -> State:
    names = {s.player_id: s.player.public_name for s in seats}
    passed = [
        rules.Pass(p.card, p.giver_id, p.receiver_id, p.side)
        for p in swap.passes.filter(receiver=mine.player) | swap.passes.filter(giver=mine.player)
    ]
    got = rules.received(mine.player_id, passed)
    givers = list(dict.fromkeys(p.giver for p in got))
    return {
        "received": [{"from": names[g], "cards": [_face(p.card) for p in got if p.giver == g]} for g in givers],
        "given": {"left": mine.left, "right": mine.right},
        "game_deck": [
            {"card": _face(owned.card), "owner": names[owned.owner], "own": owned.owner == mine.player_id}
            for owned in rules.game_deck(mine.player_id, deck, passed)
        ],
    }


def pass_rows(passes: Any) -> list[State]:
    """The ownership log as rows of words: round, card, from, to."""
    catalog = shipped_runebound()
    rows = []
    for p in passes:
        card = catalog.class_cards.get(p.card)
        rows.append(
            {
                "round": p.round.number,
                "card": card.name if card else p.card,
                "from": p.giver.public_name,
                "to": p.receiver.public_name,
                "at": p.at.isoformat(),
            }
        )
    return rows


def swap_log(user: User, event: Event) -> list[State]:
    """The event's ownership log as this user may see it: all of it for the organiser and judges,
    the cards they gave or received for a player, nothing for anyone else."""
    passes = CardPass.objects.filter(round__event=event).select_related("round", "giver", "receiver")
    if not has_permission(user, Perm.VIEW_PRIVATE, event):
        if not user.is_authenticated:
            return []
        passes = passes.filter(giver=user) | passes.filter(receiver=user)
    return pass_rows(passes.order_by("round__number", "swap__table__table", "id"))


def my_swaps(user: User, event: Event) -> list[PodSwap]:
    """The swaps of the event in which the user has a seat, newest round first."""
    if not user.is_authenticated:
        return []
    found = PodSwap.objects.filter(round__event=event, seats__player=user).select_related("round", "table")
    return list(found.order_by("-round__number"))


def event_swaps(event: Event) -> list[PodSwap]:
    """Every swap of the event, for the organiser's progress view."""
    found = PodSwap.objects.filter(round__event=event).select_related("round", "table")
    return list(found.order_by("-round__number", "table__table"))
