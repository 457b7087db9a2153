"""A third game, installed as a package of its own, gets every stage with no change to
pugdeck: `validate`, `build` (JSON and PDF), the exports, `schema`, `import`, `play`,
`replay`, `simulate` and `serve`. High Card lives in tests/plugin_game and is registered the
way pip registers a game: an entry point in the group `pugdeck.games` (see
tests/helpers/highcard.py)."""

from __future__ import annotations

import importlib
import json

import pytest
from click.testing import CliRunner

# The command modules are imported before High Card is installed, as in a long-lived
# process: what they offer must come from the registry when a command runs.
import pugdeck.cli.export_csv
import pugdeck.cli.validate  # noqa: F401
from helpers.highcard import DECK, highcard_installed
from pugdeck.cli import main

NAMES = ("One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """High Card installed for this module; the built deck's JSON path."""
    root = tmp_path_factory.mktemp("third-game")
    with highcard_installed(root / "site"):
        result = CliRunner().invoke(main, ["build", str(DECK), "--no-pdf", "--out", str(root / "out")])
        assert result.exit_code == 0, result.output
        yield root / "out" / "highcard.json"


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_validate_checks_its_deck_with_its_own_schema_and_rules(site, tmp_path):
    assert run("validate", str(DECK)).exit_code == 0
    bad = tmp_path / "deck.yaml"
    bad.write_text("deck: {id: hc, name: HC, game: highcard}\ncards:\n  - {id: one, value: 1}\n"
                   "  - {id: uno, value: 1}\n  - {id: two, valeu: 2}\n", encoding="utf-8")
    result = run("validate", str(bad))
    assert result.exit_code == 1
    assert "unknown key 'valeu'; did you mean 'value'?" in result.stderr
    assert "'one' is worth 1 too" in result.stderr


def test_validate_runs_its_print_checks_on_its_own_template(site, tmp_path):
    long = tmp_path / "deck.yaml"
    long.write_text("deck: {id: hc, name: HC, game: highcard}\ncards:\n  - {id: one, value: 1}\n"
                    "  - {id: two, value: 2, name: Two and a half thousand and twelve}\n",
                    encoding="utf-8")
    result = run("validate", str(long))
    assert result.exit_code == 1
    assert f"{long}:4:" in result.stderr and "card 'two': name" in result.stderr


def test_build_writes_the_built_deck(site):
    doc = json.loads(site.read_text(encoding="utf-8"))
    assert doc["format"] == "pugdeck-deck" and doc["game"] == "highcard"
    assert [card["value"] for card in doc["cards"]] == list(range(1, 11))
    assert doc["checked"]["playable_for"] == [2, 3, 4, 5]
    too_many = run("build", str(DECK), "--no-pdf", "--players", "6", "--out", str(site.parent / "x"))
    assert too_many.exit_code == 1 and "High Card is for 2 to 5 players" in too_many.stderr


def test_build_prints_its_own_faces_in_the_pdf(site, tmp_path):
    from pypdf import PdfReader

    assert run("build", str(DECK), "--bleed", "3", "--out", str(tmp_path)).exit_code == 0
    pages = [page.extract_text() for page in PdfReader(tmp_path / "highcard.pdf").pages]
    assert len(pages) == 20  # one card a page: each front, then its back
    assert [page.split() for page in pages[0::2]] == [[str(n), name] for n, name in
                                                     enumerate(NAMES, 1)]
    assert all(page == "HIGH CARD" for page in pages[1::2])
    sheets = run("build", "highcard", "--out", str(tmp_path / "sheets"))  # by its bundled name
    assert sheets.exit_code == 0, sheets.output
    text = "".join(p.extract_text() for p in PdfReader(tmp_path / "sheets" / "highcard.pdf").pages)
    assert all(name in text for name in NAMES)


def test_export_png_writes_a_picture_of_each_face_and_the_back(site, tmp_path):
    from PIL import Image

    result = run("export", "png", str(DECK), "--dpi", "100", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    pictures = sorted((tmp_path / "highcard" / "png").iterdir())
    assert sorted(p.name for p in pictures) == sorted(
        ["back.png", *(f"{name.lower()}.png" for name in NAMES)])
    for picture in pictures:
        with Image.open(picture) as image:
            assert image.size == (250, 350)  # a poker card at 100 dpi


def test_export_tts_writes_a_tabletop_simulator_deck(site, tmp_path):
    result = run("export", "tts", str(DECK), "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    saved = json.loads((tmp_path / "highcard" / "tts" / "highcard.json").read_text(encoding="utf-8"))
    deck = saved["ObjectStates"][0]
    assert deck["Nickname"] == "High Card" and len(deck["ContainedObjects"]) == 10
    assert [(card["Nickname"], card["Description"]) for card in deck["ContainedObjects"]] == [
        (name, f"{name}: worth {n}") for n, name in enumerate(NAMES, 1)]
    assert (tmp_path / "highcard" / "tts" / "highcard-back.jpg").is_file()


def test_export_html_writes_a_gallery_of_its_cards(site, tmp_path):
    result = run("export", "html", str(DECK), "--dpi", "36", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    page = (tmp_path / "highcard.html").read_text(encoding="utf-8")
    assert "Numbers" in page and all(name in page for name in NAMES)


def test_export_csv_writes_a_row_per_card(site, tmp_path):
    result = run("export", "csv", str(DECK), "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    rows = (tmp_path / "highcard.csv").read_text(encoding="utf-8-sig").splitlines()
    assert rows[0].startswith("id,value,name") and len(rows) == 11
    assert rows[7].startswith("seven,7,Seven")


def test_schema_prints_its_authoring_schema(site):
    result = run("schema", "--game", "highcard")
    assert result.exit_code == 0 and json.loads(result.stdout)["title"].startswith("High Card")
    assert "highcard" in run("schema", "--help").stdout


def test_import_turns_a_table_into_a_deck_of_its_own(site, tmp_path):
    assert run("export", "csv", str(DECK), "--out", str(tmp_path)).exit_code == 0
    made = run("import", str(tmp_path / "highcard.csv"), "--into", str(tmp_path / "new"),
               "--game", "highcard")
    assert made.exit_code == 0, made.output
    assert run("validate", str(tmp_path / "new")).exit_code == 0  # its template: the game's own


def test_play_prints_a_game_between_bots(site):
    result = run("play", str(site), "--players", "3", "--seed", "4", "--bots", "random")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "Dealt 2 cards to each of 3 players." and len(lines) == 5
    assert [line.split(" plays ")[0] for line in lines[1:4]] == [
        f"Seat {seat} (random)" for seat in range(3)]
    assert lines[-1].startswith("Seat ") and " wins with " in lines[-1]


def test_a_played_log_replays_to_the_same_transcript(site, tmp_path):
    played = run("play", str(site), "--players", "4", "--seed", "1", "--bots", "random", "--json")
    assert played.exit_code == 0, played.output
    assert json.loads(played.stdout)["format"] == "highcard-log"
    (tmp_path / "log.json").write_text(played.stdout, encoding="utf-8")
    text = run("play", str(site), "--players", "4", "--seed", "1", "--bots", "random").stdout
    replayed = run("replay", str(tmp_path / "log.json"))
    assert replayed.exit_code == 0 and replayed.stdout == text and " wins with " in text


def test_simulate_reports_each_player_count(site):
    result = run("simulate", str(site), "--players", "2-5", "--games", "20", "--bots", "random")
    assert result.exit_code == 0, result.output
    assert [line.split(":")[0] for line in result.stdout.splitlines()] == [
        f"{n} players" for n in range(2, 6)]


def test_serve_plays_it_over_the_protocol(site):
    requests = [
        {"id": 1, "cmd": "hello"},
        {"id": 2, "cmd": "new_game", "deck": str(site), "players": 2, "seed": 3,
         "bots": {"1": "random"}},
        {"id": 3, "cmd": "legal_actions", "game": "g1"},
    ]
    result = CliRunner().invoke(main, ["serve", "--stdio", "--root", str(site.parent)],  # a path under the root
                                input="".join(json.dumps(r) + "\n" for r in requests))
    hello, opened, legal = (json.loads(line) for line in result.stdout.splitlines())
    assert "highcard" in hello["games"]
    assert opened["ok"] and opened["to_act"] == 0
    assert opened["actions"] == [{"seat": None, "action": {"type": "deal"}}]  # the deal is secret
    assert [action["type"] for action in legal["actions"]] == ["play", "play"]  # its own hand
    card = legal["actions"][0]
    by_name = dict(requests[1], deck="highcard")  # its bundled deck, by name
    applied = CliRunner().invoke(main, ["serve", "--stdio"], input="".join(json.dumps(r) + "\n" for r in [
        by_name, {"id": 4, "cmd": "apply", "game": "g1", "action": card}]))
    done = json.loads(applied.stdout.splitlines()[-1])
    assert done["ok"] and done["terminal"] and done["result"]["winner"] in (0, 1)


def test_play_and_simulate_default_to_the_bots_the_game_has(site):
    """High Card has only the shared random bot: no --bots needed."""
    played = run("play", str(site), "--players", "3", "--seed", "1")
    assert played.exit_code == 0, played.stderr
    assert "random" in played.stdout
    simulated = run("simulate", str(site), "--players", "2", "--games", "3")
    assert simulated.exit_code == 0, simulated.stderr


def test_init_offers_it_and_says_plainly_that_it_has_no_starter_deck(site, tmp_path):
    result = run("init", str(tmp_path / "mine"), "--game", "highcard")
    assert result.exit_code == 1
    assert result.stderr.startswith("error: High Card has no starter deck to begin from")
    assert not (tmp_path / "mine").exists()


# --- a game is a declaration of parts (pugdeck/games/spec.py, games/parts.py) ------------

def _with_parts(monkeypatch, drop: tuple[str, ...] = (), **parts: str):
    """High Card registered again with some parts dropped or replaced, for one test."""
    from pugdeck.games import registry

    base = type(registry.game("highcard"))
    changed = type("Changed", (base,), {"parts": {**{k: v for k, v in base.parts.items() if k not in drop},
                                                  **parts}})
    monkeypatch.setitem(registry.registered(), "highcard", changed())


def test_a_game_without_printing_says_so_in_one_sentence_at_build_and_still_validates(site, tmp_path,
                                                                                      monkeypatch):
    _with_parts(monkeypatch, drop=("print_run", "faces"))
    assert run("validate", str(DECK)).exit_code == 0  # no print checks, no template looked for
    built = run("build", str(DECK), "--out", str(tmp_path / "out"))
    assert built.exit_code == 1 and "Traceback" not in built.output
    assert built.stderr.splitlines()[0] == "High Card cannot print; `pugdeck build --no-pdf` writes its JSON"
    assert "template" not in built.stderr
    assert not (tmp_path / "out").exists()  # all or nothing: no JSON without its PDF
    assert run("build", str(DECK), "--no-pdf", "--out", str(tmp_path / "json")).exit_code == 0
    png = run("export", "png", str(DECK), "--out", str(tmp_path / "png"))
    assert png.exit_code == 1 and "High Card cannot print" in png.stderr and "Traceback" not in png.output


def test_a_game_whose_build_returns_no_built_deck_is_one_sentence_not_a_traceback(site, tmp_path,
                                                                                 monkeypatch):
    # The installed game's own module (top-level `pugdeck_highcard`, as its entry point names it).
    highcard_build = importlib.import_module("pugdeck_highcard.build")
    monkeypatch.setattr(highcard_build, "as_document", lambda deck, params, **_: {"cards": []}, raising=False)
    _with_parts(monkeypatch, build_deck="pugdeck_highcard.build:as_document")
    result = run("build", str(DECK), "--no-pdf", "--out", str(tmp_path))
    assert result.exit_code == 1
    assert "High Card broke pugdeck's game contract: its build_deck returned a dict" in result.stderr
    assert "Traceback" not in result.output and list(tmp_path.iterdir()) == []


def test_a_game_without_an_engine_says_so_at_play(site, monkeypatch):
    _with_parts(monkeypatch, drop=("new_game",))
    result = run("play", str(site), "--players", "2")
    assert result.exit_code == 1 and "High Card has no engine" in result.stderr
    assert "Traceback" not in result.output


def test_a_game_without_checks_says_so_at_validate(site, monkeypatch):
    _with_parts(monkeypatch, drop=("checks",))
    result = run("validate", str(DECK))
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "deck.yaml:" in result.stderr and "High Card decks cannot be checked" in result.stderr


def test_a_game_whose_check_deck_returns_no_checked_deck_is_one_sentence(site, tmp_path, monkeypatch):
    """At 0ca5078, `pugdeck build` of such a game ended in an AttributeError traceback."""
    from pugdeck.games import registry

    spec = registry.game("highcard")
    monkeypatch.setattr(type(spec), "check_deck", lambda self, loaded: (loaded, []), raising=False)
    result = run("build", str(DECK), "--no-pdf", "--out", str(tmp_path))
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "High Card broke pugdeck's game contract: its check_deck returned a LoadedDeck" in result.stderr
