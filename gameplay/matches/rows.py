"""A move's rows in as few statements as the database allows: the hot path of a live match.

A move reads the match (locked) with its current game and its players and writes three rows: the action, the
game's new state, and the match's clocks and version. Through the ORM every one of those
statements is compiled again on every move, which took about a third of a web process's CPU per
move under the match benchmark (``docs/matches.md``). Here each statement's SQL is built once
per process from the models' own fields, and on PostgreSQL the three writes travel as one
statement (a ``WITH`` of data-modifying statements), so a move costs BEGIN, one
``SELECT ... FOR UPDATE``, one write and COMMIT. Other databases (the embedded SQLite) run the
same three writes one after the other.

The statements are built by ``common.rows`` (each field's own conversions, the column lists from
``_meta``: a field added to these models is read and written here unchanged).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from django.db import connection
from django.db.models import ForeignKey

from accounts.models import User
from common.rows import columns, fields, insert, instance, quote, update, write
from gameplay.matches.models import Game, GameAction, PlayMatch

PLAYERS = ("player1", "player2")  # the match's user fields the locked read brings along


def _player_field(name: str) -> ForeignKey[Any, Any]:
    field = PlayMatch._meta.get_field(name)
    assert isinstance(field, ForeignKey)
    return field


@cache
def _lock_sql(vendor: str) -> str:
    """The locked read's SQL, built once per database vendor (the lock clause depends on it): the
    current game, the match, and both players' user rows (a move's log words name them), so a
    move reads no more rows while it holds the match's lock. Only the match's row is locked."""
    game_columns, match_columns = columns(Game, "g"), columns(PlayMatch, "m")
    user_table = quote(User._meta.db_table)
    user_key = quote(User._meta.pk.column)
    joins, user_columns = "", ""
    for n, name in enumerate(PLAYERS):
        alias = f"u{n + 1}"
        user_columns += f", {columns(User, alias)}"
        column = quote(_player_field(name).column)
        joins += f" LEFT JOIN {user_table} {alias} ON {alias}.{user_key} = m.{column}"
    lock = " FOR UPDATE OF m" if connection.features.has_select_for_update_of else ""
    return (
        f"SELECT {game_columns}, {match_columns}{user_columns} FROM {quote(Game._meta.db_table)} g "
        f"INNER JOIN {quote(PlayMatch._meta.db_table)} m ON m.{quote(PlayMatch._meta.pk.column)} = g."
        f"{quote(Game._meta.get_field('match').column)}{joins} "
        f"WHERE g.{quote(Game._meta.get_field('match').column)} = %s "
        f"ORDER BY g.{quote(Game._meta.get_field('number').column)} DESC LIMIT 1{lock}"
    )


def locked_match_and_game(match_id: int) -> tuple[PlayMatch, Game] | None:
    """The match row locked (until the transaction ends) with its current game and its players,
    in one query; None if there is no such match or it has no game yet. Call inside
    ``transaction.atomic``."""
    with connection.cursor() as cursor:
        cursor.execute(_lock_sql(connection.vendor), [match_id])
        row = cursor.fetchone()
    if row is None:
        return None
    game_end = len(fields(Game))
    match_end = game_end + len(fields(PlayMatch))
    game: Game = instance(Game, row[:game_end])
    match: PlayMatch = instance(PlayMatch, row[game_end:match_end])
    Game._meta.get_field("match").set_cached_value(game, match)
    width, key = len(fields(User)), fields(User).index(User._meta.pk)
    for n, name in enumerate(PLAYERS):
        values = row[match_end + n * width : match_end + (n + 1) * width]
        player = None if values[key] is None else instance(User, values)  # no player: a bot's seat
        _player_field(name).set_cached_value(match, player)
    return match, game


def save_move(match: PlayMatch, game: Game, game_fields: Sequence[str], action: GameAction) -> None:
    """Insert ``action`` and write ``game_fields`` of ``game`` and every field of ``match``: one
    statement on PostgreSQL, three elsewhere. Call inside the transaction that locked the match."""
    write(insert(action), update(game, game_fields), update(match))
    for row in (action, game, match):
        row._state.adding = False
