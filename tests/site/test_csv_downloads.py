"""Every CSV the site writes goes through ``common.downloads``, which writes text a spreadsheet
would take for a formula with a quote in front (OWASP's rule for CSV injection). Each download
has its own test in its area: Swiss standings (tests/events), pod standings and a round's pods
(tests/pods), a challenge's leaderboard (tests/coop)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from common.downloads import as_text, csv_download

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_text_beginning_like_a_formula_gets_a_quote(start: str) -> None:
    assert as_text(f"{start}1+1") == f"'{start}1+1"


def test_other_text_and_numbers_are_written_as_they_are() -> None:
    values = ["Eva", "a=b", " =1", "", 3, -2, 0.5, None]
    assert [as_text(v) for v in values] == values


def test_the_download_is_an_attachment_and_reads_back_as_text() -> None:
    response, writer = csv_download("standings-1.csv")
    writer.writerow(["rank", "player"])
    writer.writerow([1, "=1+1"])
    assert response["Content-Disposition"] == 'attachment; filename="standings-1.csv"'
    assert list(csv.reader(io.StringIO(response.content.decode()))) == [["rank", "player"], ["1", "'=1+1"]]


def test_no_code_writes_a_csv_but_the_shared_helper() -> None:
    writers = []
    for package in ("accounts", "common", "config", "gameplay", "tournaments"):
        for path in (ROOT / package).rglob("*.py"):
            text = path.read_text()
            if "csv.writer" in text or "csv.DictWriter" in text or "text/csv" in text:
                writers.append(str(path.relative_to(ROOT)))
    assert writers == ["common/downloads.py"]
