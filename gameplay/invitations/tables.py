"""Invitations to tables: a host who gives seats of a new table to other people invites them, and
the table starts once every invitation is answered. Decided: a declined invitation (or one the
host withdrew) frees its seats, and a freed seat is the host's, since a Runemasters table needs
every guardian it was set up with and the host chose them; so the table always starts, with the
host holding the seats nobody accepted. Nobody is seated without accepting.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.urls import reverse

from accounts.models import User
from common.refusals import Invalid, NotFound
from gameplay.invitations import services as answers
from gameplay.invitations.errors import InvitationRefusal
from gameplay.invitations.models import Invitation, TableRequest
from gameplay.invitations.signals import sent_after_commit
from gameplay.matches.models import PlayMatch
from gameplay.matches.services import SeatSpec, create_table
from gameplay.matches.services.games import new_state
from gameplay.matches.services.tables import check_table, table_clock


def _about(host: Any, setup: dict[str, Any], seats: Sequence[SeatSpec], user: Any) -> str:
    guardians = [str(g).title() for g in setup.get("guardians", [])]
    theirs = [g for g, spec in zip(guardians, seats, strict=False) if spec.user is not None and spec.user.pk == user.pk]
    level = str(setup.get("difficulty", "initiate")).title()
    return f"a Runemasters table of {host.public_name} ({level}), playing {', '.join(theirs)}"


@transaction.atomic
def offer_table(
    host: Any,
    engine: str,
    setup: dict[str, Any],
    seats: Sequence[SeatSpec],
    turn_seconds: int | None,
    label: str,
    *,
    pace: str = PlayMatch.Pace.STANDARD,
    bank_seconds: Any = None,
) -> PlayMatch | TableRequest:
    """A table where only the host and bots sit starts at once (a ``PlayMatch``); one with seats
    for other people waits for them (a ``TableRequest``, and an invitation to each of them). Its
    pace and time bank (turn-based) are checked now and kept for the start."""
    invited: list[Any] = []
    for spec in seats:
        if spec.user is not None and spec.user.pk != host.pk and spec.user not in invited:
            invited.append(spec.user)
    if not invited:
        return create_table(
            engine, setup, seats, turn_seconds=turn_seconds, label=label, pace=pace, bank_seconds=bank_seconds
        )
    turn_seconds, bank = table_clock(pace, turn_seconds, bank_seconds)
    game, _ = check_table(engine, setup, seats, turn_seconds, bank)
    new_state(game, dict(setup), 0)  # refuses, in the engine's words, a setup it cannot start
    request = TableRequest.objects.create(
        host=host, engine=engine, setup=dict(setup), turn_seconds=turn_seconds, label=label, pace=pace,
        bank_seconds=bank, seats=[{"user": s.user.pk} if s.user is not None else {"bot": s.bot} for s in seats],
    )  # fmt: skip
    for user in invited:
        invitation = Invitation.objects.create(
            kind=Invitation.Kind.TABLE, inviter=host, invitee=user, target=request,
            about=_about(host, setup, seats, user),
        )  # fmt: skip
        sent_after_commit(invitation)
    return request


def _request_of(invitation: Invitation) -> TableRequest | None:
    return TableRequest.objects.select_for_update().filter(pk=invitation.target_id).first()


def invitations_of(request: TableRequest) -> list[Invitation]:
    found = Invitation.objects.filter(kind=Invitation.Kind.TABLE, target_id=request.pk)
    return list(found.select_related("invitee").order_by("id"))


def _start(request: TableRequest) -> None:
    """Every invitation is answered: seat those who accepted, give the host every other seat."""
    accepted = {i.invitee_id for i in invitations_of(request) if i.status == Invitation.Status.ACCEPTED}
    users = {u.pk: u for u in User.objects.filter(pk__in=[*accepted, request.host_id])}
    seats = []
    for seat in request.seats:
        if "user" in seat:
            holder = seat["user"] if seat["user"] in accepted else request.host_id
            seats.append(SeatSpec(users[holder]))
        else:
            seats.append(SeatSpec(None, seat.get("bot", "")))
    request.match = create_table(
        request.engine, request.setup, seats, turn_seconds=request.turn_seconds, label=request.label,
        pace=request.pace, bank_seconds=request.bank_seconds,
    )  # fmt: skip
    request.set_status(TableRequest.Status.STARTED)
    request.save(update_fields=["match", "status"])


def answered(invitation: Invitation) -> None:
    request = _request_of(invitation)
    if request is None or request.status != TableRequest.Status.WAITING:
        return
    if not any(i.is_pending for i in invitations_of(request)):
        _start(request)


def _accepted(invitation: Invitation, by: Any) -> None:
    request = _request_of(invitation)
    if request is None or request.status != TableRequest.Status.WAITING:
        raise Invalid(InvitationRefusal.TABLE_GONE, "That table is no longer waiting for players.")


def page(invitation: Invitation) -> str:
    return reverse("gameplay:table-request", args=[invitation.target_id])


TABLE = answers.Kind(accepted=_accepted, answered=answered, where=page)


def request_for(user: Any, pk: int) -> TableRequest:
    """The waiting table, for its host and the people invited to it; anyone else: not found."""
    request = TableRequest.objects.filter(pk=pk).select_related("host", "match").first()
    invited = Invitation.objects.filter(kind=Invitation.Kind.TABLE, target_id=pk, invitee=user).exists()
    if request is None or (request.host_id != user.pk and not invited):
        raise NotFound(InvitationRefusal.TABLE_GONE, "There is no such table for you.")
    return request


def seat_words(request: TableRequest, viewer: Any) -> list[tuple[str, str]]:
    """Each seat: the guardian's name and who holds it, in words."""
    answers_by_user = {i.invitee_id: i for i in invitations_of(request)}
    bots = dict(PlayMatch.Bot.choices)
    rows = []
    for guardian, seat in zip(request.setup.get("guardians", []), request.seats, strict=False):
        if "bot" in seat:
            who = str(bots.get(seat["bot"] or PlayMatch.Bot.GREEDY, "A bot"))
        elif seat["user"] == request.host_id:
            who = "you" if viewer.pk == request.host_id else request.host.public_name
        else:
            invitation = answers_by_user[seat["user"]]
            name = "you" if viewer.pk == seat["user"] else invitation.invitee.public_name
            who = f"{name}: {invitation.get_status_display()}"
        rows.append((str(guardian).title(), who))
    return rows


def connect() -> None:
    """Answering a table invitation seats the player, and the last answer starts the table."""
    answers.register(Invitation.Kind.TABLE, TABLE)
