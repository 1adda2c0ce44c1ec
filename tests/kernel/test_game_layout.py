"""Every registered game keeps the one-folder layout: no import cycle inside its package.

Type-only imports (under ``TYPE_CHECKING``) count: a rule module that needs the state's
type imports the game's model, never the state that imports it back.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

import gamenight
from gamenight.kernel import spec


def _package(game_id: str) -> tuple[str, Path]:
    name = spec(game_id).state.__module__.rsplit(".", 1)[0]
    return name, Path(sys.modules[name].__file__).parent


def _module_name(package: str, root: Path, path: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join((package, *parts))


def _imports(module: str, path: Path, known: set[str]) -> set[str]:
    """The modules of the package that `module` imports, at run time or for types."""
    is_package = path.name == "__init__.py"
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = module.split(".")
                anchor = anchor[: len(anchor) - node.level + (1 if is_package else 0)]
                base = ".".join(anchor + ([base] if base else []))
            names = [base] + [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        found.update(name for name in names if name in known and name != module)
    return found


def import_cycle(game_id: str) -> list[str] | None:
    """One import cycle inside the game's package, or None."""
    package, root = _package(game_id)
    paths = {_module_name(package, root, p): p for p in root.rglob("*.py")}
    graph = {name: _imports(name, path, set(paths)) for name, path in paths.items()}
    # A package's __init__ importing its own modules is how Python packages work; a
    # module importing its package's __init__ (which imports it back) is not a cycle we
    # count, as every import of a submodule runs the __init__ first.
    for name in graph:
        graph[name] = {other for other in graph[name] if not name.startswith(other + ".")}
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> list[str] | None:
        if name in path:
            return [*path[path.index(name) :], name]
        if name in done:
            return None
        for other in sorted(graph[name]):
            cycle = visit(other, [*path, name])
            if cycle:
                return cycle
        done.add(name)
        return None

    for name in sorted(graph):
        cycle = visit(name, [])
        if cycle:
            return cycle
    return None


@pytest.mark.parametrize("game_id", gamenight.games())
def test_no_import_cycle_inside_a_game(game_id):
    cycle = import_cycle(game_id)
    assert cycle is None, "import cycle: " + " -> ".join(cycle)
