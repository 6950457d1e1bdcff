"""Ratings rebuilt from the results on the real database (docs/ratings.md): a Swiss event moves the
Awakening ratings round by round, a pod event the pod ratings, a judge's correction changes them,
byes and bots give nothing, Classic is rated apart, and the same results give the same numbers."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from django.core.management import call_command

from accounts.models import User
from gameplay.matches.models import PlayMatch
from tests.events.test_swiss_services import five_player_event, play_round
from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory, UserFactory
from tests.pods.test_pod_services import pod_event, publish, settle
from tests.webhooks.conftest import Queued
from tournaments.models import Match
from tournaments.pods import services as pods
from tournaments.ratings import maths, services
from tournaments.ratings.models import Kind, PlayerRating, RatingPoint
from tournaments.services import registration, results
from tournaments.services.results import Score

pytestmark = pytest.mark.django_db


def rating(user: User, kind: str = Kind.AWAKENING) -> PlayerRating | None:
    return PlayerRating.objects.filter(player=user, kind=kind).first()


def numbers(kind: str) -> list[tuple[int, float, float, float, int]]:
    rows = PlayerRating.objects.filter(kind=kind).order_by("player_id")
    return [(r.player_id, r.value, r.deviation, r.volatility, r.games) for r in rows]


def test_a_swiss_event_moves_awakening_ratings_round_by_round_with_byes_and_draws_as_the_docs_say() -> None:
    event, organiser, p = five_player_event()
    play_round(event, organiser, [(p["A"], p["B"]), (p["C"], p["D"]), (p["E"], None)], [Score(2, 0), Score(2, 1)])
    assert services.rebuild(Kind.AWAKENING) == 2
    start = maths.Glicko()
    won, lost = maths.glicko2(start, [(start, 1.0)]), maths.glicko2(start, [(start, 0.0)])
    a, b, e = rating(p["A"]), rating(p["B"]), rating(p["E"])
    assert a is not None and b is not None
    assert (a.value, a.deviation, a.games) == (pytest.approx(won.value), pytest.approx(won.deviation), 1)
    assert b.value == pytest.approx(lost.value)
    assert e is None  # a bye is no game

    play_round(event, organiser, [(p["A"], p["C"]), (p["E"], p["B"]), (p["D"], None)], [Score(2, 1), Score(1, 1, 1)])
    services.rebuild(Kind.AWAKENING)
    c_after_one = maths.glicko2(start, [(start, 1.0)])  # C beat D in round 1
    a_two = maths.glicko2(won, [(c_after_one, 1.0)])
    e_two = maths.glicko2(start, [(lost, 0.5)])  # a draw scores a half, against B's rating after round 1
    assert rating(p["A"]).value == pytest.approx(a_two.value)  # type: ignore[union-attr]
    assert rating(p["E"]).value == pytest.approx(e_two.value)  # type: ignore[union-attr]
    history = list(RatingPoint.objects.filter(player=p["A"], kind=Kind.AWAKENING).order_by("sequence"))
    assert [point.label for point in history] == [f"{event.name}, round 1", f"{event.name}, round 2"]
    assert [point.value for point in history] == [pytest.approx(won.value), pytest.approx(a_two.value)]
    assert rating(p["A"], Kind.CLASSIC) is None and rating(p["A"], Kind.PODS) is None


def test_a_judges_correction_changes_the_ratings() -> None:
    event, organiser, p = five_player_event()
    play_round(event, organiser, [(p["A"], p["B"]), (p["C"], p["D"]), (p["E"], None)], [Score(2, 0), Score(2, 1)])
    services.rebuild(Kind.AWAKENING)
    assert rating(p["A"]).value > 1500 > rating(p["B"]).value  # type: ignore[union-attr]
    match = Match.objects.get(round__event=event, player_a=p["A"])
    results.set_result(match, organiser, Score(0, 2))
    services.rebuild(Kind.AWAKENING)
    assert rating(p["A"]).value < 1500 < rating(p["B"]).value  # type: ignore[union-attr]


def test_the_same_results_give_the_same_numbers_and_the_command_rebuilds_every_kind() -> None:
    event, organiser, p = five_player_event()
    play_round(event, organiser, [(p["A"], p["B"]), (p["C"], p["D"]), (p["E"], None)], [Score(2, 0), Score(1, 2)])
    call_command("rebuild_ratings")
    first = numbers(Kind.AWAKENING)
    PlayerRating.objects.filter(player=p["A"]).update(value=9999)
    call_command("rebuild_ratings", "--kind", "awakening")
    assert numbers(Kind.AWAKENING) == first and len(first) == 4


def test_a_classic_event_moves_classic_ratings_only() -> None:
    organiser = OrganiserFactory.create()
    event = EventFactory.create(organiser=organiser, format="classic-constructed", best_of=1)
    ann, bo = UserFactory.create(), UserFactory.create()
    for user in (ann, bo):
        RegistrationFactory.create(event=event, player=user)
    registration.start_event(event, organiser)
    play_round(event, organiser, [(ann, bo)], [Score(1, 0)])
    services.rebuild(Kind.CLASSIC)
    services.rebuild(Kind.AWAKENING)
    assert rating(ann, Kind.CLASSIC).value > 1500  # type: ignore[union-attr]
    assert rating(ann, Kind.AWAKENING) is None


def test_a_pod_event_moves_pod_ratings_by_places() -> None:
    event, organiser, _ = pod_event(count=8)
    round_ = publish(event, organiser)
    tables = list(round_.pod_tables.order_by("table"))
    settle(tables[0], [1, 2, 3, 4])
    services.rebuild(Kind.PODS)
    seated = [seat.player for seat in tables[0].seats.select_related("player").order_by("position")]
    values = [rating(user, Kind.PODS).value for user in seated]  # type: ignore[union-attr]
    assert values == sorted(values, reverse=True) and values[0] > maths.POD_MU > values[-1]
    assert all(rating(seat.player, Kind.PODS) is None for seat in tables[1].seats.all())  # not confirmed yet
    expected = maths.rate_pods([[[(user.pk, place) for user, place in zip(seated, [1, 2, 3, 4], strict=True)]]])
    assert values[0] == pytest.approx(expected.final[seated[0].pk].value)
    pods.set_placements(
        tables[0], organiser, {user.pk: place for user, place in zip(seated, [4, 3, 2, 1], strict=True)}
    )
    services.rebuild(Kind.PODS)
    assert rating(seated[0], Kind.PODS).value < maths.POD_MU  # type: ignore[union-attr]
    assert rating(seated[0], Kind.AWAKENING) is None


def practice(one: User, two: User | None, winner: int | None, bot: str = "", rules: str = "") -> PlayMatch:
    seat = {"starter": "s1", **({"rules": rules} if rules else {})}
    return PlayMatch.objects.create(
        player1=one, player2=two, bot=bot, decks=[seat, seat], seed=1, status=PlayMatch.Status.FINISHED,
        winner=winner, finished_at=datetime(2026, 3, 3, 18, tzinfo=UTC),
    )  # fmt: skip


def test_practice_between_two_people_counts_by_day_and_bots_do_not() -> None:
    ann, bo, cy = UserFactory.create(), UserFactory.create(), UserFactory.create()
    practice(ann, bo, 1)
    practice(cy, None, 1, bot=PlayMatch.Bot.values[0])
    practice(ann, bo, None, rules="classic")
    services.rebuild(Kind.AWAKENING)
    services.rebuild(Kind.CLASSIC)
    assert rating(ann).value > 1500 > rating(bo).value  # type: ignore[union-attr]
    assert rating(cy) is None
    assert rating(ann, Kind.CLASSIC).value == pytest.approx(1500)  # type: ignore[union-attr]
    point = RatingPoint.objects.get(player=ann, kind=Kind.AWAKENING)
    assert point.label == "Practice matches, 3 March 2026"


def test_an_unknown_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown rating kind"):
        services.rebuild("chess")


def test_a_claimed_guest_s_results_rate_the_account_once_the_claim_queues_a_rebuild(
    django_capture_on_commit_callbacks: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A walk-in's results are moved to the account that claims them; their rating follows."""
    organiser = OrganiserFactory.create(username="oda")
    event = EventFactory.create(organiser=organiser, best_of=3, rounds=3)
    ann = UserFactory.create(username="ann", display_name="Ann")
    RegistrationFactory.create(event=event, player=ann)
    guest = registration.add_walk_in(event, organiser, guest_name="Ola").player
    registration.start_event(event, organiser)
    play_round(event, organiser, [(guest, ann)], [Score(2, 0)])
    services.rebuild(Kind.AWAKENING)
    assert rating(guest).value > 1500  # type: ignore[union-attr]
    account = UserFactory.create(username="ola_p", display_name="Ola P")
    sent = Queued()
    monkeypatch.setattr("common.tasks.current_app", sent)
    for kind in Kind.values:
        services.clear_pending(kind)  # no rebuild waiting: the claim queues one of each kind
    with django_capture_on_commit_callbacks(execute=True):
        registration.claim_guest(guest, account, organiser)
    assert [(name, args) for name, args, _eta in sent.calls] == [
        ("tournaments.ratings.tasks.rebuild", (kind,)) for kind in Kind.values
    ]
    services.rebuild(Kind.AWAKENING)  # what the queued task runs
    assert rating(account).value > 1500 > rating(ann).value  # type: ignore[union-attr]
    assert not PlayerRating.objects.filter(player_id=guest.pk).exists()
