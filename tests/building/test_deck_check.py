"""`check_deck_at` (what `pugdeck validate` runs): a deck's checks run once, and what they
report is located, though a clean deck's files are read without positions."""

from __future__ import annotations

import pytest

from pugdeck.authoring import loading
from pugdeck.building.deck_check import check_deck_at
from pugdeck.games import deck_checks as checks

TWINS = """\
cards:
  - id: cake-thief
    kind: pug
    level: green
    question: "Who would eat the last piece of cake and blame the dog?"
    badges: 1
    descriptive: "a sneaky cake thief"
    turds: 1
    thermometer: 1
  - id: cake-twin
    kind: pug
    level: green
    question: "Who would eat the very last piece of cake and blame the dog?"
    badges: 1
    descriptive: "a sneaky cake thief"
    turds: 1
    thermometer: 1
"""


@pytest.fixture
def counted(monkeypatch):
    """Counts of the game's checks run and of the files parsed, by (file, with positions)."""
    calls = {"checks": 0, "parsed": []}
    check, parse = checks.check_deck, loading.parse_yaml

    def counting_check(*args):
        calls["checks"] += 1
        return check(*args)

    def counting_parse(text, display, positions=True):
        if display.startswith("deck/"):  # not the template, read by the print checks
            calls["parsed"].append((display, positions))
        return parse(text, display, positions)

    monkeypatch.setattr(checks, "check_deck", counting_check)
    monkeypatch.setattr(loading, "parse_yaml", counting_parse)
    return calls


def test_a_deck_with_a_warning_is_checked_once_and_the_warning_points_at_its_line(write_deck, counted):
    deck, diagnostics = check_deck_at(write_deck(files={"cards.yaml": TWINS}))
    assert deck is not None
    assert [d.format() for d in diagnostics] == [
        "deck/cards.yaml:13:15: warning: card 'cake-twin': question nearly repeats card 'cake-thief' "
        "(deck/cards.yaml:5)"]
    assert counted["checks"] == 1
    # Only the file with something to point at is read again, for its positions.
    assert counted["parsed"] == [("deck/deck.yaml", False), ("deck/cards.yaml", False),
                                 ("deck/cards.yaml", True)]


def test_a_deck_with_errors_is_checked_once_and_every_error_is_located(write_deck, counted):
    broken = TWINS.replace("turds: 1", "turds: 9", 1).replace("level: green\n    question: \"Who would eat the very",
                                                              "level: blue\n    question: \"Who would eat the very")
    deck, diagnostics = check_deck_at(write_deck(files={"cards.yaml": broken}))
    assert deck is None
    assert [(d.line, d.field) for d in diagnostics] == [(8, "turds"), (12, "level"), (13, "question")]
    assert counted["checks"] == 1


def test_a_clean_deck_is_read_once_without_positions(write_deck, counted):
    deck, diagnostics = check_deck_at(write_deck(files={"cards.yaml": TWINS.split("  - id: cake-twin")[0]}))
    assert deck is not None and diagnostics == []
    assert counted == {"checks": 1, "parsed": [("deck/deck.yaml", False), ("deck/cards.yaml", False)]}


def test_without_fast_every_file_is_read_with_positions_at_once(write_deck, counted):
    check_deck_at(write_deck(files={"cards.yaml": TWINS}), fast=False)
    assert counted == {"checks": 1, "parsed": [("deck/deck.yaml", True), ("deck/cards.yaml", True)]}


def test_an_include_problem_found_while_loading_is_located(write_deck):
    folder = write_deck(deck_yaml="deck:\n  id: x\n  name: X\n  game: pug-you\ninclude:\n  - cards.yaml\n"
                                  "  - missing.yaml\n", files={"cards.yaml": TWINS})
    _deck, diagnostics = check_deck_at(folder)
    assert "deck/deck.yaml:7:5: included file 'missing.yaml' does not exist" in [d.format() for d in diagnostics]


def test_a_build_reads_no_positions_but_a_problem_found_while_drawing_is_located(write_deck, counted):
    from pugdeck.authoring.loading import locate
    from pugdeck.building.pipeline import build
    from pugdeck.core.diagnostics import ERROR, Diagnostic

    built = build(write_deck(files={"cards.yaml": TWINS.split("  - id: cake-twin")[0]}))
    assert counted["parsed"] == [("deck/deck.yaml", False), ("deck/cards.yaml", False)]
    found_later = Diagnostic("", 0, 0, "cake-thief", "question", ERROR, "question does not fit")
    assert [d.format() for d in locate([found_later], built.origins)] == [
        "deck/cards.yaml:5:15: card 'cake-thief': question does not fit"]
