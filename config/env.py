"""Typed readers for environment variables.

Every setting the site takes from the environment goes through one of these
helpers, so a wrong value stops start-up with a message that names the variable.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence

from django.core.exceptions import ImproperlyConfigured

from common.rates import parse_rate

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def _raw(name: str, environ: Mapping[str, str] | None) -> str | None:
    value = (os.environ if environ is None else environ).get(name)
    if value is None or value.strip() == "":
        return None
    return value.strip()


def env_str(name: str, default: str | None = None, *, environ: Mapping[str, str] | None = None) -> str | None:
    """The variable as text, or ``default`` when unset or blank."""
    value = _raw(name, environ)
    return default if value is None else value


def env_required(name: str, *, why: str, environ: Mapping[str, str] | None = None) -> str:
    """The variable as text; refuses to start when it is missing."""
    value = _raw(name, environ)
    if value is None:
        raise ImproperlyConfigured(f"{name} must be set: {why}")
    return value


def env_bool(name: str, default: bool, *, environ: Mapping[str, str] | None = None) -> bool:
    value = _raw(name, environ)
    if value is None:
        return default
    lowered = value.lower()
    if lowered in _TRUE:
        return True
    if lowered in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be true or false (1/0, yes/no, on/off), got {value!r}")


def env_int(
    name: str,
    default: int,
    *,
    minimum: int | None = None,
    maximum: int | None = None,
    environ: Mapping[str, str] | None = None,
) -> int:
    value = _raw(name, environ)
    if value is None:
        return default
    try:
        number = int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, got {value!r}") from None
    if minimum is not None and number < minimum:
        raise ImproperlyConfigured(f"{name} must be at least {minimum}, got {number}")
    if maximum is not None and number > maximum:
        raise ImproperlyConfigured(f"{name} must be at most {maximum}, got {number}")
    return number


def env_list(name: str, default: Sequence[str], *, environ: Mapping[str, str] | None = None) -> list[str]:
    """A comma-separated list; blank items are dropped."""
    value = _raw(name, environ)
    if value is None:
        return list(default)
    return [item.strip() for item in value.split(",") if item.strip()]


def env_choice(name: str, default: str, choices: Sequence[str], *, environ: Mapping[str, str] | None = None) -> str:
    value = _raw(name, environ)
    if value is None:
        return default
    if value not in choices:
        raise ImproperlyConfigured(f"{name} must be one of {', '.join(choices)}; got {value!r}")
    return value


#: Spellings of a rate's period (``10/minute``, ``10/min``, ``10/m``) and their length in seconds.


def env_rate(name: str, default: str, *, environ: Mapping[str, str] | None = None) -> str:
    """A rate such as ``10/minute`` (see ``parse_rate``); refuses to start on anything else."""
    value = _raw(name, environ) or default
    try:
        parse_rate(value)
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name}: {exc}") from None
    return value
