"""`pugdeck build` as a user runs it: files, names, summaries, exit codes, nothing half-written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pugdeck.cli import main
from pugdeck.games.game_schemas import validate_built


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_build_no_red_writes_json_and_pdf(tmp_path):
    result = run("build", "--no-red", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pug-you-no-red.json", "pug-you-no-red.pdf"]
    assert result.stdout.startswith("pug-you-no-red (bundled, no deck.yaml here): 74 cards (green 35, yellow 35, mutts 4) + 6 blanks")
    assert "no-red removed 34" in result.stdout
    doc = json.loads((tmp_path / "pug-you-no-red.json").read_text())
    validate_built(doc)
    assert (tmp_path / "pug-you-no-red.pdf").read_bytes().startswith(b"%PDF-")


def test_rebuilds_are_byte_identical(tmp_path):
    for folder in ("a", "b"):
        assert run("build", "--strangers", "--out", str(tmp_path / folder)).exit_code == 0
    for name in ("pug-you-strangers.json", "pug-you-strangers.pdf"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


def test_unplayable_group_exits_1_with_counts(tmp_path):
    result = run("build", "--savage", "--strangers", "--exclude-tag", "drinking", "--players", "10", "--out", str(tmp_path))
    assert result.exit_code == 1
    assert "not enough cards for 10 players: 57 remain after the filters, 59 are needed; " \
           "savage removed the most (39 cards)" in result.stderr
    assert "Traceback" not in result.output + result.stderr
    assert not tmp_path.exists() or not any(tmp_path.iterdir())


def test_json_summary(tmp_path):
    result = run("build", "--no-pdf", "--json", "--out", str(tmp_path))
    summary = json.loads(result.stdout)
    assert summary["name"] == "pug-you" and summary["cards"] == 108 and summary["blanks"] == 6
    assert summary["checked"]["playable_for"] == [5, 6, 7, 8, 9, 10]


def test_profile_and_flags(tmp_path):
    profile = Path(__file__).parents[2] / "decks" / "pug-you" / "profiles" / "strangers.yaml"
    result = run("build", "--profile", str(profile), "--no-mutts", "--no-pdf", "--out", str(tmp_path))
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / "pug-you-strangers-no-mutts.json").is_file()


def test_a_failing_build_leaves_out_as_it_was(tmp_path):
    deck = tmp_path / "deck"
    deck.mkdir()
    long_question = "Who is " + "supercalifragilistic" * 4 + "?"  # one word wider than the card
    (deck / "deck.yaml").write_text(
        "deck: {id: long, name: Long, game: pug-you}\ncards:\n"
        f"  - {{id: windbag, level: red, question: \"{long_question}\", badges: 1, descriptive: "
        "wordy, turds: 1, thermometer: 1}\n")
    out = tmp_path / "out"
    out.mkdir()
    (out / "long.json").write_text("previous build")
    result = run("build", str(deck), "--out", str(out))
    assert result.exit_code == 1
    assert "card 'windbag'" in result.stderr and "does not fit" in result.stderr
    assert [p.name for p in out.iterdir()] == ["long.json"]  # no PDF, no temporary files
    assert (out / "long.json").read_text() == "previous build"


def test_bad_back_offset_is_a_usage_error():
    result = run("build", "--back-offset", "left")
    assert result.exit_code == 2
    assert "expected two numbers in mm" in result.stderr


@pytest.mark.parametrize(("command", "option", "value"), [
    ("build", "--bleed", "nan"), ("build", "--bleed", "NaN"), ("build", "--bleed", "inf"),
    ("build", "--back-offset", "nan,nan"), ("build", "--back-offset", "0,inf"),
    ("build", "--back-offset", "-inf,0"), ("calibrate", "--back-offset", "nan,0"),
])
def test_a_float_option_refuses_nan_and_infinities(tmp_path, command, option, value):
    """NaN passes a range check (it compares false with both bounds): a build would end in a
    traceback, or write a PDF whose backs sit at `nan nan` and vanish in viewers."""
    duplex = ["--duplex", "long"] if command == "build" and option == "--back-offset" else []
    result = run(command, option, value, *duplex, "--out", str(tmp_path))
    assert result.exit_code == 2, result.output
    assert f"Invalid value for '{option}'" in result.stderr and "Traceback" not in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_inputs_are_never_modified(tmp_path):
    deck = Path(__file__).parents[2] / "decks" / "pug-you"
    before = {p: p.read_bytes() for p in deck.rglob("*.yaml")}
    assert run("build", str(deck), "--out", str(tmp_path)).exit_code == 0
    assert before == {p: p.read_bytes() for p in deck.rglob("*.yaml")}


def test_a_bundled_deck_can_be_named(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # no folder called "pixelpug" here
    result = run("build", "pixelpug", "--no-pdf", "--out", "out")
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / "out" / "pixelpug.json").is_file()
    unknown = run("build", "pugyou")
    assert unknown.exit_code == 2
    assert "'pugyou' does not exist, and no bundled deck has that name (pixelpug, pug-you)" in unknown.stderr


def test_help_lists_every_group_parameter_as_declared():
    from pugdeck.building.parameters import all_parameters

    result = run("build", "--help")
    assert result.exit_code == 0
    flat = " ".join(result.stdout.split())
    for parameter in all_parameters():
        assert parameter.flag in result.stdout
        assert " ".join(parameter.help.split()) in flat, parameter.flag
    assert "e.g. pug-you-no-red" in flat and "else the bundled Pug You! deck" in flat


def test_a_flag_the_decks_game_does_not_take_is_refused(tmp_path):
    result = run("build", "pixelpug", "--strangers", "--blanks", "2", "--no-pdf", "--out", str(tmp_path))
    assert result.exit_code == 1
    assert "--strangers is a Pug You! preference; PixelPug takes only --exclude, --players and " \
           "--profile" in result.stderr
    assert "--blanks is a Pug You! preference" in result.stderr
    assert not tmp_path.exists() or not any(tmp_path.iterdir())
