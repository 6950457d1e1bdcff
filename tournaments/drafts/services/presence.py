"""Who has their draft open: a player's seat is *at the draft* while one of their pages follows the
pod on the site socket (the ``pod`` topic, ``tournaments.drafts.consumers``), as a match seat's
presence is kept (``gameplay.matches.push``): a Redis set of the sockets following the seat, marked
when the subscription opens and unmarked when it ends. A player with no such page is *away*; only
they hear that a pick clock runs low (``services.low.warn_pick``)."""

from __future__ import annotations

import logging

from common.redis import key, state_redis

log = logging.getLogger(__name__)

#: A set forgotten a day after its last mark, should a process die without unmarking its sockets.
PRESENCE_TTL = 24 * 3600


def seat_key(seat_id: int) -> str:
    return key("draft", "seat", str(seat_id), "open")


def mark(seat_id: int, channel: str, here: bool) -> None:
    """Remember (or forget) one socket following the seat's own pushes."""
    redis = state_redis()
    if here:
        pipe = redis.pipeline(transaction=False)
        pipe.sadd(seat_key(seat_id), channel)
        pipe.expire(seat_key(seat_id), PRESENCE_TTL)
        pipe.execute()
    else:
        redis.srem(seat_key(seat_id), channel)


def is_away(seat_id: int) -> bool:
    """No page of the seat's player follows the draft. Redis unreachable: presence is unknown and the
    player counts as away (a notice too many beats a pick lost in silence)."""
    try:
        return not state_redis().scard(seat_key(seat_id))
    except Exception:
        log.warning("draft presence unknown for seat %s (Redis unreachable): counted as away", seat_id)
        return True
