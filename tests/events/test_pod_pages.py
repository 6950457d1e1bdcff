"""The pages of a pod event: the organiser's preview and moves, a player's pod, placements reported,
confirmed, disputed and settled through the pages, the standings and the printed sheets; each
read in words (no ids, no raw states), each refusal a 4xx that changes nothing."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from django.test import Client

from accounts.models import User
from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory, UserFactory
from tournaments.models import Event, PodReport, PodSeat, PodTable, Round
from tournaments.services import registration, rounds

pytestmark = pytest.mark.django_db

NAMES = ("Eva", "Corvin", "Dara", "Tobin", "Mira", "Nils")


@dataclass
class PodEvent:
    event: Event
    organiser: User
    judge: User
    outsider: User
    players: dict[str, User]

    def client(self, who: str) -> Client:
        user = {"organiser": self.organiser, "judge": self.judge, "outsider": self.outsider}.get(who)
        client = Client()
        client.force_login(user or self.players[who])
        return client

    def round(self) -> Round:
        found = Round.objects.filter(event=self.event).order_by("number").last()
        assert found is not None
        return found

    def pods(self) -> list[PodTable]:
        return list(self.round().pod_tables.order_by("table"))

    def seating(self) -> list[list[str]]:
        return [[seat.player.public_name for seat in pod.seats.order_by("position")] for pod in self.pods()]

    def pod_of(self, name: str) -> PodTable:
        return PodTable.objects.get(round=self.round(), seats__player=self.players[name])

    def mates(self, name: str) -> list[str]:
        return [
            s.player.public_name for s in self.pod_of(name).seats.order_by("position") if s.player.public_name != name
        ]


@pytest.fixture
def pods() -> PodEvent:
    """Six players in pods of three; round 1 paired as a preview."""
    organiser = OrganiserFactory.create(display_name="Oda")
    event = EventFactory.create(
        organiser=organiser, name="Runebound Night", structure=Event.Structure.PODS, rounds=3,
        pod_size=3, pod_minimum=3, pod_maximum=4,
    )  # fmt: skip
    judge, outsider = UserFactory.create(display_name="Jude"), UserFactory.create(display_name="Olly")
    event.judges.add(judge)
    players = {name: UserFactory.create(display_name=name) for name in NAMES}
    for player in players.values():
        RegistrationFactory.create(event=event, player=player)
    registration.start_event(event, organiser)
    rounds.pair_next_round(event, organiser)
    return PodEvent(event, organiser, judge, outsider, players)


def published(pods: PodEvent) -> PodEvent:
    rounds.publish_round(pods.round(), pods.organiser)
    return pods


def page(client: Client, url: str) -> str:
    answer = client.get(url)
    assert answer.status_code == 200, answer.status_code
    return answer.content.decode()


def no_ids_or_states(html: str, pods: PodEvent) -> None:
    assert not re.search(r"\bplayer \d+\b", html)
    for state in ("pending", "reported", "disputed", "confirmed"):
        assert f">{state}<" not in html


def places(pods: PodEvent, pod: PodTable, ranks: dict[str, int]) -> dict[str, object]:
    return {f"place-{pods.players[name].pk}": place for name, place in ranks.items()}


def test_the_preview_explains_the_sizes_and_each_pod_in_names(pods: PodEvent) -> None:
    html = page(pods.client("organiser"), f"/events/{pods.event.pk}/manage/")
    assert 'data-testid="preview"' in html and 'data-testid="pod-sizes"' in html
    assert "6 players in 2 pods of 3" in html
    for pod in pods.pods():
        assert f'data-testid="pod-{pod.table}-why"' in html
    for name in NAMES:
        assert f"{name}'s pod" in html  # a move control beside every player
    no_ids_or_states(html, pods)
    # Players see nothing of a preview.
    assert pods.client("Eva").get(f"/events/{pods.event.pk}/rounds/1/").status_code == 404


def test_the_organiser_moves_players_between_pods(pods: PodEvent) -> None:
    first, second = pods.seating()
    a, b = pods.players[first[0]], pods.players[second[0]]
    form = {}
    for pod in pods.pods():
        for seat in pod.seats.all():
            form[f"pod-{seat.player_id}"] = pod.table
            form[f"seat-{seat.player_id}"] = seat.position + 1
    form[f"pod-{a.pk}"], form[f"pod-{b.pk}"] = 2, 1  # swap the two first seats
    answer = pods.client("organiser").post(f"/rounds/{pods.round().pk}/do/pairings/", form)
    assert answer.status_code == 302
    after = pods.seating()
    assert first[0] in after[1] and second[0] in after[0]


def test_a_move_that_leaves_a_pod_too_small_is_refused_in_words_and_changes_nothing(pods: PodEvent) -> None:
    before = pods.seating()
    form = {}
    for pod in pods.pods():
        for seat in pod.seats.all():
            form[f"pod-{seat.player_id}"] = pod.table
            form[f"seat-{seat.player_id}"] = seat.position + 1
    form[f"pod-{pods.players[before[1][0]].pk}"] = 1  # 4 and 2: below the smallest pod of 3
    answer = pods.client("organiser").post(f"/rounds/{pods.round().pk}/do/pairings/", form)
    assert answer.status_code in (400, 409)
    assert "Nothing was changed" in answer.content.decode()
    assert pods.seating() == before


def test_a_move_with_a_missing_or_bad_number_is_refused(pods: PodEvent) -> None:
    before = pods.seating()
    answer = pods.client("organiser").post(f"/rounds/{pods.round().pk}/do/pairings/", {"pod-1": "x"})
    assert answer.status_code == 400
    assert "needs a pod number" in answer.content.decode()
    assert pods.seating() == before


def test_a_judge_or_player_may_not_move_players(pods: PodEvent) -> None:
    before = pods.seating()
    for who in ("judge", "Eva"):
        answer = pods.client(who).post(f"/rounds/{pods.round().pk}/do/pairings/", {})
        assert answer.status_code in (403, 404)
    assert pods.seating() == before


def test_a_player_sees_their_pod_their_seat_and_who_sits_beside_them(pods: PodEvent) -> None:
    published(pods)
    pod = pods.pod_of("Eva")
    seats = list(pod.seats.order_by("position").select_related("player"))
    mine = next(s for s in seats if s.player.public_name == "Eva")
    left = seats[(mine.position + 1) % len(seats)].player.public_name
    right = seats[(mine.position - 1) % len(seats)].player.public_name
    html = page(pods.client("Eva"), f"/events/{pods.event.pk}/live/")
    assert f"Pod <strong>{pod.table}</strong>, seat <strong>{mine.position + 1}</strong>" in html
    assert f"{left} on your left, {right} on your right" in html
    for seat in seats:  # one place control per seat of the pod
        assert f'name="place-{seat.player_id}"' in html
    assert "Report these places" in html
    no_ids_or_states(html, pods)


def test_the_round_page_shows_pods_as_tables_with_seats_in_order(pods: PodEvent) -> None:
    published(pods)
    html = page(pods.client("outsider"), f"/events/{pods.event.pk}/rounds/1/")
    for pod in pods.pods():
        assert f'data-testid="pod-{pod.table}"' in html
        names = [s.player.public_name for s in pod.seats.order_by("position")]
        positions = [html.index(f">{name}</a>", html.index(f'data-testid="pod-{pod.table}"')) for name in names]
        assert positions == sorted(positions)
    assert "pod 1, seat 1" in html  # "Where do I sit?"
    no_ids_or_states(html, pods)
    finder = page(pods.client("outsider"), f"/events/{pods.event.pk}/rounds/1/?q=eva")
    assert finder.count('class="seat-card"') == 1


def test_places_are_reported_confirmed_and_read_in_words(pods: PodEvent) -> None:
    published(pods)
    pod = pods.pod_of("Eva")
    first, second = pods.mates("Eva")
    ranks = {"Eva": 1, first: 2, second: 2}
    answer = pods.client("Eva").post(f"/pod-tables/{pod.pk}/report/", places(pods, pod, ranks))
    assert answer.status_code == 302
    pod.refresh_from_db()
    assert pod.status == PodTable.Status.REPORTED
    theirs = page(pods.client(first), f"/events/{pods.event.pk}/live/")
    assert f"Eva reported: Eva 1st, {second} and you tied 2nd. Is that right?" in theirs
    assert ">Confirm</button>" in theirs and "That's not right" in theirs
    mine = page(pods.client("Eva"), f"/events/{pods.event.pk}/live/")
    assert "waiting for another player of the pod to confirm" in mine

    assert pods.client(first).post(f"/pod-tables/{pod.pk}/confirm/").status_code == 302
    pod.refresh_from_db()
    assert pod.status == PodTable.Status.CONFIRMED
    words = page(pods.client("outsider"), f"/events/{pods.event.pk}/rounds/1/")
    both = " and ".join(sorted([first, second], key=str.lower))
    assert f"Eva 1st, {both} tied 2nd" in words


def test_bad_places_are_refused_and_change_nothing(pods: PodEvent) -> None:
    published(pods)
    pod = pods.pod_of("Eva")
    first, second = pods.mates("Eva")
    eva = pods.client("Eva")
    missing = places(pods, pod, {"Eva": 1, first: 2})
    answer = eva.post(f"/pod-tables/{pod.pk}/report/", missing)
    assert answer.status_code == 400 and f"{second} needs a place" in answer.content.decode()
    gap = places(pods, pod, {"Eva": 1, first: 1, second: 2})  # two 1sts, so the next place is 3rd
    answer = eva.post(f"/pod-tables/{pod.pk}/report/", gap)
    assert answer.status_code == 400 and "3rd" in answer.content.decode()
    pod.refresh_from_db()
    assert pod.status == PodTable.Status.PENDING and not PodReport.objects.filter(table=pod).exists()


def test_only_the_pods_players_report_and_confirm(pods: PodEvent) -> None:
    published(pods)
    pod = pods.pod_of("Eva")
    outsider_pod_member = next(n for n in NAMES if n not in ("Eva", *pods.mates("Eva")))
    first, second = pods.mates("Eva")
    form = places(pods, pod, {"Eva": 1, first: 2, second: 3})
    for who in ("outsider", outsider_pod_member):
        answer = pods.client(who).post(f"/pod-tables/{pod.pk}/report/", form)
        assert answer.status_code in (403, 404, 409)
    anonymous = Client().post(f"/pod-tables/{pod.pk}/report/", form)
    assert anonymous.status_code == 302 and "/login" in anonymous["Location"]
    pod.refresh_from_db()
    assert pod.status == PodTable.Status.PENDING
    # The reporter cannot confirm their own report.
    pods.client("Eva").post(f"/pod-tables/{pod.pk}/report/", form)
    pod.refresh_from_db()
    answer = pods.client("Eva").post(f"/pod-tables/{pod.pk}/confirm/")
    assert answer.status_code in (400, 403, 409)
    pod.refresh_from_db()
    assert pod.status == PodTable.Status.REPORTED


def test_a_dispute_is_settled_by_staff_after_seeing_it_in_words(pods: PodEvent) -> None:
    published(pods)
    pod = pods.pod_of("Eva")
    first, second = pods.mates("Eva")
    pods.client("Eva").post(f"/pod-tables/{pod.pk}/report/", places(pods, pod, {"Eva": 1, first: 2, second: 3}))
    pod.refresh_from_db()
    answer = pods.client(first).post(
        f"/pod-tables/{pod.pk}/dispute/", places(pods, pod, {"Eva": 2, first: 1, second: 3})
    )
    assert answer.status_code == 302
    pod.refresh_from_db()
    assert pod.status == PodTable.Status.DISPUTED
    assert "Your pod&#x27;s reports differ" in page(pods.client(second), f"/events/{pods.event.pk}/live/")
    evas = page(pods.client("Eva"), f"/events/{pods.event.pk}/live/")
    assert f"You said: Eva 1st, {first} 2nd, {second} 3rd." in evas
    assert f"{first} said: {first} 1st, Eva 2nd, {second} 3rd." in evas
    manage = page(pods.client("judge"), f"/events/{pods.event.pk}/manage/")
    assert "See the reports and settle" in manage

    reports = page(pods.client("judge"), f"/pod-tables/{pod.pk}/reports/")
    assert f"Eva says:</strong> Eva 1st, {first} 2nd, {second} 3rd" in reports
    assert f"{first} says:</strong> {first} 1st, Eva 2nd, {second} 3rd" in reports
    settle = places(pods, pod, {"Eva": 2, first: 1, second: 3})
    asks = pods.client("judge").post(f"/pod-tables/{pod.pk}/set-places/", settle)
    assert asks.status_code == 200 and f"Record {first} 1st, Eva 2nd, {second} 3rd?" in asks.content.decode()
    pod.refresh_from_db()
    assert pod.status == PodTable.Status.DISPUTED  # asking changed nothing
    done = pods.client("judge").post(f"/pod-tables/{pod.pk}/set-places/", settle | {"confirm": "yes"})
    assert done.status_code == 302
    pod.refresh_from_db()
    assert pod.status == PodTable.Status.CONFIRMED
    assert PodSeat.objects.get(table=pod, player=pods.players[first]).placement == 1


def test_players_may_not_set_places(pods: PodEvent) -> None:
    published(pods)
    pod = pods.pod_of("Eva")
    first, second = pods.mates("Eva")
    form = places(pods, pod, {"Eva": 1, first: 2, second: 3}) | {"confirm": "yes"}
    assert pods.client("Eva").post(f"/pod-tables/{pod.pk}/set-places/", form).status_code == 403
    assert pods.client("Eva").get(f"/pod-tables/{pod.pk}/reports/").status_code == 403
    pod.refresh_from_db()
    assert pod.status == PodTable.Status.PENDING


def finish_round(pods: PodEvent) -> None:
    for pod in pods.pods():
        seats = list(pod.seats.order_by("position"))
        ranks = {seat.player_id: n for n, seat in enumerate(seats, 1)}
        form = {f"place-{player}": place for player, place in ranks.items()} | {"confirm": "yes"}
        assert pods.client("organiser").post(f"/pod-tables/{pod.pk}/set-places/", form).status_code == 302


def test_the_standings_explain_points_and_tiebreakers(pods: PodEvent) -> None:
    published(pods)
    finish_round(pods)
    html = page(pods.client("outsider"), f"/events/{pods.event.pk}/standings/")
    assert 'data-testid="standings"' in html
    assert "Opponents&#x27; average points per round" in html and "Placement history" in html
    assert "3 points from 1 round" in html and "1 × 1st" in html
    assert "Points per place: 1st 3 points, 2nd 2, 3rd 1, 4th and later 0" in html
    no_ids_or_states(html, pods)
    csv = pods.client("outsider").get(f"/events/{pods.event.pk}/standings/?format=csv").content.decode()
    assert csv.splitlines()[0].startswith("rank,player,points")
    assert len(csv.splitlines()) == 1 + len(NAMES)


def test_the_printed_sheets_show_pods_seats_and_places(pods: PodEvent) -> None:
    published(pods)
    organiser = pods.client("organiser")
    sheet = page(organiser, f"/events/{pods.event.pk}/rounds/1/print/")
    assert "pods, seats clockwise" in sheet and "1. " in sheet
    slips = page(organiser, f"/events/{pods.event.pk}/rounds/1/slips/")
    for pod in pods.pods():
        assert f'data-testid="slip-{pod.table}"' in slips
        assert f"/pod-tables/{pod.pk}/" in slips or "<svg" in slips
    assert slips.count(">3rd</span>") == len(NAMES)  # one row of place boxes per seat
    assert pods.client("Eva").get(f"/events/{pods.event.pk}/rounds/1/slips/").status_code == 403
    standings = page(organiser, f"/events/{pods.event.pk}/standings/print/")
    assert 'data-testid="print-standings"' in standings
    projector = page(organiser, f"/events/{pods.event.pk}/projector/")
    assert "projector-pods" in projector and "Eva" in projector


def test_the_pod_page_a_slip_leads_to_offers_its_players_the_report(pods: PodEvent) -> None:
    published(pods)
    pod = pods.pod_of("Eva")
    mine = page(pods.client("Eva"), f"/pod-tables/{pod.pk}/")
    assert "Report these places" in mine
    other = page(pods.client("outsider"), f"/pod-tables/{pod.pk}/")
    assert "Only the players of this pod report its places." in other
    staff = page(pods.client("judge"), f"/pod-tables/{pod.pk}/")
    assert 'data-testid="table-staff-link"' in staff


def test_a_finished_pod_event_shows_its_final_placings(pods: PodEvent) -> None:
    published(pods)
    finish_round(pods)
    rounds.end_round(pods.round(), pods.organiser)
    registration.update_event(Event.objects.get(pk=pods.event.pk), pods.organiser, rounds=1)
    rounds.finish_event(Event.objects.get(pk=pods.event.pk), pods.organiser)
    html = page(pods.client("outsider"), f"/events/{pods.event.pk}/")
    assert 'data-testid="champion"' in html and 'data-testid="final-standings"' in html
    assert "<th>Places</th>" in html and "1 × 1st" in html
    standings = page(pods.client("outsider"), f"/events/{pods.event.pk}/standings/")
    assert "Final standings" in standings


FORM = {
    "name": "Runebound Friday", "format": "awakening-constructed", "structure": "pods", "round_minutes": 90,
    "best_of": 1, "top_cut": 0, "tiebreakers": "mtg", "late_entry_until_round": 0, "pod_rounds": 0,
    "clock_minutes": 25, "window_seconds": 20, "extra_turns": 3,
}  # fmt: skip


def test_the_event_form_offers_pods_with_their_defaults_shown_only_for_pods() -> None:
    client = Client()
    client.force_login(OrganiserFactory.create())
    html = page(client, "/events/new/")
    assert '<option value="pods">Pods (multiplayer games)</option>' in html
    for name, value in (("pod_size", "4"), ("pod_minimum", "3"), ("pod_maximum", "6"), ("placement_points", "3 2 1 0")):
        field = re.search(rf'<(?:input|select)[^>]*name="{name}"[^>]*>', html)
        assert field is not None, name
        assert "data-pods-only" in field.group(0) and f'value="{value}"' in field.group(0), field.group(0)
    assert re.search(r'<select[^>]*name="best_of"[^>]*data-pairs-only', html)


def test_a_pod_event_is_created_from_the_form() -> None:
    client = Client()
    client.force_login(OrganiserFactory.create())
    form = FORM | {"pod_size": 3, "pod_minimum": 2, "pod_maximum": 5, "placement_points": "4, 2, 1"}
    assert client.post("/events/new/", form).status_code == 302
    event = Event.objects.get(name="Runebound Friday")
    assert (event.structure, event.pod_size, event.pod_minimum, event.pod_maximum) == ("pods", 3, 2, 5)
    assert event.placement_points == [4, 2, 1]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"pod_size": 4, "pod_minimum": 5}, "The smallest pod (5) cannot be larger than the pod size (4)."),
        ({"pod_size": 5, "pod_maximum": 4}, "The largest pod (4) cannot be smaller than the pod size (5)."),
        ({"pod_size": 7}, "Ensure this value is less than or equal to 6."),
        ({"placement_points": "3 two 1"}, "Write whole numbers of points"),
        ({"placement_points": "1 2 3"}, "never go up with the place"),
        ({"placement_points": "3 -1"}, "zero or more"),
    ],
)
def test_bad_pod_settings_are_refused_with_clear_messages(changes: dict[str, object], message: str) -> None:
    client = Client()
    client.force_login(OrganiserFactory.create())
    answer = client.post("/events/new/", FORM | changes)
    assert answer.status_code == 400
    assert message in answer.content.decode()
    assert not Event.objects.filter(name="Runebound Friday").exists()


def test_a_players_history_lists_their_pods_and_places(pods: PodEvent) -> None:
    published(pods)
    finish_round(pods)
    pod = pods.pod_of("Eva")
    html = page(pods.client("outsider"), f"/events/{pods.event.pk}/players/{pods.players['Eva'].pk}/")
    assert "<strong>Eva</strong>" in html and f'<td class="num">{pod.table}</td>' in html
    place = PodSeat.objects.get(table=pod, player=pods.players["Eva"]).placement
    assert place is not None  # finish_round places each pod in seat order, without ties
    assert f"Eva {['1st', '2nd', '3rd'][place - 1]}" in html
    no_ids_or_states(html, pods)


def test_the_reporter_may_correct_their_report_before_it_is_confirmed(pods: PodEvent) -> None:
    published(pods)
    pod = pods.pod_of("Eva")
    first, second = pods.mates("Eva")
    eva = pods.client("Eva")
    eva.post(f"/pod-tables/{pod.pk}/report/", places(pods, pod, {"Eva": 1, first: 2, second: 3}))
    assert "Correct my report" in page(eva, f"/events/{pods.event.pk}/live/")
    eva.post(f"/pod-tables/{pod.pk}/report/", places(pods, pod, {"Eva": 2, first: 1, second: 3}))
    pod.refresh_from_db()
    assert pod.status == PodTable.Status.REPORTED
    assert PodSeat.objects.get(table=pod, player=pods.players[first]).reported_placement == 1


def test_places_in_words_name_ties_and_the_reader() -> None:
    from types import SimpleNamespace

    from tournaments.pairing.pod_standings import PlacementPoints
    from tournaments.pods.presentation import beside_words, placement_words, points_table_words

    names = {1: "Eva", 2: "Corvin", 3: "Dara", 4: "Tobin"}
    assert placement_words({2: 2, 1: 1, 4: 4, 3: 2}, names) == "Eva 1st, Corvin and Dara tied 2nd, Tobin 4th"
    reader = SimpleNamespace(pk=3, is_authenticated=True)
    assert placement_words({2: 2, 1: 1, 4: 4, 3: 2}, names, reader) == "Eva 1st, Corvin and you tied 2nd, Tobin 4th"
    assert placement_words({3: 1, 1: 2}, names, reader) == "You 1st, Eva 2nd"
    assert beside_words("Eva", "Eva") == "Eva across the table"
    assert beside_words("Eva", "Dara") == "Eva on your left, Dara on your right"
    assert points_table_words(PlacementPoints((5, 3, 1))) == "1st 5 points, 2nd 3, 3rd and later 1"


@pytest.mark.parametrize("rounds_", [1, 3])
def test_a_pod_events_start_dialog_counts_pod_rounds_never_swiss_rounds(rounds_: int) -> None:
    organiser = OrganiserFactory.create(display_name="Oda")
    event = EventFactory.create(
        organiser=organiser, name="Runebound Night", structure=Event.Structure.PODS, rounds=rounds_, pod_size=4,
    )  # fmt: skip
    for name in NAMES:
        RegistrationFactory.create(event=event, player=UserFactory.create(display_name=name))
    boss = Client()
    boss.force_login(organiser)
    shown = boss.get(f"/events/{event.pk}/do/start/").content.decode()
    assert "Swiss" not in shown
    rounds_words = "1 round" if rounds_ == 1 else "3 rounds"
    assert f"{rounds_words} in pods of about 4 players." in shown
