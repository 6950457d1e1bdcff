"""Tables: a co-operative Runemasters game hosted on the site, with seats beyond two, a person
holding several seats, bots filling the others, turn clocks, results and replays."""

from __future__ import annotations

from typing import Any

import pytest

from gameplay.matches import services
from gameplay.matches.errors import Invalid
from gameplay.matches.models import PlayMatch
from gameplay.matches.services import SeatSpec
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
SETUP = {"guardians": ["neltai", "kulak"], "difficulty": "initiate"}


def table(seats: list[SeatSpec], setup: dict[str, Any] | None = None, **options: Any) -> PlayMatch:
    options.setdefault("seed", 11)
    options.setdefault("turn_seconds", None)
    return services.create_table("runemasters", setup or SETUP, seats, **options)


def test_a_solo_table_is_one_person_holding_every_guardian() -> None:
    ann = UserFactory.create(username="ann")
    match = table([SeatSpec(ann), SeatSpec(ann)])
    assert match.seated and match.seat_count == 2 and match.seats_of(ann.pk) == [0, 1]
    view = services.player_view(match, 0)
    assert view["board"]["game"] == "runemasters"
    assert [s["mine"] for s in view["seats"]] == [True, True]
    assert view["board"]["legal"]  # the seat on the clock is hers


@pytest.mark.parametrize(
    ("setup", "seats", "words"),
    [
        ({"guardians": ["neltai", "gandalf"]}, 2, "guardian"),
        ({"guardians": ["neltai"]}, 1, "2 to 4 seats"),
        ({"guardians": ["neltai", "kulak", "ismoros", "kyreas", "neltai"]}, 5, "2 to 4 seats"),
        ({"guardians": ["neltai", "kulak"]}, 3, "one seat for each guardian"),
        ({"guardians": ["neltai", "kulak"], "difficulty": "impossible"}, 2, "difficulty"),
    ],
)
def test_a_bad_setup_is_refused_in_words_and_nothing_is_made(setup: dict[str, Any], seats: int, words: str) -> None:
    ann = UserFactory.create(username="ann")
    with pytest.raises(Invalid) as refused:
        table([SeatSpec(ann)] * seats, setup)
    assert words in str(refused.value)
    assert not PlayMatch.objects.exists()


def test_a_table_without_a_person_is_refused() -> None:
    with pytest.raises(Invalid, match="at least one person"):
        table([SeatSpec(None), SeatSpec(None, "random")])
    assert not PlayMatch.objects.exists()
