"""Request rates written as text (``"10/minute"``), read by the settings and the abuse limiter."""

from __future__ import annotations

_PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def parse_rate(text: str) -> tuple[int, int]:
    """``"10/minute"`` as (10 requests, 60 seconds); the period may be second, minute, hour or day,
    spelled out or by its first letter, optionally after a count of them (``"5/10m"``: 5 per 10 minutes)."""
    count, _, period = text.strip().partition("/")
    digits = "".join(c for c in period if c.isdigit())
    unit = period[len(digits) :].strip().lower()
    if not count.strip().isdigit() or int(count) < 1 or not unit or unit[0] not in _PERIODS:
        raise ValueError(f"a rate is a count of requests per period, like 10/minute or 5/hour; got {text!r}")
    words = {"s": "second", "m": "minute", "h": "hour", "d": "day"}
    if unit not in (unit[0], words[unit[0]], words[unit[0]] + "s", "min", "mins", "sec", "secs", "hr", "hrs"):
        raise ValueError(f"a rate's period is second, minute, hour or day; got {text!r}")
    multiple = int(digits) if digits else 1
    if multiple < 1:
        raise ValueError(f"a rate's period must be at least one second; got {text!r}")
    return int(count), multiple * _PERIODS[unit[0]]
