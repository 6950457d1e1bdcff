"""The draft benchmark's players skip the pod's progress pushes without decoding them: they must
recognise them as the server writes them (``common.push.json_text`` inside the socket's wrapper).
When the server's pushes became compact (session 19), the players no longer recognised any, decoded
every one, and the extra client CPU on the same machine showed as a slower server."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from common.push import json_text

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def bench() -> object:
    spec = importlib.util.spec_from_file_location("bench_drafts", ROOT / "benchmarks" / "bench_drafts.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_drafts"] = module  # dataclasses look their module up while it loads
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        sys.modules.pop("bench_drafts", None)


def on_the_wire(payload: dict[str, object]) -> str:
    """As ``LiveConsumer.site_text`` sends a push of topic pod:7."""
    return '{"topic": "pod:7", "data": ' + json_text(payload) + "}"


def test_progress_is_skipped_and_the_end_is_not(bench: object) -> None:
    is_progress = bench.is_progress  # type: ignore[attr-defined]
    pod = {"kind": "pod", "version": 3, "pod": {"status": "drafting", "round": 1, "seats": {1: "Ann"}}}
    assert is_progress(on_the_wire(pod))
    for status in ("building", "done"):
        assert not is_progress(on_the_wire({**pod, "pod": {**pod["pod"], "status": status}}))  # type: ignore[dict-item]
    assert not is_progress(on_the_wire({"kind": "seat", "version": 3, "state": {"pack": ["a"]}}))


def test_spaced_json_is_read_as_well(bench: object) -> None:
    spaced = '{"topic": "pod:7", "data": {"kind": "pod", "version": 3, "pod": {"status": "drafting"}}}'
    assert bench.is_progress(spaced)  # type: ignore[attr-defined]
    assert not bench.is_progress(spaced.replace("drafting", "done"))  # type: ignore[attr-defined]
