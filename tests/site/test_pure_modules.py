"""The rules live in pure modules: no Django, Celery, Channels, DRF or Redis, directly or indirectly."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PURE = [
    "gameplay/runeslingers/__init__.py",
    "gameplay/runeslingers/engine",
    "gameplay/runeslingers/cards/schema.py",
    "gameplay/runeslingers/cards/catalog.py",
    "gameplay/runeslingers/cards/lint.py",
    "gameplay/runeslingers/cards/faces.py",
    "gameplay/glossary",
    "gameplay/runeslingers/formats.py",
    "gameplay/games.py",
    "gameplay/matches/protocol.py",
    "gameplay/runemasters",
    "gameplay/runeslingers/decklists.py",
    "gameplay/runebound",
    "tournaments/pairing",
    "tournaments/limited",
    "tournaments/ratings/maths.py",
]
FRAMEWORKS = ("django", "celery", "channels", "rest_framework", "kombu", "redis", "drf_spectacular")


def python_files(relative: str) -> list[Path]:
    path = ROOT / relative
    return sorted(path.rglob("*.py")) if path.is_dir() else [path]


def imported_roots(path: Path) -> set[str]:
    roots: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@pytest.mark.parametrize("relative", PURE)
def test_a_pure_module_imports_no_framework(relative: str) -> None:
    if not (ROOT / relative).exists():
        pytest.skip(f"{relative} is not written yet")
    for path in python_files(relative):
        bad = imported_roots(path) & set(FRAMEWORKS)
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def test_importing_every_pure_module_loads_no_framework() -> None:
    modules = [module_name(p) for rel in PURE if (ROOT / rel).exists() for p in python_files(rel)]
    if not modules:
        pytest.skip("no pure module is written yet")
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        f"loaded = sorted(m for m in sys.modules if m.split('.')[0] in {FRAMEWORKS!r})\n"
        "print(','.join(loaded))\n"
    )
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "", f"pure modules pulled in: {run.stdout.strip()}"


def test_the_checker_would_catch_a_framework_import(tmp_path: Path) -> None:
    sample = tmp_path / "impure.py"
    sample.write_text("from django.db import models\nimport celery.app\n")
    assert imported_roots(sample) & set(FRAMEWORKS) == {"django", "celery"}
