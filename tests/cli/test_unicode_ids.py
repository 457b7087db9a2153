"""Ids in any script through every command that uses them: build names and `--exclude`,
profiles, PNG file names, Tabletop Simulator links and notes, CSV out and back in, and the
engine protocol."""

from __future__ import annotations

import json
import shutil
import unicodedata
from pathlib import Path

from click.testing import CliRunner

from pugdeck.cli import main
from pugdeck.protocol.server import Server
from pugdeck.resources import bundled_deck

NFD = lambda text: unicodedata.normalize("NFD", text)  # noqa: E731
IDS = ("el-niño", "große-klappe", "猫の手")


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def write_deck(folder: Path) -> Path:
    """A small Pug You! deck `baraja-niño` whose cards have the ids of `IDS`."""
    lines = ["deck: {id: baraja-niño, name: Baraja, game: pug-you}", "cards:"]
    for n, card_id in enumerate(IDS):
        lines += [f"  - id: {card_id}", "    level: red", f'    question: "Who is number {n}?"',
                  "    badges: 2", '    descriptive: "filthy"', "    turds: 2", "    thermometer: 2",
                  f"    tags: [{'mañana' if n else 'noche'}]"]
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "deck.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder


def built_json(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_build_names_its_files_after_a_deck_id_in_any_script(tmp_path):
    deck = write_deck(tmp_path / "deck")
    result = run("build", str(deck), "--no-pdf", "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.stderr
    doc = built_json(tmp_path / "out" / "baraja-niño.json")
    assert doc["name"] == doc["deck"]["id"] == "baraja-niño"
    assert [c["card"] for c in doc["cards"]] == list(IDS)


def test_exclude_takes_an_id_typed_decomposed(tmp_path):
    deck = write_deck(tmp_path / "deck")
    result = run("build", str(deck), "--no-pdf", "--out", str(tmp_path / "out"),
                 "--exclude", NFD("el-niño"), "--exclude-tag", NFD("mañana"))
    assert result.exit_code == 0, result.stderr
    doc = built_json(tmp_path / "out" / "baraja-niño-no-tag-mañana-without-el-niño.json")
    assert doc["cards"] == [] and doc["filters"]["exclude"] == ["el-niño"]


def test_exclude_with_a_capital_is_told_the_id(tmp_path):
    result = run("build", str(write_deck(tmp_path / "deck")), "--no-pdf", "--out", str(tmp_path / "out"),
                 "--exclude", "El-Niño")
    assert result.exit_code == 1
    assert "--exclude: no card has the id 'El-Niño'; did you mean 'el-niño'?" in result.stderr
    assert not (tmp_path / "out").exists()


def test_a_name_in_any_script_names_the_files_and_a_capital_is_a_usage_error(tmp_path):
    deck = write_deck(tmp_path / "deck")
    assert run("build", str(deck), "--no-pdf", "--out", str(tmp_path), "--name", NFD("noche-niño")).exit_code == 0
    assert (tmp_path / "noche-niño.json").is_file()  # written composed
    refused = run("build", str(deck), "--no-pdf", "--out", str(tmp_path), "--name", "Noche")
    assert refused.exit_code == 2 and "'Noche' cannot name the files" in refused.stderr
    too_long = run("build", str(deck), "--no-pdf", "--out", str(tmp_path), "--name", "猫" * 34)
    assert too_long.exit_code == 2 and "the name takes 102 bytes in UTF-8; the limit is 100" in too_long.stderr


def test_a_profile_excludes_by_an_id_in_any_script_and_locates_a_wrong_one(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    deck = write_deck(Path("deck"))
    Path("ours.yaml").write_text("exclude: [el-niño]\n", encoding="utf-8")
    Path("wrong.yaml").write_text("exclude: [Él]\n", encoding="utf-8")
    assert run("build", str(deck), "--no-pdf", "--profile", "ours.yaml").exit_code == 0
    assert [c["card"] for c in built_json(Path("out/baraja-niño-without-el-niño.json"))["cards"]] == list(IDS[1:])
    refused = run("build", str(deck), "--no-pdf", "--profile", "wrong.yaml")
    assert refused.exit_code == 1
    assert ("wrong.yaml:1:11: 'exclude' must be a slug (lowercase letters of any script, digits and '-', "
            "starting with a letter or digit), not text \"Él\": 'É' is a capital letter; did you mean 'él'?"
            in refused.stderr)


def test_png_files_are_named_after_the_ids_in_utf8_nfc(tmp_path):
    result = run("export", "png", str(write_deck(tmp_path / "deck")), "--out", str(tmp_path / "out"), "--dpi", "36")
    assert result.exit_code == 0, result.stderr
    names = {p.name for p in (tmp_path / "out" / "baraja-niño" / "png").iterdir()}
    assert {"el-niño-1.png", "große-klappe-1.png", "猫の手-1.png"} <= names
    assert all(unicodedata.is_normalized("NFC", name) for name in names)


def test_tts_links_quote_the_file_names_and_notes_keep_the_ids(tmp_path):
    result = run("export", "tts", str(write_deck(tmp_path / "deck")), "--out", str(tmp_path / "out"),
                 "--base-url", "https://example.org/decks")
    assert result.exit_code == 0, result.stderr
    saved = json.loads((tmp_path / "out" / "baraja-niño" / "tts" / "baraja-niño.json").read_text("utf-8"))
    deck = saved["ObjectStates"][0]
    sheet = next(iter(deck["CustomDeck"].values()))
    assert sheet["FaceURL"] == "https://example.org/decks/baraja-ni%C3%B1o-faces-1.jpg"
    assert [c["GMNotes"] for c in deck["ContainedObjects"]] == [f"{i}#1" for i in IDS]


def test_csv_export_and_import_keep_the_ids(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write_deck(Path("deck"))
    assert run("export", "csv", "deck", "-o", "cards.csv").exit_code == 0
    result = run("import", "cards.csv", "--into", "Baraja Española")
    assert result.exit_code == 0, result.stderr
    assert "  id: baraja-española\n" in Path("Baraja Española/deck.yaml").read_text("utf-8")
    assert run("validate", "Baraja Española").exit_code == 0
    assert run("build", "Baraja Española", "--no-pdf", "--exclude", "猫の手").exit_code == 0


def test_the_protocol_plays_ids_in_any_script_and_reads_them_composed(tmp_path):
    deck = tmp_path / "pixel"
    shutil.copytree(bundled_deck("pixelpug"), deck)
    main_cards = deck / "cards" / "main.yaml"
    main_cards.write_text(main_cards.read_text("utf-8").replace("doghouse", "caseta-niño"), "utf-8")
    server = Server(root=tmp_path)
    new = server.handle({"id": 1, "cmd": "new_game", "deck": str(deck), "players": 2, "seed": 3})
    assert new["ok"], new
    legal = server.handle({"id": 2, "cmd": "legal_actions", "game": new["game"]})["actions"]
    assert [a["card"] for a in legal] == ["caseta-niño#2", "caseta-niño#3"]  # seed 3 deals two
    sent = {**legal[0], "card": NFD("caseta-niño#2")}
    applied = server.handle({"id": 3, "cmd": "apply", "game": new["game"], "action": sent})
    assert applied["ok"], applied
    assert applied["actions"][0]["action"]["card"] == "caseta-niño#2"
    line = server.handle_line(json.dumps({"id": 4, "cmd": "log", "game": new["game"]}))
    assert "caseta-niño#2" in json.dumps(line, ensure_ascii=False)
