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


def _rounds_always_tie(built_doc: dict) -> dict:
    """A valid deck whose every card is worth nothing and does nothing: every round ends
    when the deck runs out, in a points tie, so no match ever has a champion."""
    doc = json.loads(json.dumps(built_doc))
    for card in doc["cards"]:
        card.update(points=0, attack=False, effect=[{"op": "none"}])
    return doc


def test_simulate_counts_matches_that_end_without_a_champion(built_doc, tmp_path):
    # Regression (0ca5078: TypeError from `match_wins[None]`): matches that reach the round
    # limit without a champion count for no seat.
    path = tmp_path / "ties.json"
    path.write_text(json.dumps(_rounds_always_tie(built_doc)), encoding="utf-8")
    result = run("simulate", str(path), "-p", "2", "-g", "2", "--bots", "random", "--json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)["summaries"][0]
    assert [seat["match_share"] for seat in summary["seats"]] == [0, 0]
    assert summary["how_rounds_end"]["tie"] == 1 and summary["rounds"] == 2 * 101


def test_a_replay_log_with_a_deal_order_of_lists_is_refused_in_a_sentence(built_doc, tmp_path):
    # Regression (0ca5078: TypeError, unhashable list): a card id that is not a string.
    log = json.loads(run("play", _write(built_doc, tmp_path), "-p", "2", "--json").output)
    log["actions"][0] = {"type": "deal", "order": [[1]], "first": 0}
    path = tmp_path / "bad-log.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    result = run("replay", str(path))
    assert result.exit_code == 1
    assert "the order must list each of the" in result.output and "Traceback" not in result.output


def _write(doc: dict, tmp_path) -> str:
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return str(path)
