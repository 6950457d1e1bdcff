"""Opening a pod round's deck swaps at the size of the Fett: every pod of a published round gets its
swap, each player's registered class deck read, and its deadline queued.

    python benchmarks/bench_swaps.py [--players 1024] [--target 4]

Registers ``--players`` players in a Runebound pod event, each with a published character deck
registered, turns the deck swap on for round 1, pairs and publishes it, and times: the publish
request as the organiser's page runs it (the pods' rows, then the swaps opened by the round's
receiver after commit), and the opening alone (``open_swaps``, on a second event). By default it runs on a
private SQLite database and an embedded Redis under a temporary directory; DATABASE_URL and
REDIS_URL point it elsewhere. Prints only; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._baseline import compare  # noqa: E402
from benchmarks._database import on_the_site  # noqa: E402

DECKS = ("battlemage", "blade-dancer", "lightbringer", "pathwarden", "shadowcloak", "stormcaller")


def configure(var_dir: Path) -> None:
    os.environ.update(
        {
            "FETT_ENV": "development",
            "FETT_VAR_DIR": str(var_dir),
            "DEBUG": "false",
            "LOG_LEVEL": "WARNING",
            "REDIS_KEY_PREFIX": "fett-bench-swaps",
            "DJANGO_SETTINGS_MODULE": "config.settings",
        }
    )


def event_with_decks(name: str, players: int, target: int) -> tuple[Any, Any]:
    """A started Runebound pod event of ``players`` players, each with a registered deck, and the
    swap planned for round 1 (rows written in bulk: the set-up is not what is measured)."""
    from accounts.models import User
    from gameplay.deckformats import deck_format
    from gameplay.runebound.catalog import shipped_runebound
    from gameplay.runebound.decks import RuneboundDeck
    from tournaments.models import DeckVersion, Event, EventDeck, Registration
    from tournaments.services import registration
    from tournaments.swaps import services as swaps

    organiser = User.objects.create(username=f"{name}-organiser", is_organiser=True)
    event = registration.create_event(
        organiser, name=name, structure=Event.Structure.PODS, rounds=3, pod_size=target,
        pod_minimum=max(2, target - 1), format="runebound-custom",
    )  # fmt: skip
    registration.change_status(event, Event.Status.REGISTRATION, organiser)
    users = User.objects.bulk_create(User(username=f"{name}-{n}", display_name=f"Player {n}") for n in range(players))
    Registration.objects.bulk_create(Registration(event=event, player=user) for user in users)
    played = deck_format(event.format)
    catalog = shipped_runebound()
    stored = [played.stored(RuneboundDeck.from_published(catalog.decks[deck])) for deck in DECKS]
    records = EventDeck.objects.bulk_create(EventDeck(event=event, player=user) for user in users)
    DeckVersion.objects.bulk_create(
        DeckVersion(
            deck=record, number=1, **stored[n % len(stored)], text="bench",
            catalog_version=played.catalog_version, submitted_by=record.player,
        )
        for n, record in enumerate(records)
    )  # fmt: skip
    swaps.set_plan(event, organiser, [1], 10)
    registration.start_event(event, organiser)
    event.refresh_from_db()
    return event, organiser


def run(players: int, target: int) -> None:
    from django.db import transaction

    from tournaments.services import rounds
    from tournaments.swaps import services as swaps
    from tournaments.swaps.models import PodSwap

    event, organiser = event_with_decks("bench-publish", players, target)
    round_ = rounds.pair_next_round(event, organiser)
    started = time.perf_counter()
    with transaction.atomic():  # as a request: the receivers run after this commit
        rounds.publish_round(round_, organiser)
    publish = time.perf_counter() - started
    opened = PodSwap.objects.filter(round=round_).count()

    other, organiser = event_with_decks("bench-open", players, target)
    second = rounds.pair_next_round(other, organiser)
    from tournaments.pods.services import pod_round_published
    from tournaments.swaps import receivers

    pod_round_published.disconnect(receivers.open_round_swaps, dispatch_uid="swaps-open-round")
    with transaction.atomic():
        rounds.publish_round(second, organiser)
    started = time.perf_counter()
    alone = len(swaps.open_swaps(second))
    opening = time.perf_counter() - started
    print(f"{players} players, pods of {target}: {opened} swaps opened by the publish, {alone} by open_swaps alone")
    print(f"  publish request (pods + swaps after commit) {publish:7.3f} s")
    print(f"  opening the swaps alone                     {opening:7.3f} s")
    compare("bench_swaps", {"publish with the swaps (s)": publish, "open the swaps (s)": opening})


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=1024)
    parser.add_argument("--target", type=int, default=4)
    args = parser.parse_args()
    if args.players < 3 or not 3 <= args.target <= 6:
        parser.error("--players at least 3, --target 3 to 6")
    var_dir = Path(tempfile.mkdtemp(prefix="fett-bench-swaps-"))
    configure(var_dir)
    on_the_site(var_dir, lambda: run(args.players, args.target))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
