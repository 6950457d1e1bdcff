"""Events played in game pods: multiplayer games, each pod's players placed 1st, 2nd, … .

This class is what the seam hands out for a pod event; it calls the pod code (the pages in
``tournaments.pods.views``, the services in ``tournaments.pods.services`` and ``tournaments.pods.reading``, the
pure pairer and standings in ``tournaments.pairing``) and says the pod event's words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.translation import ngettext

from common.words import agree, count
from gameplay.deckformats import RUNEBOUND
from tournaments.models import Event, Registration, Round
from tournaments.pairing import recommended_pod_rounds
from tournaments.pods import reading as pod_reading
from tournaments.pods import services as pod_service
from tournaments.pods import views as pod_views
from tournaments.serializers import pod_standing_data
from tournaments.structures import PODS
from tournaments.web import confirmations, overview
from tournaments.webhooks.announce import pod_standing_info


@dataclass(frozen=True)
class Pods:
    """Multiplayer game pods with placements, for one event."""

    event: Event
    name: str = PODS

    # --- settings and words -------------------------------------------------------------------

    @property
    def round_robin(self) -> bool:
        return False

    @property
    def has_top_cut(self) -> bool:
        return False

    @property
    def has_crosstable(self) -> bool:
        return False

    @property
    def offers_deck_swap(self) -> bool:
        return self.event.game == RUNEBOUND

    @property
    def play_words(self) -> str:
        event = self.event
        return f"pods of {event.pod_size} ({event.pod_minimum} to {event.pod_maximum} players)"

    @property
    def on_site_refusal(self) -> str:
        return "Pod games are played at the table; the site plays only two-player matches. Untick “played on the site”."

    @property
    def manage_round_partial(self) -> str:
        return "tournaments/pods/_manage_round.html"

    def planned_rounds(self, players: int) -> int | None:
        enough = players >= self.event.pod_minimum
        recommended = recommended_pod_rounds(players, pod_reading.pod_settings(self.event)) if enough else None
        return self.event.rounds or recommended

    def players_needed(self) -> int:
        return self.event.pod_minimum

    def rounds_planned_words(self, rounds: int) -> str:
        return f"{count(rounds, 'round', 'rounds')} in pods of about {self.event.pod_size} players."

    def pairing_words(self) -> tuple[str, str]:
        return f" in pods of about {self.event.pod_size}", "move players between pods"

    # --- rounds ---------------------------------------------------------------------------------

    def create_preview(self, number: int) -> Round:
        return pod_service.create_preview(self.event, number)

    def preview_changes(self, round_: Round, edits: confirmations.PreviewEdits) -> list[str]:
        if edits.seating is None:
            return []
        pod_service.checked_pods(round_.event, round_, edits.seating)
        return pod_service.pod_changes(pod_service.current_pods(round_), edits.seating)

    def publish_consequences(
        self, round_: Round, edits: confirmations.PreviewEdits | None
    ) -> tuple[list[str], list[int]]:
        seating = edits.seating if edits is not None and edits.seating is not None else None
        if seating is None:
            seating = pod_service.current_pods(round_)
        sizes = [len(pod) for pod in seating]
        pods_, players = count(len(sizes), "pod", "pods"), count(sum(sizes), "player", "players")
        consequences = [
            f"{pods_} ({players}) {agree(len(sizes), 'goes', 'go')} up; players see their pods and seats.",
            f"The {round_.event.round_minutes}-minute round clock starts.",
        ]
        return consequences, [p for pod in seating for p in pod]

    def end_confirmation(self, round_: Round, question: str) -> confirmations.Confirmation:
        label = f"End {round_.label.lower()}"
        tables = list(round_.pod_tables.order_by("table"))
        open_ = [table for table in tables if not table.is_confirmed]
        if open_:
            listed = "; ".join(f"pod {t.table}: {t.get_status_display().lower()}" for t in open_)
            open_pods = count(len(open_), "pod has", "pods have")
            blocker = f"{open_pods} no confirmed places ({listed}). Set or confirm them first."
            return confirmations.Confirmation(question, label, blocker=blocker)
        places = ngettext("The places of the %(n)d pod are in", "The places of all %(n)d pods are in", len(tables))
        consequences = [f"{places % {'n': len(tables)}}; the standings update.", confirmations.after_end(round_)]
        return confirmations.Confirmation(question, label, consequences)

    # --- standings and rows ---------------------------------------------------------------------

    def standing_rows(self) -> list[Any]:
        return list(pod_reading.standings(self.event))

    def standings_data(self) -> list[dict[str, Any]]:
        return [pod_standing_data(row) for row in pod_reading.standings(self.event)]

    def webhook_row(self, row: Any) -> dict[str, Any]:
        return pod_standing_info(row)

    def finished_context(self) -> dict[str, Any]:
        return overview.pod_finished_context(self.event)

    # --- pages ----------------------------------------------------------------------------------

    def live_panel(self, user: Any, current: Round | None) -> dict[str, Any]:
        return {**pod_views.event_context(user, current), "my_match": None, "report_choices": [], "my_claims": []}

    def round_page(self, request: HttpRequest, round_: Round) -> HttpResponse:
        return pod_views.round_page(request, self.event, round_)

    def standings_page(self, request: HttpRequest) -> HttpResponse:
        return pod_views.standings_page(request, self.event)

    def player_history_page(self, request: HttpRequest, entry: Registration) -> HttpResponse:
        return pod_views.player_history_page(request, self.event, entry)

    def print_pairings(self, request: HttpRequest, round_: Round) -> HttpResponse:
        return pod_views.print_pairings(request, self.event, round_)

    def print_standings(self, request: HttpRequest) -> HttpResponse:
        return pod_views.print_standings(request, self.event)

    def print_slips(self, request: HttpRequest, round_: Round) -> HttpResponse:
        return pod_views.print_slips(request, self.event, round_)

    def projector_context(self, current: Round | None) -> dict[str, Any]:
        return pod_views.projector_context(current)

    def manage_context(self, current: Round | None, user: Any) -> dict[str, Any]:
        return {**pod_views.manage_context(self.event, current, user), "round_partial": self.manage_round_partial}

    def edit_preview(self, request: HttpRequest, round_: Round) -> None:
        pod_views.edit_preview(request, round_)

    def preview_edits(
        self, request: HttpRequest, round_: Round, fields: list[tuple[str, str]]
    ) -> confirmations.PreviewEdits | None:
        return confirmations.PreviewEdits(fields, seating=pod_views.moved_pods(request, round_))
