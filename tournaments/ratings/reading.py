"""What the ratings pages and API read: a kind's leaderboard a page at a time, a player's ratings
with their history, and the player's public record (events, matches, pod tables, published decks),
each as the viewer may see it (the events' and matches' own selectors decide)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.core.paginator import Page, Paginator
from django.db.models import Count, Q, QuerySet

from accounts.models import User
from common.ids import parse_id
from common.refusals import Invalid, NotFound
from gameplay.matches import selectors as match_selectors
from gameplay.matches.models import PlayMatch
from tournaments import selectors
from tournaments.models import DeckVersion, Event, EventDeck, Match, PodSeat, PodTable
from tournaments.ratings.errors import RatingRefusal
from tournaments.ratings.models import Kind, PlayerRating, RatingPoint
from tournaments.services.decks import visible_decks
from tournaments.structures import structure_of

PAGE_SIZE = 50
RECENT = 20
Viewer = User | AnonymousUser


#: Whose profiles and ratings are shown: accounts and guests (walk-ins, who cannot sign in), not
#: a deactivated account.
SHOWN = Q(is_active=True) | Q(is_guest=True)
SHOWN_RATINGS = Q(player__is_active=True) | Q(player__is_guest=True)


def shown_player(player_id: int) -> User:
    found = User.objects.filter(SHOWN, pk=player_id).first()
    if found is None:
        raise NotFound(RatingRefusal.NO_SUCH_PAGE, "There is no such player.")
    return found


def kind_named(slug: str) -> Kind:
    if slug not in Kind.values:
        raise NotFound(RatingRefusal.NO_SUCH_PAGE, f"There is no rating called {slug[:40]!r}.")
    return Kind(slug)


def leaderboard(kind: str) -> QuerySet[PlayerRating]:
    """Highest rating first; equal ratings by the smaller deviation, then by name."""
    return (
        PlayerRating.objects.filter(SHOWN_RATINGS, kind=kind)
        .select_related("player")
        .order_by("-value", "deviation", "player__display_name", "player__username")
    )


def page_of(rows: QuerySet[Any], raw: str | None, size: int = PAGE_SIZE) -> Page[Any]:
    """The asked page (1 if none was asked); a page that is not a number is a 400, one past the
    end a 404, each naming the pages there are."""
    pages = Paginator(rows, size, allow_empty_first_page=True)
    number = 1 if raw in (None, "") else parse_id(raw)
    if number is None or number < 1:
        raise Invalid(RatingRefusal.BAD_PAGE, f"The page must be a number from 1 to {pages.num_pages}.")
    if number > pages.num_pages:
        raise NotFound(RatingRefusal.NO_SUCH_PAGE, f"There are only {pages.num_pages} pages.")
    return pages.page(number)


def placed(page: Page[Any]) -> list[tuple[int, PlayerRating]]:
    """The page's ratings with their places: equal ratings share the higher place (1, 2, 2, 4)."""
    rows: list[tuple[int, PlayerRating]] = []
    first = (page.number - 1) * page.paginator.per_page
    for i, rating in enumerate(page.object_list):
        if not rows:
            place = rank_of(rating)
        elif rating.value == rows[-1][1].value:
            place = rows[-1][0]
        else:
            place = first + i + 1
        rows.append((place, rating))
    return rows


def rank_of(rating: PlayerRating) -> int:
    """The rating's place on its leaderboard (ties share the higher place)."""
    return PlayerRating.objects.filter(SHOWN_RATINGS, kind=rating.kind, value__gt=rating.value).count() + 1


@dataclass
class RatingCard:
    rating: PlayerRating
    name: str
    rank: int
    of: int
    history: list[RatingPoint] = field(default_factory=list)


def ratings_of(player: User) -> list[RatingCard]:
    """The player's ratings in the kinds' order, each with its place and its history."""
    labels = dict(Kind.choices)
    cards = []
    for rating in sorted(player.ratings.all(), key=lambda r: Kind.values.index(r.kind)):
        history = list(RatingPoint.objects.filter(player=player, kind=rating.kind).order_by("sequence"))
        total = PlayerRating.objects.filter(SHOWN_RATINGS, kind=rating.kind).count()
        cards.append(RatingCard(rating, str(labels[rating.kind]), rank_of(rating), total, history))
    return cards


@dataclass
class EventLine:
    event: Event
    place: int | None
    players: int


def events_of(viewer: Viewer, player: User) -> list[EventLine]:
    """The events the viewer may see that the player entered, newest first, with their place once
    the event has standings."""
    events = (
        selectors.visible_events(viewer)
        .filter(registrations__player=player)
        .exclude(status__in=[Event.Status.DRAFT, Event.Status.REGISTRATION])
        .order_by("-starts_at", "-created_at")[:RECENT]
    )
    lines = []
    for event in events:
        rows = structure_of(event).standings_data()
        place = next((row["rank"] for row in rows if row["player"] == player.pk), None)
        lines.append(EventLine(event, place, len(rows)))
    return lines


@dataclass
class MatchLine:
    match: Match
    opponent: User | None
    outcome: str
    score: str
    replay: int | None  # the played match to link a replay of, when the viewer may see it


def _outcome(mine: int, theirs: int) -> str:
    return "Won" if mine > theirs else "Lost" if mine < theirs else "Drew"


def matches_of(viewer: Viewer, player: User) -> list[MatchLine]:
    """The player's latest confirmed matches (byes left out) in events the viewer may see."""
    rows = (
        Match.objects.filter(Q(player_a=player) | Q(player_b=player), status=Match.Status.CONFIRMED)
        .filter(player_b__isnull=False, round__event__in=selectors.visible_events(viewer))
        .select_related("round__event", "player_a", "player_b", "play")
        .order_by("-round__published_at", "-round_id", "table")[:RECENT]
    )
    lines = []
    for match in rows:
        mine, theirs = (match.a_games or 0, match.b_games or 0)
        opponent = match.player_b
        if match.player_b_id == player.pk:
            mine, theirs, opponent = theirs, mine, match.player_a
        draws = f"-{match.draws}" if match.draws else ""
        lines.append(
            MatchLine(match, opponent, _outcome(mine, theirs), f"{mine}-{theirs}{draws}", _replay(viewer, match.play))
        )
    return lines


def _replay(viewer: Viewer, play: PlayMatch | None) -> int | None:
    if play is None or play.status != PlayMatch.Status.FINISHED:
        return None
    return play.pk if match_selectors.sight(play, viewer) is not None else None


@dataclass
class PracticeLine:
    play: PlayMatch
    opponent: User
    outcome: str


def practice_of(viewer: Viewer, player: User) -> list[PracticeLine]:
    """The player's latest practice matches against people that the viewer may see (a private
    match only its players and staff)."""
    rows = (
        PlayMatch.objects.filter(Q(player1=player) | Q(player2=player), status=PlayMatch.Status.FINISHED)
        .filter(player2__isnull=False, bot="", tutorial="", seated=False, event_match__isnull=True)
        .select_related("player1", "player2")
        .order_by("-finished_at", "-pk")[: RECENT * 3]
    )
    lines = []
    for play in rows:
        if match_selectors.sight(play, viewer) is None:
            continue
        seat = 1 if play.player1_id == player.pk else 2
        opponent = play.player2 if seat == 1 else play.player1
        outcome = "Drew" if play.winner is None else "Won" if play.winner == seat else "Lost"
        assert opponent is not None
        lines.append(PracticeLine(play, opponent, outcome))
    return lines[:RECENT]


@dataclass
class TableLine:
    seat: PodSeat
    players: int


def tables_of(viewer: Viewer, player: User) -> list[TableLine]:
    """The player's latest confirmed pod tables in events the viewer may see, with their place."""
    seats = (
        PodSeat.objects.filter(player=player, table__status=PodTable.Status.CONFIRMED, placement__isnull=False)
        .filter(table__round__event__in=selectors.visible_events(viewer))
        .select_related("table__round__event")
        .order_by("-table__round__published_at", "-table__round_id")[:RECENT]
    )
    counts = dict(
        PodSeat.objects.filter(table__in=[seat.table_id for seat in seats])
        .values_list("table_id")
        .annotate(n=Count("pk"))
    )
    return [TableLine(seat, counts.get(seat.table_id, 0)) for seat in seats]


@dataclass
class DeckLine:
    deck: EventDeck
    version: DeckVersion


def decks_of(viewer: Viewer, player: User, events: list[EventLine]) -> list[DeckLine]:
    """The player's latest list of each of those events that the event lets the viewer see
    (published lists; the player's own; the organiser's and judges' view)."""
    lines = []
    for line in events:
        for deck in visible_decks(viewer, line.event).filter(player=player):
            version = max(deck.versions.all(), key=lambda v: v.number, default=None)
            if version is not None:
                lines.append(DeckLine(deck, version))
    return lines
