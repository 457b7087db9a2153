"""`pugdeck export tts` puts a whole game on the table: the deck and the cards played beside
it, in the deck's language, in the shape real TTS saves have (docs/tts.md); the flags that
say where its files go (--base-url, --tts-dir) and every filter."""

from __future__ import annotations

import json
from pathlib import Path, PurePosixPath, PureWindowsPath

import pytest
from click.testing import CliRunner

from pugdeck.building.pipeline import build
from pugdeck.cli import main
from pugdeck.export.tts import tts_files
from pugdeck.export.tts_objects import SAVE_KEYS
from pugdeck.export.tts_places import default_saved_objects, file_url
from pugdeck.resources import bundled_deck

VERBENA = Path(__file__).resolve().parents[2] / "docs" / "examples" / "verbena"
TRANSFORM = {"posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ"}
# What every object carries in the saves compared in docs/tts.md.
OBJECT_KEYS = {"GUID", "Name", "Transform", "Nickname", "Description", "GMNotes",
               "ColorDiffuse", "Locked", "Grid", "Snap", "Autoraise", "Sticky", "Tooltip",
               "GridProjection", "Hands", "LuaScript", "LuaScriptState", "XmlUI"}
SHEET_KEYS = {"FaceURL", "BackURL", "NumWidth", "NumHeight", "BackIsHidden", "UniqueBack", "Type"}


def check_tts_structure(doc: dict) -> list[dict]:
    """Assert `doc` is a saved object as TTS writes one; the objects on the table."""
    assert list(doc) == [*SAVE_KEYS, "ObjectStates"]
    guids = []
    for obj in doc["ObjectStates"]:
        cards = obj.get("ContainedObjects", [obj]) if obj["Name"] == "DeckCustom" else [obj]
        assert obj["Name"] in ("DeckCustom", "Card") and OBJECT_KEYS <= set(obj)
        assert set(obj["Transform"]) == TRANSFORM
        if obj["Name"] == "DeckCustom":
            assert obj["DeckIDs"] == [card["CardID"] for card in cards]
            assert set(obj["CustomDeck"]) == {str(c["CardID"] // 100) for c in cards}
        for card in cards:
            assert OBJECT_KEYS <= set(card) and card["Name"] == "Card"
            key, slot = divmod(card["CardID"], 100)
            assert list(card["CustomDeck"]) == [str(key)]  # a card names its own sheet
            sheet = card["CustomDeck"][str(key)]
            assert set(sheet) == SHEET_KEYS and sheet == obj["CustomDeck"][str(key)]
            assert slot < sheet["NumWidth"] * sheet["NumHeight"] - 1  # not the hidden slot
            guids.append(card["GUID"])
        guids.append(obj["GUID"]) if obj["Name"] == "DeckCustom" else None
    assert len(set(guids)) == len(guids) and all(len(g) == 6 for g in guids)
    return doc["ObjectStates"]


def saved(files: dict[Path, bytes]) -> dict:
    return json.loads(next(data for path, data in files.items() if path.suffix == ".json"))


def test_the_bundled_save_holds_the_deck_both_turd_cards_and_the_reference_card(tmp_path):
    built = build(bundled_deck("pug-you"))
    files = tts_files(built, tmp_path)
    deck, turd_1, turd_2, overview = check_tts_structure(saved(files))
    assert deck["Name"] == "DeckCustom" and len(deck["DeckIDs"]) == len(built.doc["cards"])
    assert deck["Description"] == f"{len(built.doc['cards'])} cards in play"
    assert [c["GMNotes"] for c in (turd_1, turd_2, overview)] == ["turd-1", "turd-2", "turn-overview"]
    assert [c["Nickname"] for c in (turd_1, turd_2, overview)] == ["Turd card", "Turd card", "Your turn"]
    assert turd_1["Description"].startswith("Nominee 1 of 2") and "Vote" in overview["Description"]
    assert overview["Description"].startswith("Offer — Everyone else offers")  # a heading, then its text
    # Decks lie face down, the lone cards face up, each in its own place.
    assert [o["Transform"]["rotZ"] for o in (deck, turd_1, turd_2, overview)] == [180, 0, 0, 0]
    assert len({o["Transform"]["posX"] for o in (deck, turd_1, turd_2, overview)}) == 4
    # Blank customs are for pens: none goes on the table.
    assert built.blanks > 0 and not any("blank" in c["GMNotes"] for c in deck["ContainedObjects"])
    for url in {u for o in saved(files)["ObjectStates"] for s in o["CustomDeck"].values()
                for u in (s["FaceURL"], s["BackURL"])}:
        assert url.startswith("file:///") and Path(url.removeprefix("file://")) in {
            p.resolve() for p in files}


def test_a_spanish_deck_is_named_and_described_in_spanish(tmp_path):
    states = check_tts_structure(saved(tts_files(build(VERBENA), tmp_path)))
    deck, *lone = states
    assert deck["Nickname"] == "¡Verbena!" and deck["Description"].endswith("cartas en juego")
    assert [c["Nickname"] for c in lone] == ["Carta mojón", "Carta mojón", "¡Te toca!"]
    assert lone[0]["Description"].startswith("Nominación 1 de 2")
    first = deck["ContainedObjects"][0]
    assert first["Nickname"].startswith("¿") and "medalla" in first["Description"]
    assert "«" in first["Description"] and "badge" not in first["Description"]


def test_pixelpug_has_its_treat_pile_beside_its_deck(tmp_path):
    main_pile, _reference, treats = check_tts_structure(saved(tts_files(build(bundled_deck("pixelpug")), tmp_path)))
    assert treats["Nickname"] == "PixelPug · Treats" and len(treats["DeckIDs"]) == 3
    assert main_pile["CustomDeck"].keys().isdisjoint(treats["CustomDeck"])


def run(*args: str):
    return CliRunner().invoke(main, ["export", "tts", *args])


@pytest.mark.parametrize("url", ["not a url", "ftp://example.org/decks", "https://", "file:///tmp/x",
                                 "example.org/decks", "https://exa mple.org/", "http://[::1"])
def test_a_base_url_that_is_no_http_address_is_refused_naming_the_flag(tmp_path, url):
    result = run("--base-url", url, "--out", str(tmp_path / "out"))
    assert result.exit_code == 2
    assert "--base-url" in result.stderr and repr(url) in result.stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(("url", "words"), [
    ("http://x.org/{verifycache}/", "TTS reads '{…}' in a URL as its own option"),
    ("http://x.org/a}b/", "write '{' and '}' as %7B and %7D"),
    ("http://x.org/%zz/", "'%' starts an escape of two hexadecimal digits"),
    ("http://x.org/a%2", "write a '%' itself as %25"),
])
def test_a_base_url_that_tts_would_read_otherwise_is_refused(tmp_path, url, words):
    """Every FaceURL and BackURL starts with it: TTS takes `{…}` for its own URL options and a
    '%' for an escape (docs/tts.md escapes both in file URLs for that reason)."""
    result = run("--base-url", url, "--out", str(tmp_path / "out"))
    assert result.exit_code == 2, result.output
    assert "--base-url" in result.stderr and words in result.stderr
    assert not (tmp_path / "out").exists()


def test_a_base_url_with_a_well_formed_escape_is_taken(tmp_path):
    result = run("--base-url", "https://example.org/my%20decks/", "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output


def test_tts_dir_writes_the_saved_object_and_its_thumbnail_into_that_folder(tmp_path):
    saves = tmp_path / "Saved Objects"
    saves.mkdir()
    result = run("--out", str(tmp_path / "out"), "--tts-dir", str(saves))
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in saves.iterdir()) == ["pug-you.json", "pug-you.png"]
    assert f"saved object: {saves / 'pug-you.json'}" in result.stdout
    images = tmp_path / "out/pug-you/tts"
    assert sorted(p.name for p in images.iterdir()) == ["pug-you-back.jpg", "pug-you-faces-1.jpg",
                                                        "pug-you-faces-2.jpg"]
    doc = json.loads((saves / "pug-you.json").read_text(encoding="utf-8"))
    for entry in check_tts_structure(doc)[0]["CustomDeck"].values():
        assert Path(entry["FaceURL"].removeprefix("file://")).is_file()  # absolute, and there
    again = run("--out", str(tmp_path / "out"), "--tts-dir", str(saves))  # ours: replaced
    assert again.exit_code == 0, again.output


def test_tts_dir_never_overwrites_a_saved_object_it_did_not_write(tmp_path):
    saves = tmp_path / "saves"
    saves.mkdir()
    (saves / "pug-you.json").write_text('{"SaveName": "my own", "ObjectStates": []}')
    result = run("--out", str(tmp_path / "out"), "--tts-dir", str(saves))
    assert result.exit_code == 1
    assert "pug-you.json" in result.stderr and "not written by `pugdeck export tts`" in result.stderr
    assert (saves / "pug-you.json").read_text() == '{"SaveName": "my own", "ObjectStates": []}'
    assert not (tmp_path / "out").exists() and not (saves / "pug-you.png").exists()


def test_tts_dir_default_is_this_systems_saved_objects_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    refused = run("--out", str(tmp_path / "out"), "--tts-dir", "default")
    assert refused.exit_code == 2 and "start TTS once" in refused.stderr
    (tmp_path / ".local/share/Tabletop Simulator/Saves").mkdir(parents=True)
    result = run("--out", str(tmp_path / "out"), "--tts-dir", "default")
    assert result.exit_code == 0, result.output
    assert (tmp_path / ".local/share/Tabletop Simulator/Saves/Saved Objects/pug-you.json").is_file()


def test_tts_dir_must_be_a_folder(tmp_path):
    result = run("--out", str(tmp_path / "out"), "--tts-dir", str(tmp_path / "nowhere"))
    assert result.exit_code == 2 and "--tts-dir" in result.stderr and "is not a folder" in result.stderr


def built_ids(tmp_path: Path, *args: str) -> list[str]:
    """The card ids `pugdeck build` gives for the same deck and flags."""
    result = CliRunner().invoke(main, ["build", *args, "--no-pdf", "--out", str(tmp_path / "b"),
                                       "--name", "b"])
    assert result.exit_code == 0, result.output
    return [c["id"] for c in json.loads((tmp_path / "b/b.json").read_bytes())["cards"]]


def test_only_customs_puts_the_written_customs_and_the_cards_beside_them_on_the_table(tmp_path):
    result = run(str(VERBENA), "--only", "customs", "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    doc = json.loads((tmp_path / "out/verbena-customs/tts/verbena-customs.json").read_bytes())
    deck, *lone = check_tts_structure(doc)
    ids = built_ids(tmp_path, str(VERBENA), "--only", "customs")
    assert [c["GMNotes"] for c in deck.get("ContainedObjects", [deck])] == ids
    assert "lo-de-benidorm#1" in ids
    assert [c["GMNotes"] for c in lone] == ["turd-1", "turd-2", "turn-overview"]


@pytest.mark.parametrize("flags", [[], ["--no-red"], ["--no-green", "--no-yellow"], ["--savage"],
                                   ["--strangers", "--no-mutts"], ["--max-thermometer", "1"],
                                   ["--exclude-tag", "dating", "--blanks", "0"]])
def test_every_filter_gives_a_save_of_the_cards_it_builds(tmp_path, flags):
    result = run(*flags, "--out", str(tmp_path / "out"), "--name", "t")
    assert result.exit_code == 0, result.output
    deck, *lone = check_tts_structure(json.loads((tmp_path / "out/t/tts/t.json").read_bytes()))
    assert [c["GMNotes"] for c in deck["ContainedObjects"]] == built_ids(tmp_path, *flags)
    assert [c["GMNotes"] for c in lone] == ["turd-1", "turd-2", "turn-overview"]


def test_the_same_deck_gives_the_same_bytes(tmp_path):
    first = tts_files(build(VERBENA), tmp_path, "https://example.org/v")
    second = tts_files(build(VERBENA), tmp_path, "https://example.org/v")
    assert first == second


@pytest.mark.parametrize("path, url", [
    (PureWindowsPath(r"C:\Users\Ana María\Documents\verbena-faces-1.jpg"),
     "file:///C:/Users/Ana María/Documents/verbena-faces-1.jpg"),
    (PurePosixPath("/home/ana/decks/el-niño-faces-1.jpg"), "file:///home/ana/decks/el-niño-faces-1.jpg"),
    (PurePosixPath("/home/ana/50%#1?{x}.jpg"), "file:///home/ana/50%25%231%3F%7Bx%7D.jpg"),
    (PureWindowsPath(r"\\nas\cards\t.jpg"), "file://nas/cards/t.jpg"),
])
def test_local_images_are_written_as_tts_writes_a_picked_file(path, url):
    assert file_url(path) == url


@pytest.mark.parametrize("platform, folder", [
    ("win32", "Documents/My Games/Tabletop Simulator/Saves/Saved Objects"),
    ("darwin", "Library/Tabletop Simulator/Saves/Saved Objects"),
    ("linux", ".local/share/Tabletop Simulator/Saves/Saved Objects"),
])
def test_the_default_saved_objects_folder_per_system(platform, folder):
    assert default_saved_objects(platform, Path("/h")) == Path("/h") / folder
