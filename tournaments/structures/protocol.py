"""What the rest of the site asks of an event structure (``tournaments.structures``).

A ``Structure`` is made for one event (``structure_of(event)``) and answers for it. The two
implementations are ``Pairs`` (two players a table: Swiss, Swiss with a top cut, round robin) and
``Pods`` (multiplayer game pods with placements). Callers never ask which one they hold: each
question that differs between the two is a method or a property here, named for what it means
(a crosstable, a deck swap, the words of a preview) rather than for the structure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from django.http import HttpRequest, HttpResponse

    from common.web import Confirmation
    from tournaments.models import Event, Registration, Round
    from tournaments.web.confirmations import PreviewEdits


class Structure(Protocol):
    """The calls every structure answers, for the event it was made for."""

    @property
    def name(self) -> str:
        """ "pairs" or "pods" (``tournaments.structures.PAIRS``/``PODS``): for pages only one has."""
        ...

    @property
    def event(self) -> Event:
        """The event it answers for."""
        ...

    # --- settings and words -------------------------------------------------------------------

    @property
    def round_robin(self) -> bool:
        """Everyone meets everyone on a schedule fixed at the start (no late entries, no re-adds)."""
        ...

    @property
    def has_top_cut(self) -> bool:
        """The structure ends in a top cut (its size is a setting of the event)."""
        ...

    @property
    def has_crosstable(self) -> bool:
        """The event's pages link a crosstable."""
        ...

    @property
    def offers_deck_swap(self) -> bool:
        """The event may hold a Runebound deck swap (``tournaments.swaps``)."""
        ...

    @property
    def play_words(self) -> str:
        """How a table plays, for the event page: "best of 3", "pods of 4 (3 to 5 players)"."""
        ...

    @property
    def on_site_refusal(self) -> str:
        """Why the event cannot be played on the site ("" when it can)."""
        ...

    @property
    def manage_round_partial(self) -> str:
        """The template the manage page includes for the current round (preview or under way)."""
        ...

    def planned_rounds(self, players: int) -> int | None:
        """The rounds the event would play if it started with ``players`` (None: cannot tell yet)."""
        ...

    def players_needed(self) -> int:
        """The fewest players the event can start with."""
        ...

    def rounds_planned_words(self, rounds: int) -> str:
        """The rounds the start fixes, in words, for the confirmation of the start."""
        ...

    def pairing_words(self) -> tuple[str, str]:
        """For the confirmation of pairing a round: how players are paired (" in pods of about 4",
        or ""), and what the organiser may change in the preview."""
        ...

    # --- rounds ---------------------------------------------------------------------------------

    def create_preview(self, number: int) -> Round:
        """Pair round ``number`` (not of the top cut) as a preview; the caller has checked the event."""
        ...

    def preview_changes(self, round_: Round, edits: PreviewEdits) -> list[str]:
        """Check the organiser's unsaved edits of the preview (raise ``EventError`` saying what is
        wrong) and name what they change, one line each."""
        ...

    def publish_consequences(self, round_: Round, edits: PreviewEdits | None) -> tuple[list[str], list[int]]:
        """What publishing the preview (with the organiser's unsaved edits) does, in words, and who plays."""
        ...

    def end_confirmation(self, round_: Round, question: str) -> Confirmation:
        """The confirmation of ending an open round: a blocker while results are missing."""
        ...

    # --- standings and rows ---------------------------------------------------------------------

    def standing_rows(self) -> list[Any]:
        """The ranked standing rows, best first."""
        ...

    def standings_data(self) -> list[dict[str, Any]]:
        """The standings as the API gives them."""
        ...

    def webhook_row(self, row: Any) -> dict[str, Any]:
        """One of ``standing_rows()`` as a webhook delivery gives it."""
        ...

    def finished_context(self) -> dict[str, Any]:
        """The finished event page's overview: the winner, the final placings, the players."""
        ...

    # --- pages ----------------------------------------------------------------------------------

    def live_panel(self, user: Any, current: Round | None) -> dict[str, Any]:
        """The reader's own table (match or pod) in the current round, for the event page."""
        ...

    def round_page(self, request: HttpRequest, round_: Round) -> HttpResponse: ...

    def standings_page(self, request: HttpRequest) -> HttpResponse: ...

    def player_history_page(self, request: HttpRequest, entry: Registration) -> HttpResponse: ...

    def print_pairings(self, request: HttpRequest, round_: Round) -> HttpResponse: ...

    def print_standings(self, request: HttpRequest) -> HttpResponse: ...

    def print_slips(self, request: HttpRequest, round_: Round) -> HttpResponse: ...

    def projector_context(self, current: Round | None) -> dict[str, Any]:
        """The projector's tables of the current round: ``matches``, ``pods`` and ``tables_line``."""
        ...

    def manage_context(self, current: Round | None, user: Any) -> dict[str, Any]:
        """What the manage page's round partial reads, beyond the page's own context."""
        ...

    def edit_preview(self, request: HttpRequest, round_: Round) -> None:
        """Save the preview's form (tables or pods) as the organiser changed it."""
        ...

    def preview_edits(self, request: HttpRequest, round_: Round, fields: list[tuple[str, str]]) -> PreviewEdits | None:
        """The preview's changes sent with Publish (None: the round's preview has nothing to change)."""
        ...
