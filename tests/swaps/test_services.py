"""The deck swap on the real database: the plan, opening, choices (hidden until the pod has chosen),
refusals that change nothing, the deadline's automatic choice, the ownership log and its return."""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from accounts.models import User
from common import deadlines
from gameplay.runebound import swap as rules
from gameplay.runebound.catalog import shipped_runebound
from tests.clients import api_client as api
from tests.factories import EventFactory, OrganiserFactory, UserFactory
from tests.swaps.helpers import DECKS, Pod, published, runebound_pod_event, seat_pod
from tests.webhooks.conftest import Queued
from tournaments.clock_low import SWAP_LOW
from tournaments.errors import Conflict, Forbidden, Invalid
from tournaments.models import Event, EventDeck, Round
from tournaments.services import registration, rounds
from tournaments.services.decks import register_deck, registered_runebound_deck
from tournaments.swaps import reading, services, tasks
from tournaments.swaps.models import CardPass, PodSwap, SwapPlan, SwapSeat

pytestmark = pytest.mark.django_db
CATALOG = shipped_runebound()


def opened(size: int = 3, minutes: int = 10) -> tuple[Pod, PodSwap]:
    event = runebound_pod_event(size)
    services.set_plan(event, event.organiser, [1], minutes)
    pod = seat_pod(event)
    (swap,) = services.open_swaps(pod.round)
    return pod, swap


def choice_of(i: int) -> rules.SwapChoice:
    """The last ten enemy cards of the i-th deck, not the auto-choice's first ten."""
    cards = rules.enemy_cards(published(DECKS[i]), CATALOG)[-10:]
    return rules.SwapChoice.of(cards[:5], cards[5:])


def choose(pod: Pod, swap: PodSwap, i: int) -> PodSwap:
    made = choice_of(i)
    return services.choose(swap.pk, pod.players[i], made.left, made.right)


def test_the_plan_is_for_runebound_pod_events_and_the_organiser_only() -> None:
    swiss = EventFactory.create()
    with pytest.raises(Invalid, match="The deck swap is for Runebound events played in pods"):
        services.set_plan(swiss, swiss.organiser, [1])
    event = runebound_pod_event(2)
    with pytest.raises(Forbidden):
        services.set_plan(event, event.registrations.first().player, [1])  # type: ignore[union-attr]
    with pytest.raises(Invalid, match="Rounds are numbered 1 to 3; not a round of this event: 0, 4"):
        services.set_plan(event, event.organiser, [0, 1, 4])
    with pytest.raises(Invalid, match="1 to 120 minutes, not 0"):
        services.set_plan(event, event.organiser, [1], 0)
    assert not SwapPlan.objects.exists()
    plan = services.set_plan(event, event.organiser, [2, 1, 1], 7)
    assert (plan.rounds, plan.minutes) == ([1, 2], 7)
    seat_pod(event)
    with pytest.raises(Conflict, match="Round 1 is already published"):
        services.set_plan(event, event.organiser, [2])
    assert SwapPlan.objects.get(event=event).rounds == [1, 2]


def test_a_published_round_opens_one_swap_per_pod_once_with_each_deck_as_registered() -> None:
    before = timezone.now()
    pod, swap = opened(3, minutes=10)
    after = timezone.now()
    assert services.open_swaps(pod.round) == []  # a second call opens nothing
    seats = list(swap.seats.order_by("position"))
    assert [s.player for s in seats] == pod.players
    assert [tuple(s.deck) for s in seats] == [published(d).class_cards for d in DECKS[:3]]
    assert before + timedelta(minutes=10) <= swap.deadline <= after + timedelta(minutes=10)  # however slow the machine
    other = seat_pod(pod.event, number=2)
    assert services.open_swaps(other.round) == []  # round 2 is not in the plan


def test_choices_stay_hidden_until_the_whole_pod_has_chosen_then_each_sees_what_they_received(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG)
    pod, swap = opened(3)
    ada, bo, _cy = pod.players
    choose(pod, swap, 0)
    assert not any(card in caplog.text for card in choice_of(0).cards)  # nor in the logs
    api_seen = api(bo).get(f"/api/events/{pod.event.pk}/swaps/").json()
    assert api_seen[0]["me"]["choice"] is None and not set(choice_of(0).cards) & set(repr(api_seen).split("'"))
    for viewer in (bo, pod.organiser):
        seen = reading.seat_state(PodSwap.objects.get(pk=swap.pk), viewer)
        assert seen["phase"] == "choosing" and seen["chosen"] == 1 and seen["waiting_for"] == 2
        assert [p["has_chosen"] for p in seen["pod"]] == [True, False, False]
        text = repr(seen)
        for card in choice_of(0).cards:
            assert card not in text or card in repr(seen.get("me", {}).get("cards"))  # only Bo's own cards
        assert "passes" not in seen and seen.get("me", {}).get("choice") is None
    mine = reading.seat_state(PodSwap.objects.get(pk=swap.pk), ada)["me"]
    assert mine["choice"] == {"left": list(choice_of(0).left), "right": list(choice_of(0).right)}
    assert (mine["left"], mine["right"]) == ("Bo", "Cy")
    assert not CardPass.objects.exists()

    choose(pod, swap, 1)
    choose(pod, swap, 2)
    swap.refresh_from_db()
    assert swap.revealed_at is not None and CardPass.objects.filter(swap=swap).count() == 30
    bo_sees = reading.seat_state(swap, bo)["me"]
    assert [r["from"] for r in bo_sees["received"]] == ["Ada", "Cy"]  # Ada's left cards, Cy's right cards
    names = {c.id: c.name for c in CATALOG.class_cards.values()}
    assert [c["name"] for c in bo_sees["received"][0]["cards"]] == [names[i] for i in choice_of(0).left]
    deck = bo_sees["game_deck"]
    assert len(deck) == 25 and sum(1 for c in deck if not c["own"]) == 10
    assert {c["owner"] for c in deck if not c["own"]} == {"Ada", "Cy"}
    assert "passes" not in reading.seat_state(swap, bo)
    assert len(reading.seat_state(swap, pod.organiser)["passes"]) == 30


def test_a_bad_choice_names_every_problem_answers_400_and_changes_nothing() -> None:
    pod, swap = opened(3)
    ada = pod.players[0]
    friendly = next(c for c in published("battlemage").class_cards if not CATALOG.class_cards[c].is_enemy)
    good = choice_of(0)
    answer = api(ada).post(
        f"/api/swaps/{swap.pk}/choose/", {"left": [*good.left[:4], friendly], "right": good.right[:3]}, format="json"
    )
    assert answer.status_code == 400, answer.content
    body = answer.json()
    assert [p["rule"] for p in body["problems"]] == ["not-enemy", "right-count"]
    assert CATALOG.class_cards[friendly].name in body["detail"]
    assert "Choose 5 cards for Cy; you chose 3." in body["detail"]
    seat = SwapSeat.objects.get(swap=swap, player=ada)
    assert seat.chosen_at is None and seat.left == [] and PodSwap.objects.get(pk=swap.pk).version == swap.version
    outsider = UserFactory.create()
    body_ok = {"left": good.left, "right": good.right}
    refused = api(outsider).post(f"/api/swaps/{swap.pk}/choose/", body_ok, format="json")
    assert refused.status_code == 403
    assert api(outsider).get(f"/api/swaps/{swap.pk}/").json().get("me") is None
    assert api(None).get(f"/api/swaps/{swap.pk}/").status_code in (401, 403)
    ok = api(ada).post(f"/api/swaps/{swap.pk}/choose/", {"left": good.left, "right": good.right}, format="json")
    assert ok.status_code == 200 and ok.json()["me"]["choice"]["left"] == list(good.left)


def test_the_deadline_chooses_for_those_who_have_not_and_marks_it_automatic() -> None:
    pod, swap = opened(3)
    choose(pod, swap, 0)
    assert services.expire(swap.pk, swap.timer_version) is False  # not due yet
    PodSwap.objects.filter(pk=swap.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert services.expire(swap.pk, swap.timer_version + 1) is False  # a stale task does nothing
    assert services.expire(swap.pk, swap.timer_version) is True
    seats = list(SwapSeat.objects.filter(swap=swap).order_by("position"))
    assert [s.automatic for s in seats] == [False, True, True]
    auto = rules.auto_choice(published(DECKS[1]), CATALOG)
    assert (seats[1].left, seats[1].right) == (list(auto.left), list(auto.right))
    assert CardPass.objects.filter(swap=swap).count() == 30
    assert services.expire(swap.pk, swap.timer_version) is False  # once only
    with pytest.raises(Conflict, match="the cards are passed"):
        choose(pod, swap, 1)
    late = choice_of(1)
    answer = api(pod.players[1]).post(
        f"/api/swaps/{swap.pk}/choose/", {"left": late.left, "right": late.right}, format="json"
    )
    assert answer.status_code == 409 and "the cards are passed" in answer.json()["detail"]


def test_a_choice_after_the_deadline_is_refused_and_the_automatic_choice_made() -> None:
    pod, swap = opened(2)
    PodSwap.objects.filter(pk=swap.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    with pytest.raises(Conflict, match="Time is up"):
        choose(pod, swap, 0)
    assert all(s.automatic for s in SwapSeat.objects.filter(swap=swap))
    assert deadlines.sweep(only=[services.DECK_SWAP]) == 0


def test_in_a_pod_of_two_each_receives_all_ten_from_the_other() -> None:
    pod, swap = opened(2)
    choose(pod, swap, 0)
    choose(pod, swap, 1)
    swap.refresh_from_db()
    seen = reading.seat_state(swap, pod.players[0])["me"]
    assert seen["one_neighbour"] and [r["from"] for r in seen["received"]] == ["Bo"]
    assert len(seen["received"][0]["cards"]) == 10


def test_a_pod_with_a_player_who_cannot_swap_plays_without_it_saying_why() -> None:
    event = runebound_pod_event(3)
    services.set_plan(event, event.organiser, [1])
    pod = seat_pod(event)
    EventDeck.objects.filter(event=event, player=pod.players[2]).delete()
    (swap,) = services.open_swaps(pod.round)
    assert swap.skipped == "Cy has no registered deck."
    with pytest.raises(Conflict, match="plays without the deck swap: Cy has no registered deck"):
        choose(pod, swap, 0)
    assert deadlines.sweep(only=[services.DECK_SWAP]) == 0


def test_ownership_is_logged_and_returns_the_registered_decks_are_unchanged() -> None:
    pod, swap = opened(3)
    for i in range(3):
        choose(pod, swap, i)
    log = reading.swap_log(pod.organiser, pod.event)
    assert len(log) == 30 and {row["round"] for row in log} == {1}
    ada_log = reading.swap_log(pod.players[0], pod.event)
    assert len(ada_log) == 20 and all("Ada" in (row["from"], row["to"]) for row in ada_log)
    assert reading.swap_log(UserFactory.create(), pod.event) == []
    Round.objects.filter(pk=pod.round.pk).update(status=Round.Status.ENDED)
    swap.refresh_from_db()
    assert reading.seat_state(swap, pod.players[0])["round_over"] is True
    for i, player in enumerate(pod.players):
        assert registered_runebound_deck(pod.event, player) == published(DECKS[i])


def _status(response: Any) -> int:
    return int(response.status_code)


def test_the_plan_over_the_api() -> None:
    event = runebound_pod_event(2)
    url = f"/api/events/{event.pk}/swap-plan/"
    assert api(event.organiser).put(url, {"rounds": [1], "minutes": 5}, format="json").json() == {
        "rounds": [1],
        "minutes": 5,
    }
    player = event.registrations.first().player  # type: ignore[union-attr]
    assert _status(api(player).put(url, {"rounds": [2]}, format="json")) == 403
    assert _status(api(event.organiser).put(url, {"rounds": ["x"]}, format="json")) == 400
    assert api(player).get(url).json() == {"rounds": [1], "minutes": 5}
    swiss = EventFactory.create(structure=Event.Structure.SWISS)
    refused = api(swiss.organiser).put(f"/api/events/{swiss.pk}/swap-plan/", {"rounds": [1]}, format="json")
    assert _status(refused) == 400 and "Runebound events played in pods" in refused.json()["detail"]


def test_publishing_a_pod_round_of_the_plan_has_a_worker_open_a_swap_for_each_pod(
    django_capture_on_commit_callbacks: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The publish request only queues the opening (issue 31: a 1,024-player round's swaps took
    1.8 s inside it); the task opens a swap for each pod, once."""
    organiser = OrganiserFactory.create(display_name="Oda")
    event = registration.create_event(
        organiser, name="Rune Night", structure=Event.Structure.PODS, rounds=3, format="runebound-custom"
    )
    registration.change_status(event, Event.Status.REGISTRATION, organiser)
    for i in range(9):
        player = UserFactory.create(display_name=f"P{i}")
        registration.register(event, player)
        register_deck(event, player, published(DECKS[i % len(DECKS)]), player)
    services.set_plan(event, organiser, [1], 10)
    registration.start_event(event, organiser)
    event.refresh_from_db()
    sent = Queued()
    monkeypatch.setattr("common.tasks.current_app", sent)
    with django_capture_on_commit_callbacks(execute=True):
        first = rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    assert not PodSwap.objects.exists()  # nothing opened in the request
    assert [args for name, args, _ in sent.calls if name == services.OPEN_TASK] == [(first.pk,)]
    sent.calls.clear()
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.open_round(first.pk) == 3
    assert tasks.open_round(first.pk) == 0  # once: a second run (the sweep's, a redelivery) opens nothing
    assert tasks.open_round(first.pk + 1000) == 0  # a round that is gone
    swaps = list(PodSwap.objects.filter(round=first))
    assert len(swaps) == 3 and all(s.is_choosing for s in swaps)
    # the three deadlines (one instant) go in one task, each swap under its timer version; so do
    # the three instants their clocks run low (clock_low)
    due, low = [(args, eta) for name, args, eta in sent.calls if name == deadlines.FIRE_MANY_TASK]
    keyed = [[s.pk, s.timer_version] for s in swaps]
    assert due == ((services.DECK_SWAP, keyed), swaps[0].deadline)
    assert low == ((SWAP_LOW, keyed), swaps[0].deadline - timedelta(minutes=1)) and swaps[0].low_at == low[1]
    assert {s.deadline for s in swaps} == {swaps[0].deadline}
    assert sorted(len(s.seats.all()) for s in swaps) == [3, 3, 3]
    for swap in swaps:
        seated = [(s.player_id, s.position) for s in swap.table.seats.order_by("position")]
        assert [(s.player_id, s.position) for s in swap.seats.order_by("position")] == seated


def test_the_sweeper_opens_the_swaps_a_failed_receiver_did_not() -> None:
    event = runebound_pod_event(3)
    services.set_plan(event, event.organiser, [1])
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
    pod = seat_pod(event)  # published without the receiver: as if it had failed
    assert not PodSwap.objects.exists()
    assert deadlines.sweep(only=[services.DECK_SWAP]) == 1
    assert PodSwap.objects.get().table == pod.table
    assert deadlines.sweep(only=[services.DECK_SWAP]) == 0


def test_claiming_a_guest_who_sat_in_a_swap_pod_moves_the_swap_and_the_passed_cards() -> None:
    """A guest's seat in a deck swap and the cards passed to and from them were PROTECTed rows the
    claim did not move: the claim was a 500 (ProtectedError). Now the account holds them."""
    pod, swap = opened(3)
    guest = pod.players[1]
    User.objects.filter(pk=guest.pk).update(is_guest=True, is_active=False)
    for i in range(3):
        choose(pod, swap, i)
    passes = CardPass.objects.filter
    assert passes(giver=guest).count() == passes(receiver=guest).count() == 10
    account = UserFactory.create(username="bo_account", display_name="Bo Account")
    registration.claim_guest(User.objects.get(pk=guest.pk), account, pod.organiser)
    assert not User.objects.filter(pk=guest.pk).exists()
    assert SwapSeat.objects.get(swap=swap, position=1).player == account
    assert (
        CardPass.objects.filter(giver=account).count() == 10 and CardPass.objects.filter(receiver=account).count() == 10
    )
    assert "me" in reading.seat_state(swap, account)  # the account's page shows the swap as theirs
