"""Deck registration: legality at submit, every version kept, the lock, who sees which list."""

from __future__ import annotations

from typing import Any

import pytest

from accounts.models import User
from gameplay.runeslingers.decklists import format_decklist
from gameplay.runeslingers.formats import Deck
from gameplay.runeslingers.site_catalog import current_catalog
from tests.clients import api_client as api
from tests.conftest import Personas
from tests.factories import RegistrationFactory, UserFactory
from tournaments.models import DeckVersion
from tournaments.services import registration

pytestmark = pytest.mark.django_db


def starter_text(slug: str = "eva-starter") -> str:
    catalog = current_catalog()
    return format_decklist(Deck.from_starter(catalog.starter_decks[slug]), catalog)


@pytest.fixture
def starter_event(personas: Personas) -> Personas:
    personas.event.format = "awakening-starter"
    personas.event.save()
    return personas


def submit(user: User | None, event_id: int, **body: Any) -> Any:
    return api(user).post(f"/api/events/{event_id}/deck/", body, format="json")


def test_a_legal_deck_is_registered_and_every_version_kept(starter_event: Personas) -> None:
    p = starter_event
    first = submit(p.player, p.event.pk, text=starter_text())
    assert first.status_code == 201, first.content
    assert first.json()["number"] == 1 and first.json()["size"] == 30
    second = submit(p.player, p.event.pk, text=starter_text("romin-starter"))
    assert second.status_code == 201 and second.json()["number"] == 2
    assert DeckVersion.objects.filter(deck__player=p.player).count() == 2
    mine = api(p.player).get(f"/api/events/{p.event.pk}/deck/").json()
    assert mine["number"] == 2 and mine["runeslinger"] == "romin"


def test_bad_lists_are_refused_with_every_problem_named_and_nothing_stored(starter_event: Personas) -> None:
    p = starter_event
    illegal = submit(p.player, p.event.pk, text=starter_text() + "\n3 Fireball\n")
    assert illegal.status_code == 400
    rules = {v["rule"] for v in illegal.json()["violations"]}
    assert rules == {"deck-size", "max-copies"}
    unknown = submit(p.player, p.event.pk, text="Runeslinger: Eva\n2 Firebal\n")
    assert unknown.status_code == 400 and "did you mean 'Fireball'" in str(unknown.json()["errors"])
    zero = submit(p.player, p.event.pk, runeslinger="Eva", equips=[], cards={"Fireball": 0})
    assert zero.status_code == 400 and "1 or more" in str(zero.json())
    wrong_format = submit(p.player, p.event.pk, format="classic-constructed", text=starter_text())
    assert wrong_format.status_code == 400 and "uses Awakening Starter" in wrong_format.json()["detail"]
    huge = api(p.player).post(f"/api/events/{p.event.pk}/deck/", {"text": "1 Fireball\n" * 100_000}, format="json")
    assert huge.status_code == 413
    outsider = submit(p.outsider, p.event.pk, text=starter_text())
    assert outsider.status_code == 403 and "not registered" in outsider.json()["detail"]
    assert DeckVersion.objects.count() == 0


def test_lists_lock_when_the_event_starts(starter_event: Personas) -> None:
    p = starter_event
    assert submit(p.player, p.event.pk, text=starter_text()).status_code == 201
    RegistrationFactory.create(event=p.event, player=UserFactory.create())
    registration.start_event(p.event, p.organiser)
    late = submit(p.player, p.event.pk, text=starter_text("romin-starter"))
    assert late.status_code == 409 and "locked when the event started" in late.json()["detail"]
    assert DeckVersion.objects.get().runeslinger == "eva"
    page = p.client("player").get(f"/events/{p.event.pk}/deck/")
    assert "locked when the event started" in page.content.decode()


def test_staff_see_every_list_and_players_only_theirs_until_published(starter_event: Personas) -> None:
    p = starter_event
    other = UserFactory.create(username="rival")
    RegistrationFactory.create(event=p.event, player=other)
    submit(p.player, p.event.pk, text=starter_text())
    submit(other, p.event.pk, text=starter_text("romin-starter"))
    seen = {who: [d["player"] for d in api(getattr(p, who, None)).get(f"/api/events/{p.event.pk}/decks/").json()]
            for who in ("organiser", "judge", "player", "outsider", "anonymous")}  # fmt: skip
    assert sorted(seen["organiser"]) == sorted(seen["judge"]) == ["pat", "rival"]
    assert seen["player"] == ["pat"] and seen["outsider"] == [] and seen["anonymous"] == []
    rival_version = DeckVersion.objects.get(deck__player=other)
    assert api(p.player).get(f"/api/deck-versions/{rival_version.pk}/").status_code == 404
    assert api(p.player).post(f"/api/events/{p.event.pk}/publish-lists/", {"published": True}).status_code == 403
    assert api(p.organiser).post(f"/api/events/{p.event.pk}/publish-lists/", {"published": True}).status_code == 200
    assert len(api(None).get(f"/api/events/{p.event.pk}/decks/").json()) == 2


def test_judges_record_deck_checks_and_players_cannot(starter_event: Personas) -> None:
    p = starter_event
    version = submit(p.player, p.event.pk, text=starter_text()).json()["id"]
    url = f"/api/deck-versions/{version}/check/"
    assert api(p.player).post(url, {"passed": True}).status_code == 403
    done = api(p.judge).post(url, {"passed": False, "note": "2 Fireball sleeved differently"})
    assert done.status_code == 201
    assert api(p.organiser).get(f"/api/deck-versions/{version}/").json()["checks"][0]["passed"] is False


def test_registered_lists_are_drawn_as_card_faces_on_the_deck_pages(starter_event: Personas) -> None:
    p = starter_event
    assert submit(p.player, p.event.pk, text=starter_text()).status_code == 201
    starter = current_catalog().starter_decks["eva-starter"]
    mine = p.client("player").get(f"/events/{p.event.pk}/deck/").content.decode()
    staff = p.client("organiser").get(f"/events/{p.event.pk}/decks/").content.decode()
    for html in (mine, staff):
        assert 'data-testid="deck-faces"' in html and 'data-face-id="eva"' in html
        for card_id, count in starter.cards.items():
            assert f'data-face-id="{card_id}"' in html
            assert f"× {count}</span>" in html
