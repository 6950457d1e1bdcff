from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.env import env_bool, env_choice, env_int, env_list, env_required, env_str


def test_unset_and_blank_values_fall_back_to_the_default() -> None:
    assert env_str("X", "dflt", environ={}) == "dflt"
    assert env_str("X", "dflt", environ={"X": "  "}) == "dflt"
    assert env_bool("X", True, environ={}) is True
    assert env_int("X", 7, environ={"X": ""}) == 7
    assert env_list("X", ["a"], environ={}) == ["a"]


@pytest.mark.parametrize(("raw", "expected"), [("1", True), ("yes", True), ("ON", True), ("0", False), ("off", False)])
def test_booleans_accept_the_usual_spellings(raw: str, expected: bool) -> None:
    assert env_bool("DEBUG", False, environ={"DEBUG": raw}) is expected


def test_a_wrong_boolean_names_the_variable() -> None:
    with pytest.raises(ImproperlyConfigured, match="DEBUG must be true or false.*'maybe'"):
        env_bool("DEBUG", False, environ={"DEBUG": "maybe"})


def test_integers_are_checked_for_form_and_range() -> None:
    assert env_int("N", 1, environ={"N": "42"}) == 42
    with pytest.raises(ImproperlyConfigured, match="N must be a whole number"):
        env_int("N", 1, environ={"N": "4x"})
    with pytest.raises(ImproperlyConfigured, match="N must be at least 60, got 5"):
        env_int("N", 100, minimum=60, environ={"N": "5"})
    with pytest.raises(ImproperlyConfigured, match="PORT must be at most 65535"):
        env_int("PORT", 1, maximum=65535, environ={"PORT": "70000"})


def test_lists_split_on_commas_and_drop_blanks() -> None:
    assert env_list("HOSTS", [], environ={"HOSTS": "a.example, b.example,,"}) == ["a.example", "b.example"]


def test_choices_and_required_values_name_the_variable() -> None:
    assert env_choice("MODE", "a", ("a", "b"), environ={"MODE": "b"}) == "b"
    with pytest.raises(ImproperlyConfigured, match="MODE must be one of a, b; got 'c'"):
        env_choice("MODE", "a", ("a", "b"), environ={"MODE": "c"})
    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY must be set: because"):
        env_required("SECRET_KEY", why="because", environ={})
