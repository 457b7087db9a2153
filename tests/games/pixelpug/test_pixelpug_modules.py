"""How the engine's modules fit together: no module-level import cycle, small modules."""

from __future__ import annotations

import ast
from pathlib import Path

import pugdeck.games.pixelpug as package

FOLDER = Path(package.__file__).parent


def _module_imports(path: Path) -> set[str]:
    """The package's modules that `path` imports at module level (not under TYPE_CHECKING)."""
    found = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(package.__name__):
            rest = node.module[len(package.__name__):].lstrip(".")
            found |= {rest.split(".")[0]} if rest else {alias.name for alias in node.names}
    return found


def test_no_module_imports_itself_back_at_module_level():
    graph = {path.stem: _module_imports(path) for path in FOLDER.glob("*.py")}

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        return any(dep == goal or (dep not in seen and reaches(dep, goal, seen | {dep}))
                   for dep in graph.get(start, ()))

    assert [name for name in graph if reaches(name, name, set())] == []


def test_every_module_is_under_350_lines():
    lengths = {path.name: len(path.read_text(encoding="utf-8").splitlines()) for path in FOLDER.glob("*.py")}
    assert {name: n for name, n in lengths.items() if n >= 350} == {}
