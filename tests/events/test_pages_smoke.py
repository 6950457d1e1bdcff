"""Every event page renders for every persona at every stage, and refusals answer 4xx."""

from __future__ import annotations

import re

import pytest

from tests.conftest import Personas
from tests.factories import RegistrationFactory, UserFactory
from tournaments.models import Event, Match, Round
from tournaments.services import registration, results, rounds

pytestmark = pytest.mark.django_db
WHO = ("organiser", "judge", "player", "outsider", "anonymous")


def pages(event: Event) -> list[str]:
    base = f"/events/{event.pk}"
    urls = [f"{base}/", f"{base}/live/", f"{base}/standings/", f"{base}/standings/?format=csv", f"{base}/bracket/"]
    urls += [
        f"{base}/rounds/{r.number}/" for r in Round.objects.filter(event=event).exclude(status=Round.Status.PREVIEW)
    ]
    urls += [f"{base}/players/{r.player_id}/" for r in event.registrations.all()[:2]]
    return ["/", "/events/", *urls]


def test_pages_render_through_a_small_event_with_a_top_cut(personas: Personas) -> None:
    event = personas.event
    organiser = personas.organiser
    event.structure, event.top_cut = Event.Structure.SWISS_TOP_CUT, 2
    event.save()
    for _ in range(3):
        RegistrationFactory.create(event=event, player=UserFactory.create())
    for who in WHO:
        for url in pages(event):
            assert personas.client(who).get(url).status_code == 200, (who, url)
    registration.start_event(event, organiser)
    round_ = rounds.pair_next_round(event, organiser)
    assert personas.client("organiser").get(f"/events/{event.pk}/manage/").status_code == 200
    assert personas.client("player").get(f"/events/{event.pk}/rounds/1/").status_code == 404  # preview
    rounds.publish_round(round_, organiser)
    for match in round_.matches.exclude(player_b=None):
        results.set_result(match, organiser, results.Score(1, 0))
    rounds.end_round(round_, organiser)
    event.refresh_from_db()
    for _ in range(event.rounds - 1):  # type: ignore[operator]
        next_round = rounds.pair_next_round(event, organiser)
        rounds.publish_round(next_round, organiser)
        for match in next_round.matches.exclude(player_b=None):
            results.set_result(match, organiser, results.Score(0, 1))
        rounds.end_round(next_round, organiser)
    cut = rounds.cut_to_top(event, organiser)
    rounds.publish_round(cut, organiser)
    final = Match.objects.get(round=cut)
    results.set_result(final, organiser, results.Score(1, 0))
    rounds.end_round(cut, organiser)
    rounds.finish_event(event, organiser)
    for who in WHO:
        for url in pages(event):
            assert personas.client(who).get(url).status_code == 200, (who, url)
    manage = personas.client("judge").get(f"/events/{event.pk}/manage/")
    assert manage.status_code == 200
    assert personas.client("player").get(f"/events/{event.pk}/manage/").status_code == 403
    bracket = personas.client("anonymous").get(f"/events/{event.pk}/bracket/").content.decode()
    assert "Champion" in bracket


def test_a_refused_action_names_the_problem_with_a_4xx_and_changes_nothing(personas: Personas) -> None:
    client = personas.client("organiser")
    response = client.post(f"/events/{personas.event.pk}/do/pair/", {"confirm": "yes"})
    assert response.status_code == 409
    assert "rounds are paired while it runs" in response.content.decode()
    assert not Round.objects.exists()
    player = personas.client("player").post(f"/events/{personas.event.pk}/do/start/", {"confirm": "yes"})
    assert player.status_code == 403
    personas.event.refresh_from_db()
    assert personas.event.status == Event.Status.REGISTRATION


def test_only_organisers_reach_the_new_event_form(personas: Personas) -> None:
    assert personas.client("organiser").get("/events/new/").status_code == 200
    assert personas.client("player").get("/events/new/").status_code == 403
    assert personas.client("anonymous").get("/events/new/").status_code == 302
    created = personas.client("organiser").post("/events/new/", {
        "name": "Friday Swiss", "format": "awakening-constructed", "structure": "swiss", "round_minutes": 50,
        "best_of": 1, "top_cut": 0, "tiebreakers": "mtg", "late_entry_until_round": 0, "pod_rounds": 0,
        "clock_minutes": 25, "window_seconds": 20, "extra_turns": 3,
    })  # fmt: skip
    assert created.status_code == 302
    assert Event.objects.get(name="Friday Swiss").status == Event.Status.DRAFT


def test_event_pages_name_the_format_in_words_never_by_its_key(personas: Personas) -> None:
    event = personas.event
    event.format = "awakening-constructed"
    event.save()
    for path in ("/", "/events/", f"/events/{event.pk}/"):
        page = personas.client("player").get(path).content.decode()
        assert "Awakening Constructed" in page, path
        shown = re.sub(r'value="[^"]*"', "", page)  # the listing's format filter sends keys, showing names
        assert "awakening-constructed" not in shown, path
