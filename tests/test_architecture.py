"""The layout's rules (docs/architecture.md), checked on the package's own source.

One game = one folder: outside `pugdeck/games/<game>/` only the CLI's default deck names a
game. Imports flow one way with no cycle at module level, modules stay short, and the
package root holds only a few modules.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from pugdeck.games.registry import registered

PACKAGE = Path(__file__).resolve().parents[1] / "pugdeck"
GAMES = PACKAGE / "games"
MAX_LINES = 350
MAX_ROOT_MODULES = 4
# The deck a fresh install builds when no DECK is given: the one file outside the game
# folders allowed to name a game.
MAY_NAME_A_GAME = {"cli/common.py"}


def _game_folders() -> list[Path]:
    return sorted(p for p in GAMES.iterdir() if (p / "__init__.py").is_file())


def _game_names() -> re.Pattern:
    names = set()
    for spec in registered().values():
        names.add(spec.id)
    for folder in _game_folders():
        names |= {folder.name, folder.name.replace("_", "-"), folder.name.replace("_", "")}
    return re.compile(r"\b(" + "|".join(sorted(map(re.escape, names), key=len, reverse=True)) + r")\b")


def _generated(text: str) -> bool:
    head = "\n".join(text.splitlines()[:5]).lower()
    return "generated" in head or "do not edit" in head


def _modules() -> dict[str, Path]:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        if "__pycache__" in path.parts:
            continue
        name = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        out[name.removesuffix(".__init__")] = path
    return out


def test_no_file_outside_a_game_folder_names_a_game():
    pattern = _game_names()
    folders = _game_folders()
    naming = []
    for path in sorted(PACKAGE.rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts or path.suffix in {".pyc", ".ttf", ".png"}:
            continue
        if any(path.is_relative_to(folder) for folder in folders):
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        if pattern.search(text) and path.relative_to(PACKAGE).as_posix() not in MAY_NAME_A_GAME:
            naming.append(f"{path.relative_to(PACKAGE)}: {pattern.search(text).group(0)}")
    assert naming == []


def test_no_hand_written_module_is_over_350_lines():
    long = [f"{path.relative_to(PACKAGE)}: {n}" for path in _modules().values()
            if (n := (text := path.read_text(encoding="utf-8")).count("\n")) > MAX_LINES
            and not _generated(text)]
    assert long == []


def test_the_package_root_holds_few_modules():
    loose = sorted(p.name for p in PACKAGE.glob("*.py") if p.name not in {"__init__.py", "__main__.py"})
    assert len(loose) <= MAX_ROOT_MODULES, loose


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """Modules of the package that `name` imports at module level (not inside functions,
    and not under `if TYPE_CHECKING:`, which never runs)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found = set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package[:len(package) - (node.level - 1)]
                base = ".".join(parts + ([base] if base else []))
            targets = [base] + [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        found |= {t for t in targets if t in modules and t != name}
    return found


def test_no_import_cycle_at_module_level():
    modules = _modules()
    graph = {name: _imports(name, path, modules) for name, path in modules.items()}
    cycles = []

    def visit(name: str, trail: list[str]) -> None:
        for target in graph[name]:
            if target in trail:
                cycle = trail[trail.index(target):] + [target]
                # A package importing its own submodules (its __init__) is not a cycle.
                if not all(m.startswith(min(cycle, key=len)) for m in cycle):
                    cycles.append(" -> ".join(cycle))
            elif target not in done:
                visit(target, trail + [target])
        done.add(name)

    done: set[str] = set()
    for name in sorted(graph):
        if name not in done:
            visit(name, [name])
    assert cycles == []


@pytest.mark.parametrize("stage", ["authoring", "building", "render", "export", "importing", "protocol",
                                   "schemas"])
def test_a_stage_reaches_a_game_only_through_the_registry(stage):
    modules = _modules()
    game_packages = tuple(f"pugdeck.games.{folder.name}" for folder in _game_folders())
    reaching = []
    for name, path in modules.items():
        if name.startswith(f"pugdeck.{stage}"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):  # inside functions too: a lazy import still knows the game
                if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(game_packages):
                    reaching.append(f"{name} imports {node.module}")
    assert reaching == []


def test_the_export_stage_never_builds_a_deck():
    """Exports take a built deck; the command builds it (no arrow back up the pipeline)."""
    back = []
    for name, path in _modules().items():
        if name.startswith("pugdeck.export"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("pugdeck.building"):
                    back.append(f"{name} imports {node.module}")
    assert back == []


def test_every_import_inside_a_function_says_why():
    """Imports inside functions are for start-up time only, each with a one-line reason
    (on its line, or a comment line just above a group of them)."""
    silent = []
    for name, path in _modules().items():
        text = path.read_text(encoding="utf-8")
        if _generated(text):
            continue
        lines = text.splitlines()
        for function in ast.walk(ast.parse(text)):
            if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(function):
                if isinstance(node, (ast.Import, ast.ImportFrom)):
                    above = lines[node.lineno - 2].strip() if node.lineno > 1 else ""
                    if "#" not in lines[node.lineno - 1] and not above.startswith(("#", "from ", "import ")):
                        silent.append(f"{name}:{node.lineno}")
    assert silent == []
