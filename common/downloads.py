"""CSV downloads that a spreadsheet opens as data, never as formulas.

A cell whose text begins with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is read by
Excel, LibreOffice and Google Sheets as a formula (a player named ``=HYPERLINK(...)`` would run
in the organiser's spreadsheet). OWASP's rule is applied to every text cell: such a value is
written with a single quote in front, which spreadsheets show as text. Numbers are written as
they are. Every CSV the site writes goes through ``csv_download`` (a test checks the source).
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from typing import Any

from django.http import HttpResponse

#: The first characters that make a spreadsheet read a cell as a formula (OWASP, CSV injection).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def as_text(value: Any) -> Any:
    """The value, with a quote in front if it is text a spreadsheet would take for a formula."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


class SafeWriter:
    """``csv.writer`` whose every row goes through ``as_text``."""

    def __init__(self, out: Any) -> None:
        self._writer = csv.writer(out)

    def writerow(self, row: Iterable[Any]) -> None:
        self._writer.writerow([as_text(value) for value in row])


def csv_download(filename: str) -> tuple[HttpResponse, SafeWriter]:
    """An attachment response named ``filename`` and the writer that fills it."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response, SafeWriter(response)
