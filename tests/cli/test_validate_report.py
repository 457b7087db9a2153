"""`pugdeck validate` reports every problem `build` would meet, at once, for every game: the
schema's, the rules', text that does not fit, characters no font has, art that cannot be
decoded, a file that is not YAML, a template that does not exist — one report sorted by file
and line, which `build` gives too, writing nothing. A bundled deck's files read as
`pug-you (bundled)/…`, not as a path inside site-packages."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from pugdeck import resources
from pugdeck.cli import main
from pugdeck.resources import bundled_deck

LONG = "pneumonoultramicroscopicsilicovolcanoconiosis" * 2  # one word wider than any box


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def reported(result) -> list[str]:
    """The problem lines of a command's stderr, without the closing count."""
    return [line for line in result.stderr.splitlines() if not line.endswith("nothing was written")]


def pug_card(card_id: str, *extra: str, level: str = "red", question: str = "Who is it?") -> str:
    return "\n".join([f"  - id: {card_id}", f"    level: {level}", f'    question: "{question}"',
                      "    badges: 1", '    descriptive: "it"', "    turds: 1", "    thermometer: 1",
                      *extra]) + "\n"


@pytest.fixture
def broken_pug_deck(tmp_path, monkeypatch):
    """A Pug You! deck with one problem of each kind, in three files."""
    monkeypatch.chdir(tmp_path)
    deck = Path("deck")
    (deck / "art").mkdir(parents=True)
    (deck / "art" / "broken.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + b"\x00" * 8)
    (deck / "deck.yaml").write_text(
        "deck: {id: all-at-once, name: All at once, game: pug-you}\n"
        "include: [cards.yaml, notes.yaml]\n"
        "rules:\n  players: {min: 7, max: 6}\n"
        "cards:\n" + pug_card("snowman", question="Who would build a snowman ☃ in July?"), "utf-8")
    (deck / "cards.yaml").write_text(
        "cards:\n" + pug_card("wrong-level", level="gren", question="Who is wrong ☃?")
        + pug_card("long-one", question=f"Who would say {LONG} at dinner?")
        + pug_card("broken-art", "    art: art/broken.png"), "utf-8")
    (deck / "notes.yaml").write_text("cards: [\n", "utf-8")
    return deck


PUG_REPORT = [
    "deck/cards.yaml:3:12: card 'wrong-level': 'level' must be one of green, yellow, red, not text "
    "\"gren\"; did you mean 'green'?",
    "deck/cards.yaml:4:15: card 'wrong-level': question: character '☃' (U+2603) is in none of the bundled fonts; "
    "a deck may name a font that has it under deck.fonts (docs/authoring.md)",
    f"deck/cards.yaml:11:15: card 'long-one': question does not fit: 181% over at the minimum size 7 pt; the "
    f"word '{LONG}' is wider than the box; break or shorten it",
    "deck/cards.yaml:23:10: card 'broken-art': art 'art/broken.png' cannot be decoded",
    "deck/deck.yaml:4:12: rules.players.min (7) is above max (6)",
    "deck/deck.yaml:8:15: card 'snowman': question: character '☃' (U+2603) is in none of the bundled fonts; "
    "a deck may name a font that has it under deck.fonts (docs/authoring.md)",
    "deck/notes.yaml:2:1: YAML syntax error: did not find expected node content",
]


def same_report(lines: list[str], expected: list[str]) -> bool:
    """Line for line; the art's by its start (the rest is the image library's words)."""
    return len(lines) == len(expected) and all(
        line == want or (line.startswith(want) and want.endswith("cannot be decoded"))
        for line, want in zip(lines, expected))


def test_validate_reports_every_kind_of_problem_of_a_pug_you_deck_at_once(broken_pug_deck):
    result = run("validate", "deck")
    assert result.exit_code == 1
    assert same_report(reported(result), PUG_REPORT), reported(result)


def test_build_refuses_it_with_the_same_report_and_writes_nothing(broken_pug_deck):
    result = run("build", "deck", "--out", "out")
    assert result.exit_code == 1
    assert same_report(reported(result), PUG_REPORT), reported(result)
    assert not Path("out").exists()


@pytest.fixture
def broken_pixelpug_deck(tmp_path, monkeypatch):
    """The bundled PixelPug deck with a schema error, a text too long, a character no font
    has and contradicting house rules."""
    monkeypatch.chdir(tmp_path)
    deck = Path("deck")
    shutil.copytree(bundled_deck("pixelpug"), deck)
    main_cards = deck / "cards" / "main.yaml"
    text = main_cards.read_text("utf-8")
    for old, new in (("name: Go Fisch", "name: Go Fisch ☃"), ("points: 4", "points: lots"),
                     ('text: "Zzz. Nothing happens – but a nap is worth 3\\u00a0points."', f'text: "{LONG}"')):
        assert old in text
        text = text.replace(old, new)
    main_cards.write_text(text, "utf-8")
    root = deck / "deck.yaml"
    root.write_text(root.read_text("utf-8").replace("{min: 2, max: 6}", "{min: 6, max: 2}"), "utf-8")
    return deck


def test_validate_reports_every_kind_of_problem_of_a_pixelpug_deck_at_once(broken_pixelpug_deck):
    result = run("validate", "deck")
    assert result.exit_code == 1
    lines = reported(result)
    assert [line.split(": ", 2)[:2] for line in lines] == [
        ["deck/cards/main.yaml:12:11", "card 'go-fisch'"],  # the name's snowman
        ["deck/cards/main.yaml:43:13", "card 'dog-food'"],  # points: lots
        ["deck/cards/main.yaml:103:11", "card 'nap'"],  # the long word
        ["deck/deck.yaml:11:12", "rules.players.min (6) is above max (2)"],
    ], lines
    assert "character '☃' (U+2603) is in none of the bundled fonts" in lines[0]
    assert "'points' must be a whole number, not text \"lots\"" in lines[1]
    assert f"the word '{LONG}' is wider than the box" in lines[2]
    assert reported(run("build", "deck", "--out", "out")) == lines and not Path("out").exists()


def test_a_misspelt_template_is_located_at_its_line_with_the_name_meant(broken_pug_deck):
    root = Path("deck/deck.yaml")
    root.write_text(root.read_text("utf-8").replace("game: pug-you}", "game: pug-you, template: pug-yu}"), "utf-8")
    lines = reported(run("validate", "deck"))
    assert ("deck/deck.yaml:1:69: template 'pug-yu' not found in the deck's templates/ folder or among "
            "the bundled ones; did you mean 'pug-you'?") in lines
    assert not any("site-packages" in line or "/templates/" in line for line in lines)
    # Without a template there is nothing to fit text into; every other problem is still there.
    assert [line for line in lines if "bundled fonts" in line or "does not fit" in line] == []
    assert len(lines) == len(PUG_REPORT) - 3 + 1


def test_a_template_of_the_decks_own_folder_is_among_the_names_offered(write_deck):
    folder = write_deck(deck_yaml="deck: {id: d, name: D, game: pug-you, template: famly}\n")
    (folder / "templates").mkdir()
    (folder / "templates" / "family.yaml").write_text("extends: pug-you\n", "utf-8")
    assert reported(run("validate", "deck")) == [
        "deck/deck.yaml:1:49: template 'famly' not found in the deck's templates/ folder or among the "
        "bundled ones; did you mean 'family'?"]


@pytest.fixture
def installed(tmp_path, monkeypatch):
    """pugdeck as a wheel installs it: the bundled decks, templates and fonts in the
    package's `data/` folder, somewhere far from the working directory."""
    data = tmp_path / "site-packages" / "pugdeck" / "data"
    repository = Path(__file__).resolve().parents[2]
    for kind in ("decks", "templates", "fonts"):
        shutil.copytree(repository / kind, data / kind)
    monkeypatch.setattr(resources, "installed_data", lambda: data)
    monkeypatch.chdir(tmp_path)
    return data


def test_a_bundled_decks_files_read_as_the_bundled_deck(installed):
    assert run("validate", "pug-you").stderr.strip() == "pug-you (bundled): valid"
    red = installed / "decks" / "pug-you" / "cards" / "red.yaml"
    red.write_text(red.read_text("utf-8").replace("level: red", "level: rouge", 1), "utf-8")
    result = run("validate")
    assert result.exit_code == 1
    (line,) = reported(result)
    assert line.startswith("pug-you (bundled)/cards/red.yaml:") and "'level' must be one of" in line
    assert "site-packages" not in result.stderr


def test_a_checkouts_deck_folder_is_shown_as_the_path_it_is(tmp_path, monkeypatch):
    # No data/ folder in the package: the bundled decks are the repository's own `decks/`.
    checkout = tmp_path / "checkout"
    monkeypatch.setattr(resources, "installed_data", lambda: checkout / "pugdeck" / "data")
    assert resources.bundled_name(checkout / "decks" / "pug-you" / "deck.yaml") is None
    assert resources.bundled_name(tmp_path / "pugdeck" / "data" / "decks" / "x" / "deck.yaml") is None


def test_a_back_that_cannot_print_is_reported_with_the_cards_problems(broken_pug_deck):
    root = Path("deck/deck.yaml")
    root.write_text(root.read_text("utf-8").replace("game: pug-you}", 'game: pug-you, back: {title: "Pugs ☃"}}'),
                    "utf-8")
    lines = reported(run("validate", "deck"))
    assert any(line.startswith("deck/deck.yaml:1:") and "deck.back.title: character '☃'" in line
               for line in lines), lines
    assert len(lines) == len(PUG_REPORT) + 1
