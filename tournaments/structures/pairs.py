"""Events played in pairs: Swiss, Swiss with a top cut and round robin (two players a table).

The pages, services and rows stay where every event's code is (``tournaments.web.views``,
``paper_views``, ``manage_views``, ``services.rounds``, ``overview``, ``webhooks.announce``); this
class is what the seam hands out for such an event, and calls them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.translation import ngettext

from common.words import count
from tournaments.models import Event, Match, Registration, Round
from tournaments.pairing import recommended_rounds, round_robin_rounds
from tournaments.serializers import standing_data
from tournaments.services import rounds
from tournaments.services import standings as reading
from tournaments.services.common import names_of
from tournaments.structures import PAIRS
from tournaments.web import confirmations, manage_views, overview, paper_views, views
from tournaments.webhooks.announce import standing_info


@dataclass(frozen=True)
class Pairs:
    """Two players a table, for one event; ``round_robin`` and ``top_cut`` say which of the three."""

    event: Event
    round_robin: bool = False
    top_cut: bool = False
    name: str = PAIRS

    # --- settings and words -------------------------------------------------------------------

    @property
    def has_top_cut(self) -> bool:
        return self.top_cut

    @property
    def has_crosstable(self) -> bool:
        return self.round_robin

    @property
    def offers_deck_swap(self) -> bool:
        return False

    @property
    def play_words(self) -> str:
        return f"best of {self.event.best_of}"

    @property
    def on_site_refusal(self) -> str:
        return ""

    @property
    def manage_round_partial(self) -> str:
        return "tournaments/_manage_round.html"

    def planned_rounds(self, players: int) -> int | None:
        if self.round_robin:
            return round_robin_rounds(players) if players >= 2 else None
        return self.event.rounds or (recommended_rounds(players) if players >= 2 else None)

    def players_needed(self) -> int:
        return max(2, self.event.top_cut if self.event.wants_top_cut else 2)

    def rounds_planned_words(self, rounds: int) -> str:
        if self.round_robin:
            return f"{count(rounds, 'round', 'rounds')} of round robin, everyone playing everyone."
        cut = f", then a top cut of {self.event.top_cut}" if self.event.wants_top_cut else ""
        return f"{count(rounds, 'Swiss round', 'Swiss rounds')}{cut}."

    def pairing_words(self) -> tuple[str, str]:
        return "", "change tables"

    # --- rounds ---------------------------------------------------------------------------------

    def create_preview(self, number: int) -> Round:
        return rounds.create_pairs_preview(self.event, number, self.round_robin)

    def preview_changes(self, round_: Round, edits: confirmations.PreviewEdits) -> list[str]:
        if edits.tables is None:
            return []
        rounds.check_tables(round_, edits.tables)
        return rounds.table_changes(rounds.current_tables(round_), edits.tables)

    def publish_consequences(
        self, round_: Round, edits: confirmations.PreviewEdits | None
    ) -> tuple[list[str], list[int]]:
        tables = edits.tables if edits is not None and edits.tables is not None else rounds.current_tables(round_)
        names = names_of([a for a, _b in tables])
        going = count(sum(b is not None for _a, b in tables), "table goes", "tables go")
        consequences = [
            f"{going} up; players see their pairings.",
            f"The {round_.event.round_minutes}-minute round clock starts.",
        ]
        consequences += [f"{names[a]} gets the bye (a 2-0 win)." for a, b in tables if b is None]
        return consequences, [p for table in tables for p in table if p is not None]

    def end_confirmation(self, round_: Round, question: str) -> confirmations.Confirmation:
        label = f"End {round_.label.lower()}"
        pending = list(round_.matches.exclude(status=Match.Status.CONFIRMED).select_related("player_a", "player_b"))
        if pending:
            tables = "; ".join(f"table {m.table}: {_table_names(m)}" for m in pending)
            blocker = (
                f"{count(len(pending), 'table has', 'tables have')} no confirmed result ({tables}). "
                "Set or confirm those results first."
            )
            return confirmations.Confirmation(question, label, blocker=blocker)
        played = round_.matches.exclude(player_b=None).count()  # a bye is not a result anyone reports
        results_in = ngettext("The %(n)d result is in", "All %(n)d results are in", played) % {"n": played}
        consequences = [f"{results_in}; the standings update.", confirmations.after_end(round_)]
        return confirmations.Confirmation(question, label, consequences)

    # --- standings and rows ---------------------------------------------------------------------

    def standing_rows(self) -> list[Any]:
        return list(reading.standings(self.event))

    def standings_data(self) -> list[dict[str, Any]]:
        return [standing_data(row) for row in reading.standings(self.event)]

    def webhook_row(self, row: Any) -> dict[str, Any]:
        return standing_info(row)

    def finished_context(self) -> dict[str, Any]:
        return overview.pairs_finished_context(self.event)

    # --- pages ----------------------------------------------------------------------------------

    def live_panel(self, user: Any, current: Round | None) -> dict[str, Any]:
        return views.pairs_live_panel(user, current)

    def round_page(self, request: HttpRequest, round_: Round) -> HttpResponse:
        return views.pairs_round_page(request, self.event, round_)

    def standings_page(self, request: HttpRequest) -> HttpResponse:
        return views.pairs_standings_page(request, self.event)

    def player_history_page(self, request: HttpRequest, entry: Registration) -> HttpResponse:
        return views.pairs_player_history(request, self.event, entry)

    def print_pairings(self, request: HttpRequest, round_: Round) -> HttpResponse:
        return paper_views.pairs_print_pairings(request, self.event, round_)

    def print_standings(self, request: HttpRequest) -> HttpResponse:
        return paper_views.pairs_print_standings(request, self.event)

    def print_slips(self, request: HttpRequest, round_: Round) -> HttpResponse:
        return paper_views.pairs_print_slips(request, self.event, round_)

    def projector_context(self, current: Round | None) -> dict[str, Any]:
        return paper_views.pairs_projector_context(current)

    def manage_context(self, current: Round | None, user: Any) -> dict[str, Any]:
        return {"round_partial": self.manage_round_partial}

    def edit_preview(self, request: HttpRequest, round_: Round) -> None:
        manage_views.pairs_edit_preview(request, round_)

    def preview_edits(
        self, request: HttpRequest, round_: Round, fields: list[tuple[str, str]]
    ) -> confirmations.PreviewEdits | None:
        return manage_views.pairs_preview_edits(request, round_, fields)


def _table_names(match: Match) -> str:
    return f"{match.player_a.public_name} v {match.player_b.public_name if match.player_b else 'a bye'}"
