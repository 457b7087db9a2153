"""`pugdeck games`: the registered games, as text and as JSON."""

from __future__ import annotations

import json

from click.testing import CliRunner

from pugdeck.cli import main
from pugdeck.games.registry import registered


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_the_text_lists_every_registered_game_with_its_title_summary_and_decks():
    result = run("games")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    for spec in registered().values():
        assert any(line.startswith(f"{spec.id} ") and f"{spec.title}: {spec.summary}" in line
                   for line in lines), spec.id
        assert any(line.strip() == f"bundled decks: {', '.join(spec.bundled_decks)}" for line in lines)
    assert len(lines) == 2 * len(registered())


def test_json_lists_the_games_by_id_with_what_each_offers():
    result = run("games", "--json")
    assert result.exit_code == 0
    listing = json.loads(result.output)
    assert [entry["id"] for entry in listing] == sorted(registered())
    by_id = {entry["id"]: entry for entry in listing}
    assert by_id["pug-you"] == {
        "id": "pug-you", "title": "Pug You!", "summary": registered()["pug-you"].summary,
        "bundled_decks": ["pug-you"], "log_format": "pugdeck-pug-you-log",
        "plays_in_terminal": True, "draws_charts": True}
    assert by_id["pixelpug"]["plays_in_terminal"] and not by_id["pixelpug"]["draws_charts"]


def test_a_newly_registered_game_is_listed(monkeypatch):
    from pugdeck.games.spec import GameSpec

    class CardDuel(GameSpec):
        id = "card-duel"
        title = "Card Duel"
        summary = "two players, one deck"

    monkeypatch.setitem(registered(), CardDuel.id, CardDuel())
    listing = json.loads(run("games", "--json").output)
    assert {"id": "card-duel", "title": "Card Duel", "summary": "two players, one deck",
            "bundled_decks": [], "log_format": None, "plays_in_terminal": False,
            "draws_charts": False} in listing
    assert "bundled decks: none" in run("games").output


def test_the_command_is_documented():
    result = run("games", "--help")
    assert result.exit_code == 0 and "--json" in result.output
    assert "games" in run("--help").output
