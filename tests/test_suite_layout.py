"""The test suite's own rules (tests/helpers/__init__.py): every folder runs alone and in any
combination, because a test imports shared code from `helpers` (or `fuzz`) and never from a
conftest.py or a module that only a particular collection order puts on `sys.path`; and the
Hypothesis profile is chosen once, by the environment.
"""

from __future__ import annotations

import ast
import importlib.machinery
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from helpers import hypothesis_profiles

TESTS = Path(__file__).resolve().parent
# On sys.path through pyproject's `pythonpath`: the shared code, the fuzzer, and the folder of
# example plug-in games.
IMPORTABLE_FROM_TESTS = {"helpers", "fuzz", "plugin_game"}


def _local_modules() -> set[str]:
    """Names a test could import only because pytest put its folder on `sys.path`."""
    names = {path.stem for path in TESTS.rglob("*.py") if "__pycache__" not in path.parts}
    names |= {path.name for path in TESTS.rglob("*") if path.is_dir() and "__pycache__" not in path.parts}
    # The example plug-in games are packages a test installs (helpers.highcard) and then imports.
    plugins = {path.name for path in (TESTS / "plugin_game").iterdir() if path.is_dir()}
    return names - IMPORTABLE_FROM_TESTS - plugins - {"__init__"}


def _imported_names(path: Path) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name.split(".")[0]) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module.split(".")[0]))
    return found


def test_tests_import_shared_code_from_helpers_not_from_a_conftest_or_a_sibling_file():
    local = _local_modules()
    site_wide = {name for name in local if name != "conftest" and _installed(name)}
    wrong = [f"{path.relative_to(TESTS)}:{line}: import {name}"
             for path in sorted(TESTS.rglob("*.py")) if "plugin_game" not in path.parts  # packages of their own
             for line, name in _imported_names(path) if name in local - site_wide]
    assert wrong == [], "move the shared code to tests/helpers/ and import it from there:\n" + "\n".join(wrong)


def _installed(name: str) -> bool:
    """A name that is also a module outside tests/ (the standard library's, an installed one)."""
    elsewhere = [entry for entry in sys.path if not Path(entry or ".").resolve().is_relative_to(TESTS)]
    return name in sys.builtin_module_names or importlib.machinery.PathFinder.find_spec(name, elsewhere) is not None


def test_the_folders_that_failed_together_are_collected_together():
    """`pytest tests/render tests/games/pug_you tests/live` stopped at collection at 0ca5078:
    the Pug You! tests imported `conftest`, which was whichever conftest.py came last."""
    folders = ["tests/render", "tests/games/pug_you", "tests/live"]
    run = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
                          *folders], cwd=TESTS.parent, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert "error" not in run.stdout.lower().splitlines()[-1], run.stdout[-3000:]


@pytest.mark.parametrize("environ, profile", [
    ({"CI": "true"}, "ci"), ({"CI": "1"}, "ci"), ({}, "dev"), ({"CI": "false"}, "dev"), ({"CI": ""}, "dev"),
    ({"CI": "true", "HYPOTHESIS_PROFILE": "dev"}, "dev"), ({"HYPOTHESIS_PROFILE": "ci"}, "ci"),
])
def test_the_hypothesis_profile_follows_the_environment(environ, profile):
    assert hypothesis_profiles.profile_for(environ) == profile


def test_ci_tries_the_same_examples_every_run_with_no_deadline():
    ci = settings.get_profile("ci")
    assert ci.derandomize is True and ci.database is None and ci.deadline is None
    assert HealthCheck.too_slow in ci.suppress_health_check
    assert settings.get_profile("dev").deadline is None and settings.get_profile("dev").derandomize is False


def test_this_run_uses_the_profile_its_environment_asks_for():
    """The root conftest loaded it before any test module built its `settings(...)`."""
    expected = settings.get_profile(hypothesis_profiles.profile_for(os.environ))
    assert settings.default.derandomize == expected.derandomize
    assert settings.default.deadline is None
