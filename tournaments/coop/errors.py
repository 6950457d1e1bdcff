"""Refusals of the challenges app: the event refusal classes with the challenges' own reasons."""

from __future__ import annotations

from enum import StrEnum


class ChallengeRefusal(StrEnum):
    """Why a challenge, a team or an attempt refused a request."""

    ALREADY_IN_A_TEAM = "already-in-a-team"
    ALREADY_INVITED = "already-invited"
    ATTEMPT_IN_PLAY = "attempt-in-play"
    BAD_GUARDIANS = "bad-guardians"
    BAD_MEMBERS = "bad-members"
    BAD_TEAM_NAME = "bad-team-name"
    BAD_TIMES = "bad-times"
    CAPTAIN_CANNOT_LEAVE = "captain-cannot-leave"
    FORM_PROBLEMS = "form-problems"
    INVITED_SELF = "invited-self"
    NO_ATTEMPTS_LEFT = "no-attempts-left"
    NOT_A_MEMBER = "not-a-member"
    NOT_CAPTAIN = "not-captain"
    NOT_CONFIRMED = "not-confirmed"
    NOT_OPEN = "not-open"
    NOT_ORGANISER = "not-organiser"
    NO_SUCH_CHALLENGE = "no-such-challenge"
    OUTSIDE_WINDOW = "outside-window"
    RULES_LOCKED = "rules-locked"
    TEAM_FULL = "team-full"
    TEAM_NAME_TAKEN = "team-name-taken"
    TEAM_PLAYED = "team-played"
