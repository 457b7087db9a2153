"""DECK left out: the deck.yaml of the folder you stand in, or the nearest one above it, and
only then the bundled deck, for every command that takes DECK; the summary says which."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from pugdeck.cli import main


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def mazo(tmp_path, monkeypatch):
    """A Spanish deck started with `init`, and the working directory inside it."""
    assert run("init", str(tmp_path / "mazo"), "--language", "es").exit_code == 0
    monkeypatch.chdir(tmp_path / "mazo")
    return tmp_path / "mazo"


def test_build_in_a_deck_folder_builds_that_deck_and_says_so(mazo):
    result = run("build", "--no-pdf")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("mazo (./deck.yaml): ")
    assert (mazo / "out" / "mazo.json").is_file() and not (mazo / "out" / "pug-you.json").exists()


def test_a_starters_profile_comment_works_as_written(mazo):
    comment = (mazo / "profiles" / "familia.yaml").read_text(encoding="utf-8").splitlines()[1]
    command = comment.split(": ", 1)[1].split()  # "# Un perfil de grupo: pugdeck build --profile …"
    assert command[:2] == ["pugdeck", "build"]
    result = run(*command[1:], "--no-pdf")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("mazo-no-red-no-tag-amor (./deck.yaml): ")


def test_a_folder_below_the_deck_finds_it_as_git_finds_git(mazo, monkeypatch):
    monkeypatch.chdir(mazo / "cards")
    result = run("validate")
    assert result.exit_code == 0
    assert result.stderr.strip() == "mazo (../deck.yaml): valid"


def test_outside_any_deck_the_bundled_deck_is_built_and_named(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("build", "--no-pdf", "--json")
    assert json.loads(result.stdout)["deck_origin"] == "bundled, no deck.yaml here"
    text = run("build", "--no-pdf")
    assert text.stdout.startswith("pug-you (bundled, no deck.yaml here): 108 cards")


def test_a_deck_named_is_used_as_named(mazo, tmp_path):
    result = run("build", "pixelpug", "--no-pdf", "--out", str(tmp_path / "o"))
    assert result.stdout.startswith("pixelpug: 36 cards")
    assert json.loads(run("build", "pixelpug", "--no-pdf", "--json", "--out",
                          str(tmp_path / "o")).stdout)["deck_origin"] is None


def test_exports_and_preview_take_the_deck_here(mazo):
    result = run("export", "csv")
    assert result.exit_code == 0, result.output
    assert (mazo / "out" / "mazo.csv").is_file()
    preview = run("preview")
    assert preview.exit_code == 0, preview.output
    assert preview.stdout.startswith("mazo (./deck.yaml): ")
    assert (mazo / "out" / "mazo-preview.png").is_file()


def test_play_and_simulate_take_the_deck_here(tmp_path, monkeypatch):
    assert run("init", str(tmp_path / "pp"), "--game", "pixelpug").exit_code == 0
    monkeypatch.chdir(tmp_path / "pp")
    played = run("play", "--players", "2", "--json")
    assert played.exit_code == 0, played.output
    assert "pp (./deck.yaml)" in played.stderr
    assert json.loads(played.stdout)["deck"]["deck"]["id"] == "pp"
    simulated = run("simulate", "--players", "2", "--games", "3", "--json")
    assert simulated.exit_code == 0, simulated.output
    assert "pp (./deck.yaml)" in simulated.stderr
