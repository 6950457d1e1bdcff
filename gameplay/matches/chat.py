"""Preset messages between the players of a match or a table ("Good luck", "Good game", …): no free text.

A player's page sends ``{"type": "say", "message": "good-luck"}`` on its play socket; the
opponent's page (at a table, every other person's; never the watchers') gets ``{"type": "say", "from": "p1", "message":
"good-luck", "text": "Good luck"}``. One message per player every ``EVERY_SECONDS``; beyond
that the sender gets ``{"type": "say-refused", "detail": …}`` and nothing is sent. Bots send none
and read none.
"""

from __future__ import annotations

from common.push import push_json
from common.redis import key, state_redis
from gameplay.matches.models import PlayMatch
from gameplay.matches.push import group_name

PRESETS: dict[str, str] = {
    "good-luck": "Good luck",
    "good-game": "Good game",
    "thinking": "Thinking…",
    "well-played": "Well played",
}
EVERY_SECONDS = 3


def say(match_id: int, seat: int, message: object) -> str:
    """Send a preset to the opponent (at a table, to everyone else seated); returns why not (empty when sent)."""
    if not isinstance(message, str) or message not in PRESETS:
        return f"Send one of the preset messages: {', '.join(PRESETS.values())}."
    match = PlayMatch.objects.filter(pk=match_id).only("bot", "seated", "player1", "player2").first()
    if match is None:
        return "This match is gone."
    people = {match.home_seat(s) for s in range(match.seat_count) if not match.bot_of(s)} - {seat}
    if not people:
        return "The bot does not read messages." if match.bot else "Only bots sit with you: nobody reads messages."
    limiter = key("play", str(match_id), "said", f"p{seat + 1}")
    if not state_redis().set(limiter, "1", nx=True, ex=EVERY_SECONDS):
        return f"One message every {EVERY_SECONDS} seconds: wait a moment before the next."
    sent = {"type": "say", "from": f"p{seat + 1}", "message": message, "text": PRESETS[message]}
    push_json([(group_name(match_id, other), sent) for other in sorted(people)])
    return ""
