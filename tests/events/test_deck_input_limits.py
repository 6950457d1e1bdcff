"""Deck lists cannot make the site work hard: who may register is checked before the list is
read, a list names at most 500 different cards, and only the first 20 unknown names get a
"did you mean" (the rest are counted)."""

from __future__ import annotations

from typing import Any

from django.test import Client

from gameplay.runeslingers.decklists import MAX_SUGGESTIONS
from gameplay.runeslingers.site_catalog import MAX_DECK_ENTRIES, current_catalog
from tests.conftest import Personas


def _near_misses(count: int) -> dict[str, int]:
    """``count`` different names, each one letter off a real card's name (so each has a suggestion)."""
    names = sorted(card.name for card in current_catalog().cards.values())
    return {f"{names[i % len(names)]}{i}": 1 for i in range(count)}


def _post(client: Client, url: str, body: dict[str, Any]) -> Any:
    return client.post(url, body, content_type="application/json")


def test_someone_not_registered_is_refused_before_the_list_is_read(personas: Personas) -> None:
    url = f"/api/events/{personas.event.pk}/deck/"
    answer = _post(personas.client("outsider"), url, {"cards": _near_misses(3000)})
    assert answer.status_code == 403
    assert "is not registered for" in answer.json()["detail"]


def test_a_list_of_more_than_500_different_cards_is_refused(personas: Personas) -> None:
    url = f"/api/events/{personas.event.pk}/deck/"
    answer = _post(personas.client("player"), url, {"cards": _near_misses(3000)})
    assert answer.status_code == 400
    assert answer.json() == {"cards": [f"At most {MAX_DECK_ENTRIES} different cards; got 3000."]}
    checked = _post(
        personas.client("anonymous"),
        "/api/decks/check/",
        {"format": "awakening-constructed", "cards": _near_misses(501)},
    )
    assert checked.status_code == 400 and "At most 500 different cards" in checked.json()["cards"][0]


def test_only_the_first_unknown_names_get_a_suggestion(personas: Personas) -> None:
    url = f"/api/events/{personas.event.pk}/deck/"
    answer = _post(personas.client("player"), url, {"runeslinger": "Eva", "equips": [], "cards": _near_misses(400)})
    assert answer.status_code == 400
    errors = answer.json()["errors"]
    assert sum("did you mean" in e for e in errors) == MAX_SUGGESTIONS
    assert (
        errors[-1]
        == f"{400 - MAX_SUGGESTIONS} unknown names got no suggestion (only the first 20 are compared with the catalog)"
    )


def test_a_pasted_list_bounds_its_suggestions_too(personas: Personas) -> None:
    text = "\n".join(f"1 {name}" for name in _near_misses(300))
    answer = _post(personas.client("anonymous"), "/api/decks/check/", {"format": "awakening-constructed", "text": text})
    assert answer.status_code == 400
    errors = answer.json()["errors"]
    assert sum("did you mean" in e for e in errors) == MAX_SUGGESTIONS
    assert f"{300 - MAX_SUGGESTIONS} unknown names got no suggestion" in errors[-1]


def test_a_long_unknown_name_is_shortened_and_not_compared(personas: Personas) -> None:
    answer = _post(
        personas.client("anonymous"), "/api/decks/check/", {"format": "awakening-constructed", "cards": {"x" * 5000: 1}}
    )
    assert answer.status_code == 400
    (error, summary) = answer.json()["errors"]
    assert len(error) < 200 and "did you mean" not in error
    assert summary.startswith("1 unknown names got no suggestion")
