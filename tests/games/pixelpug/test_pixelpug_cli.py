"""`pugdeck play`, `replay` and `simulate` with a PixelPug deck (a person playing: test_pixelpug_terminal.py)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from pugdeck.cli import main


@pytest.fixture
def deck_json(built_doc, tmp_path):
    path = tmp_path / "pixelpug.json"
    path.write_text(json.dumps(built_doc), encoding="utf-8")
    return str(path)


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input)


def test_bots_only_play_prints_a_transcript_and_a_replayable_log(deck_json, tmp_path):
    text = run("play", deck_json, "-p", "4", "--seed", "9")
    assert text.exit_code == 0 and "PixelPug Champion" in text.output
    logged = run("play", deck_json, "-p", "4", "--seed", "9", "--json")
    log_path = tmp_path / "log.json"
    log_path.write_text(logged.output, encoding="utf-8")
    replayed = run("replay", str(log_path))
    assert replayed.exit_code == 0 and replayed.output == text.output


def test_simulate_reports_seats_round_ends_and_eliminations(deck_json):
    result = run("simulate", deck_json, "-p", "2-3", "-g", "20", "--bots", "random")
    assert result.exit_code == 0, result.output
    for words in ("PixelPug, 2 players", "PixelPug, 3 players", "vs fair", "rounds end by",
                  "eliminations by card", "holder win ratio"):
        assert words in result.output
    data = json.loads(run("simulate", deck_json, "-p", "2", "-g", "10", "--json").output)
    assert data["game"] == "pixelpug" and data["summaries"][0]["games"] == 10


def test_a_player_count_outside_the_rules_is_a_clear_error(deck_json):
    result = run("play", deck_json, "-p", "9")
    assert result.exit_code == 1 and "outside this deck's range 2-6" in result.output


def test_validate_and_build_the_bundled_deck(tmp_path):
    from pugdeck.resources import bundled_deck

    deck = str(bundled_deck("pixelpug"))
    assert run("validate", deck).exit_code == 0
    built = run("build", deck, "--out", str(tmp_path))
    assert built.exit_code == 0, built.output
    assert "pixelpug: 36 cards (33 in the game deck, 3 set aside)" in built.output
    doc = json.loads((tmp_path / "pixelpug.json").read_text(encoding="utf-8"))
    assert doc["game"] == "pixelpug" and len(doc["cards"]) == 36
    assert (tmp_path / "pixelpug.pdf").read_bytes().startswith(b"%PDF")


def test_pug_you_filters_are_refused_for_pixelpug(tmp_path):
    from pugdeck.resources import bundled_deck

    result = run("build", str(bundled_deck("pixelpug")), "--no-red", "--out", str(tmp_path))
    assert result.exit_code == 1 and "--no-red is a Pug You! preference" in result.output


def test_simulate_refuses_a_chart_naming_the_game(deck_json, tmp_path):
    result = run("simulate", deck_json, "-p", "2", "-g", "1", "--plot", str(tmp_path / "c.png"))
    assert result.exit_code == 2 and "charts are not drawn for PixelPug decks" in result.output
    assert not (tmp_path / "c.png").exists()


def test_simulate_refuses_an_unknown_bot_kind(deck_json):
    result = run("simulate", deck_json, "-p", "2", "-g", "1", "--bots", "genius")
    assert result.exit_code == 2 and "choose bots from random, heuristic" in result.output
