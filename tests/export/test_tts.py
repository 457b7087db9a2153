"""`pugdeck export tts`: sheet geometry, the saved-object JSON and the command line, for decks
of 1, 69, 70 and 140 cards (one sheet, a full sheet, one card over, two full sheets)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops, ImageStat

from pugdeck.building.pipeline import build
from pugdeck.cli import main
from pugdeck.export.png import card_pdf
from pugdeck.export.tts import CARDS_PER_SHEET, MAX_SHEET_PX, card_pixels, sheet_layouts, tts_files
from pugdeck.resources import bundled_deck

LEVELS = ("green", "yellow", "red")


def write_pug_deck(folder: Path, n: int) -> Path:
    """A deck folder of `n` valid pug cards (`card-0` …), as an author would write it."""
    lines = ["deck: {id: t, name: T, game: pug-you}", "cards:"]
    for i in range(n):
        lines += [f"  - id: card-{i}", f"    level: {LEVELS[i % 3]}",
                  f'    question: "Who would forget card number {i} at a party?"',
                  f"    badges: {1 + i % 3}", '    descriptive: "forgetful"',
                  f"    turds: {1 + (i // 3) % 3}", "    thermometer: 1"]
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "deck.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder


def export(tmp_path: Path, n: int, base_url: str | None = None) -> tuple[dict, dict]:
    built = build(write_pug_deck(tmp_path / "deck", n))
    files = tts_files(built, tmp_path / "out", base_url)
    by_name = {path.name: data for path, data in files.items()}
    return by_name, json.loads(by_name["t.json"])


def test_a_card_fills_a_tenth_of_4096_px_in_its_own_proportions():
    assert card_pixels((180.0, 252.0)) == (409, 573)  # poker 63.5 x 88.9 mm
    width, height = card_pixels((198.0, 342.0))  # tarot: the seven rows limit it
    assert height * 7 <= MAX_SHEET_PX and width * 10 <= MAX_SHEET_PX


@pytest.mark.parametrize("count, grids", [
    (1, [(2, 1)]), (9, [(10, 1)]), (10, [(10, 2)]), (69, [(10, 7)]),
    (70, [(10, 7), (2, 1)]), (138, [(10, 7), (10, 7)]), (140, [(10, 7), (10, 7), (3, 1)]),
])
def test_sheets_hold_69_cards_and_the_hidden_slot(count, grids):
    layouts = sheet_layouts(count, (409, 573))
    assert [(s.columns, s.rows) for s in layouts] == grids
    assert [len(s.cards) for s in layouts][:-1] == [CARDS_PER_SHEET] * (len(grids) - 1)
    assert sum(len(s.cards) for s in layouts) == count
    for sheet in layouts:
        assert len(sheet.cards) < sheet.columns * sheet.rows  # room for the hidden card
        assert max(sheet.size) <= MAX_SHEET_PX


@pytest.mark.parametrize("count, sheets", [(1, 1), (66, 1), (69, 2), (70, 2), (140, 3)])
def test_export_writes_rgb_sheets_the_back_and_the_saved_object(tmp_path, count, sheets):
    files, saved = export(tmp_path, count)
    assert sorted(files) == sorted([f"t-faces-{k}.jpg" for k in range(1, sheets + 1)]
                                   + ["t-back.jpg", "t.json", "t.png"])
    states = saved["ObjectStates"]
    deck, lone = states[0], states[1:]
    # The two turd cards and the turn overview lie beside the deck, on the last sheet.
    assert [c["GMNotes"] for c in lone] == ["turd-1", "turd-2", "turn-overview"]
    assert [c["CardID"] for c in lone] == [100 * sheets + (count + i) % 69 for i in range(3)]
    custom = {k: v for obj in states for k, v in obj["CustomDeck"].items()}
    assert sorted(custom, key=int) == [str(k) for k in range(1, sheets + 1)]
    for key, entry in custom.items():
        sheet = Image.open(io.BytesIO(files[f"t-faces-{key}.jpg"]))
        assert sheet.mode == "RGB" and max(sheet.size) <= MAX_SHEET_PX
        assert sheet.size == (entry["NumWidth"] * 409, entry["NumHeight"] * 573)
        assert entry["NumWidth"] <= 10 and entry["NumHeight"] <= 7
        assert entry["BackIsHidden"] is True and entry["UniqueBack"] is False
        assert entry["FaceURL"] == (tmp_path / "out/t/tts" / f"t-faces-{key}.jpg").resolve().as_uri()
        assert entry["BackURL"] == (tmp_path / "out/t/tts/t-back.jpg").resolve().as_uri()
    assert Image.open(io.BytesIO(files["t-back.jpg"])).size == (409, 573)
    if count == 1:
        assert deck["Name"] == "Card" and deck["CardID"] == 100
        assert deck["Nickname"] == "Who would forget card number 0 at a party?"
        return
    assert deck["Name"] == "DeckCustom"
    cards = deck["ContainedObjects"]
    expected_ids = [100 * (1 + i // 69) + i % 69 for i in range(count)]
    assert [c["CardID"] for c in cards] == expected_ids == deck["DeckIDs"]
    assert [c["Nickname"] for c in cards] == [f"Who would forget card number {i} at a party?"
                                              for i in range(count)]
    for card in cards:
        assert card["Name"] == "Card"
        assert list(card["CustomDeck"]) == [str(card["CardID"] // 100)]
        assert set(card["Transform"]) == {"posX", "posY", "posZ", "rotX", "rotY", "rotZ",
                                          "scaleX", "scaleY", "scaleZ"}
    assert len({c["GUID"] for c in cards + lone} | {deck["GUID"]}) == count + 4


def test_the_hidden_slot_shows_the_back(tmp_path):
    files, saved = export(tmp_path, 3)
    sheet = Image.open(io.BytesIO(files["t-faces-1.jpg"])).convert("RGB")
    back = Image.open(io.BytesIO(files["t-back.jpg"])).convert("RGB")
    # 3 cards, 2 turd cards, the overview and the hidden card: a 7 x 1 sheet
    hidden = sheet.crop((6 * 409, 0, 7 * 409, 573))
    assert saved["ObjectStates"][0]["CustomDeck"]["1"]["NumWidth"] == 7
    assert _mean_difference(hidden, back) < 4


def test_base_url_prefixes_the_file_names(tmp_path):
    _, saved = export(tmp_path, 2, base_url="https://example.org/decks")
    entry = saved["ObjectStates"][0]["CustomDeck"]["1"]
    assert entry["FaceURL"] == "https://example.org/decks/t-faces-1.jpg"
    assert entry["BackURL"] == "https://example.org/decks/t-back.jpg"


def test_same_deck_gives_the_same_json(tmp_path):
    first, _ = export(tmp_path / "a", 4, base_url="https://example.org")
    second, _ = export(tmp_path / "b", 4, base_url="https://example.org")
    assert first["t.json"] == second["t.json"]


def test_command_writes_the_tts_folder(tmp_path):
    deck = write_pug_deck(tmp_path / "deck", 5)
    result = CliRunner().invoke(main, ["export", "tts", str(deck), "--out", str(tmp_path / "out"),
                                       "--base-url", "https://example.org/t/"])
    assert result.exit_code == 0, result.output
    folder = tmp_path / "out/t/tts"
    assert sorted(p.name for p in folder.iterdir()) == ["t-back.jpg", "t-faces-1.jpg", "t.json", "t.png"]
    assert "wrote 4 Tabletop Simulator files" in result.stdout
    assert f"saved object: {folder / 't.json'}" in result.stdout


def test_command_with_a_bad_deck_exits_1_and_writes_nothing(tmp_path):
    deck = tmp_path / "deck"
    deck.mkdir()
    (deck / "deck.yaml").write_text("deck: {id: t, name: T, game: pug-you}\ncards:\n  - id: x\n")
    result = CliRunner().invoke(main, ["export", "tts", str(deck), "--out", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert "card 'x'" in result.stderr and "nothing was written" in result.stderr
    assert not (tmp_path / "out").exists()


def _mean_difference(a: Image.Image, b: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


def test_pixelpug_treats_are_a_deck_of_their_own_with_their_back(tmp_path):
    built = build(bundled_deck("pixelpug"))
    files = {p.name: d for p, d in tts_files(built, tmp_path).items()}
    assert sorted(files) == ["pixelpug-back-main.jpg", "pixelpug-back-treats.jpg",
                             "pixelpug-faces-1.jpg", "pixelpug-faces-2.jpg", "pixelpug.json",
                             "pixelpug.png"]
    main_pile, reference, treats = json.loads(files["pixelpug.json"])["ObjectStates"]
    assert reference["Name"] == "Card" and reference["Nickname"].startswith("How to play")  # beside the deck
    cards = built.doc["cards"]
    treat_names = [c["name"] for c in cards if c["pile"] == "treats"]
    assert [c["Nickname"] for c in treats["ContainedObjects"]] == treat_names
    assert treats["DeckIDs"] == [200, 201, 202]
    assert (main_pile["Nickname"], treats["Nickname"]) == ("PixelPug", "PixelPug · Treats")
    assert treats["Description"] == "3 cards in play"
    assert treats["CustomDeck"]["2"]["BackURL"].endswith("/pixelpug-back-treats.jpg")
    assert len(main_pile["DeckIDs"]) == len(cards) - len(treat_names)
    assert main_pile["CustomDeck"]["1"]["BackURL"].endswith("/pixelpug-back-main.jpg")
    assert main_pile["ContainedObjects"][0]["Nickname"] == cards[0]["name"]
    assert main_pile["Transform"]["posX"] != treats["Transform"]["posX"]


def test_the_tooltips_are_the_games_own_descriptions(tmp_path, as_sketch_game):
    built = build(write_pug_deck(tmp_path / "deck", 3))
    pdf = card_pdf(built)
    saved = json.loads(tts_files(as_sketch_game(built), tmp_path / "out", pdf=pdf)[
        tmp_path / "out/t/tts/t.json"])
    cards = saved["ObjectStates"][0]["ContainedObjects"]
    assert [c["Description"] for c in cards] == ["sketched: card-0#1", "sketched: card-1#1",
                                                 "sketched: card-2#1"]


def test_a_pug_card_tooltip_says_what_is_printed_round_the_question(tmp_path):
    _, saved = export(tmp_path, 2)
    cards = saved["ObjectStates"][0]["ContainedObjects"]
    assert [c["Description"] for c in cards] == ["Green · 1 badge · 1 turd · “forgetful”",
                                                 "Yellow · 2 badges · 1 turd · “forgetful”"]


def test_a_deck_with_no_card_in_play_exits_1_and_writes_nothing(tmp_path):
    # Only the blank customs are left: they are printed for paper, never put on the table.
    result = CliRunner().invoke(main, ["export", "tts", "--only", "customs",
                                       "--out", str(tmp_path / "out")])
    assert result.exit_code == 1, result.output
    assert "has no cards in play" in result.stderr and "nothing was written" in result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert not (tmp_path / "out").exists()
