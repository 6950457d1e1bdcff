"""One refusal type for every service, answered in one place: reasons are enum members, never
bare strings; no API view answers refusals itself; no service raises Http404."""

from __future__ import annotations

import ast
import importlib
from enum import Enum
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings

from accounts.notices import errors as notice_errors
from common import refusals
from gameplay.decks import errors as deck_errors
from gameplay.matches import errors as match_errors
from tournaments import errors as event_errors
from tournaments.coop import errors as coop_errors
from tournaments.drafts import errors as draft_errors
from tournaments.swaps import errors as swap_errors
from tournaments.webhooks import errors as webhook_errors

ROOT = Path(__file__).resolve().parents[2]
APPS = ["accounts", "common", "config", "gameplay", "tournaments"]
REFUSAL_CLASSES = {"Refusal", "Invalid", "Forbidden", "NotFound", "Conflict", "Stale", "PickRefused"}
REASON_ENUMS = {
    "MatchRefusal": match_errors.MatchRefusal,
    "EventRefusal": event_errors.EventRefusal,
    "DraftRefusal": draft_errors.DraftRefusal,
    "DeckRefusal": deck_errors.DeckRefusal,
    "PickRefusal": importlib.import_module("tournaments.limited").PickRefusal,
    "WebhookRefusal": webhook_errors.WebhookRefusal,
    "SwapRefusal": swap_errors.SwapRefusal,
    "ChallengeRefusal": coop_errors.ChallengeRefusal,
    "NoticeRefusal": notice_errors.NoticeRefusal,
    "PageRefusal": importlib.import_module("common.web").PageRefusal,
}


def app_files() -> list[Path]:
    return sorted(p for app in APPS for p in (ROOT / app).rglob("*.py") if "migrations" not in p.parts)


def refusal_calls(tree: ast.AST) -> list[ast.Call]:
    """Calls that build a refusal: ``Invalid(...)``, ``errors.Conflict(...)``, ``(A if x else B)(...)``."""

    def names(func: ast.expr) -> set[str]:
        if isinstance(func, ast.Name):
            return {func.id}
        if isinstance(func, ast.Attribute):
            return {func.attr}
        if isinstance(func, ast.IfExp):
            return names(func.body) | names(func.orelse)
        return set()

    return [n for n in ast.walk(tree) if isinstance(n, ast.Call) and names(n.func) & REFUSAL_CLASSES]


def is_text(node: ast.expr) -> bool:
    """A string where a reason belongs: a literal, an f-string, a concatenation or ``str(...)``."""
    if isinstance(node, ast.Constant | ast.JoinedStr | ast.BinOp):
        return True
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "str"


@pytest.mark.parametrize(
    "kind",
    [
        refusals.Refusal,
        refusals.Invalid,
        refusals.Conflict,
        match_errors.Invalid,
        match_errors.Forbidden,
        event_errors.Conflict,
        event_errors.NotFound,
    ],
)
def test_a_refusal_with_a_bare_string_for_its_reason_is_a_type_error(kind: type[refusals.Refusal]) -> None:
    with pytest.raises(TypeError, match="enum member"):
        kind("not-your-turn", "It is not your turn.")  # type: ignore[arg-type]
    made = kind(match_errors.MatchRefusal.NOT_YOUR_DECISION, "It is not your decision.")
    assert made.reason is match_errors.MatchRefusal.NOT_YOUR_DECISION
    assert str(made) == "It is not your decision."
    assert made.body() == {"detail": "It is not your decision."}


def test_a_stale_refusal_and_a_refused_pick_carry_what_the_client_rereads() -> None:
    stale = match_errors.Stale(match_errors.MatchRefusal.STALE_VERSION, "The game has moved on.", current=7)
    assert (stale.status_code, stale.current, stale.body()) == (
        409,
        7,
        {"detail": "The game has moved on.", "version": 7},
    )
    with pytest.raises(TypeError):
        draft_errors.PickRefused("late", "Too late.", payload={"version": 3})  # type: ignore[arg-type]
    late = draft_errors.PickRefused(
        draft_errors.DraftRefusal.LATE, "Too late.", payload={"version": 3}, status_code=409
    )
    assert late.body() == {"detail": "Too late.", "reason": "late", "version": 3}
    assert isinstance(late, event_errors.EventError) and isinstance(late, refusals.Conflict)


def test_each_apps_refusals_share_the_common_categories() -> None:
    for app in (match_errors, event_errors):
        for name, status in [("Invalid", 400), ("Forbidden", 403), ("Conflict", 409)]:
            kind = getattr(app, name)
            assert issubclass(kind, getattr(refusals, name)) and kind.status_code == status
    assert issubclass(match_errors.Stale, refusals.Stale) and issubclass(match_errors.Stale, match_errors.MatchError)
    assert event_errors.NotFound.status_code == 404


def test_every_refusal_raised_in_the_apps_names_its_reason_with_an_enum_member() -> None:
    found, problems = 0, []
    for path in app_files():
        tree = ast.parse(path.read_text(), filename=str(path))
        for call in refusal_calls(tree):
            if path.relative_to(ROOT).as_posix() == "common/refusals.py":
                continue  # the classes themselves (super().__init__ passes the reason on)
            where = f"{path.relative_to(ROOT)}:{call.lineno}"
            if not call.args or is_text(call.args[0]):
                problems.append(f"{where}: the first argument is not a reason")
                continue
            found += 1
            reason = call.args[0]
            if isinstance(reason, ast.Attribute) and reason.attr == "reason":
                continue  # another refusal's reason, passed on
            if isinstance(reason, ast.Attribute) and isinstance(reason.value, ast.Name):
                enum = REASON_ENUMS.get(reason.value.id)
                if enum is None or reason.attr not in enum.__members__:
                    problems.append(f"{where}: {reason.value.id}.{reason.attr} is not a reason enum member")
    assert not problems, "\n".join(problems)
    assert found > 100, "the scan found the services' refusals"


def test_the_pick_refusal_helper_is_given_enum_members_only() -> None:
    path = ROOT / "tournaments/drafts/services/picking.py"
    calls = [
        n
        for n in ast.walk(ast.parse(path.read_text()))
        if isinstance(n, ast.Call)
        and (
            (isinstance(n.func, ast.Name) and n.func.id == "refusal")
            or (isinstance(n.func, ast.Attribute) and n.func.attr == "refusal")  # the pick desk's helper
        )
    ]
    assert len(calls) >= 5
    for call in calls:
        reason = call.args[1]
        assert isinstance(reason, ast.Attribute), f"line {call.lineno}: the reason is {ast.unparse(reason)}"
        if reason.attr == "reason":
            continue  # the rules' own refusal (a PickRefusal), passed on
        enum = REASON_ENUMS[ast.unparse(reason.value)]
        assert reason.attr in enum.__members__


def test_reason_enums_are_string_enums_with_distinct_values() -> None:
    for enum in REASON_ENUMS.values():
        assert issubclass(enum, Enum) and issubclass(enum, str)
        values = [m.value for m in enum]
        assert len(values) == len(set(values)), enum


def test_no_api_view_answers_refusals_itself() -> None:
    overrides = [
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for path in app_files()
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == "handle_exception"
    ]
    assert overrides == [], "one exception handler (common.api) answers every refusal"
    assert settings.REST_FRAMEWORK["EXCEPTION_HANDLER"] == "common.api.exception_handler"


def test_no_service_or_selector_raises_http404() -> None:
    modules = [
        p
        for p in app_files()
        if "services" in p.parts or p.name in ("services.py", "selectors.py") or p.parent.name == "services"
    ]
    assert len(modules) > 10
    raising = [str(p.relative_to(ROOT)) for p in modules if "Http404" in p.read_text()]
    assert raising == [], "a service refuses with a NotFound refusal; views and the middleware make it a 404"


@pytest.mark.django_db
def test_a_preview_match_is_not_found_the_same_way_on_its_page_and_in_the_api(personas: Any) -> None:
    """The selector refuses with a NotFound refusal: the page answers the site's 404 page (not a
    refusal page), the API 404 with the refusal's words."""
    from tests.factories import RegistrationFactory, UserFactory
    from tournaments.services import registration, rounds

    for _ in range(3):
        RegistrationFactory.create(event=personas.event, player=UserFactory.create())
    registration.start_event(personas.event, personas.organiser)
    preview = rounds.pair_next_round(personas.event, personas.organiser)
    match = preview.matches.exclude(player_b=None).filter(player_a=personas.player).first() or (
        preview.matches.exclude(player_b=None).filter(player_b=personas.player).get()
    )
    player = personas.client("player")
    page = player.post(f"/matches/{match.pk}/report/", {"a_games": 2, "b_games": 0, "draws": 0})
    assert page.status_code == 404
    assert b'data-testid="refusal"' not in page.content  # the ordinary 404 page, not a refusal page
    answer = player.get(f"/api/rounds/{preview.pk}/")
    assert (answer.status_code, answer.json()) == (404, {"detail": "No such round."})
