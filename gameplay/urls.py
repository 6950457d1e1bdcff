"""Pages of the gameplay app."""

from __future__ import annotations

from typing import Any

from django.urls import path

from gameplay.decks import views as deck_views
from gameplay.web import (
    coop_views,
    invitation_views,
    learn_views,
    passing_views,
    play_views,
    runebound_views,
    tutorial_views,
    views,
)

app_name = "gameplay"
urlpatterns: list[Any] = [
    path("learn/", learn_views.learn_index, name="learn"),
    path("learn/awakening/", learn_views.awakening, name="learn-awakening"),
    path("learn/classic/", learn_views.classic, name="learn-classic"),
    path("learn/runemasters/", learn_views.runemasters_rules, name="learn-runemasters"),
    path("learn/runebound/", learn_views.runebound_rules, name="learn-runebound"),
    path("learn/glossary/", learn_views.glossary_page, name="glossary"),
    path("learn/tutorial/<slug:slug>/", tutorial_views.tutorial_page, name="tutorial"),
    path("learn/tutorial-practice/", tutorial_views.practice_after_tutorial, name="tutorial-practice"),
    path("cards/", views.card_list, name="card-list"),
    path("cards/<slug:slug>/", views.card_detail, name="card-detail"),
    path("runeslingers/", views.runeslinger_list, name="runeslinger-list"),
    path("runebound/cards/", runebound_views.card_list, name="runebound-cards"),
    path("runebound/cards/<slug:slug>/", runebound_views.card_detail, name="runebound-card"),
    path("runebound/decks/", runebound_views.deck_list, name="runebound-decks"),
    path("runebound/decks/check/", runebound_views.deck_check, name="runebound-check"),
    path("runebound/decks/<slug:slug>/", runebound_views.deck_detail, name="runebound-deck"),
    path("decks/starters/", views.starter_list, name="starter-list"),
    path("decks/builder/", views.deck_builder, name="deck-builder"),
    path("decks/builder/check/", views.deck_check, name="deck-check"),
    path("decks/mine/", deck_views.my_decks, name="my-decks"),
    path("decks/mine/new/", deck_views.deck_new, name="my-deck-new"),
    path("decks/mine/from-starter/", deck_views.deck_from_starter, name="my-deck-from-starter"),
    path("decks/mine/new/runebound/", deck_views.runebound_new, name="my-deck-new-runebound"),
    path("decks/mine/from-published/", deck_views.deck_from_published, name="my-deck-from-published"),
    path("decks/mine/<id:pk>/", deck_views.deck_edit, name="my-deck-edit"),
    path("decks/mine/<id:pk>/duplicate/", deck_views.deck_duplicate, name="my-deck-duplicate"),
    path("decks/mine/<id:pk>/delete/", deck_views.deck_delete, name="my-deck-delete"),
    path("decks/mine/<id:pk>/history/", deck_views.deck_history, name="my-deck-history"),
    path("decks/mine/<id:pk>/export/", deck_views.deck_export, name="my-deck-export"),
    path("invitations/", invitation_views.invitation_list, name="invitations"),
    path("invitations/<id:pk>/<slug:action>/", invitation_views.answer, name="answer"),
    path("play/", play_views.play_home, name="play-home"),
    path("play/tables/<id:pk>/", coop_views.waiting_table_page, name="table-request"),
    path("play/<id:pk>/", play_views.play_page, name="play"),
    path("play/<id:pk>/replay/", play_views.replay_page, name="replay"),
    path("play/<id:pk>/tutorial/", tutorial_views.tutorial_step, name="tutorial-step"),
    path("play/<id:pk>/passing/", passing_views.passing, name="passing"),
]
