"""A table's pages: the play home's Runemasters form, the play page and the replay page of a table."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from gameplay.invitations import services as services_answers
from gameplay.invitations.models import Invitation, TableRequest
from gameplay.matches import services
from gameplay.matches.models import PlayMatch
from gameplay.matches.services import SeatSpec
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def signed_in(username: str = "ann") -> tuple[Client, object]:
    user = UserFactory.create(username=username)
    client = Client()
    client.force_login(user)
    return client, user


def test_the_play_home_starts_a_solo_table_with_a_bot_and_its_page_shows_the_seats() -> None:
    client, ann = signed_in()
    home = client.get("/play/")
    assert home.status_code == 200 and b"Play Runemasters" in home.content
    form = {"action": "table", "guardian_neltai": "1", "holder_neltai": "me", "guardian_kulak": "1",
            "holder_kulak": "me", "guardian_kyreas": "1", "holder_kyreas": "greedy", "difficulty": "initiate",
            "turn_seconds": "60"}  # fmt: skip
    made = client.post("/play/", form)
    match = PlayMatch.objects.get()
    assert made.status_code == 302 and made["Location"] == f"/play/{match.pk}/"
    assert match.seated and match.turn_seconds == 60 and match.seats_of(ann.pk) == [0, 1]  # type: ignore[attr-defined]
    assert [h.bot for h in match.holders()] == ["", "", "greedy"]
    page = client.get(f"/play/{match.pk}/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "Runemasters · Initiate" in text and "Neltai, Kulak, Kyreas" in text and "coop-play.js" in text
    assert "runeslinger" not in text.lower().replace("runeslingers", "")  # not the Runeslingers board
    assert str(match.seed) not in text
    listed = client.get("/play/").content.decode()
    assert "Runemasters table" in listed


@pytest.mark.parametrize(
    ("form", "words"),
    [
        ({"guardian_neltai": "1", "holder_neltai": "me"}, "2 to 4 seats"),
        ({"guardian_neltai": "1", "holder_neltai": "greedy", "guardian_kulak": "1", "holder_kulak": "random"},
         "Play at least one guardian yourself"),
        ({"guardian_neltai": "1", "holder_neltai": "me", "guardian_kulak": "1", "holder_kulak": "player",
          "player_kulak": "nobody"}, "No player is called nobody"),
        ({"guardian_neltai": "1", "holder_neltai": "me", "guardian_kulak": "1", "holder_kulak": "player",
          "player_kulak": "ANN"}, "You cannot invite yourself to play Kulak"),
        ({"guardian_neltai": "1", "holder_neltai": "me", "guardian_kulak": "1", "holder_kulak": "me",
          "difficulty": "impossible"}, "difficulty"),
        ({"guardian_neltai": "1", "holder_neltai": "me", "guardian_kulak": "1", "holder_kulak": "player",
          "player_kulak": "bob", "bank_seconds": "99"}, "24 h"),
    ],
)  # fmt: skip
def test_a_bad_table_form_says_what_is_wrong_and_makes_nothing(form: dict[str, str], words: str) -> None:
    client, _ann = signed_in()
    UserFactory.create(username="bob")  # a player who could be invited
    answer = client.post("/play/", {"action": "table", **form})
    assert answer.status_code == 400 and words in answer.content.decode()
    assert not PlayMatch.objects.exists() and not TableRequest.objects.exists() and not Invitation.objects.exists()


def bob_client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_two_person_table_from_the_form_and_its_replay_page() -> None:
    client, ann = signed_in()
    bob = UserFactory.create(username="bob")
    form = {"action": "table", "guardian_neltai": "1", "holder_neltai": "me", "guardian_kulak": "1",
            "holder_kulak": "player", "player_kulak": "bob", "difficulty": "initiate", "turn_seconds": "0"}  # fmt: skip
    made = client.post("/play/", form)
    assert not PlayMatch.objects.exists()  # Bob is invited; nobody is seated without accepting
    waiting = TableRequest.objects.get()
    assert made["Location"] == f"/play/tables/{waiting.pk}/"
    invitation = Invitation.objects.get(invitee=bob)
    accepted = bob_client(bob).post(f"/invitations/{invitation.pk}/accept/", {"back": "page"})
    assert accepted["Location"] == f"/play/tables/{waiting.pk}/"
    match = PlayMatch.objects.get()
    assert client.get(f"/play/tables/{waiting.pk}/")["Location"] == f"/play/{match.pk}/"
    assert match.turn_seconds is None and match.seats_of(bob.pk) == [1]
    assert client.get(f"/play/{match.pk}/replay/").status_code == 404  # nothing finished yet
    services.concede(match.pk, ann, match.version)  # type: ignore[arg-type]
    replay = client.get(f"/play/{match.pk}/replay/")
    assert replay.status_code == 200 and b"coop-replay" in replay.content
    outsider = Client()
    outsider.force_login(UserFactory.create(username="eve"))
    assert outsider.get(f"/play/{match.pk}/").status_code == 404


def test_the_replay_api_gives_each_steps_hash_as_the_log_has_it() -> None:
    ann = UserFactory.create(username="ann")
    match = services.create_table("runemasters", {"guardians": ["neltai", "kulak"]}, [SeatSpec(ann), SeatSpec(None)],
                                  seed=3, turn_seconds=None)  # fmt: skip
    while (match := PlayMatch.objects.get(pk=match.pk)).status == PlayMatch.Status.PLAYING:
        if match.bot_of(match.on_clock):
            services.bot_move(match.pk, match.version)
        else:
            legal = services.player_view(match, 0)["board"]["legal"]
            services.play(match.pk, ann, "end" if "end" in legal else legal[0], match.version)
    client = Client()
    client.force_login(ann)
    game = match.games.get()
    hashes = list(game.actions.order_by("seq").values_list("state_hash", flat=True))
    for step, logged in enumerate(hashes, start=1):
        body = client.get(f"/api/play/{match.pk}/replay/?game=1&step={step}&seat=public").json()
        assert body["hash"] == logged


def test_a_finished_table_offers_play_again_instead_of_give_up_and_it_sets_the_same_table_up() -> None:
    client, ann = signed_in()
    bob = UserFactory.create(username="bob")
    setup = {"guardians": ["neltai", "kulak", "kyreas"], "difficulty": "hero"}
    seats = [SeatSpec(ann), SeatSpec(bob), SeatSpec(None, "greedy")]  # type: ignore[arg-type]
    match = services.create_table("runemasters", setup, seats, seed=3, turn_seconds=60)
    playing = client.get(f"/play/{match.pk}/").content.decode()
    assert 'data-testid="give-up">' in playing and 'data-testid="play-again" hidden' in playing
    services.concede(match.pk, ann, match.version)  # type: ignore[arg-type]
    over = client.get(f"/play/{match.pk}/").content.decode()
    assert 'data-testid="give-up" hidden' in over and 'data-testid="play-again">' in over
    assert 'name="player_kulak" value="bob"' in over and 'name="holder_kyreas" value="greedy"' in over
    form = {"action": "table", "difficulty": "hero", "turn_seconds": "60", "guardian_neltai": "1",
            "holder_neltai": "me", "guardian_kulak": "1", "holder_kulak": "player", "player_kulak": "bob",
            "guardian_kyreas": "1", "holder_kyreas": "greedy"}  # fmt: skip
    for name, value in form.items():
        assert f'name="{name}" value="{value}"' in over, name
    again = client.post("/play/", form)
    waiting = TableRequest.objects.get()  # Bob is asked again: he sits only by accepting
    assert again.status_code == 302 and again["Location"] == f"/play/tables/{waiting.pk}/"
    services_answers.accept(Invitation.objects.get(invitee=bob, status="pending").pk, bob)
    new = PlayMatch.objects.exclude(pk=match.pk).get()
    assert waiting.__class__.objects.get().match == new
    assert new.setup == match.setup and new.turn_seconds == 60
    assert [(h.user_id, h.bot) for h in new.holders()] == [(h.user_id, h.bot) for h in match.holders()]
