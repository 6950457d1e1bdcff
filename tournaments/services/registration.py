"""Creating events and managing who plays: registration, check-in, drops, late entries, start."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import models, transaction

from accounts.guests import NAME_LENGTH, create_guest
from accounts.models import User
from accounts.names import hidden_character
from common.words import count
from gameplay.deckformats import RUNESLINGERS, deck_formats, find_format
from gameplay.matches.models import MatchSeat, PlayMatch
from gameplay.runeslingers.formats import FORMATS, Edition
from tournaments.errors import Conflict, EventRefusal, Invalid
from tournaments.models import (
    AuditEntry,
    DeckVersion,
    Event,
    EventDeck,
    IllegalTransition,
    Match,
    Playoff,
    PodReport,
    PodSeat,
    PodTable,
    Registration,
    ResultReport,
    Round,
    WaitingEntry,
)
from tournaments.permissions import Perm, require
from tournaments.pods import services as pods
from tournaments.ratings.models import Kind as RatingKind
from tournaments.ratings.services import queue_rebuild
from tournaments.services import capacity, desk
from tournaments.services.common import (
    active_registrations,
    locked_event,
    played_round_count,
    refuse_if_finished,
    rounds_of,
)
from tournaments.structures import structure_of
from tournaments.swaps.models import CardPass, SwapSeat

#: Formats whose events are best of three when the organiser does not say (000: "winner-takes-all,
#: or a best of three").
BEST_OF_THREE_FORMATS = tuple(f.slug for f in FORMATS.values() if f.edition is Edition.CLASSIC)

EDITABLE_FIELDS = (
    "name", "format", "structure", "rounds", "round_minutes", "best_of", "top_cut", "tiebreakers",
    "bye_counts_in_own_mw", "late_entry_until_round", "pod_rounds", "starts_at", "played_on_site", "clock_minutes",
    "window_seconds", "clock_loses_match", "extra_turns", "matches_public", "arrival_minutes",
    "pod_size", "pod_minimum", "pod_maximum", "placement_points", "description", "venue", "online", "fee",
    "capacity",
)  # fmt: skip
# Pod sizes may change between rounds (the next round is seated with them); points per place may not,
# or the standings of rounds already played would change under the players.
LOCKED_ONCE_RUNNING = (
    "format", "structure", "best_of", "tiebreakers", "bye_counts_in_own_mw", "pod_rounds", "played_on_site",
    "placement_points",
)  # fmt: skip


def create_event(by: User, **fields: Any) -> Event:
    require(by, Perm.CREATE_EVENT)
    unknown = set(fields) - set(EDITABLE_FIELDS)
    if unknown:
        raise Invalid(EventRefusal.UNKNOWN_SETTINGS, f"Unknown event settings: {', '.join(sorted(unknown))}.")
    if "best_of" not in fields and fields.get("format") in BEST_OF_THREE_FORMATS:
        fields["best_of"] = 3  # Classic events are best of three unless the organiser says otherwise
    event = Event(organiser=by, **fields)
    validate_settings(event)
    event.save()
    return event


def played_on_site_problem(format_slug: str, played_on_site: bool) -> str:
    """Why an event of this format cannot be played on the site ("" when it can, or is not)."""
    played = find_format(format_slug)
    if played is None or played.game == RUNESLINGERS or not played_on_site:
        return ""
    return (
        f"{played.game_name} games are played at the table, not on the site: untick "
        f'"played on site" or choose a Runeslingers format.'
    )


def validate_settings(event: Event) -> None:
    played = find_format(event.format)
    if played is None:
        known = ", ".join(f.slug for f in deck_formats())
        raise Invalid(EventRefusal.UNKNOWN_FORMAT, f"Unknown format {event.format!r}; choose one of {known}.")
    on_site_problem = played_on_site_problem(event.format, event.played_on_site)
    if on_site_problem:
        raise Invalid(EventRefusal.NOT_PLAYABLE_ON_SITE, on_site_problem)
    structure = structure_of(event)
    if structure.has_top_cut and event.top_cut not in (2, 4, 8):
        raise Invalid(EventRefusal.BAD_TOP_CUT, "A Swiss + top cut event needs a top cut of 2, 4 or 8.")
    if not structure.has_top_cut and event.top_cut:
        raise Invalid(
            EventRefusal.TOP_CUT_WITHOUT_STRUCTURE,
            "Only a Swiss + top cut event has a top cut; choose that structure or no cut.",
        )
    if structure.round_robin and event.late_entry_until_round:
        raise Invalid(
            EventRefusal.ROUND_ROBIN_LATE_ENTRY, "A round robin is scheduled at the start; it takes no late entries."
        )
    if event.round_minutes < 10:
        raise Invalid(EventRefusal.ROUND_TOO_SHORT, "Rounds last at least 10 minutes.")
    if not 0 <= event.arrival_minutes <= 30:
        raise Invalid(
            EventRefusal.BAD_ARRIVAL_WAIT,
            "Wait between 0 and 30 minutes for both players of a match played here to connect.",
        )
    if structure.on_site_refusal and event.played_on_site:
        raise Invalid(EventRefusal.PODS_NOT_ON_SITE, structure.on_site_refusal)
    pods.validate_pod_settings(event)
    _validate_round_count(event)
    capacity.validate_capacity(event)


def _validate_round_count(event: Event) -> None:
    """1 to 20 Swiss rounds; once the event runs, the organiser may lower them to the rounds already
    published (even none: an event rained off before round 1), and then finish it."""
    if event.rounds is None:
        return
    if event.is_under_way:
        played = played_round_count(event)
        if not played <= event.rounds <= 20:
            raise Invalid(
                EventRefusal.BAD_ROUND_COUNT,
                f"{event.name} has played {count(played, 'round', 'rounds')}; "
                f"set between {played} and 20 rounds (as many as were played, to finish now).",
            )
        return
    if not 1 <= event.rounds <= 20:
        raise Invalid(EventRefusal.BAD_ROUND_COUNT, "An event has between 1 and 20 rounds.")


@transaction.atomic
def update_event(event: Event, by: User, **fields: Any) -> Event:
    event = locked_event(event)
    require(by, Perm.MANAGE, event)
    refuse_if_finished(event)
    unknown = set(fields) - set(EDITABLE_FIELDS)
    if unknown:
        raise Invalid(EventRefusal.UNKNOWN_SETTINGS, f"Unknown event settings: {', '.join(sorted(unknown))}.")
    started = event.status not in (Event.Status.DRAFT, Event.Status.REGISTRATION)
    frozen = [name for name in LOCKED_ONCE_RUNNING if name in fields and fields[name] != getattr(event, name)]
    if started and frozen:
        raise Conflict(
            EventRefusal.SETTINGS_LOCKED,
            f"These settings cannot change once the event has started: {', '.join(frozen)}.",
        )
    opened = "matches_public" in fields and fields["matches_public"] != event.matches_public
    for name, value in fields.items():
        setattr(event, name, value)
    validate_settings(event)
    event.save()
    if opened:  # the matches already made follow the event's setting (watchers' pages re-check it)
        PlayMatch.objects.filter(event_match__round__event=event).update(public=event.matches_public)
    capacity.offer_places(event)  # a raised capacity (or none) frees places for the waiting list
    return event


@transaction.atomic
def change_status(event: Event, status: str, by: User) -> Event:
    """Open or close registration (the other moves have their own services)."""
    event = locked_event(event)
    require(by, Perm.MANAGE, event)
    if status not in (Event.Status.REGISTRATION, Event.Status.DRAFT):
        raise Invalid(EventRefusal.STATUS_HAS_ITS_OWN_STEP, "Use start, cut or finish for those steps.")
    try:
        event.set_status(status, by=by)
    except IllegalTransition as exc:
        raise Conflict(EventRefusal.ILLEGAL_STATUS_CHANGE, str(exc)) from None
    return event


def takes_entries(event: Event) -> bool:
    """Whether a new player may join now: registration is open, or late entry still is."""
    if event.status == Event.Status.REGISTRATION:
        return True
    if event.status != Event.Status.RUNNING or not event.late_entry_until_round:
        return False
    no_preview = not rounds_of(event).filter(status=Round.Status.PREVIEW).exists()
    return played_round_count(event) < event.late_entry_until_round and no_preview


@transaction.atomic
def register(event: Event, player: User, by_organiser: bool = False) -> Registration:
    """``player`` takes a place (``by_organiser``: a walk-in the organiser adds at the desk)."""
    event = locked_event(event)
    existing = Registration.objects.filter(event=event, player=player).first()
    if existing is not None and existing.active:
        raise Conflict(EventRefusal.ALREADY_REGISTERED, f"{player.public_name} is already registered for {event.name}.")
    late_round = None
    if event.status == Event.Status.RUNNING:
        next_round = played_round_count(event) + 1
        if event.late_entry_until_round < next_round or rounds_of(event).filter(status=Round.Status.PREVIEW).exists():
            raise Conflict(EventRefusal.LATE_ENTRY_CLOSED, f"Late entry to {event.name} is closed.")
        late_round = next_round
    elif event.status != Event.Status.REGISTRATION:
        raise Conflict(EventRefusal.REGISTRATION_CLOSED, f"{event.name} is not taking registrations.")
    capacity.refuse_if_full(event, organiser=by_organiser, player_id=player.pk)
    WaitingEntry.objects.filter(event=event, player=player).delete()  # in: off the waiting list
    if existing is not None:
        if existing.dropped_after_round and event.status == Event.Status.RUNNING:
            raise Conflict(
                EventRefusal.DROPPED_AFTER_PLAYING,
                "You have played in this event and dropped; ask the organiser to re-add you.",
            )
        existing.dropped_after_round = None
        existing.save(update_fields=["dropped_after_round"])
        return existing
    return Registration.objects.create(
        event=event, player=player, late_entry_round=late_round, checked_in=late_round is not None
    )


@transaction.atomic
def drop(registration: Registration, by: User) -> Registration:
    """Drop a player: they finish the current match but are not paired again."""
    event = locked_event(registration.event_id)
    registration = Registration.objects.select_for_update().select_related("player").get(pk=registration.pk)
    if by.pk != registration.player_id:
        require(by, Perm.MANAGE, event)
    refuse_if_finished(event)
    if not registration.active:
        raise Conflict(EventRefusal.ALREADY_DROPPED, f"{registration.player.public_name} has already dropped.")
    registration.dropped_after_round = played_round_count(event)
    registration.save(update_fields=["dropped_after_round"])
    after = registration.dropped_after_round
    words = f"dropped after round {after}" if after else "withdrew before round 1"
    _audit(registration, by, "playing", "dropped", words)
    capacity.offer_places(event)
    return registration


def undo_drop_refusal(registration: Registration, event: Event) -> str:
    """Why this drop can no longer be undone, in words ("" while it can, a place being free: a
    full event refuses it when asked, ``capacity.refuse_if_full``)."""
    if registration.active:
        return f"{registration.player.public_name} is still in the event; there is no drop to undo."
    if event.status == Event.Status.FINISHED:
        return f"{event.name} is finished; nothing about it can change."
    dropped_after = registration.dropped_after_round or 0
    later = rounds_of(event).filter(number__gt=dropped_after).first()
    if later is not None:
        return f"{later.label} is already paired; ask the organiser to add you as a late entry."
    return ""


@transaction.atomic
def undo_drop(registration: Registration, by: User) -> Registration:
    """Take back a drop (the player's own or the organiser's) while no later round is paired."""
    event = locked_event(registration.event_id)
    registration = Registration.objects.select_for_update().select_related("player").get(pk=registration.pk)
    if by.pk != registration.player_id:
        require(by, Perm.MANAGE, event)
    reason = undo_drop_refusal(registration, event)
    if reason:
        code = EventRefusal.NOT_DROPPED if registration.active else EventRefusal.DROP_FINAL
        raise Conflict(code, reason)
    capacity.refuse_if_full(event, organiser=by.pk != registration.player_id)
    registration.dropped_after_round = None
    registration.save(update_fields=["dropped_after_round"])
    _audit(registration, by, "dropped", "playing", "drop undone")
    return registration


def _audit(registration: Registration, by: User, old: str, new: str, note: str) -> None:
    AuditEntry.objects.create(
        event_id=registration.event_id, by=by, kind=AuditEntry.Kind.REGISTRATION,
        subject=registration.player.public_name[:80], old=old, new=new, note=note,
    )  # fmt: skip


@transaction.atomic
def readd(registration: Registration, by: User) -> Registration:
    event = locked_event(registration.event_id)
    require(by, Perm.MANAGE, event)
    refuse_if_finished(event)
    registration = Registration.objects.select_for_update().get(pk=registration.pk)
    if registration.active:
        raise Conflict(
            EventRefusal.NOT_DROPPED,
            f"{registration.player.public_name} is still in the event; there is nothing to re-add.",
        )
    if structure_of(event).round_robin and event.status != Event.Status.REGISTRATION:
        raise Conflict(
            EventRefusal.ROUND_ROBIN_FIXED, "A round robin's schedule is fixed; a dropped player cannot come back."
        )
    capacity.refuse_if_full(event, organiser=True)
    registration.dropped_after_round = None
    registration.save(update_fields=["dropped_after_round"])
    return registration


@transaction.atomic
def set_checked_in(registration: Registration, by: User, checked_in: bool) -> Registration:
    event = locked_event(registration.event_id)
    require(by, Perm.MANAGE, event)
    if event.status != Event.Status.REGISTRATION:
        raise Conflict(EventRefusal.CHECK_IN_CLOSED, "Check-in happens while registration is open.")
    registration.checked_in = checked_in
    registration.save(update_fields=["checked_in"])
    return registration


@dataclass(frozen=True)
class StartPlan:
    """What starting an event would do: who plays, who becomes a no-show, how many rounds."""

    players: list[Registration]
    no_shows: list[Registration]
    rounds: int | None


def start_plan(event: Event) -> StartPlan:
    """The players who would start (the checked-in ones, once anyone is checked in) and the rounds."""
    players = list(active_registrations(event))
    no_shows: list[Registration] = []
    if any(r.checked_in for r in players):
        no_shows = [r for r in players if not r.checked_in]
        players = [r for r in players if r.checked_in]
    return StartPlan(players, no_shows, structure_of(event).planned_rounds(len(players)))


def players_needed(event: Event) -> int:
    return structure_of(event).players_needed()


@transaction.atomic
def start_event(event: Event, by: User, no_legal_list: desk.NoListChoice | None = None) -> Event:
    """Close registration and fix the number of rounds; unchecked players become no-shows.

    ``no_legal_list``: what happens to starting players without a legal list (a constructed
    event): dropped (no-shows) or paired and marked, each recorded in the history; None decides
    nothing (they play, as before)."""
    event = locked_event(event)
    require(by, Perm.MANAGE, event)
    if event.status != Event.Status.REGISTRATION:
        raise Conflict(
            EventRefusal.CANNOT_START,
            f"Only an event with open registration can start; {event.name} is {event.get_status_display().lower()}.",
        )
    plan = start_plan(event)
    if no_legal_list is not None:
        unlisted = desk.without_legal_list(event, [r.player_id for r in plan.players])
        if desk.decide_unlisted(event, unlisted, no_legal_list, by, "at the start", 0):
            plan = start_plan(event)  # without the players just dropped
    needed = players_needed(event)
    if len(plan.players) < needed:
        raise Conflict(
            EventRefusal.TOO_FEW_PLAYERS,
            f"{event.name} needs at least {needed} players to start; it has {len(plan.players)}.",
        )
    Registration.objects.filter(pk__in=[r.pk for r in plan.no_shows]).update(dropped_after_round=0)
    event.rounds = plan.rounds
    event.save(update_fields=["rounds"])
    event.set_status(Event.Status.RUNNING, by=by)
    capacity.offer_places(event)  # the no-shows' places, if late entry is on
    return event


@transaction.atomic
def add_walk_in(event: Event, by: User, *, player: User | None = None, guest_name: str = "") -> Registration:
    """The organiser enters a player at the desk: an existing account, or a guest known only by
    name. The registration rules are ``register``'s (a walk-in after round 1 is a late entry)."""
    event = locked_event(event)
    require(by, Perm.MANAGE, event)
    if player is None:
        if event.played_on_site:
            raise Conflict(
                EventRefusal.GUEST_CANNOT_PLAY_HERE,
                f"{event.name} is played on the site and a guest cannot sign in to play; add the player's account.",
            )
        player = create_guest(_guest_name(guest_name))
    elif player.is_guest:
        raise Invalid(EventRefusal.WALK_IN_NEEDS_PLAYER, "Add a guest by name, not from the accounts.")
    entry = register(event, player, by_organiser=True)
    AuditEntry.objects.create(
        event=event, by=by, kind=AuditEntry.Kind.WALK_IN, subject=player.public_name[:80],
        new=str(entry.late_entry_round or ""),
    )  # fmt: skip
    return entry


def _guest_name(raw: str) -> str:
    hidden = hidden_character(raw)
    if hidden is not None:
        raise Invalid(
            EventRefusal.BAD_GUEST_NAME,
            f"The guest's name holds an invisible or control character ({hidden}); use visible characters only.",
        )
    name = " ".join(raw.split())
    if not name:
        raise Invalid(EventRefusal.WALK_IN_NEEDS_PLAYER, "Give the guest's name, or pick an account.")
    if len(name) > NAME_LENGTH:
        raise Invalid(EventRefusal.BAD_GUEST_NAME, f"A guest's name has at most {NAME_LENGTH} characters.")
    return name


def account_with_id(pk: int) -> User:
    """The account (not a guest) picked for a walk-in by its id."""
    account = User.objects.filter(pk=pk, is_guest=False).first()
    if account is None:
        raise Invalid(EventRefusal.NO_SUCH_ACCOUNT, "That account does not exist; search again.")
    return account


def account_named(username: str) -> User:
    """The account (not a guest) with this username, for linking a guest to it."""
    account = User.objects.filter(username__iexact=username.strip(), is_guest=False).first()
    if account is None:
        raise Invalid(EventRefusal.NO_SUCH_ACCOUNT, f"There is no account with the username {username.strip()!r}.")
    return account


@transaction.atomic
def claim_guest(guest: User, account: User, by: User) -> User:
    """Link a guest to an account: the guest's registrations, tables, reports, decks, matches
    played on the site and deck swaps become the account's, and the guest is removed, all in one
    transaction. Refused if the account already plays in one of the guest's events. The guest's
    row is locked first: of two claims at once, the second finds the guest gone (409)."""
    if not guest.is_guest:
        raise Invalid(EventRefusal.NOT_A_GUEST, f"{guest.public_name} is an account, not a guest.")
    if account.is_guest or account.pk == guest.pk:
        raise Invalid(EventRefusal.NO_SUCH_ACCOUNT, "Link the guest to a player's own account.")
    if not User.objects.select_for_update().filter(pk=guest.pk, is_guest=True).exists():
        raise Conflict(
            EventRefusal.GUEST_ALREADY_CLAIMED,
            f"{guest.public_name} (guest) has just been linked to another account; nothing was changed.",
        )
    event_ids = set(Registration.objects.filter(player=guest).values_list("event_id", flat=True))
    events = [locked_event(pk) for pk in sorted(event_ids)]
    for event in events:
        require(by, Perm.MANAGE, event)
    shared = Event.objects.filter(pk__in=event_ids, registrations__player=account).first()
    if shared is not None:
        raise Conflict(
            EventRefusal.ACCOUNT_IN_SAME_EVENT,
            f"{account.public_name} is already registered for {shared.name}; "
            f"one player cannot hold two places there, so {guest.public_name} (guest) cannot be linked.",
        )
    _move_rows(guest, account)
    for event in events:
        AuditEntry.objects.create(
            event=event, by=by, kind=AuditEntry.Kind.GUEST_CLAIMED, subject=guest.public_name[:80],
            new=str(account.pk), note=account.public_name,
        )  # fmt: skip
    guest.delete()
    for kind in RatingKind.values:  # the guest's results are the account's now: rate them as such
        queue_rebuild(kind)
    return account


#: Every row that can name a guest as a player (or as who reported): claiming moves it to the
#: account. ``tests/events/test_walk_ins.py`` checks each relation to the user model is here or
#: in ``NOT_MOVED``, so a new one cannot make ``guest.delete()`` fail (a PROTECT) or drop rows.
GUEST_ROWS: list[tuple[type[models.Model], str]] = [
    (Registration, "player"), (EventDeck, "player"), (DeckVersion, "submitted_by"),
    (Match, "player_a"), (Match, "player_b"), (Match, "reported_by"), (Match, "confirmed_by"),
    (ResultReport, "by"), (PlayMatch, "player1"), (PlayMatch, "player2"), (MatchSeat, "user"),
    (PodSeat, "player"), (PodTable, "reported_by"), (PodTable, "confirmed_by"), (PodReport, "by"),
    (SwapSeat, "player"), (CardPass, "giver"), (CardPass, "receiver"),
    (Playoff, "player_a"), (Playoff, "player_b"), (Playoff, "winner"),
]  # fmt: skip

#: Relations to the user model a guest never has (a guest cannot sign in, so never acts), by
#: "app_label.Model.field".
NOT_MOVED = {
    "admin.LogEntry.user": "the admin's log: staff only",
    "authtoken.Token.user": "API tokens: a guest cannot sign in",
    "authtoken.TokenProxy.user": "API tokens: a guest cannot sign in",
    "gameplay.SavedDeck.owner": "My decks: a guest cannot sign in",
    "gameplay.MatchChallenge.challenger": "challenges to a match: a guest cannot sign in",
    "gameplay.MatchChallenge.opponent": "challenges to a match: only by username, never a guest's",
    "tournaments.Event.organiser": "organisers are accounts",
    "tournaments.WaitingEntry.player": "the waiting list: players join it themselves; a guest cannot sign in",
    "tournaments.Event.judges": "judges are accounts, added by staff",
    "tournaments.AuditEntry.by": "who did something: the organiser or a judge",
    "tournaments.DeckCheck.by": "who checked a list: the organiser or a judge",
    "tournaments.Playoff.ordered_by": "who ordered a playoff: the organiser",
    "tournaments.Playoff.decided_by": "who recorded a playoff's winner: the organiser or a judge",
    "drafts.Pool.created_by": "who opened a pool: the organiser",
    "webhooks.Endpoint.created_by": "who added an endpoint: the organiser",
    "coop.Challenge.organiser": "organisers are accounts",
    "coop.Team.captain": "teams are of accounts (played on the site)",
    "coop.Member.user": "teams are of accounts (played on the site)",
    "notices.Notice.user": "notices: a guest is sent none (tournaments.notices)",
    "notices.NoticeSwitch.user": "notice switches: a guest cannot sign in",
    "notices.PushSubscription.user": "Web Push: a guest cannot sign in",
    "gameplay.Invitation.inviter": "invitations: sent by someone signed in; a guest cannot sign in",
    "gameplay.Invitation.invitee": "invitations: only to accounts (named players exclude guests), who answer signed in",
    "gameplay.TableRequest.host": "a table waiting for its invitations: set up by someone signed in",
    "ratings.PlayerRating.player": "ratings are computed from the results, which the claim moves: it queues a rebuild",
    "ratings.RatingPoint.player": "a rating's history is computed from the results: rebuilt with the ratings",
}


def _move_rows(guest: User, account: User) -> None:
    """Every row that names the guest as a player (or as who reported) names the account instead."""
    for model, field in GUEST_ROWS:
        model._default_manager.filter(**{field: guest}).update(**{field: account})


@transaction.atomic
def set_paid(registration: Registration, by: User, paid: bool) -> Registration:
    """Tick (or untick) the entry fee as paid at the desk."""
    event = locked_event(registration.event_id)
    require(by, Perm.MANAGE, event)
    refuse_if_finished(event)
    registration.paid = paid
    registration.save(update_fields=["paid"])
    return registration


def delete_refusal(event: Event) -> str:
    """Why this event cannot be deleted, in words ("" when it can)."""
    if event.status not in (Event.Status.DRAFT, Event.Status.REGISTRATION):
        return f"{event.name} has started; an event is deleted only before it starts."
    if rounds_of(event).exists():
        return f"{event.name} has rounds; an event with rounds cannot be deleted."
    return ""


@transaction.atomic
def delete_event(event: Event, by: User) -> str:
    """Delete an event that never started (its registrations and deck lists go with it); its name."""
    event = locked_event(event)
    require(by, Perm.MANAGE, event)
    reason = delete_refusal(event)
    if reason:
        raise Conflict(EventRefusal.CANNOT_DELETE, reason)
    name = event.name
    event.delete()
    return name
