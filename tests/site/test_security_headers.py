"""Security headers on every response, and templates the Content-Security-Policy can serve."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client

from tests.conftest import Personas

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = sorted((ROOT / "templates").rglob("*.html"))


def assert_security_headers(response: object) -> None:
    headers = response.headers  # type: ignore[attr-defined]
    policy = dict(part.strip().split(" ", 1) for part in headers["Content-Security-Policy"].split(";"))
    assert policy["default-src"] == "'self'"
    assert policy["script-src"] == "'self'"  # no 'unsafe-inline', no 'unsafe-eval'
    assert policy["style-src"] == "'self'"
    assert policy["connect-src"] == "'self' ws: wss:"
    assert policy["frame-ancestors"] == "'none'"
    assert policy["base-uri"] == "'self'" and policy["form-action"] == "'self'"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "same-origin"
    assert "camera=()" in headers["Permissions-Policy"] and "microphone=()" in headers["Permissions-Policy"]
    assert "geolocation=()" in headers["Permissions-Policy"]


@pytest.mark.parametrize("path", ["/", "/accounts/login/", "/cards/", "/api/docs/", "/healthz", "/no-such-page/"])
def test_pages_carry_the_security_headers(client: Client, path: str) -> None:
    assert_security_headers(client.get(path))


def test_api_answers_carry_the_security_headers(personas: Personas) -> None:
    assert_security_headers(personas.client("player").get("/api/me/"))
    assert_security_headers(Client().get("/api/me/", HTTP_AUTHORIZATION="Token nonsense"))


def test_static_files_carry_nosniff(client: Client) -> None:
    response = client.get("/static/js/fett.js")
    assert response.status_code == 200
    assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_the_api_docs_start_swagger_from_a_script_file(client: Client) -> None:
    page = client.get("/api/docs/").content.decode()
    src = re.search(r'<script src="([^"]*\?script=?)"', page)
    assert src is not None, "the Swagger UI start-up script is not a URL"
    script = client.get(src.group(1))
    assert script.status_code == 200 and "SwaggerUIBundle(" in script.content.decode()
    assert "<style" not in page


def test_no_template_has_an_inline_script_a_style_element_or_attribute_or_an_event_handler() -> None:
    assert TEMPLATES, "no templates found"
    found = []
    for template in TEMPLATES:
        text = template.read_text()
        name = template.relative_to(ROOT)
        found += [f"{name}: inline script" for _ in re.finditer(r"<script(?![^>]*\bsrc=)[^>]*>", text)]
        found += [f"{name}: <style> element" for _ in re.finditer(r"<style\b", text)]
        found += [f"{name}: style attribute" for _ in re.finditer(r"\sstyle\s*=", text)]
        found += [f"{name}: {m.group(1)} handler" for m in re.finditer(r"\s(on[a-z]+)\s*=", text)]
        found += [f"{name}: javascript: URL" for _ in re.finditer(r"javascript:", text, re.IGNORECASE)]
        # htmx runs these through eval, which the policy refuses
        found += [f"{name}: hx-on" for _ in re.finditer(r"\shx-on", text)]
        found += [f"{name}: htmx trigger filter" for _ in re.finditer(r'hx-trigger="[^"]*\w\[', text)]
    assert found == []
