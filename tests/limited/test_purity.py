"""The limited package stays pure: no Django, Celery, Redis or I/O, in its source or at import."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import tournaments.limited as limited

PACKAGE = Path(limited.__file__).parent
FORBIDDEN = {"django", "celery", "kombu", "rest_framework", "channels", "redis", "requests", "socket", "subprocess"}
ROOT = PACKAGE.parent.parent


def test_no_module_imports_anything_impure() -> None:
    for source in sorted(PACKAGE.glob("*.py")):
        text = source.read_text()
        for node in ast.walk(ast.parse(text)):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for name in names:
                assert name.split(".")[0] not in FORBIDDEN, f"{source.name} imports {name}"
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in {"open", "hash", "eval", "exec"}, f"{source.name} calls {node.func.id}"


def test_no_module_uses_the_global_random_generator() -> None:
    for source in sorted(PACKAGE.glob("*.py")):
        tree = ast.parse(source.read_text())
        imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
        imported |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
        assert "random" not in imported, f"{source.name} imports random"


def test_every_module_opens_with_a_docstring_and_future_annotations() -> None:
    for source in sorted(PACKAGE.glob("*.py")):
        tree = ast.parse(source.read_text())
        assert ast.get_docstring(tree), f"{source.name} has no module docstring"
        assert "from __future__ import annotations" in source.read_text(), source.name


def test_importing_the_package_loads_no_django_or_celery() -> None:
    code = (
        "import sys, tournaments.limited\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in {'django', 'celery', 'kombu', 'redis'})\n"
        "print(','.join(bad))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == ""
