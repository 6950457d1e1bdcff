"""Buttons that cannot hurt by accident: confirmation pages, confirm=yes on the POSTs, undoing a
drop, only the actions the state allows, refusals back on the page, pairing reasons in names."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import User
from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory, UserFactory
from tournaments.errors import Conflict, Forbidden
from tournaments.models import AuditEntry, Event, Match, Registration, Round
from tournaments.services import registration, results, rounds
from tournaments.services.results import Score
from tournaments.web.floor_actions import allowed_event_actions
from tournaments.web.presentation import with_names

pytestmark = pytest.mark.django_db


def last_round(event: Event) -> Round | None:
    return Round.objects.filter(event=event).order_by("number").last()


NAMES = ["Eva", "Corvin", "Mira", "Tobin", "Sela", "Ansel", "Brisa", "Dunmore"]


def open_event(count: int = 8, **settings: object) -> tuple[Event, User, list[User]]:
    organiser = OrganiserFactory.create(username="oda", display_name="Oda")
    event = EventFactory.create(organiser=organiser, name="UX Swiss Open", best_of=3, **settings)
    players = [UserFactory.create(username=f"login{i}", display_name=name) for i, name in enumerate(NAMES[:count])]
    for player in players:
        RegistrationFactory.create(event=event, player=player)
    return event, organiser, players


def client_of(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def play_out(round_: Round, organiser: User) -> None:
    for match in round_.matches.exclude(player_b=None):
        results.set_result(match, organiser, Score(2, 0))


def whole_round_from(preview: Round, organiser: User) -> Round:
    round_ = rounds.publish_round(preview, organiser)
    play_out(round_, organiser)
    return rounds.end_round(round_, organiser)


def whole_round(event: Event, organiser: User) -> Round:
    return whole_round_from(rounds.pair_next_round(event, organiser), organiser)


def page(response: object) -> str:
    return response.content.decode()  # type: ignore[attr-defined]


def keys(event: Event) -> list[str]:
    event.refresh_from_db()
    return [a.key for a in allowed_event_actions(event, last_round(event))]


# --- confirmation pages ------------------------------------------------------------------


def test_start_asks_with_the_player_count_the_no_shows_the_rounds_and_the_deck_warning() -> None:
    event, organiser, players = open_event(format="awakening-starter", rounds=3)
    Registration.objects.filter(event=event).exclude(player=players[7]).update(checked_in=True)
    boss = client_of(organiser)
    shown = page(boss.get(f"/events/{event.pk}/do/start/"))
    assert "Start UX Swiss Open with 7 players?" in shown
    assert "Registration closes." in shown
    assert "Players not checked in become no-shows: Dunmore." in shown
    assert "3 Swiss rounds." in shown
    assert 'data-testid="confirm-warning"' in shown and "without a legal deck: " in shown and "Eva" in shown
    assert 'name="confirm" value="yes"' in shown

    refused = boss.post(f"/events/{event.pk}/do/start/")
    assert refused.status_code == 400
    assert "needs confirming first" in page(refused) and "confirm=yes" in page(refused)
    event.refresh_from_db()
    assert event.status == Event.Status.REGISTRATION
    assert Registration.objects.get(event=event, player=players[7]).active

    assert boss.post(f"/events/{event.pk}/do/start/", {"confirm": "yes"}).status_code == 302
    event.refresh_from_db()
    assert event.status == Event.Status.RUNNING
    assert not Registration.objects.get(event=event, player=players[7]).active


def test_a_player_cannot_see_or_use_the_organisers_confirmation() -> None:
    event, _organiser, players = open_event()
    player = client_of(players[0])
    assert player.get(f"/events/{event.pk}/do/start/").status_code == 403
    assert player.post(f"/events/{event.pk}/do/start/", {"confirm": "yes"}).status_code == 403
    event.refresh_from_db()
    assert event.status == Event.Status.REGISTRATION


def test_end_round_names_the_tables_without_a_result_and_offers_no_confirm_until_they_are_in() -> None:
    event, organiser, _players = open_event(rounds=3)
    registration.start_event(event, organiser)
    round_ = rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    open_table = round_.matches.order_by("table").last()
    assert open_table is not None and open_table.player_b is not None
    for match in round_.matches.exclude(pk=open_table.pk):
        results.set_result(match, organiser, Score(2, 1))
    boss = client_of(organiser)
    url = f"/rounds/{round_.pk}/do/end/"
    shown = page(boss.get(url))
    names = f"{open_table.player_a.public_name} v {open_table.player_b.public_name}"
    assert "End round 1?" in shown
    assert f"1 table has no confirmed result (table {open_table.table}: {names})" in shown
    assert 'data-testid="confirm-action"' not in shown

    results.set_result(open_table, organiser, Score(0, 2))
    shown = page(boss.get(url))
    assert "All 4 results are in" in shown and "Next: pair round 2." in shown
    assert boss.post(url).status_code == 400
    round_.refresh_from_db()
    assert round_.status == Round.Status.OPEN
    assert boss.post(url, {"confirm": "yes"}).status_code == 302
    round_.refresh_from_db()
    assert round_.status == Round.Status.ENDED


def test_a_confirmation_opened_from_an_old_tab_says_the_round_has_moved_on() -> None:
    event, organiser, _players = open_event(rounds=3)
    registration.start_event(event, organiser)
    boss = client_of(organiser)
    preview = rounds.pair_next_round(event, organiser)
    shown = page(boss.get(f"/rounds/{preview.pk}/do/end/"))
    assert "Round 1 is still a preview that players have not seen, so there is nothing to end." in shown
    assert 'data-testid="confirm-action"' not in shown

    ended = whole_round_from(preview, organiser)
    for step in ("end", "publish"):
        shown = page(boss.get(f"/rounds/{ended.pk}/do/{step}/"))
        assert f"Round 1 has already ended, so there is nothing to {step}." in shown
        assert 'data-testid="confirm-action"' not in shown
        assert "All 4 results are in" not in shown


def test_end_round_counts_the_tables_played_not_the_bye() -> None:
    event, organiser, _players = open_event(count=5, rounds=3)
    registration.start_event(event, organiser)
    round_ = rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    play_out(round_, organiser)
    shown = page(client_of(organiser).get(f"/rounds/{round_.pk}/do/end/"))
    assert "All 2 results are in; the standings update." in shown


def test_pair_publish_and_discard_ask_first_and_say_what_happens() -> None:
    event, organiser, players = open_event(count=5, rounds=3)
    registration.start_event(event, organiser)
    boss = client_of(organiser)
    assert "Pair round 1 of 3?" in page(boss.get(f"/events/{event.pk}/do/pair/"))
    assert boss.post(f"/events/{event.pk}/do/pair/").status_code == 400
    assert not Round.objects.filter(event=event).exists()
    boss.post(f"/events/{event.pk}/do/pair/", {"confirm": "yes"})
    preview = Round.objects.get(event=event)
    bye = preview.matches.get(player_b=None)

    shown = page(boss.get(f"/rounds/{preview.pk}/do/publish/"))
    assert "2 tables go up" in shown and f"{bye.player_a.public_name} gets the bye" in shown
    assert boss.post(f"/rounds/{preview.pk}/do/publish/").status_code == 400
    assert "Discard the preview of round 1?" in page(boss.get(f"/rounds/{preview.pk}/do/discard/"))
    assert boss.post(f"/rounds/{preview.pk}/do/discard/").status_code == 400
    preview.refresh_from_db()
    assert preview.status == Round.Status.PREVIEW
    boss.post(f"/rounds/{preview.pk}/do/discard/", {"confirm": "yes"})
    assert not Round.objects.filter(event=event).exists()
    assert players  # five players: one bye a round


def test_cut_names_the_seeds_and_finish_names_the_champion() -> None:
    event, organiser, _players = open_event(structure=Event.Structure.SWISS_TOP_CUT, top_cut=2, rounds=1)
    registration.start_event(event, organiser)
    whole_round(event, organiser)
    boss = client_of(organiser)
    shown = page(boss.get(f"/events/{event.pk}/do/cut/"))
    assert "Cut to the top 2?" in shown and "(seed 1)" in shown and "(seed 2)" in shown and "play the final" in shown
    assert boss.post(f"/events/{event.pk}/do/cut/").status_code == 400
    boss.post(f"/events/{event.pk}/do/cut/", {"confirm": "yes"})
    final = rounds.publish_round(Round.objects.get(event=event, stage=Round.Stage.TOP_CUT), organiser)
    play_out(final, organiser)
    rounds.end_round(final, organiser)
    winner = Match.objects.get(round=final).player_a
    shown = page(boss.get(f"/events/{event.pk}/do/finish/"))
    assert f"{winner.public_name} is the champion." in shown
    assert boss.post(f"/events/{event.pk}/do/finish/").status_code == 400
    boss.post(f"/events/{event.pk}/do/finish/", {"confirm": "yes"})
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED


def test_the_top_cut_names_its_next_step_quarterfinals_then_semifinals_then_the_final() -> None:
    event, organiser, _players = open_event(structure=Event.Structure.SWISS_TOP_CUT, top_cut=8, rounds=1)
    registration.start_event(event, organiser)
    whole_round(event, organiser)
    boss = client_of(organiser)
    assert "play the quarterfinals, paired as a preview." in page(boss.get(f"/events/{event.pk}/do/cut/"))
    boss.post(f"/events/{event.pk}/do/cut/", {"confirm": "yes"})
    for stage, following in (("Quarterfinal", "the semifinals"), ("Semifinal", "the final")):
        current = rounds.publish_round(last_round(event), organiser)  # type: ignore[arg-type]
        assert current.label == stage
        play_out(current, organiser)
        assert f"Next: pair {following}." in page(boss.get(f"/rounds/{current.pk}/do/end/"))
        rounds.end_round(current, organiser)
        manage = page(boss.get(f"/events/{event.pk}/manage/"))
        assert f">Pair {following}</a>" in manage and "Pair next round" not in manage
        assert f"Pair {following}?" in page(boss.get(f"/events/{event.pk}/do/pair/"))
        boss.post(f"/events/{event.pk}/do/pair/", {"confirm": "yes"})
    final = rounds.publish_round(last_round(event), organiser)  # type: ignore[arg-type]
    play_out(final, organiser)
    shown = page(boss.get(f"/rounds/{final.pk}/do/end/"))
    assert "That was the final; next: finish the event." in shown and "Next: pair" not in shown


def test_delete_asks_and_is_refused_once_the_event_has_started() -> None:
    event, organiser, _players = open_event()
    boss = client_of(organiser)
    shown = page(boss.get(f"/events/{event.pk}/delete/"))
    assert "Delete UX Swiss Open?" in shown and "8 registrations" in shown
    assert boss.post(f"/events/{event.pk}/delete/").status_code == 400
    assert Event.objects.filter(pk=event.pk).exists()
    assert client_of(UserFactory.create()).post(f"/events/{event.pk}/delete/", {"confirm": "yes"}).status_code == 403
    assert boss.post(f"/events/{event.pk}/delete/", {"confirm": "yes"}).status_code == 302
    assert not Event.objects.filter(pk=event.pk).exists()

    started, organiser, _players = open_event()
    registration.start_event(started, organiser)
    boss = client_of(organiser)
    assert "has started; an event is deleted only before it starts" in page(boss.get(f"/events/{started.pk}/delete/"))
    refused = boss.post(f"/events/{started.pk}/delete/", {"confirm": "yes"})
    assert refused.status_code == 409
    assert 'data-testid="refusal"' in page(refused) and "Run UX Swiss Open" in page(refused)
    assert Event.objects.filter(pk=started.pk).exists()


# --- drops and undoing them ---------------------------------------------------------------


def test_a_player_drops_after_confirming_and_undoes_it_before_the_next_round_is_paired() -> None:
    event, organiser, players = open_event(rounds=3)
    registration.start_event(event, organiser)
    whole_round(event, organiser)
    eva = client_of(players[0])
    shown = page(eva.get(f"/events/{event.pk}/drop/"))
    assert "Drop from UX Swiss Open?" in shown and "You will not be paired from round 2 on." in shown
    refused = eva.post(f"/events/{event.pk}/drop/")
    assert refused.status_code == 400 and "UX Swiss Open" in page(refused)  # back on the event page
    assert Registration.objects.get(event=event, player=players[0]).active

    assert eva.post(f"/events/{event.pk}/drop/", {"confirm": "yes"}).status_code == 302
    assert not Registration.objects.get(event=event, player=players[0]).active
    assert 'data-testid="undo-drop"' in page(eva.get(f"/events/{event.pk}/"))
    assert eva.post(f"/events/{event.pk}/undo-drop/").status_code == 302
    assert Registration.objects.get(event=event, player=players[0]).active
    notes = list(AuditEntry.objects.filter(event=event, kind=AuditEntry.Kind.REGISTRATION).order_by("id"))
    assert [e.describe() for e in notes] == ["Eva: dropped after round 1", "Eva: drop undone"]
    assert all(e.by == players[0] for e in notes)


def test_an_undo_is_refused_once_a_later_round_is_paired() -> None:
    event, organiser, players = open_event(rounds=3)
    registration.start_event(event, organiser)
    whole_round(event, organiser)
    entry = registration.drop(Registration.objects.get(event=event, player=players[0]), players[0])
    rounds.pair_next_round(event, organiser)
    with pytest.raises(Conflict, match="Round 2 is already paired; ask the organiser to add you as a late entry."):
        registration.undo_drop(entry, players[0])
    eva = client_of(players[0])
    assert 'data-testid="undo-drop"' not in page(eva.get(f"/events/{event.pk}/"))
    refused = eva.post(f"/events/{event.pk}/undo-drop/")
    assert refused.status_code == 409 and "Round 2 is already paired" in page(refused)
    assert not Registration.objects.get(pk=entry.pk).active


def test_who_may_undo_a_drop() -> None:
    event, organiser, players = open_event(rounds=3)
    registration.start_event(event, organiser)
    entry = Registration.objects.get(event=event, player=players[1])
    boss = client_of(organiser)
    shown = page(boss.get(f"/registrations/{entry.pk}/do/drop/"))
    assert "Drop Corvin from UX Swiss Open?" in shown and "Corvin will not be paired from round 1 on." in shown
    assert boss.post(f"/registrations/{entry.pk}/do/drop/").status_code == 400
    assert Registration.objects.get(pk=entry.pk).active
    boss.post(f"/registrations/{entry.pk}/do/drop/", {"confirm": "yes"})
    assert not Registration.objects.get(pk=entry.pk).active
    with pytest.raises(Forbidden):
        registration.undo_drop(entry, players[2])
    assert "Undo the drop of Corvin" in page(boss.get(f"/events/{event.pk}/manage/"))
    boss.post(f"/registrations/{entry.pk}/do/undo-drop/")
    assert Registration.objects.get(pk=entry.pk).active
    with pytest.raises(Conflict, match="Corvin is still in the event; there is no drop to undo"):
        registration.undo_drop(entry, organiser)


# --- only the actions the state allows ----------------------------------------------------


def test_the_buttons_follow_the_state_of_a_swiss_with_a_top_cut() -> None:
    event, organiser, _players = open_event(structure=Event.Structure.SWISS_TOP_CUT, top_cut=4, rounds=2)
    event.status = Event.Status.DRAFT
    event.save()
    assert keys(event) == ["open", "delete"]
    registration.change_status(event, Event.Status.REGISTRATION, organiser)
    assert keys(event) == ["start", "close", "delete"]
    registration.start_event(event, organiser)
    assert keys(event) == ["pair"]
    round_ = rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    assert keys(event) == []  # round 1 open: no cut, no finish, no pairing
    play_out(round_, organiser)
    rounds.end_round(round_, organiser)
    assert keys(event) == ["pair"]
    whole_round(event, organiser)
    assert keys(event) == ["cut"]  # the last Swiss round has ended: no more pairing
    with pytest.raises(Conflict, match="All 2 rounds have been played"):
        rounds.pair_next_round(event, organiser)
    with pytest.raises(Conflict, match="cut to the top 4 before finishing"):
        rounds.finish_event(event, organiser)
    semis = rounds.publish_round(rounds.cut_to_top(event, organiser), organiser)
    play_out(semis, organiser)
    rounds.end_round(semis, organiser)
    assert keys(event) == ["pair"]
    with pytest.raises(Conflict, match="top cut is still being played"):
        rounds.finish_event(event, organiser)
    final = rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    play_out(final, organiser)
    rounds.end_round(final, organiser)
    assert keys(event) == ["finish"]
    rounds.finish_event(event, organiser)
    assert keys(event) == []


def test_a_swiss_without_a_cut_offers_finish_only_after_its_last_round() -> None:
    event, organiser, _players = open_event(count=4, rounds=1)
    registration.start_event(event, organiser)
    with pytest.raises(Conflict, match="Only 0 of 1 round have been played"):
        rounds.finish_event(event, organiser)
    whole_round(event, organiser)
    assert keys(event) == ["finish"]
    manage = page(client_of(organiser).get(f"/events/{event.pk}/manage/"))
    assert "Finish the event" in manage and "Pair next round" not in manage and "Cut to top" not in manage


# --- refusals on the same page, pairing reasons in names -----------------------------------


def test_a_bad_pairing_edit_comes_back_on_the_preview_in_names_and_table_numbers() -> None:
    event, organiser, players = open_event(count=4, rounds=3)
    registration.start_event(event, organiser)
    preview = rounds.pair_next_round(event, organiser)
    explanation = preview.matches.get(table=1).explanation
    assert "player " not in explanation and "(0 pts)" in explanation
    eva, corvin = players[0].pk, players[1].pk
    form = {"t1a": eva, "t1b": corvin, "t2a": eva, "t2b": ""}
    refused = client_of(organiser).post(f"/rounds/{preview.pk}/do/pairings/", form)
    shown = page(refused)
    assert refused.status_code == 400
    assert 'data-testid="preview"' in shown and 'data-testid="refusal"' in shown
    assert "Eva is paired more than once (tables 1 and 2)" in shown
    assert "left out: Mira, Tobin" in shown
    assert "login" not in shown.split('data-testid="refusal"')[1].split("</p>")[0]
    assert preview.matches.get(table=1).explanation == explanation


def test_an_edited_rematch_names_the_players_and_the_round_they_met() -> None:
    event, organiser, players = open_event(count=4, rounds=3)
    registration.start_event(event, organiser)
    first = whole_round(event, organiser)
    met = first.matches.get(table=1)
    others = [p.pk for p in players if p.pk not in met.players()]
    preview = rounds.pair_next_round(event, organiser)
    rounds.edit_pairings(preview, [met.players(), tuple(others)], organiser)  # type: ignore[list-item]
    note = preview.matches.get(table=1).explanation
    assert note == (
        f"{met.player_a.public_name} v {met.player_b.public_name}: "  # type: ignore[union-attr]
        "set by the organiser (a rematch: they met in round 1)"
    )


def test_reasons_stored_with_ids_are_shown_with_names() -> None:
    names = {6: "Eva", 9: "Corvin"}
    assert with_names("player 6 (3 pts) v player 9 (3 pts): same score group", names) == (
        "Eva (3 pts) v Corvin (3 pts): same score group"
    )
    assert with_names("player 12 gets the bye", names) == "player 12 gets the bye"
