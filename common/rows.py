"""Rows read and written by SQL built once per process from the models' own fields: for the hot
paths (a match move, a draft pick), where the ORM compiling the same few statements again on
every call was a large share of their CPU.

Values still pass through each field's own conversions (``from_db_value`` and the backend's
converters on the way in, ``pre_save`` and ``get_db_prep_save`` on the way out), and the column
lists come from ``_meta``: a field added to a model is read and written here unchanged. Writes
send no ``pre_save``/``post_save`` signals (no model read this way has receivers).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, TypeVar

from django.db import connection
from django.db.models import Field, Model

M = TypeVar("M", bound=Model)


def quote(name: str) -> str:
    return connection.ops.quote_name(name)


def fields(model: type[Model]) -> list[Field[Any, Any]]:
    return list(model._meta.concrete_fields)


@cache
def _read_fields(model: type[Model], skip: tuple[str, ...]) -> list[Field[Any, Any]]:
    return [f for f in fields(model) if f.name not in skip]


@cache
def _readers(
    model: type[Model], skip: tuple[str, ...] = ()
) -> tuple[list[str], list[tuple[Any, list[Callable[..., Any]]]]]:
    """The attribute names of the concrete fields read (all but ``skip``), and each column with the
    converters the ORM applies to it (JSON decoding, ...)."""
    readers = []
    for field in _read_fields(model, skip):
        column = field.get_col(model._meta.db_table)
        own = field.get_db_converters(connection)  # type: ignore[attr-defined]
        readers.append((column, [*connection.ops.get_db_converters(column), *own]))
    return [field.attname for field in _read_fields(model, skip)], readers


def columns(model: type[Model], alias: str = "", skip: tuple[str, ...] = ()) -> str:
    """The select list of ``model``'s concrete fields but ``skip``, in the order ``instance`` reads
    them (each prefixed with ``alias.`` when given)."""
    prefix = f"{alias}." if alias else ""
    return ", ".join(f"{prefix}{quote(f.column)}" for f in _read_fields(model, skip))


def instance(model: type[M], values: Sequence[Any], skip: tuple[str, ...] = ()) -> M:
    """A model instance from one row's values (of ``columns(model, skip=skip)``), converted as a
    queryset would; the fields in ``skip`` are deferred (read from the database when first used)."""
    names, readers = _readers(model, skip)
    converted = []
    for (column, converters), value in zip(readers, values, strict=True):
        for converter in converters:
            value = converter(value, column, connection)
        converted.append(value)
    return model.from_db(connection.alias, names, converted)


@cache
def _insert_sql(model: type[Model]) -> tuple[str, list[Field[Any, Any]]]:
    meta = model._meta
    written = [f for f in fields(model) if f is not meta.auto_field]
    names = ", ".join(quote(f.column) for f in written)
    marks = ", ".join(["%s"] * len(written))
    return f"INSERT INTO {quote(meta.db_table)} ({names}) VALUES ({marks})", written


def insert(row: Model) -> tuple[str, list[Any]]:
    """INSERT of every field but the automatic key (the row's key is not read back)."""
    sql, written = _insert_sql(type(row))
    return sql, [f.get_db_prep_save(f.pre_save(row, True), connection) for f in written]


@cache
def _update_sql(model: type[Model], names: tuple[str, ...] | None) -> tuple[str, list[Field[Any, Any]]]:
    meta = model._meta
    written = [f for f in fields(model) if not f.primary_key and (names is None or f.name in names)]
    if names is not None and len(written) != len(names):
        raise ValueError(f"{model.__name__} has no field among {sorted(set(names) - {f.name for f in written})}")
    assignments = ", ".join(f"{quote(f.column)} = %s" for f in written)
    return f"UPDATE {quote(meta.db_table)} SET {assignments} WHERE {quote(meta.pk.column)} = %s", written


def update(row: Model, names: Sequence[str] | None = None) -> tuple[str, list[Any]]:
    """UPDATE of ``names`` (every concrete field but the key when None), as ``save()`` would write."""
    sql, written = _update_sql(type(row), None if names is None else tuple(names))
    return sql, [*(f.get_db_prep_save(f.pre_save(row, False), connection) for f in written), row.pk]


def write(*statements: tuple[str, list[Any]]) -> None:
    """Execute the ``(sql, params)`` writes (``insert``, ``update``) of different rows: on
    PostgreSQL as one statement (the first ones as data-modifying ``WITH`` parts of the last), one
    round trip; elsewhere one after the other. Nothing is read back."""
    if not statements:
        return
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql" and len(statements) > 1:
            head = ", ".join(f"w{n} AS ({sql})" for n, (sql, _params) in enumerate(statements[:-1]))
            cursor.execute(f"WITH {head} {statements[-1][0]}", [p for _sql, params in statements for p in params])
        else:
            for sql, params in statements:
                cursor.execute(sql, params)
