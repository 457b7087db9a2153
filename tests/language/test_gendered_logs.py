"""A game log (`play --json`) records the form each seat said its descriptives in, so
`replay` tells each seat in its own form; a log without forms (every log before them, and
every game where nobody took one) replays as it did, each seat saying both forms. The deck:
tests/language/decks/spanish."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from pugdeck.cli import main

SPANISH = Path(__file__).parent / "decks" / "spanish"
# "1" then "2": a second nominee keeps the first question's numbers, so "1" again is refused
ANSWERS = "1\n2\n" * 1500
# seed 4: Ana (seat 0) scores gorrón, a bot scores detector (transcript lines)
ANA_SCORES = "P0 se lleva gorrón#1: «Me llevo 3 medallas porque soy una gorrona profesional.»"
ANA_SCORES_BOTH = "P0 se lleva gorrón#1: «Me llevo 3 medallas porque soy un/a gorrón/ona profesional.»"
BOT_SCORES = "P1 se lleva detector#1: «Me llevo 2 medallas porque soy un/a pésimo/a mentiroso/a.»"


def run(*args, input=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


@pytest.fixture
def spanish(tmp_path) -> Path:
    return shutil.copytree(SPANISH, tmp_path / "mentirosos")


def _ana_log(deck: Path, form: str | None) -> dict:
    extra = ["--form", form] if form else []
    result = run("play", deck, "-p", "3", "--seed", "4", "--human", "Ana", *extra, "--json", input=ANSWERS)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout[result.stdout.index('{"format"'):])


def _replay(tmp_path: Path, log: dict):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(log, ensure_ascii=False), encoding="utf-8")
    return run("replay", path)


def test_the_log_keeps_each_seats_form_and_replay_says_it(spanish, tmp_path):
    log = _ana_log(spanish, "feminine")
    assert log["forms"] == ["feminine", None, None]
    result = _replay(tmp_path, log)
    assert result.exit_code == 0, result.output
    assert ANA_SCORES in result.output and BOT_SCORES in result.output
    assert "P0 se lleva adolescente#1: «Me llevo 2 medallas porque soy una eterna adolescente.»" in result.output


def test_a_log_without_forms_replays_as_before(spanish, tmp_path):
    log = _ana_log(spanish, None)
    assert "forms" not in log  # nobody took a form: the log is as it always was
    result = _replay(tmp_path, log)
    assert result.exit_code == 0, result.output
    assert ANA_SCORES_BOTH in result.output and BOT_SCORES in result.output
    bots = run("play", spanish, "-p", "3", "--seed", "4", "--json")
    assert bots.exit_code == 0 and '"forms"' not in bots.output


@pytest.mark.parametrize("forms", [["femenina", None, None], ["feminine"], {"0": "feminine"}, "feminine"])
def test_a_log_with_bogus_forms_is_refused_plainly(spanish, tmp_path, forms):
    log = {**_ana_log(spanish, "feminine"), "forms": forms}
    result = _replay(tmp_path, log)
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert re.search(r"the game log's forms must give one form per seat \(3\): masculine or feminine, "
                     r"or null for both as the card prints them", result.output), result.output
    assert "Traceback" not in result.output
