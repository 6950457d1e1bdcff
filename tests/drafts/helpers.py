"""Building draft events and driving pods in tests."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.utils import timezone

from accounts.models import User
from common import deadlines
from gameplay.runeslingers.formats import Deck
from gameplay.runeslingers.site_catalog import current_catalog
from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory, UserFactory
from tournaments.drafts.models import Pod, Pool, Seat
from tournaments.drafts.services import clock, draft_pods, picking
from tournaments.drafts.services.state import card_set, load_state
from tournaments.limited import DRAFT_DECK, SEALED_DECK, build_deck, current_pack, default_loadout
from tournaments.models import Event
from tournaments.services import registration


@dataclass
class Table:
    event: Event
    organiser: User
    judge: User
    players: list[User]
    outsider: User


#: The draft's kinds of deadline: beat's sweep of them is what these tests run in its place.
DRAFT_KINDS = (clock.DRAFT_PICKS, clock.DRAFT_REVIEW, clock.DECK_BUILD)


def sweep_draft(now: datetime | None = None) -> int:
    """What beat's sweep does for the draft's deadlines (pick clocks, review pauses, deck building)."""
    return deadlines.sweep(now, only=DRAFT_KINDS)


def draft_table(humans: int = 4, fmt: str = "draft", username: str = "d") -> Table:
    """A running event of ``fmt`` with ``humans`` players, a judge and an outsider."""
    organiser = OrganiserFactory.create(username=f"{username}-org")
    event = EventFactory.create(organiser=organiser, format=fmt)
    judge = UserFactory.create(username=f"{username}-judge")
    event.judges.add(judge)
    players = [UserFactory.create(username=f"{username}-p{i}") for i in range(humans)]
    for player in players:
        RegistrationFactory.create(event=event, player=player)
    registration.start_event(event, organiser)
    event.refresh_from_db()
    return Table(event, organiser, judge, players, UserFactory.create(username=f"{username}-out"))


def started_pod(
    table: Table, seats: int = 6, settings: dict[str, int] | None = None, now: datetime | None = None
) -> Pod:
    (pod,) = draft_pods.seat_pods(
        table.event, table.organiser, seats_per_pod=seats, fill_with_bots=True, settings=settings
    )
    return draft_pods.start_pod(pod, table.organiser, now=now)


def human_seats(pod: Pod) -> list[Seat]:
    return [s for s in Seat.objects.filter(pod=pod).select_related("registration__player") if not s.bot]


def pick_first_cards(pod: Pod, seat: Seat, now: datetime | None = None) -> bool:
    """The seat's player takes the first cards of the pack in front of them; False if none."""
    pod.refresh_from_db()
    if pod.status != Pod.Status.DRAFTING or pod.paused:
        return False
    state = load_state(pod)
    pending = current_pack(state, seat.index)
    if pending is None or pending.round > pod.round_opened:
        return False
    assert seat.registration is not None
    player = seat.registration.player
    picking.make_pick(pod, player, pending.round, pending.pick_number, pending.cards[: pending.take], pending.pack, now)
    return True


def drive(pod: Pod, now: datetime | None = None, skip: Collection[int] = ()) -> None:
    """Every human (except seats in ``skip``) picks until nobody can; review pauses end at once."""
    now = now or timezone.now()
    moved = True
    while moved:
        moved = False
        for seat in human_seats(pod):
            if seat.index not in skip:
                while pick_first_cards(pod, seat, now):
                    moved = True
        pod.refresh_from_db()
        if pod.status == Pod.Status.REVIEW:
            assert picking.end_review(pod.pk, None, now + timedelta(hours=1))
            moved = True


def legal_deck(pool: Pool) -> Deck:
    rules = SEALED_DECK if pool.kind == Pool.Kind.SEALED else DRAFT_DECK
    built = build_deck(card_set(), pool.cards, rules)
    loadout = default_loadout(current_catalog(), built.card_class)
    assert loadout is not None
    return Deck.of(loadout.runeslinger, loadout.equips, dict(built.cards))
