"""A move's rows in as few statements as the database allows: the hot path of a live match.

A move reads the match (locked) with its current game and its players and writes three rows: the action, the
game's new state, and the match's clocks and version. Through the ORM every one of those
statements is compiled again on every move, which took about a third of a web process's CPU per
move under the match benchmark (``docs/matches.md``). Here each statement's SQL is built once
per process from the models' own fields, and on PostgreSQL the three writes travel as one
statement (a ``WITH`` of data-modifying statements), so a move costs BEGIN, one
``SELECT ... FOR UPDATE``, one write and COMMIT. Other databases (the embedded SQLite) run the
same three writes one after the other.

Values still pass through each field's own conversions (``from_db_value`` and the backend's
converters on the way in, ``pre_save`` and ``get_db_prep_save`` on the way out), and the column
lists come from ``_meta``: a field added to these models is read and written here unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from django.db import connection
from django.db.models import Field, ForeignKey, Model

from accounts.models import User
from gameplay.matches.models import Game, GameAction, PlayMatch


def _quote(name: str) -> str:
    return connection.ops.quote_name(name)


def _fields(model: type[Model]) -> list[Field[Any, Any]]:
    return list(model._meta.concrete_fields)


@cache
def _readers(model: type[Model]) -> tuple[list[str], list[tuple[Any, list[Callable[..., Any]]]]]:
    """The concrete fields' attribute names, and each column with the converters the ORM applies
    to it (JSON decoding, ...)."""
    readers = []
    for field in _fields(model):
        column = field.get_col(model._meta.db_table)
        own = field.get_db_converters(connection)  # type: ignore[attr-defined]
        readers.append((column, [*connection.ops.get_db_converters(column), *own]))
    return [field.attname for field in _fields(model)], readers


def _instance(model: type[Model], values: Sequence[Any]) -> Any:
    """A model instance from one row's values, converted as a queryset would."""
    names, readers = _readers(model)
    converted = []
    for (column, converters), value in zip(readers, values, strict=True):
        for converter in converters:
            value = converter(value, column, connection)
        converted.append(value)
    return model.from_db(connection.alias, names, converted)


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
    game_columns = ", ".join(f"g.{_quote(f.column)}" for f in _fields(Game))
    match_columns = ", ".join(f"m.{_quote(f.column)}" for f in _fields(PlayMatch))
    user_table = _quote(User._meta.db_table)
    user_key = _quote(User._meta.pk.column)
    joins, user_columns = "", ""
    for n, name in enumerate(PLAYERS):
        alias = f"u{n + 1}"
        user_columns += "".join(f", {alias}.{_quote(f.column)}" for f in _fields(User))
        column = _quote(_player_field(name).column)
        joins += f" LEFT JOIN {user_table} {alias} ON {alias}.{user_key} = m.{column}"
    lock = " FOR UPDATE OF m" if connection.features.has_select_for_update_of else ""
    return (
        f"SELECT {game_columns}, {match_columns}{user_columns} FROM {_quote(Game._meta.db_table)} g "
        f"INNER JOIN {_quote(PlayMatch._meta.db_table)} m ON m.{_quote(PlayMatch._meta.pk.column)} = g."
        f"{_quote(Game._meta.get_field('match').column)}{joins} "
        f"WHERE g.{_quote(Game._meta.get_field('match').column)} = %s "
        f"ORDER BY g.{_quote(Game._meta.get_field('number').column)} DESC LIMIT 1{lock}"
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
    game_end = len(_fields(Game))
    match_end = game_end + len(_fields(PlayMatch))
    game: Game = _instance(Game, row[:game_end])
    match: PlayMatch = _instance(PlayMatch, row[game_end:match_end])
    Game._meta.get_field("match").set_cached_value(game, match)
    width, key = len(_fields(User)), _fields(User).index(User._meta.pk)
    for n, name in enumerate(PLAYERS):
        values = row[match_end + n * width : match_end + (n + 1) * width]
        player = None if values[key] is None else _instance(User, values)  # no player: a bot's seat
        _player_field(name).set_cached_value(match, player)
    return match, game


@cache
def _insert_sql(model: type[Model]) -> tuple[str, list[Field[Any, Any]]]:
    meta = model._meta
    fields = [f for f in _fields(model) if f is not meta.auto_field]
    columns = ", ".join(_quote(f.column) for f in fields)
    marks = ", ".join(["%s"] * len(fields))
    return f"INSERT INTO {_quote(meta.db_table)} ({columns}) VALUES ({marks})", fields


def _insert(row: Model) -> tuple[str, list[Any]]:
    sql, fields = _insert_sql(type(row))
    return sql, [f.get_db_prep_save(f.pre_save(row, True), connection) for f in fields]


@cache
def _update_sql(model: type[Model], names: tuple[str, ...] | None) -> tuple[str, list[Field[Any, Any]]]:
    meta = model._meta
    fields = [f for f in _fields(model) if not f.primary_key and (names is None or f.name in names)]
    if names is not None and len(fields) != len(names):
        raise ValueError(f"{model.__name__} has no field among {sorted(set(names) - {f.name for f in fields})}")
    assignments = ", ".join(f"{_quote(f.column)} = %s" for f in fields)
    return f"UPDATE {_quote(meta.db_table)} SET {assignments} WHERE {_quote(meta.pk.column)} = %s", fields


def _update(row: Model, names: Sequence[str] | None = None) -> tuple[str, list[Any]]:
    """UPDATE of ``names`` (every concrete field but the key when None), as ``save()`` would write."""
    sql, fields = _update_sql(type(row), None if names is None else tuple(names))
    return sql, [*(f.get_db_prep_save(f.pre_save(row, False), connection) for f in fields), row.pk]


def save_move(match: PlayMatch, game: Game, game_fields: Sequence[str], action: GameAction) -> None:
    """Insert ``action`` and write ``game_fields`` of ``game`` and every field of ``match``: one
    statement on PostgreSQL, three elsewhere. Call inside the transaction that locked the match."""
    statements = [_insert(action), _update(game, game_fields), _update(match)]
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            (insert, insert_params), (game_sql, game_params), (match_sql, match_params) = statements
            cursor.execute(
                f"WITH new_action AS ({insert}), saved_game AS ({game_sql}) {match_sql}",
                [*insert_params, *game_params, *match_params],
            )
        else:
            for sql, params in statements:
                cursor.execute(sql, params)
    for row in (action, game, match):
        row._state.adding = False
