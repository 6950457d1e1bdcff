"""Pod events through the services, on the real database: preview, edit, publish, places, clock, drops, standings."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from accounts.models import User
from tests.factories import OrganiserFactory, UserFactory
from tournaments import selectors
from tournaments.errors import Conflict, EventError, Forbidden, Invalid
from tournaments.models import AuditEntry, Event, PodReport, PodSeat, PodTable, Registration, Round
from tournaments.pairing import PastPod
from tournaments.pods import services as pods
from tournaments.services import registration, rounds, timers

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy"]


def pod_event(count: int = 9, **fields: Any) -> tuple[Event, User, dict[str, User]]:
    """A running pod event of ``count`` players (pods of 4, never fewer than 3: 9 play 3 pods of 3)."""
    organiser = OrganiserFactory.create(username="oda", display_name="Oda")
    fields = {"name": "Runebound Night", "structure": Event.Structure.PODS, "rounds": 3, **fields}
    event = registration.create_event(organiser, **fields)
    registration.change_status(event, Event.Status.REGISTRATION, organiser)
    players = {name: UserFactory.create(username=name.lower(), display_name=name) for name in NAMES[:count]}
    for user in players.values():
        registration.register(event, user)
    registration.start_event(event, organiser)
    event.refresh_from_db()
    return event, organiser, players


def seating(round_: Round) -> list[list[int]]:
    return [
        [seat.player_id for seat in table.seats.order_by("position")] for table in round_.pod_tables.order_by("table")
    ]


def snapshot(round_: Round) -> tuple[Any, ...]:
    """Everything a refused request must leave as it was."""
    tables = list(PodTable.objects.filter(round=round_).order_by("table").values_list("status", "version"))
    seats = list(
        PodSeat.objects.filter(table__round=round_)
        .order_by("table__table", "position")
        .values_list("player_id", "placement", "reported_placement")
    )
    return tables, seats, PodReport.objects.count(), AuditEntry.objects.count(), seating(round_)


def refused(call: Callable[[], Any], kind: type[EventError], words: str, round_: Round) -> str:
    before = snapshot(round_)
    with pytest.raises(kind) as caught:
        call()
    assert words in str(caught.value), str(caught.value)
    assert snapshot(round_) == before
    return str(caught.value)


def publish(event: Event, organiser: User) -> Round:
    return rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)


def members(table: PodTable) -> list[User]:
    return [seat.player for seat in table.seats.select_related("player").order_by("position")]


def settle(table: PodTable, places: list[int]) -> PodTable:
    """The first member reports ``places`` (seat order) and the second confirms."""
    who = members(table)
    pods.report_placements(table, who[0], dict(zip([u.pk for u in who], places, strict=True)))
    return pods.confirm_placements(table, who[1])


# --- preview, edit, publish -------------------------------------------------------------------


def test_a_pod_round_is_previewed_in_the_pure_plans_order_with_its_words() -> None:
    event, organiser, _players = pod_event()
    assert event.rounds == 3 and event.structure == Event.Structure.PODS
    plan = pods.plan_round(event, 1)
    round_ = rounds.pair_next_round(event, organiser)
    assert round_.is_preview and round_.stage == Round.Stage.PODS
    assert seating(round_) == [list(pod.players) for pod in plan.pods]
    assert [len(pod) for pod in seating(round_)] == [3, 3, 3]
    assert round_.bye_explanation.startswith("9 players in 3 pods of 3: 9 is not a multiple of 4")
    first = round_.pod_tables.get(table=1)
    assert first.explanation == plan.pods[0].explanation and "no one has sat together before" in first.explanation
    assert "player " not in first.explanation  # names, never ids
    assert list(round_.pod_tables.values_list("status", flat=True)) == [PodTable.Status.PENDING] * 3


def test_the_recommended_rounds_seat_until_one_player_can_have_won_every_pod() -> None:
    event, _organiser, _players = pod_event(rounds=None)
    assert event.rounds == 2  # 4 ** 2 >= 9


def test_a_bad_edit_is_refused_naming_every_problem_and_changes_nothing() -> None:
    event, organiser, p = pod_event()
    round_ = rounds.pair_next_round(event, organiser)
    ids = [p[n].pk for n in NAMES]
    bad = [[ids[0], ids[1], ids[0]], ids[3:6], [ids[6], ids[7]]]
    message = refused(lambda: pods.edit_pods(round_, bad, organiser), Invalid, "These pods cannot be used", round_)
    assert "Ann is seated more than once in pod 1" in message
    assert "Cy has no pod" in message and "Ivy has no pod" in message
    assert "pod 3 has 2 players; the game needs 3 to 6" in message
    stranger = UserFactory.create(display_name="Zed")
    wrong = [ids[0:3], ids[3:6], [*ids[6:8], stranger.pk]]
    refused(lambda: pods.edit_pods(round_, wrong, organiser), Invalid, "Zed is not playing", round_)
    good = [ids[0:3], ids[3:6], ids[6:9]]
    refused(lambda: pods.edit_pods(round_, good, p["Ann"]), Forbidden, "Only the event's organiser", round_)
    refused(lambda: rounds.edit_pairings(round_, [(ids[0], ids[1])], organiser), Conflict, "edit its pods", round_)


def test_the_organisers_pods_are_kept_in_their_seating_order_and_say_so() -> None:
    event, organiser, p = pod_event()
    round_ = rounds.pair_next_round(event, organiser)
    ids = [p[n].pk for n in NAMES]
    pods_wanted = [[ids[2], ids[0], ids[1]], ids[3:6], ids[6:9]]
    round_ = pods.edit_pods(round_, pods_wanted, organiser)
    assert seating(round_) == pods_wanted
    assert "set by the organiser" in round_.pod_tables.get(table=1).explanation
    assert round_.bye_explanation == "9 players in 3 pods of 3: set by the organiser"


def test_publishing_sends_pod_round_published_after_commit_and_starts_the_clock(
    django_capture_on_commit_callbacks: Any,
) -> None:
    event, organiser, _players = pod_event()
    heard: list[Round] = []

    def receiver(sender: Any, round: Round, **kwargs: Any) -> None:
        heard.append(round)

    pods.pod_round_published.connect(receiver)
    try:
        with django_capture_on_commit_callbacks(execute=False) as callbacks:
            round_ = publish(event, organiser)
            assert heard == []  # not before the commit
        for callback in callbacks:
            callback()
    finally:
        pods.pod_round_published.disconnect(receiver)
    assert [r.pk for r in heard] == [round_.pk]
    round_.refresh_from_db()
    assert round_.is_open and round_.ends_at is not None and round_.timer_version == 1


def test_a_failing_receiver_is_logged_and_the_round_stays_published(
    django_capture_on_commit_callbacks: Any, caplog: pytest.LogCaptureFixture
) -> None:
    event, organiser, _players = pod_event()

    def broken(sender: Any, round: Round, **kwargs: Any) -> None:
        raise RuntimeError("swap down")

    pods.pod_round_published.connect(broken)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            round_ = publish(event, organiser)
    finally:
        pods.pod_round_published.disconnect(broken)
    assert Round.objects.get(pk=round_.pk).is_open
    assert "pod_round_published receiver" in caplog.text and "swap down" in caplog.text


def test_a_preview_is_outdated_when_one_of_its_players_drops() -> None:
    event, organiser, p = pod_event()
    round_ = rounds.pair_next_round(event, organiser)
    registration.drop(event.registrations.get(player=p["Cy"]), p["Cy"])
    with pytest.raises(Conflict, match="Cy dropped after this preview was made"):
        rounds.publish_round(round_, organiser)


# --- places -----------------------------------------------------------------------------------


def test_a_member_reports_another_confirms_and_the_history_says_it_in_names() -> None:
    event, organiser, _players = pod_event()
    round_ = publish(event, organiser)
    table = round_.pod_tables.get(table=1)
    a, b, c = members(table)
    places = {a.pk: 2, b.pk: 1, c.pk: 2}
    table = pods.report_placements(table, a, places)
    assert table.awaits_confirmation and table.reported_by == a and table.version == 1
    assert [s.reported_placement for s in table.seats.order_by("position")] == [2, 1, 2]
    assert [s.placement for s in table.seats.order_by("position")] == [None, None, None]
    refused(lambda: pods.confirm_placements(table, a), Conflict, "Another player of the pod has to confirm", round_)
    table = pods.confirm_placements(table, c)
    assert table.is_confirmed and table.confirmed_by == c and table.version == 2
    assert [s.placement for s in table.seats.order_by("position")] == [2, 1, 2]
    assert [r.kind for r in table.reports.all()] == [PodReport.Kind.REPORT, PodReport.Kind.CONFIRM]
    assert table.reports.first().place_map() == places  # type: ignore[union-attr]
    said = [e.describe() for e in AuditEntry.objects.filter(kind=AuditEntry.Kind.POD_RESULT)]
    words = f"1st {b.public_name}, 2nd {a.public_name}, 2nd {c.public_name}"
    assert said == [
        f"Round 1, pod 1: reported by {a.public_name}: {words}",
        f"Round 1, pod 1: confirmed by {c.public_name}: {words}",
    ]
    refused(lambda: pods.report_placements(table, b, places), Conflict, "already confirmed (1st", round_)


def test_the_reporter_may_correct_a_report_and_a_second_report_confirms_or_disputes() -> None:
    event, organiser, _players = pod_event()
    round_ = publish(event, organiser)
    one, two = round_.pod_tables.get(table=1), round_.pod_tables.get(table=2)
    a, b, c = members(one)
    pods.report_placements(one, a, {a.pk: 1, b.pk: 2, c.pk: 3})
    before = snapshot(round_)
    assert pods.report_placements(one, a, {a.pk: 1, b.pk: 2, c.pk: 3}).version == 1  # a double click
    assert snapshot(round_) == before
    one = pods.report_placements(one, a, {a.pk: 1, b.pk: 3, c.pk: 2})
    assert one.awaits_confirmation and [s.reported_placement for s in one.seats.order_by("position")] == [1, 3, 2]
    one = pods.report_placements(one, b, {a.pk: 1, b.pk: 3, c.pk: 2})
    assert one.is_confirmed and one.confirmed_by == b
    d, e, f = members(two)
    pods.report_placements(two, d, {d.pk: 1, e.pk: 2, f.pk: 3})
    two = pods.report_placements(two, e, {d.pk: 2, e.pk: 1, f.pk: 3})
    assert two.is_disputed
    refused(lambda: pods.report_placements(two, f, {d.pk: 1, e.pk: 2, f.pk: 3}), Conflict, "disputed", round_)
    last = AuditEntry.objects.filter(kind=AuditEntry.Kind.POD_RESULT).last()
    assert last is not None and "reported other places" in last.describe() and e.public_name in last.describe()


def test_impossible_places_and_wrong_people_are_refused_in_words_and_change_nothing() -> None:
    event, organiser, p = pod_event()
    round_ = rounds.pair_next_round(event, organiser)
    table = round_.pod_tables.get(table=1)
    a, b, c = members(table)
    refused(lambda: pods.report_placements(table, a, {a.pk: 1, b.pk: 2, c.pk: 3}), Conflict, "not published", round_)
    rounds.publish_round(round_, organiser)
    outsider = next(u for u in p.values() if u not in (a, b, c))
    refused(
        lambda: pods.report_placements(table, outsider, {a.pk: 1, b.pk: 2, c.pk: 3}),
        Forbidden,
        "You are not playing in this pod",
        round_,
    )
    message = refused(
        lambda: pods.report_placements(table, a, {a.pk: 1, b.pk: 1, c.pk: 2}), Invalid, "cannot be used", round_
    )
    assert f"{c.public_name} is placed 2nd, but 2 players finished ahead, so the place is 3rd" in message
    message = refused(
        lambda: pods.report_placements(table, a, {a.pk: 1, b.pk: 2, outsider.pk: 3}), Invalid, "cannot", round_
    )
    assert f"{c.public_name} has no place" in message and f"{outsider.public_name} is not in this pod" in message
    refused(lambda: pods.confirm_placements(table, b), Conflict, "no reported places", round_)
    refused(lambda: pods.dispute_placements(table, b), Conflict, "no reported places", round_)
    refused(lambda: pods.set_placements(table, a, {a.pk: 1, b.pk: 2, c.pk: 3}), Forbidden, "judges", round_)


def test_a_dispute_is_settled_by_a_judge_and_a_judge_may_change_confirmed_places() -> None:
    event, organiser, _players = pod_event()
    judge = UserFactory.create(username="jude", display_name="Jude")
    event.judges.add(judge)
    round_ = publish(event, organiser)
    table = round_.pod_tables.get(table=1)
    a, b, c = members(table)
    pods.report_placements(table, a, {a.pk: 1, b.pk: 2, c.pk: 3})
    refused(lambda: pods.dispute_placements(table, a), Conflict, "Another player of the pod has to dispute", round_)
    table = pods.dispute_placements(table, c, "  I won   on the last turn ")
    assert table.is_disputed
    dispute = table.reports.last()
    assert dispute is not None and dispute.kind == PodReport.Kind.DISPUTE and dispute.note == "I won on the last turn"
    table = pods.set_placements(table, judge, {a.pk: 2, b.pk: 3, c.pk: 1})
    assert table.is_confirmed and table.confirmed_by == judge
    table = pods.set_placements(table, judge, {a.pk: 2, b.pk: 2, c.pk: 1})
    said = [e.describe() for e in AuditEntry.objects.filter(kind=AuditEntry.Kind.POD_RESULT, by=judge)]
    names = {u: u.public_name for u in (a, b, c)}
    assert said == [
        f"Round 1, pod 1: dispute settled: 1st {names[c]}, 2nd {names[a]}, 3rd {names[b]}",
        f"Round 1, pod 1: places changed to 1st {names[c]}, 2nd {names[a]}, 2nd {names[b]} "
        f"(were 1st {names[c]}, 2nd {names[a]}, 3rd {names[b]})",
    ]
    assert [r.kind for r in table.reports.all()][-2:] == [PodReport.Kind.OVERRIDE, PodReport.Kind.OVERRIDE]


def test_the_round_ends_only_when_every_pod_is_confirmed() -> None:
    event, organiser, _players = pod_event()
    round_ = publish(event, organiser)
    tables = list(round_.pod_tables.order_by("table"))
    settle(tables[0], [1, 2, 3])
    assert not pods.round_complete(round_)
    refused(lambda: rounds.end_round(round_, organiser), Conflict, "unconfirmed places in pod 2, 3", round_)
    settle(tables[1], [1, 2, 3])
    settle(tables[2], [1, 2, 3])
    assert pods.round_complete(round_)
    assert rounds.end_round(round_, organiser).has_ended
    table = tables[0]
    a, b, c = members(table)
    refused(lambda: pods.report_placements(table, a, {a.pk: 1, b.pk: 2, c.pk: 3}), Conflict, "has ended", round_)


# --- clock ------------------------------------------------------------------------------------


def test_time_called_marks_the_open_pods_and_decides_nothing() -> None:
    event, organiser, _players = pod_event()
    round_ = publish(event, organiser)
    done = settle(round_.pod_tables.get(table=1), [1, 2, 3])
    waiting = round_.pod_tables.get(table=2)
    a, b, c = members(waiting)
    pods.report_placements(waiting, a, {a.pk: 1, b.pk: 2, c.pk: 3})
    Round.objects.filter(pk=round_.pk).update(ends_at=timezone.now() - timedelta(seconds=1))
    assert timers.call_time(round_.pk, round_.timer_version)
    assert not timers.call_time(round_.pk, round_.timer_version)  # a second task does nothing
    called = dict(round_.pod_tables.values_list("table", "time_called"))
    assert called == {done.table: False, 2: True, 3: True}
    statuses = dict(round_.pod_tables.values_list("table", "status"))
    assert statuses == {1: PodTable.Status.CONFIRMED, 2: PodTable.Status.REPORTED, 3: PodTable.Status.PENDING}
    rounds.add_time(round_, 5, organiser)
    assert not round_.pod_tables.filter(time_called=True).exists()


# --- drops, late entries, standings -----------------------------------------------------------


def play_round(event: Event, organiser: User, places: list[list[int]]) -> Round:
    round_ = publish(event, organiser)
    for table, placed in zip(round_.pod_tables.order_by("table"), places, strict=True):
        settle(table, placed)
    return rounds.end_round(round_, organiser)


def test_a_dropped_player_is_never_seated_again_and_a_late_entry_joins_with_no_points() -> None:
    event, organiser, p = pod_event(late_entry_until_round=2)
    first = play_round(event, organiser, [[1, 2, 3]] * 3)
    dropped = p["Ann"]
    registration.drop(event.registrations.get(player=dropped), dropped)
    late = UserFactory.create(username="jo", display_name="Jo")
    assert registration.register(event, late).late_entry_round == 2
    extra = UserFactory.create(username="kit", display_name="Kit")
    registration.register(event, extra)
    second = rounds.pair_next_round(event, organiser)
    seated = [player for pod in seating(second) for player in pod]
    assert dropped.pk not in seated and {late.pk, extra.pk} <= set(seated)
    assert sorted(len(pod) for pod in seating(second)) == [3, 3, 4]  # 10 players
    assert dropped.pk in [s.player_id for s in PodSeat.objects.filter(table__round=first)]
    rows = {row.player.public_name: row for row in pods.standings(event)}
    assert rows["Jo"].standing.points == 0 and rows["Jo"].standing.rounds == 0 and rows["Jo"].late_entry_round == 2
    assert rows["Ann"].standing.dropped
    late_points = [pl.points for pl in pods._pairing_input(event) if pl.id == late.pk]
    assert late_points == [0]


def test_standings_rank_by_points_then_opponents_average_then_places_with_ties_shared() -> None:
    event, organiser, p = pod_event()
    ids = {name: user.pk for name, user in p.items()}
    round_ = rounds.pair_next_round(event, organiser)
    pods.edit_pods(round_, [[ids["Ann"], ids["Bo"], ids["Cy"]], [ids["Di"], ids["Ed"], ids["Flo"]],
                            [ids["Gus"], ids["Hal"], ids["Ivy"]]], organiser)  # fmt: skip
    play_round_edited(event, organiser, round_, [[1, 1, 3], [1, 2, 3], [1, 2, 2]])
    # Points per place 3, 2, 1 (0 after): Ann 3, Bo 3, Cy 1; Di 3, Ed 2, Flo 1; Gus 3, Hal 2, Ivy 2.
    # Opponents' average points per round (one round, so points): Ann (3+1)/2 = 2, Bo 2, Di (2+1)/2 = 1.5,
    # Gus (2+2)/2 = 2. Ann, Bo and Gus tie on 3 points and an average of 2 with one 1st each: the
    # seeded order decides; Di (3, 1.5) follows. Hal and Ivy: 2 points, average (3+2)/2 = 2.5;
    # Ed: 2 points, average (3+1)/2 = 2. Then Cy (1 point, average 3) and Flo (1 point, 2.5).
    rows = pods.standings(event)
    by_name = {row.player.public_name: row for row in rows}
    order = [row.player.public_name for row in rows]
    assert set(order[:3]) == {"Ann", "Bo", "Gus"} and order[3] == "Di"
    assert set(order[4:6]) == {"Hal", "Ivy"} and order[6:] == ["Ed", "Cy", "Flo"]
    assert by_name["Ann"].standing.points == 3 and by_name["Ann"].opponents_average == 2.0
    assert by_name["Di"].opponents_average == 1.5 and by_name["Hal"].opponents_average == 2.5
    assert by_name["Ivy"].places_text == "1 × 2nd" and by_name["Bo"].places_text == "1 × 1st"
    assert [row.standing.rank for row in rows] == list(range(1, 10))
    assert pods.standings(event) == rows  # the seeded order is stable


def play_round_edited(event: Event, organiser: User, round_: Round, places: list[list[int]]) -> Round:
    rounds.publish_round(round_, organiser)
    for table, placed in zip(round_.pod_tables.order_by("table"), places, strict=True):
        settle(table, placed)
    return rounds.end_round(round_, organiser)


def test_three_rounds_avoid_repeats_follow_points_and_the_event_finishes() -> None:
    event, organiser, _players = pod_event(placement_points=[4, 2, 1, 0])
    for _ in range(3):
        play_round(event, organiser, [[1, 2, 3]] * 3)
    past = pods.history(event)
    assert len(past) == 9 and all(isinstance(pod, PastPod) for pod in past)
    pairs = [frozenset((a, b)) for pod in past for a in pod.players for b in pod.players if a < b]
    assert len(pairs) == len(set(pairs))  # 9 players, 3 rounds of 3 pods of 3: no one sits with anyone twice
    rows = pods.standings(event)
    assert sum(row.standing.points for row in rows) == 3 * 3 * (4 + 2 + 1)
    with pytest.raises(Conflict, match="All 3 rounds have been played"):
        rounds.pair_next_round(event, organiser)
    assert rounds.finish_event(event, organiser).is_finished
    table = PodTable.objects.filter(round__event=event).first()
    assert table is not None
    a, b, c = members(table)
    with pytest.raises(Conflict, match="is finished"):
        pods.set_placements(table, organiser, {a.pk: 1, b.pk: 2, c.pk: 3})


# --- settings ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"pod_size": 4, "pod_minimum": 5}, "must lie between the smallest (5)"),
        ({"pod_maximum": 7}, "Pods seat 2 to 6 players"),
        ({"placement_points": [1, 2, 0]}, "may never rise"),
        ({"placement_points": []}, "1 to 6 whole numbers"),
        ({"placement_points": ["3", 1]}, "1 to 6 whole numbers"),
        ({"played_on_site": True}, "played at the table"),
    ],
)
def test_impossible_pod_settings_are_refused_in_words(fields: dict[str, Any], words: str) -> None:
    organiser = OrganiserFactory.create()
    before = Event.objects.count()
    with pytest.raises(Invalid, match=re.escape(words)):
        registration.create_event(organiser, name="Pods", structure=Event.Structure.PODS, **fields)
    assert Event.objects.count() == before


def test_placement_points_freeze_once_the_event_runs_but_pod_sizes_may_change() -> None:
    event, organiser, _players = pod_event()
    with pytest.raises(Conflict, match="placement_points"):
        registration.update_event(event, organiser, placement_points=[5, 3, 1])
    assert registration.update_event(event, organiser, pod_size=3).pod_size == 3


def test_a_pod_event_needs_enough_players_for_one_pod() -> None:
    organiser = OrganiserFactory.create()
    event = registration.create_event(organiser, name="Tiny", structure=Event.Structure.PODS)
    registration.change_status(event, Event.Status.REGISTRATION, organiser)
    for name in ("x", "y"):
        registration.register(event, UserFactory.create(username=name))
    with pytest.raises(Conflict, match="needs at least 3 players"):
        registration.start_event(event, organiser)
    assert Event.objects.get(pk=event.pk).status == Event.Status.REGISTRATION
    assert Registration.objects.filter(event=event).count() == 2


def test_claiming_a_guest_moves_their_seats_and_reports() -> None:
    event, organiser, _players = pod_event(count=8, late_entry_until_round=1)
    guest = registration.add_walk_in(event, organiser, guest_name="Gwen")
    assert guest.late_entry_round == 1
    round_ = publish(event, organiser)
    table = PodTable.objects.get(round=round_, seats__player=guest.player)
    gwen = guest.player
    others = [u for u in members(table) if u != gwen]
    pods.report_placements(table, others[0], {u.pk: n for n, u in enumerate(members(table), 1)})
    account = UserFactory.create(username="gwen", display_name="Gwen")
    registration.claim_guest(gwen, account, organiser)
    assert PodSeat.objects.filter(table=table, player=account).exists()
    assert not User.objects.filter(pk=gwen.pk).exists()


def test_left_is_the_next_seat_clockwise_and_right_the_one_before() -> None:
    event, organiser, _players = pod_event(count=8)
    round_ = publish(event, organiser)
    table = round_.pod_tables.get(table=1)
    a, b, c, d = (u.pk for u in members(table))
    assert table.neighbours() == {a: (b, d), b: (c, a), c: (d, b), d: (a, c)}


def test_the_selectors_find_a_players_pods_and_the_disputed_ones() -> None:
    event, organiser, p = pod_event()
    preview = rounds.pair_next_round(event, organiser)
    ann = p["Ann"]
    assert selectors.my_pod(ann, preview) is not None and not selectors.player_pods(event, ann.pk).exists()
    round_ = rounds.publish_round(preview, organiser)
    mine = selectors.my_pod(ann, round_)
    assert mine is not None and ann in members(mine)
    assert list(selectors.player_pods(event, ann.pk)) == [mine]
    x, y, z = members(mine)
    pods.report_placements(mine, x, {x.pk: 1, y.pk: 2, z.pk: 3})
    pods.dispute_placements(mine, y)
    assert list(selectors.disputed_pods(event)) == [mine]
    assert [r.kind for r in selectors.pod_result_log(event)] == [PodReport.Kind.REPORT, PodReport.Kind.DISPUTE]
