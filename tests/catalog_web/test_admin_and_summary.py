from __future__ import annotations

import pytest
from django.test import Client
from hypothesis import given, settings
from hypothesis import strategies as st

from gameplay.runeslingers.cards.catalog import Catalog
from gameplay.runeslingers.formats import Deck
from gameplay.runeslingers.site_catalog import CURVE_TOP, current_catalog, deck_counts, light_curve
from gameplay.web.presentation import CHART_HEIGHT, curve_bars
from tests.conftest import Personas
from tests.factories import UserFactory

CATALOG = current_catalog()


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.sampled_from(sorted(CATALOG.cards)), st.integers(min_value=1, max_value=5), max_size=25))
def test_the_curve_and_the_counts_account_for_every_copy(cards: dict[str, int]) -> None:
    deck = Deck.of(None, (), cards)
    curve = light_curve(deck, CATALOG)
    assert [bar.cost for bar in curve] == list(range(CURVE_TOP + 1))
    assert sum(bar.count for bar in curve) == deck.size
    counts = deck_counts(deck, CATALOG)
    assert counts["cards"] == sum(counts["by_type"].values()) == sum(counts["by_class"].values()) == deck.size
    for bar in curve_bars(curve):
        assert 0 <= bar.y <= CHART_HEIGHT and bar.height >= 0
        assert (bar.height > 0) == (bar.count > 0)


@pytest.mark.django_db
def test_staff_can_browse_the_loaded_catalog_in_the_admin_but_not_change_it(loaded: Catalog) -> None:
    admin = Client()
    admin.force_login(UserFactory.create(username="root", is_staff=True, is_superuser=True))
    assert admin.get("/admin/gameplay/card/").status_code == 200
    assert admin.get("/admin/gameplay/card/add/").status_code == 403
    card_id = admin.get("/admin/gameplay/card/", {"q": "jab"}).context["cl"].result_list[0].pk
    page = admin.get(f"/admin/gameplay/card/{card_id}/change/")
    assert page.status_code == 200 and b'name="_save"' not in page.content


@pytest.mark.django_db
def test_people_who_are_not_staff_are_sent_to_the_admin_login(personas: Personas, loaded: Catalog) -> None:
    for who in ("organiser", "player", "anonymous"):
        response = personas.client(who).get("/admin/gameplay/card/")
        assert response.status_code == 302 and "/admin/login/" in response["Location"]
