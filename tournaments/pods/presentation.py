"""How the pages of a pod event lay out a pod: seats in order with each player's neighbours,
placements in words, the placement controls and the standings explained. No queries here: the
views gather (``tournaments.pods.views``), these shape, the templates render.

A pod's seats are in clockwise order (seat 1 plays first). Facing the table, the next seat
clockwise is on a player's left and the one before it on their right; in a pod of two the other
player is across the table.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol

from common.words import count
from tournaments.pairing.pod_standings import PlacementPoints, PodStanding, ordinal
from tournaments.pairing.records import join_names
from tournaments.web.presentation import with_names


class SeatLike(Protocol):
    """What a pod's seat row offers: the player (a user), the seat number and the place (or None)."""

    player_id: int
    position: int
    placement: int | None

    @property
    def player(self) -> Any: ...


class PodLike(Protocol):
    """What a pod row offers the words: its state and who reported."""

    reported_by_id: int | None

    @property
    def is_pending(self) -> bool: ...

    @property
    def awaits_confirmation(self) -> bool: ...

    @property
    def is_disputed(self) -> bool: ...

    @property
    def is_confirmed(self) -> bool: ...


@dataclass(frozen=True)
class SeatView:
    """One seat as a page shows it: number, player, neighbours' names and place in words."""

    number: int
    player: Any
    left: str
    right: str
    place: str
    is_viewer: bool

    @property
    def beside(self) -> str:
        """ "Corvin on your left, Dara on your right" (or "Corvin across the table" in a pod of two)."""
        return beside_words(self.left, self.right)


def beside_words(left: str, right: str, who: str = "your") -> str:
    if not left:
        return ""
    if left == right:
        return f"{left} across the table"
    return f"{left} on {who} left, {right} on {who} right"


def _viewer_id(viewer: Any) -> int | None:
    return getattr(viewer, "pk", None) if getattr(viewer, "is_authenticated", False) else None


def seat_views(
    seats: Sequence[SeatLike], neighbours: Mapping[int, tuple[int, int]], viewer: Any = None
) -> list[SeatView]:
    """The pod's seats in clockwise order, each with who sits on its left and right
    (``neighbours``: ``PodTable.neighbours()``, each player's left and right by id)."""
    ordered = sorted(seats, key=lambda s: s.position)
    names = {seat.player_id: seat.player.public_name for seat in ordered}
    me = _viewer_id(viewer)
    views = []
    for index, seat in enumerate(ordered):
        left, right = neighbours.get(seat.player_id, (seat.player_id, seat.player_id))
        alone = left == seat.player_id
        place = ordinal(seat.placement) if seat.placement else ""
        views.append(
            SeatView(index + 1, seat.player, "" if alone else names[left], "" if alone else names[right], place,
                     seat.player_id == me)
        )  # fmt: skip
    return views


@dataclass(frozen=True)
class FinderSeat:
    """One player's line in "Where do I sit?": their pod, their seat and who else is in the pod."""

    player: Any
    pod: int
    number: int
    others: tuple[str, ...]

    @property
    def where(self) -> str:
        return f"pod {self.pod}, seat {self.number}"

    @property
    def company(self) -> str:
        return "with " + join_names(range(len(self.others)), lambda i: self.others[i]) if self.others else ""


def finder_seats(pods: Iterable[Any], query: str = "") -> list[FinderSeat]:
    """Every seated player of these pods (``pod.table``, ``pod.seat_list``), alphabetical; with
    ``query``, only the players whose name contains it (any case)."""
    wanted = query.strip().lower()
    seats = []
    for pod in pods:
        names = [seat.player.public_name for seat in pod.seat_list]
        for seat in pod.seat_list:
            others = tuple(name for name in names if name != seat.player.public_name)
            seats.append(FinderSeat(seat.player, pod.table, seat.number, others))
    chosen = [s for s in seats if wanted in s.player.public_name.lower()]
    return sorted(chosen, key=lambda s: s.player.public_name.lower())


def placement_words(places: Mapping[int, int], names: Mapping[int, str], viewer: Any = None) -> str:
    """Places in words, best first: "Eva 1st, Corvin and Dara tied 2nd, Tobin 4th"; the viewer is
    "you" ("You 1st, …", "Eva and you tied 2nd")."""
    me = _viewer_id(viewer)
    by_place: dict[int, list[int]] = {}
    for player, place in places.items():
        by_place.setdefault(place, []).append(player)
    parts = []
    for place in sorted(by_place):
        players = sorted(by_place[place], key=lambda p: (p == me, names.get(p, "").lower()))
        who = join_names(players, lambda p: "you" if p == me else names.get(p, "a player"))
        tied = "tied " if len(players) > 1 else ""
        parts.append(f"{who} {tied}{ordinal(place)}")
    text = ", ".join(parts)
    return text[:1].upper() + text[1:]


def pod_result_words(pod: PodLike, seats: Sequence[Any], viewer: Any = None) -> str:
    """The pod's result as ``viewer`` should read it: the places once confirmed, the report and
    who must confirm it while it waits, the dispute in words; never a raw state."""
    names = {s.player_id: s.player.public_name for s in seats}
    me = _viewer_id(viewer)
    if pod.is_confirmed:
        return placement_words({s.player_id: s.placement for s in seats if s.placement}, names, viewer)
    if pod.is_disputed:
        if me in names:
            return "Your pod's reports differ — a judge or the organiser will settle the places"
        return "Disputed: the players reported different places — a judge or the organiser will settle it"
    if pod.awaits_confirmation:
        reported = {s.player_id: s.reported_placement for s in seats if s.reported_placement}
        said = placement_words(reported, names, viewer)
        reporter = pod.reported_by_id
        if me == reporter:
            if all(s.player.is_guest for s in seats if s.player_id != reporter):  # nobody else can sign in
                return f"You reported: {said} — waiting for the organiser to confirm (the others play as guests)"
            return f"You reported: {said} — waiting for another player of the pod to confirm"
        who = names.get(reporter, "The organiser") if reporter is not None else "The site"
        if me in names:
            return f"{who} reported: {said}. Is that right?"
        return f"{who} reported: {said} — waiting for another player to confirm"
    return "Not reported yet"


def place_choices(size: int) -> list[dict[str, Any]]:
    """The places a seat may be given in a pod of ``size``: 1st … nth (ties share a place)."""
    return [{"value": place, "label": ordinal(place)} for place in range(1, size + 1)]


def points_table_words(points: PlacementPoints) -> str:
    """ "1st 3 points, 2nd 2, 3rd 1, later places 0"."""
    table = points.by_place
    parts = [f"{ordinal(n)} {count(p, 'point', 'points') if n == 1 else p}" for n, p in enumerate(table, 1)]
    if len(table) > 1:
        parts[-1] = f"{ordinal(len(table))} and later {table[-1]}"
    return ", ".join(parts)


@dataclass(frozen=True)
class PodTiebreak:
    """One pod tiebreaker column: heading, full title, and the sentence explaining a value."""

    heading: str
    title: str
    explains: str


POD_TIEBREAKS = [
    PodTiebreak(
        "Opp. avg",
        "Opponents' average points per round",
        "Opp. avg {value}: for each pod you sat in, the average points per round of the other players "
        "in it; then the average of those pods. A strong pod counts for you.",
    ),
    PodTiebreak(
        "Places",
        "Placement history",
        "Places {value}: how many times you finished 1st, 2nd, 3rd, … (in that order). With equal points "
        "and opponents' average, more 1sts rank higher, then more 2nds, and so on.",
    ),
]


def average_text(value: Fraction) -> str:
    return f"{float(value):.2f}"


class StandingRowLike(Protocol):
    """A pod standings row (``tournaments.pods.services.PodStandingRow``)."""

    @property
    def standing(self) -> PodStanding: ...

    @property
    def places_text(self) -> str: ...


def pod_points_explained(row: StandingRowLike, points: PlacementPoints) -> str:
    standing = row.standing
    points_from = f"{count(standing.points, 'point', 'points')} from {count(standing.rounds, 'round', 'rounds')}"
    return (
        f"{points_from}: {points_table_words(points)}; tied players each score "
        f"their shared place. Your places: {row.places_text}."
    )


def pod_tiebreak_cells(row: StandingRowLike) -> list[dict[str, str]]:
    values = [average_text(row.standing.opponents_average), row.places_text]
    return [
        {"heading": tb.heading, "title": tb.title, "value": value, "explains": tb.explains.format(value=value)}
        for tb, value in zip(POD_TIEBREAKS, values, strict=True)
    ]


def pods_explained(explanations: Iterable[str], names: Mapping[int, str]) -> list[str]:
    """Stored pod explanations read with public names (ids kept where a name is unknown)."""
    return [with_names(text, names) for text in explanations]
