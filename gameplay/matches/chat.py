"""Preset messages between the two players of a match ("Good luck", "Good game", …): no free text.

A player's page sends ``{"type": "say", "message": "good-luck"}`` on its play socket; the
opponent's page (never the watchers') gets ``{"type": "say", "from": "p1", "message":
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
    """Send a preset to the opponent; returns why not (empty when sent)."""
    if not isinstance(message, str) or message not in PRESETS:
        return f"Send one of the preset messages: {', '.join(PRESETS.values())}."
    match = PlayMatch.objects.filter(pk=match_id).only("bot").first()
    if match is None:
        return "This match is gone."
    if match.bot:
        return "The bot does not read messages."
    limiter = key("play", str(match_id), "said", f"p{seat + 1}")
    if not state_redis().set(limiter, "1", nx=True, ex=EVERY_SECONDS):
        return f"One message every {EVERY_SECONDS} seconds: wait a moment before the next."
    sent = {"type": "say", "from": f"p{seat + 1}", "message": message, "text": PRESETS[message]}
    push_json([(group_name(match_id, 1 - seat), sent)])
    return ""
