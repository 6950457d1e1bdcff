"""The project's import graph, read from the source with ``ast`` (nothing is imported).

- No cycle between modules, except inside the engine's core (``gameplay.runeslingers.engine``).
- ``config`` is the top layer: no app imports it, and ``common`` imports no app.
- An import inside a function is there for a stated reason (listed below), never to dodge a cycle.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import networkx

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("accounts", "common", "config", "gameplay", "tournaments")
APPS = ("accounts", "common", "gameplay", "tournaments")
ENGINE = "gameplay.runeslingers.engine"

#: Cycles still in the tree, each as its set of modules: none. Only the engine's core is exempt.
KNOWN_CYCLES: frozenset[frozenset[str]] = frozenset()

#: Every import of a project module made inside a function, as (importer, imported), and why.
#: Imports within the engine's core are its own business and not listed.
FUNCTION_LEVEL_IMPORTS: dict[tuple[str, str], str] = {
    ("tournaments.apps", "tournaments.receivers"): "AppConfig.ready: models load only once the registry is ready",
    ("tournaments.apps", "tournaments.structures"): "AppConfig.ready: the structures are installed once the apps load",
    ("tournaments.apps", "tournaments.structures.installed"): (
        "AppConfig.ready: the structures' implementations import the pages, services and webhooks that ask the seam"
    ),
    ("tournaments.swaps.apps", "tournaments.swaps.receivers"): "AppConfig.ready: as tournaments.apps",
    ("tournaments.coop.apps", "tournaments.coop.receivers"): "AppConfig.ready, as for tournaments.apps",
    ("tournaments.ratings.apps", "tournaments.ratings.receivers"): "AppConfig.ready, as for tournaments.apps",
    ("gameplay.apps", "gameplay.invitations.tables"): "AppConfig.ready, as for tournaments.apps",
    ("gameplay.apps", "gameplay.invitations.notices"): "AppConfig.ready, as for tournaments.apps",
    ("config.celery", "common.push"): "the Celery app loads with the settings, before the apps",
    ("config.celery", "config.warm"): "the Celery app loads with the settings, before the apps",
}


@dataclass(frozen=True)
class Import:
    importer: str
    imported: str
    line: int
    in_function: bool
    for_typing: bool  # under ``if TYPE_CHECKING:``: never run


def project_modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            parts = path.relative_to(ROOT).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


MODULES = project_modules()


def _module_of(name: str) -> str | None:
    """The project module an import names: itself, or the nearest package holding it."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def _targets(node: ast.Import | ast.ImportFrom, package: str) -> Iterator[str]:
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        base = node.module or ""
        if node.level:
            parts = package.split(".")[: len(package.split(".")) - node.level + 1]
            base = ".".join([*parts, base] if base else parts)
        names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base for alias in node.names]
    for name in names:
        module = _module_of(name)
        if module is not None:
            yield module


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports_of(module: str, path: Path) -> list[Import]:
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: list[Import] = []

    def visit(node: ast.AST, in_function: bool, for_typing: bool) -> None:
        if isinstance(node, ast.Import | ast.ImportFrom):
            for target in _targets(node, package):
                if target != module:
                    found.append(Import(module, target, node.lineno, in_function, for_typing))
            return
        if isinstance(node, ast.If) and _is_type_checking(node):
            for statement in node.body:
                visit(statement, in_function, True)
            for statement in node.orelse:
                visit(statement, in_function, for_typing)
            return
        nested = in_function or isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
        for child in ast.iter_child_nodes(node):
            visit(child, nested, for_typing)

    visit(ast.parse(path.read_text(), str(path)), False, False)
    return found


IMPORTS = [imp for module, path in sorted(MODULES.items()) for imp in imports_of(module, path)]


def in_engine(module: str) -> bool:
    return module == ENGINE or module.startswith(ENGINE + ".")


def cycles(edges: list[Import]) -> set[frozenset[str]]:
    """The strongly connected components of more than one module."""
    graph = networkx.DiGraph()
    graph.add_nodes_from(MODULES)
    graph.add_edges_from((edge.importer, edge.imported) for edge in edges)
    return {frozenset(component) for component in networkx.strongly_connected_components(graph) if len(component) > 1}


def outside_engine(components: set[frozenset[str]]) -> set[frozenset[str]]:
    return {component for component in components if not all(in_engine(m) for m in component)}


def test_the_graph_reader_sees_the_project_its_imports_and_a_cycle() -> None:
    assert {
        "common.tasks",
        "config.settings",
        "tournaments.drafts.services.picking",
        "gameplay.runeslingers.engine.core",
    } <= set(MODULES)
    pairs = {(imp.importer, imp.imported, imp.in_function, imp.for_typing) for imp in IMPORTS}
    assert ("tournaments.drafts.services.picking", "tournaments.drafts.services.pools", False, False) in pairs
    assert ("tournaments.apps", "tournaments.receivers", True, False) in pairs
    assert ("tournaments.drafts.services.push", "tournaments.drafts.models", False, True) in pairs
    there_and_back = [
        Import("common.push", "common.redis", 1, True, False),
        Import("common.redis", "common.push", 1, False, False),
    ]
    assert cycles(there_and_back) == {frozenset({"common.push", "common.redis"})}


def test_no_module_imports_another_that_imports_it_back_at_module_level() -> None:
    module_level = [imp for imp in IMPORTS if not imp.in_function and not imp.for_typing]
    assert outside_engine(cycles(module_level)) == set()


def test_no_cycle_hides_in_a_function_apart_from_the_known_ones() -> None:
    run = [imp for imp in IMPORTS if not imp.for_typing]
    assert outside_engine(cycles(run)) == set(KNOWN_CYCLES)


def test_every_import_inside_a_function_has_a_stated_reason() -> None:
    found = {
        (imp.importer, imp.imported): imp.line
        for imp in IMPORTS
        if imp.in_function and not imp.for_typing and not (in_engine(imp.importer) and in_engine(imp.imported))
    }
    unlisted = {pair: line for pair, line in found.items() if pair not in FUNCTION_LEVEL_IMPORTS}
    assert unlisted == {}, "import at module level, or list the import with its reason"
    assert set(FUNCTION_LEVEL_IMPORTS) - set(found) == set(), "these are gone: drop them from the list"


def test_config_is_the_top_layer_no_app_imports_it() -> None:
    """None is needed: apps read settings through ``django.conf.settings``, and the settings
    module is named only as a string (``DJANGO_SETTINGS_MODULE``)."""
    upward = [imp for imp in IMPORTS if imp.importer.split(".")[0] in APPS and imp.imported.split(".")[0] == "config"]
    assert upward == []


def test_common_imports_no_app() -> None:
    out = [imp for imp in IMPORTS if imp.importer.split(".")[0] == "common" and imp.imported.split(".")[0] != "common"]
    assert out == []
