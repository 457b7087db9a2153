"""Plain words where a new author trips: what a filter took out (never "removed 0"), a wrong
value said once ("not true", not "not true or false true"), a tab in YAML named with the
fix, and a card file no `include:` names warned about instead of silently left out."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from pugdeck.cli import main


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def starter(tmp_path: Path, monkeypatch, language: str = "en") -> Path:
    """A fresh `pugdeck init` deck, and the working directory inside it."""
    monkeypatch.chdir(tmp_path)
    assert run("init", "mazo", "--language", language, "--quiet").exit_code == 0
    deck = tmp_path / "mazo"
    monkeypatch.chdir(deck)
    return deck


def test_excluding_a_blank_says_it_left_out_a_blank_not_zero_cards(tmp_path, monkeypatch):
    starter(tmp_path, monkeypatch, "es")
    result = run("build", "--no-pdf", "--exclude", "en-blanco-1", "--no-mutts")
    assert result.exit_code == 0, result.output
    assert "removed 0" not in result.stdout
    assert "+ 1 blank to write on" in result.stdout
    assert "no-mutts removed 1 card, without-en-blanco-1 removed 1 blank" in result.stdout


def test_a_filter_that_takes_nothing_says_so(tmp_path, monkeypatch):
    starter(tmp_path, monkeypatch)
    # The mutt and the red wedding card are tagged friends; --no-red and --no-mutts come first
    # and take them, so the tag takes none.
    result = run("build", "--no-pdf", "--exclude-tag", "friends", "--no-mutts", "--no-red")
    assert result.exit_code == 0, result.output
    assert "no-red removed 2 cards, no-mutts removed 1 card, no-tag-friends removed no card;" in result.stdout
    assert "removed 0" not in result.stdout


def test_a_wrong_true_or_empty_value_is_said_once(tmp_path, monkeypatch):
    deck = starter(tmp_path, monkeypatch)
    mutts = deck / "cards" / "mutts.yaml"
    text = mutts.read_text()
    mutts.write_text(text.replace("    turds: 2", "    turds: true", 1))
    result = run("validate")
    assert result.exit_code == 1
    assert "'turds' must be a whole number, not true\n" in result.stderr
    mutts.write_text(text.replace("    turds: 2", "    turds:", 1))
    result = run("validate")
    assert "'turds' must be a whole number, not empty (null)\n" in result.stderr


def test_a_tab_in_the_indentation_is_named_where_it_is(tmp_path, monkeypatch):
    deck = starter(tmp_path, monkeypatch)
    mutts = deck / "cards" / "mutts.yaml"
    before = mutts.read_bytes()
    # Both of libyaml's ways to stop at a tab: "cannot start any token" and "violates indentation".
    for text, where in (("cards:\n\t- id: x\n", "2:1"), ("cards:\n  - id: x\n  \tkind: mutt\n", "3:3")):
        mutts.write_text(text)
        result = run("validate")
        assert result.exit_code == 1
        assert (f"cards/mutts.yaml:{where}: a tab in the indentation: YAML indents with spaces "
                "only; replace the tab with spaces") in result.stderr, result.stderr
        assert "cannot start any token" not in result.stderr
    mutts.write_bytes(before)
    assert run("validate").exit_code == 0


def test_a_card_file_no_include_names_is_warned_about(tmp_path, monkeypatch):
    deck = starter(tmp_path, monkeypatch)
    (deck / "cards" / "extra.yaml").write_text((deck / "cards" / "mutts.yaml").read_text())
    (deck / "our-customs.yaml").write_text("cards: []\n")  # beside deck.yaml: a --customs file, say
    result = run("validate")
    assert result.exit_code == 0
    assert ("cards/extra.yaml:1:1: warning: no include: names this file, so its cards are not in "
            "the deck; add 'cards/extra.yaml' to include: in deck.yaml, or move it out of the "
            "folder") in result.stderr
    assert "our-customs" not in result.stderr
    assert "valid (1 warning)" in result.stderr
    build = run("build", "--no-pdf")
    assert build.exit_code == 0 and "cards/extra.yaml:1:1: warning" in build.stderr
