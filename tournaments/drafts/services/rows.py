"""A pick's reads and writes by SQL built once per process (``common.rows``): the hot path of a
draft. Through the ORM the pod's locked read, its seats' read and each seat's save were compiled
again on every pick, the largest share of a pick's CPU after the draft's own rules (issue 31:
`benchmarks/bench_pick_cpu.py`). The rows come out as the ORM would give them (same conversions,
the pod's opened packs deferred), and the clocks' and the pod's writes of one pick travel as one
statement on PostgreSQL (``common.rows.write``).
"""

from __future__ import annotations

from functools import cache

from django.db import connection

from common.rows import columns, instance, quote
from tournaments.drafts.models import Pod, Seat

#: The pod's columns a pick does not read: the opened packs (large, and fixed once the pod starts).
POD_DEFERRED = ("packs",)


@cache
def _locked_pod_sql(vendor: str) -> str:
    """The pod's locked read, built once per database vendor (the lock clause depends on it)."""
    lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
    table, key = quote(Pod._meta.db_table), quote(Pod._meta.pk.column)
    return f"SELECT {columns(Pod, skip=POD_DEFERRED)} FROM {table} WHERE {key} = %s{lock}"


def locked_pod(pk: int) -> Pod:
    """The pod's row locked until the transaction ends, its opened packs deferred (read when first
    used); ``Pod.DoesNotExist`` if there is none. Call inside ``transaction.atomic``."""
    with connection.cursor() as cursor:
        cursor.execute(_locked_pod_sql(connection.vendor), [pk])
        row = cursor.fetchone()
    if row is None:
        raise Pod.DoesNotExist(f"No pod {pk}.")
    return instance(Pod, row, skip=POD_DEFERRED)


@cache
def _seats_sql(vendor: str) -> str:
    pod = quote(Seat._meta.get_field("pod").column)
    index = quote(Seat._meta.get_field("index").column)
    return f"SELECT {columns(Seat)} FROM {quote(Seat._meta.db_table)} WHERE {pod} = %s ORDER BY {index}"


def seats(pod_id: int) -> list[Seat]:
    """The pod's seats in order of their index (their own rows, nothing joined)."""
    with connection.cursor() as cursor:
        cursor.execute(_seats_sql(connection.vendor), [pod_id])
        found = cursor.fetchall()
    return [instance(Seat, row) for row in found]
