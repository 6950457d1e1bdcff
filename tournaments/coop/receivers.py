"""A finished Runemasters table that is a challenge attempt records its score; challenge tables
are overseen by their organiser, and their full logs are public once the challenge is finished;
accepting an invitation to a team makes the player a member."""

from __future__ import annotations

from typing import Any

from gameplay.invitations import services as answers
from gameplay.invitations.models import Invitation
from gameplay.matches import oversight
from gameplay.matches.models import PlayMatch
from gameplay.matches.oversight import Oversight
from gameplay.matches.services import match_finished
from tournaments.coop import invitations, services
from tournaments.coop.models import Challenge


class ChallengeOversight:
    """The organiser referees a challenge's tables; every seat is seen once the challenge is over."""

    def oversight(self, match: PlayMatch) -> Oversight | None:
        challenge = Challenge.objects.filter(teams__attempts__match=match.pk).only("organiser_id", "status").first()
        if challenge is None:
            return None
        referees = frozenset() if challenge.organiser_id is None else frozenset({challenge.organiser_id})
        return Oversight(referees, challenge.is_finished)

    def refereed_by(self, user_id: int) -> Any:
        return PlayMatch.objects.filter(coop_attempt__team__challenge__organiser_id=user_id).values("pk")


def on_match_finished(sender: Any, match: PlayMatch, **_: Any) -> None:
    services.record_result(match)


def connect() -> None:
    oversight.register(ChallengeOversight())
    match_finished.connect(on_match_finished, dispatch_uid="coop-record-attempt")
    answers.register(Invitation.Kind.TEAM, invitations.TEAM)  # accepting a team invitation: a member
