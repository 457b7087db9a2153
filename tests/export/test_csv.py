"""Cards as a spreadsheet: `pugdeck export csv` and `pugdeck import`."""

from __future__ import annotations

import csv
import io
import json
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pugdeck.building.deck_check import check_deck_at
from pugdeck.cli import main
from pugdeck.cli.export_csv import export_csv
from pugdeck.core.diagnostics import DeckError
from pugdeck.export.csv_cards import cell_text, columns, csv_bytes, mark_text, unmark_text
from pugdeck.importing.cells import cell_value
from pugdeck.importing.table_import import import_cards
from pugdeck.resources import bundled_deck

PUG_HEADER = ["id", "kind", "level", "question", "badges", "descriptive", "turds", "thermometer", "tags"]


def table(rows: list[list[str]], delimiter: str = ",") -> str:
    buffer = io.StringIO(newline="")
    csv.writer(buffer, delimiter=delimiter).writerows(rows)
    return buffer.getvalue()


def parse(data: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline="")))


def pug_row(card_id: str, **fields) -> list[str]:
    card = {"id": card_id, "kind": "pug", "level": "green", "question": f"Who is {card_id}?",
            "badges": "1", "descriptive": "nice", "turds": "1", "thermometer": "1", "tags": ""}
    card.update(fields)
    return [card[name] for name in PUG_HEADER]


def errors_of(call) -> list[str]:
    with pytest.raises(DeckError) as caught:
        call()
    return [d.format() for d in caught.value.diagnostics]


# --- export ---------------------------------------------------------------------------------


def test_export_has_a_header_of_schema_fields_and_one_row_per_card():
    _id, data = export_csv(bundled_deck("pug-you"))
    rows = parse(data)
    assert data.startswith("\ufeff".encode())  # spreadsheets then read UTF-8
    assert rows[0] == columns("pug-you") and rows[0][-1] == "file"
    deck, _ = check_deck_at(bundled_deck("pug-you"))
    assert len(rows) - 1 == len(deck.cards)
    by_id = {row[0]: dict(zip(rows[0], row)) for row in rows[1:]}
    first = deck.cards[0]
    assert by_id[first.id]["question"] == first.question
    assert by_id[first.id]["file"].startswith("cards/")
    assert by_id[first.id]["dots"] == ""  # absent as written, not derived
    assert any(";" in row["tags"] for row in by_id.values())


def test_pixelpug_export_writes_effect_steps_as_json():
    _id, data = export_csv(bundled_deck("pixelpug"))
    rows = parse(data)
    assert rows[0] == columns("pixelpug")
    effect = rows[0].index("effect")
    assert all(isinstance(json.loads(row[effect]), list) for row in rows[1:])


@pytest.mark.parametrize("game", ["pug-you", "pixelpug"])
def test_bundled_deck_round_trips_byte_for_byte(tmp_path, game):
    _id, data = export_csv(bundled_deck(game))
    (tmp_path / "cards.csv").write_bytes(data)
    result = import_cards(tmp_path / "cards.csv", tmp_path / "copy")
    assert result.game == game
    assert (tmp_path / "copy" / "deck.yaml").is_file()
    deck, diagnostics = check_deck_at(tmp_path / "copy")
    assert deck is not None
    assert export_csv(tmp_path / "copy")[1] == data


# --- round trip of arbitrary text -----------------------------------------------------------

# Characters the bundled fonts print (Latin, Greek, Cyrillic) and the ones CSV and YAML treat
# specially: quotes, separators, '#', ':', '-', line breaks and tabs.
_CHARS = ("abcXYZ019 äöüßéçñøłŽőΩπλЖжЯ€„“”‘’«»–—…¿¡"
          "\"',;:#-[]{}&*!|>%@`\\\t\n")
# What a spreadsheet runs as a formula (OWASP), the text mark itself, and mixtures of them.
_STARTS = st.sampled_from(["", "=", "+", "-", "@", "\t", "'", "''", "'=", "=+", "-1", "@'", "\t="])
_word = st.text(alphabet=_CHARS, min_size=1, max_size=8)
_text = st.tuples(_STARTS, st.lists(_word, min_size=1, max_size=6).map(" ".join)).map("".join)
# Short enough to fit the descriptive's small box whatever the characters and line breaks.
_short_text = st.tuples(_STARTS, st.lists(st.text(alphabet=_CHARS.replace("\n", ""), min_size=1, max_size=6),
                                          min_size=1, max_size=2).map(" ".join)).map("".join)
_slug = st.from_regex(r"[a-z0-9][a-z0-9-]{0,10}", fullmatch=True)
_TEXT_COLUMNS = {"question", "descriptive", "file"}


@st.composite
def pug_tables(draw):
    """Rows of card values as the deck holds them (the texts, not yet marked)."""
    ids = draw(st.lists(_slug, min_size=1, max_size=4, unique=True))
    tags = st.lists(_slug, max_size=3, unique=True).map(";".join)
    rows = [PUG_HEADER + ["file"]]
    for card_id in ids:
        rows.append([card_id, "pug", draw(st.sampled_from(["green", "yellow", "red"])),
                     draw(_text), str(draw(st.integers(1, 3))), draw(_short_text),
                     str(draw(st.integers(1, 3))), str(draw(st.integers(1, 3))), draw(tags),
                     draw(st.sampled_from(["cards.yaml", "more/b.yaml", "-x.yaml", "@y.yaml"]))])
    # A re-export groups rows by file, in the order the files first appear.
    files = [row[-1] for row in rows[1:]]
    rows[1:] = sorted(rows[1:], key=lambda row: files.index(row[-1]))
    return rows


def as_exported(rows: list[list[str]]) -> list[list[str]]:
    """The rows as `export csv` writes them: text cells marked."""
    marked = [i for i, name in enumerate(rows[0]) if name in _TEXT_COLUMNS]
    return [rows[0]] + [[mark_text(cell) if i in marked else cell for i, cell in enumerate(row)]
                        for row in rows[1:]]


@settings(max_examples=25, suppress_health_check=[HealthCheck.too_slow])
@given(pug_tables())
def test_csv_yaml_csv_round_trip_is_lossless(rows):
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "cards.csv"
        source.write_text(table(as_exported(rows)), encoding="utf-8")
        try:
            import_cards(source, Path(tmp) / "deck")
        except DeckError as exc:
            # Two generated questions may read alike (a warning) but never an error.
            pytest.fail(str(exc))
        deck, _ = check_deck_at(Path(tmp) / "deck")
        back = parse(export_csv(Path(tmp) / "deck")[1])
    # The deck holds the texts themselves, without the marks...
    assert [(c.id, c.question, c.descriptive) for c in deck.cards] == \
        [(row[0], row[3], row[5]) for row in rows[1:]]
    # ...and the export marks them again exactly as the table was.
    header = back[0]
    picked = [[row[header.index(name)] for name in rows[0]] for row in back]
    assert picked == as_exported(rows)


# --- formulas (CSV injection) ---------------------------------------------------------------


@given(st.text())
def test_marking_a_cell_is_undone_by_the_import_for_any_text(text):
    marked = mark_text(text)
    assert unmark_text(marked) == text
    assert not marked.startswith(("=", "+", "-", "@", "\t", "\r"))
    assert parse(csv_bytes([[marked, "x"]])) == [[marked, "x"]]


def test_formula_like_texts_are_exported_as_text_and_numbers_as_numbers(tmp_path, write_deck, cards_file,
                                                                       valid_card):
    texts = {"a": "=HYPERLINK(\"http://x\",\"y\")", "b": "+1 for the pug", "c": "-ish", "d": "@home",
             "e": "\tindented", "f": "'Tis the season", "g": "plain = fine"}
    write_deck(files={"cards.yaml": cards_file(*({**valid_card, "id": i, "question": t}
                                                 for i, t in texts.items()))})
    rows = parse(export_csv(tmp_path / "deck")[1])
    header = rows[0]
    questions = {row[0]: row[header.index("question")] for row in rows[1:]}
    assert questions == {"a": "'=HYPERLINK(\"http://x\",\"y\")", "b": "'+1 for the pug", "c": "'-ish",
                         "d": "'@home", "e": "'\tindented", "f": "''Tis the season", "g": "plain = fine"}
    assert {row[header.index("badges")] for row in rows[1:]} == {str(valid_card["badges"])}
    (tmp_path / "cards.csv").write_bytes(export_csv(tmp_path / "deck")[1])
    import_cards(tmp_path / "cards.csv", tmp_path / "copy")
    deck, _ = check_deck_at(tmp_path / "copy")
    assert {card.id: card.question for card in deck.cards} == texts


def test_whole_numbers_stay_numbers_even_when_negative():
    assert cell_text(-3, {"type": "integer"}) == "-3"
    assert cell_text("-3", {"type": "string"}) == "'-3"
    assert cell_text(["-a", "b"], {"type": "array", "items": {"type": "string"}}) == "'-a;b"


def test_the_import_takes_one_mark_off_every_column(tmp_path):
    rows = [PUG_HEADER, pug_row("'a", badges="'2", question="''quoted", descriptive="'=x", tags="'x;y")]
    (tmp_path / "cards.csv").write_text(table(rows))
    import_cards(tmp_path / "cards.csv", tmp_path / "new")
    deck, _ = check_deck_at(tmp_path / "new")
    [card] = deck.cards
    assert (card.id, card.badges, card.question, card.descriptive, card.tags) == \
        ("a", 2, "'quoted", "=x", ("x", "y"))


def test_a_cell_with_a_line_separator_is_refused_at_its_cell(tmp_path, monkeypatch):
    # U+2028/U+2029 split the lines a terminal shows (`play` prints card text): card text may
    # not hold them, in a deck file or in a table cell, which is named.
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cards.csv").write_text(table([PUG_HEADER, pug_row("a", question="Who\u2028is\u2029here?")]),
                                        encoding="utf-8")
    errors = errors_of(lambda: import_cards(Path("cards.csv"), Path("copy")))
    assert errors == ["cards.csv:2:4: U+2028 (line separator) in text: it splits the line a terminal shows; "
                      "remove it, or write a line break"]
    assert not (tmp_path / "copy").exists()


# --- typed cells ----------------------------------------------------------------------------


def test_cells_take_the_type_their_schema_wants():
    assert cell_value(" 2 ", {"type": "integer"}) == 2
    assert cell_value("TRUE", {"type": "boolean"}) is True
    assert cell_value("two", {"type": "integer"}) == "two"  # the schema says what is wrong
    assert cell_value("a; b", {"type": "array", "items": {"type": "string"}}) == ["a", "b"]
    assert cell_value("[{\"op\": \"none\"}]", {"type": "array", "items": {"$ref": "x"}}) == [{"op": "none"}]
    assert cell_value("line\r\nbreak", {"type": "string"}) == "line\nbreak"
    assert cell_value(" red ", {"enum": ["red"]}) == "red"


# --- located errors -------------------------------------------------------------------------


def test_bad_value_reads_as_in_yaml_with_row_and_column(tmp_path, write_deck, cards_file, valid_card):
    write_deck(files={"cards.yaml": cards_file({**valid_card, "badges": "two"})})
    _deck, yaml_diagnostics = check_deck_at(tmp_path / "deck")
    yaml_message = next(d.message for d in yaml_diagnostics if d.field == "badges")
    (tmp_path / "cards.csv").write_text(table([PUG_HEADER, pug_row("ok"), pug_row("cake-thief", badges="two")]))
    errors = errors_of(lambda: import_cards(tmp_path / "cards.csv", tmp_path / "new"))
    assert errors == [f"cards.csv:3:5: card 'cake-thief': {yaml_message}"]
    assert not (tmp_path / "new").exists()  # nothing written


def test_every_bad_row_is_reported_at_its_cell(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    rows = [PUG_HEADER, pug_row("a", question="Who says \"hi\"\ntwice?"), pug_row("a", level="gren"),
            pug_row("", kind="mutt", level="", badges=""), pug_row("b", thermometer="5", tags="Bad Tag")]
    Path("cards.csv").write_text(table(rows))
    errors = errors_of(lambda: import_cards(Path("cards.csv"), Path("new")))
    assert errors == [
        "cards.csv:3:1: card 'a': duplicate card id 'a' (first at cards.csv:2); give each card its own id",
        "cards.csv:3:3: card 'a': 'level' must be one of green, yellow, red, not text \"gren\"; did you mean 'green'?",
        "cards.csv:4:1: missing 'id'",
        "cards.csv:5:8: card 'b': 'thermometer' must be from 1 to 3, not 5",
        "cards.csv:5:9: card 'b': 'tags' must be a slug (lowercase letters of any script, digits and '-', "
        "starting with a letter or digit), not text \"Bad Tag\": 'B' is a capital letter; did you mean 'bad-tag'?",
    ]


def test_header_problems_are_located_in_row_one(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("cards.csv").write_text(table([PUG_HEADER + ["colour", "kind"], pug_row("a") + ["red", "pug"]]))
    errors = errors_of(lambda: import_cards(Path("cards.csv"), Path("new")))
    assert errors[0] == "cards.csv:1:10: unknown column 'colour'; pug-you cards have id, kind, level, " \
                        "dots, question, badges, descriptive, turds, thermometer, breed, art, copies, tags, file"
    assert errors[1] == "cards.csv:1:11: column 'kind' appears twice (first in column 2)"


def test_pixelpug_effect_that_is_not_json_is_located(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    rows = parse(export_csv(bundled_deck("pixelpug"))[1])
    effect = rows[0].index("effect")
    rows[2][effect] = "[{op: draw}]"
    Path("cards.csv").write_text(table(rows))
    errors = errors_of(lambda: import_cards(Path("cards.csv"), Path("new")))
    assert len(errors) == 1 and errors[0].startswith(f"cards.csv:3:{effect + 1}: card '{rows[2][0]}': "
                                                     "'effect' is not valid JSON")


def test_ragged_rows_and_invalid_utf8_are_located(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("cards.csv").write_text(table([PUG_HEADER, pug_row("a") + ["extra"]]))
    assert errors_of(lambda: import_cards(Path("cards.csv"), Path("new"))) == [
        "cards.csv:2:10: this row has 10 cells; the header names 9 columns"]
    Path("bad.csv").write_bytes(b"id,question\nok,caf\xe9\n")
    [error] = errors_of(lambda: import_cards(Path("bad.csv"), Path("new")))
    assert error.startswith("bad.csv:2:7: invalid UTF-8")


# --- where the cards go ---------------------------------------------------------------------


def test_a_semicolon_separated_table_from_a_european_excel_reads_too(tmp_path):
    (tmp_path / "cards.csv").write_text(table([PUG_HEADER, pug_row("a", tags="x;y")], delimiter=";"))
    import_cards(tmp_path / "cards.csv", tmp_path / "new", deck_id="My Deck!", deck_name="Mine")
    deck, _ = check_deck_at(tmp_path / "new")
    assert deck.info.id == "my-deck" and deck.info.name == "Mine"
    assert deck.cards[0].tags == ("x", "y")


def test_into_an_existing_deck_only_the_named_card_files_are_replaced(tmp_path, write_deck, cards_file,
                                                                      valid_card):
    folder = write_deck(files={"cards.yaml": cards_file(valid_card),
                               "more.yaml": cards_file({**valid_card, "id": "kept"})})
    deck_yaml = (folder / "deck.yaml").read_bytes()
    (tmp_path / "cards.csv").write_text(table([PUG_HEADER + ["file"], pug_row("new-one") + ["cards.yaml"]]))
    result = import_cards(tmp_path / "cards.csv", folder)
    assert list(result.files) == [folder / "cards.yaml"]
    assert (folder / "deck.yaml").read_bytes() == deck_yaml
    deck, _ = check_deck_at(folder)
    assert sorted(card.id for card in deck.cards) == ["kept", "new-one"]


def test_an_existing_deck_must_include_the_files_and_keeps_its_deck_yaml(tmp_path, write_deck, cards_file,
                                                                         valid_card):
    folder = write_deck(files={"cards.yaml": cards_file(valid_card)})
    (tmp_path / "cards.csv").write_text(table([PUG_HEADER + ["file"], pug_row("a") + ["other.yaml"],
                                               pug_row("b") + ["deck.yaml"]]))
    assert errors_of(lambda: import_cards(tmp_path / "cards.csv", folder)) == [
        "cards.csv:2:10: 'deck/deck.yaml' does not include 'other.yaml'; add it to include: or import "
        "into a new folder",
        "cards.csv:3:10: cards in deck.yaml are not imported into an existing deck (deck.yaml would be "
        "rewritten); put them in a card file",
    ]


def test_a_clash_with_an_untouched_file_names_the_real_folder(tmp_path, write_deck, cards_file, valid_card):
    folder = write_deck(files={"cards.yaml": cards_file({**valid_card, "id": "x"}),
                               "more.yaml": cards_file(valid_card)})
    (tmp_path / "cards.csv").write_text(table([PUG_HEADER, pug_row("cake-thief")]))
    errors = errors_of(lambda: import_cards(tmp_path / "cards.csv", folder))
    assert errors == ["deck/more.yaml:2:9: card 'cake-thief': duplicate card id 'cake-thief' "
                      "(first at cards.csv:2); give each card its own id"]


def test_xlsx_reads_like_csv(tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(PUG_HEADER)
    sheet.append(["a", "pug", "green", "Wer isst\n„Kuchen“?", 2, "süß", 1, 3, "x;y"])
    sheet.append(["b", "pug", "red", "Who?", "two", "x", 1, 1, None])
    book.save(tmp_path / "cards.xlsx")
    errors = errors_of(lambda: import_cards(tmp_path / "cards.xlsx", tmp_path / "new"))
    assert errors == [f"{tmp_path}/cards.xlsx:3:5: card 'b': 'badges' must be a whole number, not text \"two\""]
    sheet["E3"] = 1
    book.save(tmp_path / "cards.xlsx")
    import_cards(tmp_path / "cards.xlsx", tmp_path / "new")
    deck, _ = check_deck_at(tmp_path / "new")
    assert deck.cards[0].question == "Wer isst\n„Kuchen“?" and deck.cards[0].badges == 2


# --- command line ---------------------------------------------------------------------------


def test_export_and_import_commands(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    result = runner.invoke(main, ["import", "--help"])
    assert result.exit_code == 0 and "joined with ';'" in result.output
    exported = runner.invoke(main, ["import", "nope.csv", "--into", "x"])
    assert exported.exit_code == 2
    (tmp_path / "bad.csv").write_text(table([PUG_HEADER, pug_row("a", badges="9")]))
    bad = runner.invoke(main, ["import", "bad.csv", "--into", "new"])
    assert bad.exit_code == 1
    assert "bad.csv:2:5: card 'a': 'badges' must be from 1 to 3, not 9" in bad.output
    assert not (tmp_path / "new").exists()
    (tmp_path / "good.csv").write_text(table([PUG_HEADER, pug_row("a")]))
    dry = runner.invoke(main, ["import", "good.csv", "--into", "new", "--dry-run"])
    assert dry.exit_code == 0 and "would write new/deck.yaml" in dry.output
    assert not (tmp_path / "new").exists()
    good = runner.invoke(main, ["import", "good.csv", "--into", "new"])
    assert good.exit_code == 0 and "1 pug-you card imported" in good.output
    assert runner.invoke(main, ["validate", "new"]).exit_code == 0


def test_export_csv_command_writes_the_deck_table(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    written = runner.invoke(main, ["export", "csv", str(bundled_deck("pixelpug"))])
    assert written.exit_code == 0 and "wrote out/pixelpug.csv" in written.output
    assert (tmp_path / "out" / "pixelpug.csv").read_bytes() == export_csv(bundled_deck("pixelpug"))[1]
    piped = runner.invoke(main, ["export", "csv", "--output", "-"])
    assert piped.exit_code == 0 and piped.stdout_bytes == export_csv(bundled_deck("pug-you"))[1]
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "deck.yaml").write_text("deck: {id: x, name: X, game: pug-you}\ncards: [{id: 1}]\n")
    failed = runner.invoke(main, ["export", "csv", "broken"])
    assert failed.exit_code == 1 and "broken/deck.yaml:2:14" in failed.output


def test_game_option_must_match_an_existing_deck(tmp_path, write_deck, cards_file, valid_card):
    folder = write_deck(files={"cards.yaml": cards_file(valid_card)})
    (tmp_path / "cards.csv").write_text(table([PUG_HEADER, pug_row("a")]))
    assert errors_of(lambda: import_cards(tmp_path / "cards.csv", folder, game="pixelpug")) == [
        "--game pixelpug: 'deck/deck.yaml' is a pug-you deck; drop --game or import into a new folder"]


def test_xlsx_without_openpyxl_says_how_to_get_it(tmp_path, monkeypatch):
    monkeypatch.setitem(__import__("sys").modules, "openpyxl", None)  # import fails
    (tmp_path / "cards.xlsx").write_bytes(b"PK")
    assert errors_of(lambda: import_cards(tmp_path / "cards.xlsx", tmp_path / "new")) == [
        f"{tmp_path}/cards.xlsx: reading .xlsx needs openpyxl: pip install openpyxl defusedxml (or save the "
        "sheet as CSV UTF-8)"]


def test_art_is_checked_in_the_folder_the_cards_go_to(tmp_path, write_deck, cards_file, valid_card):
    from PIL import Image

    folder = write_deck(files={"cards.yaml": cards_file(valid_card)})
    (folder / "art").mkdir()
    Image.new("RGB", (8, 8)).save(folder / "art" / "pug.png")
    (folder / "big.bin").write_bytes(b"\0" * 1024)  # not part of the deck: not staged
    header = PUG_HEADER + ["art", "file"]
    (tmp_path / "cards.csv").write_text(table([header, pug_row("a") + ["art/pug.png", "cards.yaml"],
                                               pug_row("b") + ["art/nope.png", "cards.yaml"]]))
    assert errors_of(lambda: import_cards(tmp_path / "cards.csv", folder)) == [
        "cards.csv:3:10: card 'b': art 'art/nope.png' does not exist"]
    (tmp_path / "cards.csv").write_text(table([header, pug_row("a") + ["art/pug.png", "cards.yaml"]]))
    import_cards(tmp_path / "cards.csv", folder)
    deck, _ = check_deck_at(folder)
    assert [card.art for card in deck.cards] == ["art/pug.png"]


def test_into_a_file_is_refused(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("cards.csv").write_text(table([PUG_HEADER, pug_row("a")]))
    assert errors_of(lambda: import_cards(Path("cards.csv"), Path("cards.csv"))) == [
        "--into 'cards.csv' is a file; it needs a folder"]


def test_the_game_is_guessed_from_the_columns_and_a_tie_keeps_the_default_game(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    pixel_rows = parse(export_csv(bundled_deck("pixelpug"))[1])
    Path("pixel.csv").write_text(table(pixel_rows))
    assert import_cards(Path("pixel.csv"), Path("new"), write=False).game == "pixelpug"
    # Every game's cards have an `id`: a table of nothing else fits them all equally.
    Path("ids.csv").write_text(table([["id", "colour"], ["a", "red"]]))
    errors = errors_of(lambda: import_cards(Path("ids.csv"), Path("new")))
    assert errors[0].startswith("ids.csv:1:2: unknown column 'colour'; pug-you cards have id, ")


def test_into_a_path_through_a_missing_folder_keeps_the_existing_deck_yaml(tmp_path, monkeypatch, write_deck,
                                                                           cards_file, valid_card):
    """`--into typo/../deck` is the folder `deck`: its deck.yaml (house rules, id, name) stays, as
    with `--into deck`, and no `typo/` is made on the way."""
    folder = write_deck(files={"cards.yaml": cards_file(valid_card)})
    deck_yaml = (folder / "deck.yaml").read_bytes()
    monkeypatch.chdir(folder.parent)
    (folder.parent / "cards.csv").write_text(table([PUG_HEADER + ["file"], pug_row("new-one") + ["cards.yaml"]]))
    before = sorted(p.name for p in folder.parent.iterdir())
    result = CliRunner().invoke(main, ["import", "cards.csv", "--into", f"typo/../{folder.name}"])
    assert result.exit_code == 0, result.output
    assert f"wrote {folder.name}/cards.yaml\n" in result.output
    assert (folder / "deck.yaml").read_bytes() == deck_yaml
    assert sorted(p.name for p in folder.parent.iterdir()) == before
    deck, _ = check_deck_at(folder)
    assert [card.id for card in deck.cards] == ["new-one"]
