"""Refusals of the ratings pages and API: the common refusal classes with the ratings' own reasons."""

from __future__ import annotations

from enum import StrEnum


class RatingRefusal(StrEnum):
    """Why a ratings page or the ratings API refused a request."""

    BAD_PAGE = "bad-page"
    NO_SUCH_PAGE = "no-such-page"
