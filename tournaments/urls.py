"""Pages of events, split by audience: public and players first, then the organiser's."""

from __future__ import annotations

from django.urls import path

from tournaments.pods import downloads as pod_downloads
from tournaments.pods import views as pod_views
from tournaments.web import deck_views, desk_views, manage_views, paper_views, playoff_views, views

app_name = "tournaments"

public = [
    path("events/", views.event_list, name="events"),
    path("events/<id:pk>/", views.event_detail, name="event"),
    path("events/<id:pk>/live/", views.my_match_panel, name="event-live"),
    path("events/<id:pk>/rounds/<id:number>/", views.round_detail, name="round"),
    path("events/<id:pk>/standings/", views.standings_page, name="standings"),
    path("events/<id:pk>/bracket/", views.bracket_page, name="bracket"),
    path("events/<id:pk>/crosstable/", views.crosstable_page, name="crosstable"),
    path("events/<id:pk>/players/<id:player_id>/", views.player_history, name="player"),
    path("events/<id:pk>/decks/", deck_views.event_decks, name="decks"),
    path("events/<id:pk>/rounds/<id:number>/print/", paper_views.print_pairings, name="print-pairings"),
    path("events/<id:pk>/standings/print/", paper_views.print_standings, name="print-standings"),
    path("events/<id:pk>/projector/", paper_views.projector, name="projector"),
    path("events/<id:pk>/projector/state/", paper_views.projector_poll, name="projector-state"),
    path("events/<id:pk>/pods/standings.csv", pod_downloads.standings_csv, name="pod-standings-csv"),
    path("events/<id:pk>/rounds/<id:number>/pods.csv", pod_downloads.round_csv, name="pod-round-csv"),
]
players = [
    path("events/<id:pk>/register/", views.register, name="register"),
    path("events/<id:pk>/drop/", views.drop, name="drop"),
    path("events/<id:pk>/undo-drop/", views.undo_drop, name="undo-drop"),
    path("events/<id:pk>/waiting-list/join/", views.join_waiting_list, name="waiting-join"),
    path("events/<id:pk>/waiting-list/leave/", views.leave_waiting_list, name="waiting-leave"),
    path("events/<id:pk>/waiting-list/accept/", views.accept_place, name="waiting-accept"),
    path("events/<id:pk>/deck/", deck_views.my_deck, name="my-deck"),
    path("matches/<id:match_id>/", views.table_page, name="table"),
    path("matches/<id:match_id>/report/", views.report, name="report"),
    path("matches/<id:match_id>/confirm/", views.confirm, name="confirm"),
    path("pod-tables/<id:table_id>/", pod_views.pod_page, name="pod"),
    path("pod-tables/<id:table_id>/report/", pod_views.report, name="pod-report"),
    path("pod-tables/<id:table_id>/confirm/", pod_views.confirm, name="pod-confirm"),
    path("pod-tables/<id:table_id>/dispute/", pod_views.dispute, name="pod-dispute"),
]
organiser = [
    path("events/new/", manage_views.event_create, name="event-create"),
    path("events/<id:pk>/edit/", manage_views.event_edit, name="event-edit"),
    path("events/<id:pk>/manage/", manage_views.manage, name="manage"),
    path("events/<id:pk>/do/<slug:action>/", manage_views.event_action, name="event-action"),
    path("events/<id:pk>/delete/", manage_views.event_delete, name="event-delete"),
    path("rounds/<id:round_id>/do/<slug:action>/", manage_views.round_action, name="round-action"),
    path("matches/<id:match_id>/set-result/", manage_views.set_result, name="set-result"),
    path("matches/<id:match_id>/dispute/", manage_views.match_reports, name="match-reports"),
    path("pod-tables/<id:table_id>/reports/", pod_views.pod_reports, name="pod-reports"),
    path("pod-tables/<id:table_id>/set-places/", pod_views.set_places, name="pod-set"),
    path("deck-versions/<id:version_id>/check/", deck_views.deck_check, name="deck-check"),
    path("events/<id:pk>/rounds/<id:number>/slips/", paper_views.print_slips, name="print-slips"),
    path("events/<id:pk>/decks/print/", paper_views.print_decklists, name="print-decklists"),
    path("events/<id:pk>/publish-lists/", deck_views.publish_lists, name="publish-lists"),
    path("registrations/<id:registration_id>/do/<slug:action>/", manage_views.registration_action,
         name="registration-action"),
    path("events/<id:pk>/playoffs/", playoff_views.order_playoff, name="order-playoff"),
    path("playoffs/<id:playoff_id>/winner/", playoff_views.record_playoff, name="record-playoff"),
    path("events/<id:pk>/desk/", desk_views.desk, name="desk"),
    path("events/<id:pk>/players/<id:player_id>/deck/", deck_views.player_deck, name="player-deck"),
    path("events/<id:pk>/walk-in/", desk_views.walk_in, name="walk-in"),
    path("registrations/<id:registration_id>/desk/<slug:action>/", desk_views.desk_action, name="desk-action"),
]  # fmt: skip

urlpatterns = public + players + organiser
