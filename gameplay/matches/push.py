"""Pushes to match pages, and who has one open: each seat (and the watchers) listen on their own
group and get their own view.

Every push carries the match version; a client that sees a gap, or reconnects, re-reads its view
over the REST API. Delivery is at most once by design: nothing depends on a push arriving. The
services push from here after commit; the socket consumer (``consumers``) marks presence here.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from accounts.notices.live import user_group
from common.push import push_json
from common.redis import key, state_redis


def group_name(match_id: int, seat: int | None) -> str:
    return f"play-{match_id}-{'public' if seat is None else f'p{seat + 1}'}"


PRESENCE_TTL = 24 * 3600


def presence_key(match_id: int, seat: int) -> str:
    return key("play", str(match_id), "connected", f"p{seat + 1}")


def mark_presence(match_id: int, seat: int, channel: str, connected: bool, seats: int = 2) -> dict[str, bool]:
    """Remember which seats have a page open, and tell everyone when that changes. Returns which
    seats have one now (``{"p1": True, ...}``)."""
    redis = state_redis()
    if connected:
        redis.sadd(presence_key(match_id, seat), channel)
        redis.expire(presence_key(match_id, seat), PRESENCE_TTL)
    else:
        redis.srem(presence_key(match_id, seat), channel)
    present = connected_seats(match_id, seats)
    message = {"type": "presence", "connected": present}
    push_json([(group_name(match_id, seat), message) for seat in (*range(seats), None)])
    return present


def first_wait(match_id: int, user_id: int) -> bool:
    """True the first time ``user_id`` is found waiting at the match for someone away (then False
    for a day): their reloads queue no more notices of it (``turn_notices.waiting_for_you``)."""
    return bool(state_redis().set(key("play", str(match_id), "waited", str(user_id)), 1, nx=True, ex=PRESENCE_TTL))


def watchers_key(match_id: int) -> str:
    return key("play", str(match_id), "watchers")


def mark_watching(match_id: int, channel: str, watching: bool) -> None:
    """Count spectators' sockets, so a move computes the public view only when someone watches."""
    redis = state_redis()
    if watching:
        redis.sadd(watchers_key(match_id), channel)
        redis.expire(watchers_key(match_id), PRESENCE_TTL)
    else:
        redis.srem(watchers_key(match_id), channel)


def connected_seats(match_id: int, seats: int = 2) -> dict[str, bool]:
    try:
        return listeners(match_id, seats)[0]
    except Exception:  # Redis down: presence is unknown, not fatal
        return {f"p{seat + 1}": False for seat in range(seats)}


def listeners(match_id: int, seats: int = 2, sockets_of: int | None = None) -> tuple[dict[str, bool], bool, set[str]]:
    """Which of the ``seats`` have a page open and whether anyone watches, in one round trip; and
    the sockets (channel names) open on seat ``sockets_of``'s pages (none asked: empty)."""
    pipe = state_redis().pipeline(transaction=False)
    for seat in range(seats):
        pipe.scard(presence_key(match_id, seat))
    pipe.scard(watchers_key(match_id))
    if sockets_of is not None:
        pipe.smembers(presence_key(match_id, sockets_of))
    found = pipe.execute()
    sockets = {s.decode() if isinstance(s, bytes) else str(s) for s in found.pop()} if sockets_of is not None else set()
    *open_pages, watchers = found
    return {f"p{seat + 1}": bool(n) for seat, n in enumerate(open_pages)}, bool(watchers), sockets


_answering: ContextVar[str | None] = ContextVar("answering", default=None)


@contextmanager
def answering(channel: str) -> Iterator[None]:
    """Inside, a move is answered on the socket ``channel`` with the mover's view (a move sent on
    the play socket): if that is the only socket open on the mover's seat, the view is not also
    pushed to it (``answered_on``)."""
    token = _answering.set(channel)
    try:
        yield
    finally:
        _answering.reset(token)


def answered_on() -> str | None:
    """The socket the move in hand is answered on (``answering``), or None (a POST, a timer)."""
    return _answering.get()


def view_message(view: dict[str, Any], at: float) -> dict[str, Any]:
    """A view as a socket receives it: its version, the view, and when the server sent it."""
    return {"type": "view", "version": view["version"], "view": view, "at": at}


#: What a person's pages hear on their ``me`` topic when a match or table of theirs changes for
#: them (their turn came or went, it started, ended or was paused): only that, nothing of the game.
PLAY_CHANGED: dict[str, Any] = {"kind": "play"}


def push_views(match_id: int, views: dict[int | None, dict[str, Any]], told: Sequence[int] = ()) -> None:
    """Send each seat its own view, and spectators the public one, and each of the users ``told``
    ``PLAY_CHANGED`` on their own group (their home page reads its panel again): one publish,
    one Redis round trip for all (called after commit)."""
    sent = time.time()
    push_json([*((group_name(match_id, seat), view_message(view, sent)) for seat, view in views.items()),
               *((user_group(user_id), PLAY_CHANGED) for user_id in told)])  # fmt: skip


def push_rematch(match_id: int, message: dict[str, Any]) -> None:
    """A rematch offered or started: both seats' pages hear it, watchers do not."""
    push_json([(group_name(match_id, seat), message) for seat in (0, 1)])
