"""Pages of events, split by audience: public and players first, then the organiser's."""

from __future__ import annotations

from django.urls import path

from tournaments import deck_views, manage_views, views

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
]
players = [
    path("events/<id:pk>/register/", views.register, name="register"),
    path("events/<id:pk>/drop/", views.drop, name="drop"),
    path("events/<id:pk>/deck/", deck_views.my_deck, name="my-deck"),
    path("matches/<id:match_id>/report/", views.report, name="report"),
    path("matches/<id:match_id>/confirm/", views.confirm, name="confirm"),
]
organiser = [
    path("events/new/", manage_views.event_create, name="event-create"),
    path("events/<id:pk>/edit/", manage_views.event_edit, name="event-edit"),
    path("events/<id:pk>/manage/", manage_views.manage, name="manage"),
    path("events/<id:pk>/do/<slug:action>/", manage_views.event_action, name="event-action"),
    path("rounds/<id:round_id>/do/<slug:action>/", manage_views.round_action, name="round-action"),
    path("matches/<id:match_id>/set-result/", manage_views.set_result, name="set-result"),
    path("deck-versions/<id:version_id>/check/", deck_views.deck_check, name="deck-check"),
    path("events/<id:pk>/publish-lists/", deck_views.publish_lists, name="publish-lists"),
    path("registrations/<id:registration_id>/do/<slug:action>/", manage_views.registration_action,
         name="registration-action"),
]  # fmt: skip

urlpatterns = public + players + organiser
