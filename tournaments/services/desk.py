"""The registration desk's view of an event: each registered player's deck status.

A deck's status is one of four words an organiser reads at the desk:
- ``none``: no list registered (yet);
- ``illegal``: the newest list failed a judge's deck check, or no longer passes the event's
  format against the current catalog;
- ``legal``: the newest list passes and may still change;
- ``locked``: the newest list passes and lists are locked (the event started, or for limited
  formats round 1 was published).

Limited events build decks from pools after the start, so a missing deck there is not a reason to
warn before the start (``start_warnings`` says nothing of decks for them).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Q

from accounts.models import User
from common.words import count
from gameplay.deckformats import deck_format
from tournaments.errors import EventRefusal, Invalid
from tournaments.models import AuditEntry, DeckVersion, Event, EventDeck, Registration
from tournaments.services import capacity
from tournaments.services.decks import lock_reason


class DeckStatus(enum.StrEnum):
    NONE = "none"
    ILLEGAL = "illegal"
    LEGAL = "legal"
    LOCKED = "locked"

    @property
    def label(self) -> str:
        return {"none": "No list", "illegal": "Not legal", "legal": "Legal", "locked": "Locked"}[self.value]


@dataclass(frozen=True)
class DeskRow:
    registration: Registration
    status: DeckStatus
    version: DeckVersion | None
    problem: str  # why the deck is not legal, in words ("" when it is)


def _version_problem(event: Event, version: DeckVersion) -> str:
    checks = list(version.checks.all())
    if checks and not checks[-1].passed:
        note = checks[-1].note.strip()
        return "Failed a deck check" + (f": {note}" if note else ".")
    played = deck_format(event.format)  # either game's format: Runebound lists are checked the same way
    if played.limited:
        return ""  # built from the player's own pool and checked then; the pool is not re-read here
    violations = played.check(played.from_stored(version))
    return " ".join(v.message for v in violations)


def own_deck_problem(event: Event, registration: Registration) -> str:
    """Why this player has no legal list for a constructed event, in words ("" when they have one,
    or the event is limited, or they no longer play)."""
    if not registration.active or deck_format(event.format).limited:
        return ""
    version = DeckVersion.objects.filter(deck__event=event, deck__player_id=registration.player_id)
    newest = version.prefetch_related("checks").order_by("-number").first()
    if newest is None:
        return "You have not registered a deck list."
    problem = _version_problem(event, newest)
    return f"Your registered list (version {newest.number}) is not legal: {problem}" if problem else ""


def desk_rows(event: Event) -> list[DeskRow]:
    """Every registration (dropped ones too, last) with its deck status, ordered by name."""
    registrations = list(Registration.objects.filter(event=event).select_related("player"))
    decks = {d.player_id: d for d in EventDeck.objects.filter(event=event).prefetch_related("versions__checks")}
    locked = lock_reason(event) is not None
    rows = []
    for registration in registrations:
        deck = decks.get(registration.player_id)
        versions = sorted(deck.versions.all(), key=lambda v: v.number) if deck else []
        version = versions[-1] if versions else None
        if version is None:
            rows.append(DeskRow(registration, DeckStatus.NONE, None, "No list registered."))
            continue
        problem = _version_problem(event, version)
        status = DeckStatus.ILLEGAL if problem else (DeckStatus.LOCKED if locked else DeckStatus.LEGAL)
        rows.append(DeskRow(registration, status, version, problem))
    rows.sort(key=lambda r: (not r.registration.active, r.registration.player.public_name.lower()))
    return rows


class DeckFilter(enum.StrEnum):
    """The desk's and the manage page's filter of players by their list."""

    ALL = ""
    MISSING = "missing"  # no legal list: none, or not legal
    LEGAL = "legal"  # a legal list (locked or not)

    @property
    def label(self) -> str:
        return {"": "Every player", "missing": "Without a legal list", "legal": "With a legal list"}[self.value]


def deck_filter(raw: str | None) -> DeckFilter:
    """The filter asked for (``?deck=``), or a refusal naming the field and the values."""
    try:
        return DeckFilter(raw or "")
    except ValueError:
        raise Invalid(
            EventRefusal.FORM_PROBLEMS, f"deck: show every player (empty), missing or legal, not {str(raw)[:40]!r}."
        ) from None


def filtered(rows: list[DeskRow], which: DeckFilter) -> list[DeskRow]:
    if which == DeckFilter.MISSING:
        return [r for r in rows if r.status in (DeckStatus.NONE, DeckStatus.ILLEGAL)]
    if which == DeckFilter.LEGAL:
        return [r for r in rows if r.status in (DeckStatus.LEGAL, DeckStatus.LOCKED)]
    return rows


def rows_named(rows: list[DeskRow], text: str) -> list[DeskRow]:
    """The rows whose player's public name contains ``text`` (any case); every row when it is empty."""
    wanted = text.strip().lower()
    return [r for r in rows if wanted in r.registration.player.public_name.lower()]


def players_without_legal_deck(event: Event, rows: list[DeskRow] | None = None) -> list[str]:
    """The public names of active players whose deck is missing or not legal (constructed events);
    ``rows`` are the event's ``desk_rows`` when the caller has them already."""
    if deck_format(event.format).limited:
        return []
    return [
        r.registration.player.public_name
        for r in (desk_rows(event) if rows is None else rows)
        if r.registration.active and r.status in (DeckStatus.NONE, DeckStatus.ILLEGAL)
    ]


@dataclass(frozen=True)
class DeskCounts:
    registered: int
    checked_in: int
    paid: int
    without_legal_deck: int

    def __str__(self) -> str:
        """In words, e.g. 8 registered · 6 checked in · 5 paid · 2 without a legal deck."""
        parts = [f"{self.registered} registered", f"{self.checked_in} checked in", f"{self.paid} paid"]
        if self.without_legal_deck:
            parts.append(f"{self.without_legal_deck} without a legal deck")
        return " · ".join(parts)


def desk_counts(event: Event, rows: list[DeskRow]) -> DeskCounts:
    """The desk's counts over the players still in the event (dropped players are not counted)."""
    active = [r.registration for r in rows if r.registration.active]
    return DeskCounts(
        registered=len(active),
        checked_in=sum(r.checked_in for r in active),
        paid=sum(r.paid for r in active),
        without_legal_deck=len(players_without_legal_deck(event, rows)),
    )


def accounts_matching(event: Event, text: str, limit: int = 8) -> list[User]:
    """Accounts (not guests) whose display name or username contains ``text``, not yet registered
    for the event: the organiser's picker for adding a walk-in."""
    text = text.strip()
    if not text:
        return []
    found = (
        User.objects.filter(Q(display_name__icontains=text) | Q(username__icontains=text), is_guest=False)
        .exclude(registrations__event=event)
        .order_by("display_name", "username")
    )
    return list(found[:limit])


class NoListChoice(enum.StrEnum):
    """What happens to players without a legal list when a constructed event starts or pairs."""

    PAIR = "pair"  # they play, marked as without a legal list wherever the organiser sees them
    DROP = "drop"  # they leave the event (no-shows at the start)


NO_LIST_FIELD = "no_legal_list"  # the form and API field that carries the choice


def without_legal_list(event: Event, players: Iterable[int] | None = None) -> list[Registration]:
    """The active registrations (of these players, if given) whose list is missing or not legal, by
    name; none in a limited event (decks are built from pools after the start)."""
    if deck_format(event.format).limited:
        return []
    wanted = None if players is None else set(players)
    return [
        r.registration
        for r in desk_rows(event)
        if r.registration.active
        and r.status in (DeckStatus.NONE, DeckStatus.ILLEGAL)
        and (wanted is None or r.registration.player_id in wanted)
    ]


def unlisted_players(event: Event, rows: list[DeskRow] | None = None) -> set[int]:
    """The ids of players marked as without a legal list (constructed events): the pairings show it."""
    if deck_format(event.format).limited:
        return set()
    return {
        r.registration.player_id
        for r in (desk_rows(event) if rows is None else rows)
        if r.status in (DeckStatus.NONE, DeckStatus.ILLEGAL)
    }


def decide_unlisted(
    event: Event, unlisted: list[Registration], choice: NoListChoice, by: User, when: str, dropped_after: int
) -> list[Registration]:
    """Carry out (the caller holds the event's lock) and record the organiser's choice for players
    without a legal list ``when`` ("at the start", "for round 2"): dropped (after round
    ``dropped_after``, 0 at the start: no-shows), or paired and marked. One history line each."""
    for entry in unlisted:
        if choice == NoListChoice.DROP:
            entry.dropped_after_round = dropped_after
            entry.save(update_fields=["dropped_after_round"])
            note = f"no legal deck list {when}: dropped"
        else:
            note = f"no legal deck list {when}: paired anyway, marked"
        AuditEntry.objects.create(
            event=event, by=by, kind=AuditEntry.Kind.DECK_LIST, subject=entry.player.public_name[:80],
            old="no list", new=choice.value, note=note,
        )  # fmt: skip
    if choice == NoListChoice.DROP and unlisted:
        capacity.offer_places(event)  # their places go to the waiting list
    return unlisted if choice == NoListChoice.DROP else []


def no_list_choice(raw: object, *, required: bool) -> NoListChoice | None:
    """The organiser's choice from a form or the API: ``drop`` or ``pair``; empty is no choice
    (refused when ``required``); anything else is refused naming the field."""
    if raw in (None, ""):
        if required:
            raise Invalid(
                EventRefusal.NO_LIST_CHOICE,
                f"Some players have no legal deck list: say what happens to them ({NO_LIST_FIELD}: drop or pair).",
            )
        return None
    try:
        return NoListChoice(str(raw))
    except ValueError:
        raise Invalid(EventRefusal.NO_LIST_CHOICE, f"{NO_LIST_FIELD} is drop or pair, not {str(raw)[:40]!r}.") from None


def start_warnings(event: Event, rows: list[DeskRow] | None = None) -> list[str]:
    """What an organiser should know before pressing Start, in words (empty when nothing)."""
    missing = players_without_legal_deck(event, rows)
    if not missing:
        return []
    names = ", ".join(missing)
    return [f"{count(len(missing), 'player', 'players')} without a legal deck: {names}."]


def desk_warnings(event: Event, rows: list[DeskRow]) -> list[str]:
    """The start warnings while the event has not started (nothing to warn of afterwards)."""
    if event.status not in (Event.Status.DRAFT, Event.Status.REGISTRATION):
        return []
    return start_warnings(event, rows)
