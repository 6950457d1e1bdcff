"""What each person may see of a pod. A player only ever gets their own pack and picks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.utils import timezone

from accounts.models import User
from tournaments.drafts.errors import DraftRefusal
from tournaments.drafts.models import Pick, Pod, Pool, Seat
from tournaments.drafts.services.state import load_state, times
from tournaments.errors import Forbidden
from tournaments.limited import ROUNDS, DraftState, current_pack, is_forced, pending_packs, was_forced
from tournaments.limited.draft import picks_made
from tournaments.models import DeckVersion
from tournaments.permissions import Perm, has_permission


def spectates(user: User | AnonymousUser, pod: Pod) -> bool:
    """Organisers and judges (and staff) watch every seat of a pod."""
    return has_permission(user, Perm.VIEW_PRIVATE, pod.event)


def seat_of(user: User | AnonymousUser, pod: Pod) -> Seat | None:
    if not user.is_authenticated:
        return None
    return pod.seats.select_related("registration__player").filter(registration__player=user).first()


def require_seat_or_spectator(user: User | AnonymousUser, pod: Pod) -> Seat | None:
    """The user's seat (None for a spectator); Forbidden for anyone else."""
    seat = seat_of(user, pod)
    if seat is None and not spectates(user, pod):
        raise Forbidden(DraftRefusal.NOT_IN_POD, "Only the pod's players, the organiser and judges may see this pod.")
    return seat


@dataclass(frozen=True)
class SeatLine:
    """One seat at a pod's table as the "Where do I sit?" list shows it (seats count from 1)."""

    pod: int
    seat: int
    name: str
    mine: bool


def seating(pods: Sequence[Pod], user: User | AnonymousUser) -> list[list[SeatLine]]:
    """Every pod's seats in order with who sits there; ``mine`` marks the user's own seat."""
    seats = Seat.objects.filter(pod__in=pods).select_related("pod", "registration__player")
    tables: dict[int, list[SeatLine]] = {pod.number: [] for pod in pods}
    for seat in seats.order_by("pod__number", "index"):
        mine = user.is_authenticated and seat.player_id == user.pk
        tables[seat.pod.number].append(SeatLine(seat.pod.number, seat.index + 1, seat.label(), mine))
    return [tables[number] for number in sorted(tables)]


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None


def progress(pod: Pod, state: DraftState, seats: Sequence[Seat]) -> list[dict[str, Any]]:
    """Each seat's public progress: who sits there and how far they are (no cards)."""
    return [
        {
            "seat": seat.index,
            "name": seat.label(),
            "bot": seat.bot,
            "picks": [picks_made(state, seat.index, r) for r in range(1, ROUNDS + 1)],
            "waiting_packs": len(pending_packs(state, seat.index)) if pod.status == Pod.Status.DRAFTING else 0,
        }
        for seat in seats
    ]


def pod_summary(pod: Pod, state: DraftState | None = None, seats: Sequence[Seat] | None = None) -> dict[str, Any]:
    """The pod as everyone in it sees it: status, round, clocks of the pod, progress."""
    seats = seats if seats is not None else list(pod.seats.select_related("registration__player"))
    data: dict[str, Any] = {
        "id": pod.pk,
        "event": pod.event_id,
        "number": pod.number,
        "status": pod.status,
        "version": pod.version,
        "paused": pod.paused,
        "round": pod.round_opened,
        "review_deadline": _iso(pod.deadline),
        "size": len(seats),
        "settings": dict(pod.settings),
    }
    if pod.opened:
        state = state if state is not None else load_state(pod, seats)
        data["progress"] = progress(pod, state, seats)
        data["picks_per_round"] = -(-len(state.opened[0][0]) // 2)
    else:
        data["progress"] = [{"seat": s.index, "name": s.label(), "bot": s.bot, "picks": [0, 0], "waiting_packs": 0}
                            for s in seats]  # fmt: skip
        data["picks_per_round"] = 0
    return data


def seat_state(
    pod: Pod,
    seat: Seat,
    state: DraftState | None = None,
    now: datetime | None = None,
    seats: Sequence[Seat] | None = None,
    summary: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """One player's view: the pod summary (``summary`` if already drawn) plus their current pack,
    their picks and their clock."""
    now = now or timezone.now()
    seats = seats if seats is not None else list(pod.seats.select_related("registration__player"))
    state = state if state is not None or not pod.opened else load_state(pod, seats)
    data = dict(summary) if summary is not None else pod_summary(pod, state, seats)
    data["seat"] = seat.index
    data["bot"] = seat.bot
    data["current"] = None
    data["waiting_packs"] = 0
    if state is not None and pod.status == Pod.Status.DRAFTING:
        pending = current_pack(state, seat.index)
        if pending is not None and pending.round <= pod.round_opened:
            data["waiting_packs"] = len(pending_packs(state, seat.index))
            key = f"{pending.round}.{pending.pick_number}"
            clocked = (seat.clock_round, seat.clock_pick) == (pending.round, pending.pick_number)
            deadline = seat.deadline if clocked else None
            data["current"] = {
                "round": pending.round,
                "pick_number": pending.pick_number,
                "pack": pending.pack,
                "cards": list(pending.cards),
                "take": pending.take,
                "deadline": _iso(deadline),
                "seconds": times(pod).pick_seconds(len(pending.cards), pending.take),
                "seconds_left": max(0.0, (deadline - now).total_seconds()) if deadline else None,
                "paused_ms_left": seat.remaining_ms if pod.paused else None,
                "marked": list(seat.marks.get(key, [])),
            }
    made = state.picks[seat.index] if state is not None else ()
    # A forced pick (the last cards of a pack) is the server's too, but nobody chose: not "auto".
    data["picks"] = [{"round": p.round, "pick_number": p.pick_number, "pack": p.pack, "cards": list(p.cards),
                      "auto": p.auto and not (state is not None and was_forced(state, p))} for p in made]  # fmt: skip
    data["pool"] = [card for p in made for card in p.cards]
    data["pool_id"] = None
    if pod.status in (Pod.Status.BUILDING, Pod.Status.DONE) and seat.registration_id is not None:
        data["pool_id"] = (
            Pool.objects.filter(pod=pod, registration_id=seat.registration_id).values_list("pk", flat=True).first()
        )
    return data


def pick_row(row: Pick, with_pack: bool = True) -> dict[str, Any]:
    data: dict[str, Any] = {
        "round": row.round,
        "pick_number": row.pick_number,
        "pack": row.pack,
        "cards": list(row.cards),
        "auto": row.auto,
        "forced": is_forced(len(row.pack_cards), len(row.cards)),
        "bot": row.by_bot,
        "at": row.at.isoformat(),
        "deadline": _iso(row.deadline),
    }
    if with_pack:
        data["pack_cards"] = list(row.pack_cards)
    return data


def pick_log(pod: Pod, seat: Seat) -> dict[str, Any]:
    """A seat's pick log: every pick with its time, the pack it came from and the auto-pick flag."""
    return {
        "event": pod.event_id,
        "pod": pod.number,
        "seat": seat.index,
        "player": seat.label(),
        "picks": [pick_row(row) for row in Pick.objects.filter(seat=seat)],
    }


def expired_clock_picks(pod: Pod) -> Counter[int]:
    """Auto-picks per seat (by seat id) made because a player's clock ran out: the server's picks
    for a seat a person holds, less the forced ones (a pack with no more cards than a pick takes,
    where nobody had a choice) and the picks of a seat swapped for a bot."""
    rows = Pick.objects.filter(pod=pod, auto=True, by_bot=False).values_list("seat_id", "pack_cards", "cards")
    return Counter(seat_id for seat_id, pack, cards in rows if not is_forced(len(pack), len(cards)))


def dashboard(pods: list[Pod]) -> list[dict[str, Any]]:
    """Every pod for the organiser: summary, each seat's clock and auto-picks, pools and notices."""
    out = []
    for pod in pods:
        seats = list(pod.seats.select_related("registration__player"))
        autos = expired_clock_picks(pod)
        data = pod_summary(pod, None, seats)
        for row, seat in zip(data["progress"], seats, strict=True):
            row["deadline"] = _iso(seat.deadline)
            row["auto_picks"] = autos[seat.pk]
            row["seat_id"] = seat.pk
        data["pools"] = [pool_summary(pool) for pool in pod.pools.select_related("registration__player")]
        out.append(data)
    return out


def pool_summary(pool: Pool) -> dict[str, Any]:
    return {
        "id": pool.pk,
        "event": pool.event_id,
        "kind": pool.kind,
        "player": pool.registration.player.public_name,
        "cards": len(pool.cards),
        "build_deadline": _iso(pool.build_deadline),
        "deck_submitted_at": _iso(pool.deck_submitted_at),
        "auto_built": pool.auto_built,
        "notice": pool.auto_build_note,
    }


def registered_deck(pool: Pool) -> dict[str, Any] | None:
    """The deck last registered from the pool (its player's current list in the event), or None;
    shown to those who may see the pool: its player, the organiser and judges."""
    version = (
        DeckVersion.objects.filter(deck__event_id=pool.event_id, deck__player_id=pool.registration.player_id)
        .order_by("-number")
        .first()
    )
    if version is None:
        return None
    return {"runeslinger": version.runeslinger, "equips": list(version.equips), "cards": dict(version.cards),
            "automatic": version.automatic}  # fmt: skip
