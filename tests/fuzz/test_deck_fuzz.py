"""The deck fuzzer in CI: 2,000 seeded mutations of the bundled deck files, none of which
may end in a traceback, a hang or a diagnostic without its place (deck_fuzzer.py says
exactly what is checked).

The long run, and reproducing one case (docs/fuzzing.md):

    python tests/fuzz/run.py --cases 50000 --seed 1
    python tests/fuzz/run.py --seed 1 --case 4711 --keep /tmp/case-4711
"""

from __future__ import annotations

import time

import pytest

from fuzz import deck_fuzzer
from fuzz.deck_fuzzer import Workspace, draw, run
from pugdeck.core.diagnostics import ERROR, DeckError, Diagnostic

CI_CASES = 2000
SEED = 1


def test_2000_mutated_deck_files_give_located_errors_or_a_deck(tmp_path):
    report = run(CI_CASES, SEED, tmp_path)
    print(report.summary())  # shown with -s or on failure
    assert report.cases == CI_CASES
    # Every stage is reached: decks accepted and built, refused, unreadable, and printed.
    for outcome in ("accepted", "built", "printed", "refused", "unreadable", "validate (command line)",
                    "built with a profile", "profile refused"):
        assert report.outcomes[outcome] > 0, (outcome, report.summary())
    assert [f.format() for f in report.failures] == []


def test_a_case_is_the_same_every_time(tmp_path):
    first, second = Workspace(tmp_path / "a"), Workspace(tmp_path / "b")
    for index in (0, 17, 1999):
        one, other = draw(first, SEED, index), draw(second, SEED, index)
        assert one.target == other.target and one.steps == other.steps
        assert one.contents == other.contents
    assert draw(first, SEED, 1).steps != draw(first, SEED + 1, 1).steps


def _crash(_folder):
    raise KeyError("effect")


def _hang(_folder):
    time.sleep(5)


class _Unescaped(Diagnostic):
    def format(self) -> str:  # as Diagnostic.format was before it escaped
        return self.message


def _reporting(message: str, line: int = 3):
    def check(_folder):
        raise DeckError([_Unescaped("x.yaml", line, 1, None, None, ERROR, message)])
    return check


@pytest.mark.parametrize("check, expected, cases", [
    (_crash, "KeyError: 'effect'", 20),
    (_reporting("a\u2028b"), "raw control character", 20),
    (_reporting("m", line=0), "not located", 20),
    (_reporting("m"), "located outside the deck folder", 20),
    (_hang, "hang: no answer after 1 s", 3),
])
def test_the_fuzzer_fails_a_case_that_crashes_hangs_or_reports_badly(tmp_path, monkeypatch, check, expected, cases):
    monkeypatch.setattr(deck_fuzzer, "check_deck_at", check)
    report = run(cases, SEED, tmp_path, case_seconds=1)
    profile_cases = report.outcomes["built with a profile"] + report.outcomes["profile refused"]
    assert len(report.failures) == report.cases - profile_cases > 0
    assert all(expected in f.problem for f in report.failures), report.failures[0].problem
