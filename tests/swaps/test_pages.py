"""The deck-swap pages: the player's choice on the page (hidden from the others until the pod has
chosen), the result, the organiser's plan and the pods' progress."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils import timezone

from accounts.models import User
from gameplay.runebound.catalog import shipped_runebound
from gameplay.runebound.swap import enemy_cards
from tests.factories import UserFactory
from tests.swaps.helpers import DECKS, Pod, published, runebound_pod_event, seat_pod
from tournaments.services import registration, rounds
from tournaments.swaps import services
from tournaments.swaps.models import PodSwap, SwapPlan, SwapSeat

pytestmark = pytest.mark.django_db
CATALOG = shipped_runebound()


def client(user: User) -> Client:
    made = Client()
    made.force_login(user)
    return made


def opened(size: int = 3) -> tuple[Pod, PodSwap]:
    event = runebound_pod_event(size)
    services.set_plan(event, event.organiser, [1])
    pod = seat_pod(event)
    (swap,) = services.open_swaps(pod.round)
    return pod, swap


def form_for(i: int, left: int = 5, right: int = 5) -> dict[str, str]:
    cards = enemy_cards(published(DECKS[i]), CATALOG)
    return {f"side-{c}": "left" for c in cards[:left]} | {f"side-{c}": "right" for c in cards[5 : 5 + right]}


def words(html: str) -> str:
    """The page's text as a person reads it: tags dropped, spaces collapsed."""
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def url(pod: Pod, swap: PodSwap) -> str:
    return f"/events/{pod.event.pk}/swaps/{swap.pk}/"


def test_the_player_sees_their_enemy_cards_the_neighbours_names_and_the_clock() -> None:
    pod, swap = opened()
    page = client(pod.players[0]).get(url(pod, swap)).content.decode()
    assert page.count('data-testid="swap-card"') == 13
    assert "To Bo" in page and "To Cy" in page and "0 of 10 chosen" in words(page)
    assert 'data-testid="swap-clock"' in page and "0 of 3 players have chosen: waiting for 3 players" in page
    for card in enemy_cards(published("battlemage"), CATALOG):
        assert CATALOG.class_cards[card].name in page


def test_a_choice_on_the_page_is_hidden_from_the_pod_until_all_have_chosen() -> None:
    pod, swap = opened()
    ada, bo, cy = pod.players
    assert client(ada).post(url(pod, swap), form_for(0)).status_code == 302
    chosen = [CATALOG.class_cards[c].name for c in enemy_cards(published("battlemage"), CATALOG)[:10]]
    for viewer in (bo, pod.organiser):
        page = client(viewer).get(url(pod, swap)).content.decode()
        assert "Ada: has chosen" in page and "Bo: still choosing" in page
        assert not any(name in page for name in chosen)
    assert "10 of 10 chosen" in words(client(ada).get(url(pod, swap)).content.decode())
    client(bo).post(url(pod, swap), form_for(1))
    client(cy).post(url(pod, swap), form_for(2))
    page = client(bo).get(url(pod, swap)).content.decode()
    assert "From Ada" in page and "From Cy" in page and "Ada's card" in page
    assert all(name in page for name in chosen[:5])  # Ada's left cards came to Bo
    organiser = client(pod.organiser).get(url(pod, swap)).content.decode()
    assert 'data-testid="swap-log"' in organiser and organiser.count("<tr><td>1</td>") == 30


def test_a_bad_choice_on_the_page_is_a_400_naming_each_problem_and_nothing_changes() -> None:
    pod, swap = opened()
    answer = client(pod.players[0]).post(url(pod, swap), form_for(0, left=3, right=5))
    assert answer.status_code == 400
    page = answer.content.decode()
    assert "Choose 5 cards for Bo; you chose 3." in page and "8 of 10 chosen" in words(page)
    assert not SwapSeat.objects.filter(swap=swap, chosen_at__isnull=False).exists()


def test_an_outsider_sees_no_card_and_cannot_choose() -> None:
    pod, swap = opened()
    outsider = UserFactory.create()
    page = client(outsider).get(url(pod, swap)).content.decode()
    assert 'data-testid="swap-card"' not in page
    refused = client(outsider).post(url(pod, swap), form_for(0))
    assert refused.status_code == 403 and "You have no seat in this pod" in refused.content.decode()
    assert not SwapSeat.objects.filter(swap=swap, chosen_at__isnull=False).exists()


def test_the_organiser_sets_the_plan_and_sees_the_pods_progress() -> None:
    event = runebound_pod_event(3)
    page = f"/events/{event.pk}/swaps/"
    organiser = client(event.organiser)
    assert organiser.post(page, {"rounds": "1, x", "minutes": "10"}).status_code == 400
    assert not SwapPlan.objects.exists()
    assert organiser.post(page, {"rounds": "1", "minutes": "8"}).status_code == 302
    assert SwapPlan.objects.get(event=event).minutes == 8
    pod = seat_pod(event)
    services.open_swaps(pod.round)
    shown = organiser.get(page).content.decode()
    assert "0 of 3 have chosen" in shown and "Ada: still choosing" in shown and 'data-testid="swap-tab"' in shown
    player = client(pod.players[0]).get(page).content.decode()
    assert "your swap" in player and "Save the plan" not in player


def test_the_passed_swaps_are_in_the_organisers_event_history() -> None:
    pod, swap = opened()
    manage = f"/events/{pod.event.pk}/manage/"
    assert 'data-testid="swap-history"' not in client(pod.organiser).get(manage).content.decode()
    client(pod.players[0]).post(url(pod, swap), form_for(0))
    PodSwap.objects.filter(pk=swap.pk).update(deadline=timezone.now())
    services.expire(swap.pk)
    page = words(client(pod.organiser).get(manage).content.decode())
    assert "Round 1, pod 1: 30 cards passed (Bo, Cy chosen by the deadline's rule)" in page


def test_the_event_page_leads_a_player_to_their_swap() -> None:
    pod, swap = opened()
    event_page = f"/events/{pod.event.pk}/"
    shown = words(client(pod.players[0]).get(event_page).content.decode())
    assert "Deck swap, Round 1" in shown and "Choose your cards" in shown and "0 of 3 players have chosen" in shown
    assert "Deck swap, Round 1" not in words(client(UserFactory.create()).get(event_page).content.decode())
    client(pod.players[0]).post(url(pod, swap), form_for(0))
    assert "See or change your choice" in words(client(pod.players[0]).get(event_page).content.decode())


def test_the_swap_comes_first_on_the_players_event_page() -> None:
    """It is timed: the player reads it before their pod's table."""
    pod, _ = opened()
    page = client(pod.players[0]).get(f"/events/{pod.event.pk}/").content.decode()
    assert 'data-testid="my-swap"' in page and 'id="my-match"' in page
    assert page.index('data-testid="my-swap"') < page.index('id="my-match"')


def test_the_preview_of_a_swap_round_says_it_has_the_swap() -> None:
    event = runebound_pod_event(3)
    services.set_plan(event, event.organiser, [1], 12)
    registration.start_event(event, event.organiser)
    rounds.pair_next_round(event, event.organiser)
    page = words(client(event.organiser).get(f"/events/{event.pk}/manage/").content.decode())
    assert (
        "Round 1 has the deck swap: when you publish it, each pod has 12 minutes to choose the 10 enemy cards "
        "every player passes, 5 to each neighbour, before its game; whoever has not chosen by then gets the "
        "automatic choice."
    ) in page
    services.set_plan(event, event.organiser, [2], 12)
    page = words(client(event.organiser).get(f"/events/{event.pk}/manage/").content.decode())
    assert "has the deck swap" not in page
