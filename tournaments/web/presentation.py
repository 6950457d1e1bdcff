"""How event pages lay out what the selectors and services found: the top cut's bracket columns,
a player's match outcomes, a finished event's final placings, the round robin's crosstable and
the tiebreakers explained. No queries here; the views gather, these shape, templates render."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import ngettext

from common.words import count
from tournaments.models import Match, PodSeat, Registration, Round
from tournaments.pairing import Bracket, MatchRecord, Standing, TiebreakSystem, cut_stage_name
from tournaments.pairing.standings import MTG_FLOOR, POKEMON_CAP, POKEMON_FLOOR

#: Game wins in the cut, by the pair of players (first, second) -> (first's wins, second's wins).
CutGames = Mapping[tuple[int, int], tuple[int, int]]


@dataclass(frozen=True)
class BracketLayout:
    """One column per cut round; a column's boxes are its matches, ``None`` where not yet paired."""

    columns: list[dict[str, Any]] = field(default_factory=list)
    champion: str | None = None


def bracket_layout(state: Bracket | None, names: Mapping[int, str], games: CutGames | None = None) -> BracketLayout:
    """The bracket drawn from ``state`` (None: no top cut yet), players shown by ``names``, each
    side's game wins from ``games`` (None beside a name: no result yet)."""
    if state is None:
        return BracketLayout()
    seeds = {player: n for n, player in enumerate(state.seeds, 1)}
    columns = []
    width = state.size // 2
    for index in range(state.size.bit_length() - 1):
        played = state.rounds[index] if index < len(state.rounds) else ()
        boxes: list[dict[str, Any] | None] = [
            {"a": names[m.a], "b": names[m.b], "seed_a": seeds[m.a], "seed_b": seeds[m.b],
             "winner": names.get(m.winner) if m.winner else None,
             "games_a": _games(games, m.a, m.b), "games_b": _games(games, m.b, m.a)}
            for m in played
        ]  # fmt: skip
        boxes += [None] * (width - len(played))
        columns.append({"label": cut_stage_name(width), "matches": boxes})
        width //= 2
    champion = names.get(state.champion) if state.champion else None
    return BracketLayout(columns, champion)


def _games(games: CutGames | None, player: int, opponent: int) -> int | None:
    if not games:
        return None
    if (player, opponent) in games:
        return games[(player, opponent)][0]
    if (opponent, player) in games:
        return games[(opponent, player)][1]
    return None


PLACE_TITLES = {1: "Champion", 2: "Finalist", 4: "Semifinalist", 8: "Quarterfinalist", 16: "Round of 16"}


@dataclass(frozen=True)
class Placing:
    """One line of the final standings: the place ("1st", "3rd–4th"), the title earned in the
    cut ("Champion", "Semifinalist"; "" outside it) and the standings row."""

    place: str
    title: str
    row: Any


def ordinal(n: int) -> str:
    """1 -> "1st", 2 -> "2nd", 11 -> "11th", 23 -> "23rd"."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def final_placings(rows: Sequence[Any], state: Bracket | None) -> list[Placing]:
    """The final order: a finished top cut's places first (champion, finalist, semifinalists,
    quarterfinalists; Swiss order inside each group), then everyone else in standings order.
    ``rows`` are standings rows (``row.standing.player``), best first."""
    if state is None or not state.finished:
        return [Placing(ordinal(n), "", row) for n, row in enumerate(rows, 1)]
    reached = _reached(state)
    cut = sorted((r for r in rows if r.standing.player in reached), key=lambda r: reached[r.standing.player])
    rest = [r for r in rows if r.standing.player not in reached]
    placings = []
    for row in cut:
        group = reached[row.standing.player]
        first = group // 2 + 1
        place = ordinal(group) if group <= 2 else f"{ordinal(first)}–{ordinal(group)}"
        placings.append(Placing(place, PLACE_TITLES.get(group, ""), row))
    placings += [Placing(ordinal(n), "", row) for n, row in enumerate(rest, len(cut) + 1)]
    return placings


def _reached(state: Bracket) -> dict[int, int]:
    """Each cut player's group: 1 the champion, 2 the finalist, 4 semifinalists, 8 quarterfinalists."""
    reached = {player: state.size for player in state.seeds}
    for matches in state.rounds:
        for m in matches:
            if m.winner is not None:
                reached[m.winner] = len(matches)
    if state.champion is not None:
        reached[state.champion] = 1
    return reached


def outcome_for(match: Match, player_id: int) -> str:
    """ "win", "loss" or "draw" for the player once the result is confirmed; "" before that."""
    if match.status != Match.Status.CONFIRMED:
        return ""
    winner = match.winner_id()
    return "draw" if winner is None else "win" if winner == player_id else "loss"


def history_rows(matches: Iterable[Match], player_id: int) -> list[dict[str, Any]]:
    """A player's matches as rows: the match, the opponent (None: a bye) and the outcome."""
    return [
        {
            "match": match,
            "opponent": match.player_b if match.player_a_id == player_id else match.player_a,
            "outcome": outcome_for(match, player_id),
        }
        for match in matches
    ]


@dataclass(frozen=True)
class PairingLine:
    """One player's line in a round's pairings by name: where they sit and against whom."""

    player: Any
    opponent: Any  # None: a bye
    match: Match

    @property
    def table(self) -> int:
        return self.match.table

    @property
    def where(self) -> str:
        return f"table {self.match.table}"

    @property
    def company(self) -> str:
        return f"v {self.opponent.public_name}" if self.opponent is not None else "bye"


def seats_by_name(matches: Iterable[Match], query: str = "") -> list[PairingLine]:
    """Every paired player's seat, alphabetical by public name; with ``query``, only the players
    whose name contains it (any case)."""
    seats = []
    for match in matches:
        seats.append(PairingLine(match.player_a, match.player_b, match))
        if match.player_b is not None:
            seats.append(PairingLine(match.player_b, match.player_a, match))
    wanted = query.strip().lower()
    chosen = [s for s in seats if wanted in s.player.public_name.lower()]
    return sorted(chosen, key=lambda seat: seat.player.public_name.lower())


def my_seat(matches: Iterable[Match], user: Any) -> PairingLine | None:
    """The signed-in user's own seat in these pairings, if they play in them."""
    if not user.is_authenticated:
        return None
    return next((seat for seat in seats_by_name(matches) if seat.player.pk == user.pk), None)


PLAYER_BY_ID = re.compile(r"\bplayer (\d+)\b")


def with_names(explanation: str, names: Mapping[int, str]) -> str:
    """A pairing reason stored before reasons named players ("player 6 (3 pts) v ..."), read with
    their public names; ids not in ``names`` stay as they are."""
    return PLAYER_BY_ID.sub(lambda found: names.get(int(found.group(1)), found.group(0)), explanation)


@dataclass(frozen=True)
class CrossRow:
    """One row of a round robin's crosstable: the standings row, the row player's results against
    each column player, from the row player's side ("W 2-1", "–" not yet played, "" self), and
    their bye ("Round 3"; "–" none yet: with an odd number of players each has one)."""

    row: Any
    cells: list[str]
    bye: str = "–"


def crosstable(rows: Sequence[Any], results: Iterable[MatchRecord]) -> list[CrossRow]:
    """Players × players in standings order (``rows``: ``row.standing.player``, best first)."""
    met: dict[tuple[int, int], list[str]] = {}
    byes: dict[int, list[int]] = {}
    for record in results:
        if record.b is None:
            byes.setdefault(record.a, []).append(record.round)
            continue
        met.setdefault((record.a, record.b), []).append(_cell(record.a_games, record.b_games, record.draws))
        met.setdefault((record.b, record.a), []).append(_cell(record.b_games, record.a_games, record.draws))
    players = [r.standing.player for r in rows]
    return [
        CrossRow(
            row,
            ["" if me == them else " / ".join(met.get((me, them), ["–"])) for them in players],
            ", ".join(f"Round {n}" for n in sorted(byes.get(me, []))) or "–",
        )
        for row, me in zip(rows, players, strict=True)
    ]


def _cell(mine: int, theirs: int, draws: int) -> str:
    letter = "W" if mine > theirs else "L" if mine < theirs else "D"
    score = f"{mine}-{theirs}" + (f"-{draws}" if draws else "")
    return f"{letter} {score}"


@dataclass(frozen=True)
class Tiebreak:
    """One tiebreaker column: its heading, what it stands for, and how to read its value."""

    heading: str
    title: str
    field: str
    explains: str


def _pct(value: float) -> str:
    return f"{100 * value:.2f}%"


#: The tiebreakers of each system, as ``tournaments.pairing.standings`` computes them. A
#: :class:`~tournaments.pairing.Standing` holds the Pokémon win %, OWP and OOWP in ``mw``,
#: ``omw`` and ``oomw``. ``{value}`` is the player's own figure, the floors come from the code.
TIEBREAKS: dict[TiebreakSystem, list[Tiebreak]] = {
    TiebreakSystem.MTG: [
        Tiebreak("MW%", "Match-win %", "mw",
                 "MW% {value}: your match points divided by 3 points for each round you played, "
                 f"at least {MTG_FLOOR:.0%}."),
        Tiebreak("OMW%", "Opponents' match-win %", "omw",
                 "OMW% {value}: the average of your opponents' match-win percentages, each at least "
                 f"{MTG_FLOOR:.0%}. A round with a bye has no opponent and is left out."),
        Tiebreak("GW%", "Game-win %", "gw",
                 "GW% {value}: your game points (3 for each game won, 1 for each game drawn) divided by "
                 f"3 points for each game you played, at least {MTG_FLOOR:.0%}."),
        Tiebreak("OGW%", "Opponents' game-win %", "ogw",
                 "OGW% {value}: the average of your opponents' game-win percentages, each at least "
                 f"{MTG_FLOOR:.0%}."),
    ],
    TiebreakSystem.POKEMON: [
        Tiebreak("Win%", "Win %", "mw",
                 "Win % {value}: your match wins divided by the rounds you played, at least "
                 f"{POKEMON_FLOOR:.0%}."),
        Tiebreak("OWP", "Opponents' win %", "omw",
                 "OWP {value}: the average of your opponents' win percentages, each at least "
                 f"{POKEMON_FLOOR:.0%}, and at most {POKEMON_CAP:.0%} for an opponent who dropped. "
                 "A round with a bye has no opponent and is left out."),
        Tiebreak("OOWP", "Opponents' opponents' win %", "oomw",
                 "OOWP {value}: the average of your opponents' OWPs (their opponents' win percentages)."),
    ],
}  # fmt: skip


def points_explained(standing: Standing) -> str:
    """The points and record of one row, in words with the player's own numbers."""
    byes = ngettext(", %(n)d of them a bye", ", %(n)d of them byes", standing.byes) if standing.byes else ""
    return (
        f"{count(standing.points, 'point', 'points')}: 3 for each win, 1 for each draw. Your record is "
        f"{standing.wins} won{byes % {'n': standing.byes}}, {standing.losses} lost, {standing.draws} drawn."
    )


def tiebreak_cells(standing: Standing, system: TiebreakSystem) -> list[dict[str, str]]:
    """Each tiebreaker of ``standing``: its shown value and the sentence explaining it."""
    cells = []
    for tiebreak in TIEBREAKS[system]:
        value = _pct(getattr(standing, tiebreak.field))
        explains = tiebreak.explains.format(value=value)
        cells.append({"heading": tiebreak.heading, "field": tiebreak.field, "value": value, "explains": explains})
    return cells


def points_each(points: int) -> str:
    return ngettext("%(n)d point each", "%(n)d points each", points) % {"n": points}


def and_list(words: Sequence[str]) -> str:
    """ "Eva", "Eva and Corvin", "Eva, Corvin and Bryn"."""
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


def tie_words(tie: Any, system: TiebreakSystem) -> str:
    """A tie in the standings in words (``tie``: ``services.playoffs.Tie``): who, for which place,
    the tiebreakers that did not separate them with their shared values, and what decides it: the
    playoff's winner, a playoff still to be played, or the event's seeded order (under the Pokémon
    system a tie of two also names the head-to-head that did not separate them)."""
    names = [p.public_name for p in tie.players]
    place = f"{ordinal(tie.place)} place"
    row = tie.rows[0]
    kept = [f"{t.heading} ({_pct(getattr(row, t.field))})" for t in TIEBREAKS[system] if t.field != "mw"]
    if system is TiebreakSystem.POKEMON and len(names) == 2:
        kept.append("their match together" if tie.met else "a head-to-head (they did not meet)")
    sentence = (
        f"{and_list(names)} are tied for {place}: {points_each(row.points)}, and {and_list(kept)} did not separate them"
    )
    playoff = tie.playoff
    if playoff is not None and playoff.winner_id is not None:
        winner = next(p for p in tie.players if p.pk == playoff.winner_id)
        loser = next(p for p in tie.players if p.pk != playoff.winner_id)
        return f"{sentence}. {winner.public_name} won the playoff against {loser.public_name} and takes {place}."
    if playoff is not None:
        return f"{sentence}. A playoff decides it: {names[0]} v {names[1]}, waiting for its result."
    return f"{sentence}, so the event's seeded order lists {names[0]} first."


# --- Who is playing ----------------------------------------------------------------------

#: A player's table in the open round, as the player list says it: "playing" only while the match
#: runs (not while a match played here waits for both players, nor once the result is in).
TABLE_WORDS = {"playing": "playing", "waiting": "waiting for the match to start", "finished": "in the event"}


def at_the_tables(round_: Round | None) -> dict[int, str]:
    """What each player of the open round ``round_`` is doing, in words, by player id (empty
    before it is published and after it has ended)."""
    if round_ is None or not round_.is_open:
        return {}
    if round_.stage == Round.Stage.PODS:
        seats = PodSeat.objects.filter(table__round=round_).select_related("table")
        return {seat.player_id: TABLE_WORDS[seat.table.play_state] for seat in seats}
    words: dict[int, str] = {}
    for match in round_.matches.select_related("play"):
        for player in match.players():
            words[player] = "has a bye this round" if match.is_bye else TABLE_WORDS[match.play_state]
    return words


def entry_words(entry: Registration, at_tables: Mapping[int, str]) -> str:
    """A registration's status on the organiser's player list: registered before the event
    starts, playing only while their match runs (``at_the_tables``), finished with the event;
    withdrawn before the start, a no-show, or the round they dropped after."""
    if entry.dropped_after_round == 0:
        return "no-show" if entry.event.is_under_way else "withdrawn"
    if entry.dropped_after_round is not None:
        return f"dropped after round {entry.dropped_after_round}"
    if entry.event.is_finished:
        return "finished"
    if not entry.event.is_under_way:
        return "registered"
    return at_tables.get(entry.player_id, "in the event")
