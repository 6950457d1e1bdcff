"""Invitations to challenge teams: the team side of ``gameplay.invitations`` (accepting one makes
the player a member: ``TEAM``, registered by the app's ``ready``).

A captain names players when registering a team, or later, and each gets an invitation; a player
becomes a member only by accepting it, so nobody is put on a team (and has the team's attempts
counted as theirs) without saying yes. Before the team's first attempt a member may leave and the
captain may withdraw the team; after it the team is fixed, and an invitation still waiting can no
longer be accepted. Every refusal is raised before anything is written.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
from django.db import IntegrityError, transaction
from django.db.models import Max, QuerySet
from django.urls import reverse
from django.utils import timezone

from gameplay.invitations import services as answers
from gameplay.invitations.models import Invitation
from gameplay.invitations.signals import sent_after_commit
from tournaments.coop.errors import ChallengeRefusal
from tournaments.coop.models import Challenge, Member, Team, team_limit
from tournaments.errors import Conflict, Forbidden, Invalid

User = get_user_model()


def _team_type() -> ContentType:
    return ContentType.objects.get_for_model(Team)


def for_team(team: Team) -> QuerySet[Invitation]:
    return Invitation.objects.filter(kind=Invitation.Kind.TEAM, target_type=_team_type(), target_id=team.pk)


def pending_for(team: Team) -> QuerySet[Invitation]:
    return for_team(team).filter(status=Invitation.Status.PENDING)


def waiting_in(challenge: Challenge, user: Any) -> list[Invitation]:
    """``user``'s invitations waiting for an answer to the teams of ``challenge``."""
    if not getattr(user, "is_authenticated", False):
        return []
    teams = Team.objects.filter(challenge=challenge).values_list("pk", flat=True)
    mine = Invitation.objects.filter(
        invitee=user, status=Invitation.Status.PENDING, target_type=_team_type(), target_id__in=list(teams)
    )
    return list(mine.select_related("inviter"))


def about(team: Team) -> str:
    return f"the team {team.name} in {team.challenge.name}"


def user_named(name: str) -> Any:
    """A player by user name, else by display name; an unknown name is refused (400)."""
    name = " ".join(name.split())
    players = User.objects.filter(is_guest=False, is_active=True).order_by("pk")
    user = players.filter(username__iexact=name).first() or players.filter(display_name__iexact=name).first()
    if not name or user is None:
        raise Invalid(ChallengeRefusal.BAD_MEMBERS, f"No player is called {name or '(nothing)'}.")
    return user


def team_has_played(team: Team) -> bool:
    return team.attempts.exists()


def check_invitees(team: Team, by: Any, users: Sequence[Any]) -> None:
    """Refuse (nothing written) inviting oneself, a player twice, a player already in a team of
    the challenge or already invited to this one, or more players than the team has room for."""
    if any(user.pk == by.pk for user in users):
        raise Invalid(ChallengeRefusal.INVITED_SELF, "You cannot invite yourself: you are in the team already.")
    if len({user.pk for user in users}) != len(users):
        raise Invalid(ChallengeRefusal.BAD_MEMBERS, "A player is named twice.")
    taken = Member.objects.filter(challenge=team.challenge, user__in=users).select_related("user", "team")
    if taken:
        who = ", ".join(f"{m.user.public_name} ({m.team.name})" for m in taken)
        raise Conflict(ChallengeRefusal.ALREADY_IN_A_TEAM, f"Already in a team of this challenge: {who}.")
    invited = pending_for(team).filter(invitee__in=users).select_related("invitee") if team.pk else []
    if invited:
        who = ", ".join(i.invitee.public_name for i in invited)
        raise Conflict(ChallengeRefusal.ALREADY_INVITED, f"Already invited to {team.name}: {who}.")
    limit = team_limit(team.challenge)
    held = (team.members.count() + pending_for(team).count()) if team.pk else 1
    if held + len(users) > limit:
        raise Conflict(
            ChallengeRefusal.TEAM_FULL,
            f"A team of {team.challenge.name} has at most {limit} players, counting those invited "
            f"and not yet answered; {team.name} has room for {max(0, limit - held)} more.",
        )


def send(team: Team, by: Any, users: Sequence[Any]) -> list[Invitation]:
    """Write the invitations (checked already) and announce each once the transaction commits."""
    made = [
        Invitation.objects.create(
            kind=Invitation.Kind.TEAM,
            inviter=by,
            invitee=user,
            target_type=_team_type(),
            target_id=team.pk,
            about=about(team),
        )
        for user in users
    ]
    for invitation in made:
        sent_after_commit(invitation)
    return made


def _captains_team(challenge: Challenge, by: Any) -> Team:
    team = Team.objects.select_for_update().filter(challenge=challenge, captain=by).first()
    if team is None:
        raise Forbidden(ChallengeRefusal.NOT_CAPTAIN, "Only a team's captain may do that; you captain no team here.")
    return team


def _not_played(team: Team, what: str) -> None:
    if team_has_played(team):
        raise Conflict(ChallengeRefusal.TEAM_PLAYED, f"{team.name} has started playing, so {what}.")


@transaction.atomic
def invite(challenge: Challenge, by: Any, name: str) -> Invitation:
    """The captain of ``by``'s team invites the player called ``name``."""
    challenge = Challenge.objects.select_for_update().get(pk=challenge.pk)
    team = _captains_team(challenge, by)
    if not challenge.is_open or challenge.ends_at <= timezone.now():
        raise Conflict(ChallengeRefusal.NOT_OPEN, f"{challenge.name} is not open for teams.")
    _not_played(team, "it takes no new players")
    user = user_named(name)
    check_invitees(team, by, [user])
    try:
        with transaction.atomic():
            return send(team, by, [user])[0]
    except IntegrityError as exc:  # the same invitation at the same moment
        raise Conflict(ChallengeRefusal.ALREADY_INVITED, f"{user.public_name} is invited already.") from exc


def join(invitation: Invitation, by: Any) -> None:
    """Accepting: ``by`` becomes the team's last member, if the team may still take them."""
    team = Team.objects.select_for_update().select_related("challenge").filter(pk=invitation.target_id).first()
    if team is None:
        raise Conflict(ChallengeRefusal.NOT_OPEN, "That team was withdrawn. Nothing was changed.")
    challenge = team.challenge
    if not challenge.is_open or challenge.ends_at <= timezone.now():
        raise Conflict(ChallengeRefusal.NOT_OPEN, f"{challenge.name} is not open for teams.")
    _not_played(team, "it takes no new players")
    mine = Member.objects.filter(challenge=challenge, user=by).select_related("team").first()
    if mine is not None:
        raise Conflict(
            ChallengeRefusal.ALREADY_IN_A_TEAM,
            f"You are in {mine.team.name} already; leave it first to join {team.name}.",
        )
    if team.members.count() >= team_limit(challenge):  # the organiser lowered the guardian count since
        raise Conflict(ChallengeRefusal.TEAM_FULL, f"{team.name} is full: {challenge.name} has fewer guardians now.")
    last = team.members.aggregate(last=Max("place"))["last"]
    Member.objects.create(team=team, challenge=challenge, user=by, place=0 if last is None else last + 1)


@transaction.atomic
def leave(challenge: Challenge, by: Any) -> Team:
    """A member (not the captain) leaves their team before its first attempt."""
    member = Member.objects.select_for_update().filter(challenge=challenge, user=by).select_related("team").first()
    if member is None:
        raise Conflict(ChallengeRefusal.NOT_A_MEMBER, "You are in no team of this challenge.")
    team = member.team
    if team.captain_id == by.pk:
        raise Conflict(
            ChallengeRefusal.CAPTAIN_CANNOT_LEAVE,
            f"You are the captain of {team.name}: withdraw the team instead of leaving it.",
        )
    _not_played(team, "its players are fixed")
    member.delete()
    return team


@transaction.atomic
def withdraw_team(challenge: Challenge, by: Any) -> str:
    """The captain withdraws the team before its first attempt: its invitations still waiting are
    withdrawn, and every member is free to join another team. Returns the team's name."""
    team = _captains_team(challenge, by)
    _not_played(team, "it cannot be withdrawn")
    for invitation in pending_for(team).select_for_update():
        answers.move(invitation, Invitation.Status.WITHDRAWN)
    name = team.name
    team.delete()
    return name


def challenge_of(invitation: Invitation) -> Challenge | None:
    """The challenge a team invitation is about (None once the team is withdrawn)."""
    team = Team.objects.filter(pk=invitation.target_id).select_related("challenge").first()
    return None if team is None or invitation.kind != Invitation.Kind.TEAM else team.challenge


def challenge_page(invitation: Invitation) -> str | None:
    challenge = challenge_of(invitation)
    if challenge is None:
        return None
    if challenge.daily:
        return reverse("coop:daily")
    return reverse("coop:challenge", args=[challenge.pk])


TEAM = answers.Kind(accepted=join, where=challenge_page)
