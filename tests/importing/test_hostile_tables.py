"""Hostile card tables are refused at once, located in the table, and never crash `import`.

Every refusal names the table's row and column (the header is row 1) and the limit it
breaks; nothing is written, and no message points at a card file the import never wrote.
"""

from __future__ import annotations

import csv
import io
import os
import struct
import threading
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from pugdeck.cli import main
from pugdeck.cli.export_csv import export_csv
from pugdeck.core.diagnostics import DeckError
from pugdeck.importing import limits
from pugdeck.importing.table_import import import_cards
from pugdeck.resources import bundled_deck

HEADER = ["id", "kind", "level", "question", "badges", "descriptive", "turds", "thermometer"]


def row(card_id: str, **fields) -> list[str]:
    card = {"id": card_id, "kind": "pug", "level": "green", "question": f"Who is {card_id}?",
            "badges": "1", "descriptive": "nice", "turds": "1", "thermometer": "1", **fields}
    return [card[name] for name in HEADER]


def csv_text(rows: list[list[str]]) -> str:
    buffer = io.StringIO(newline="")
    csv.writer(buffer).writerows(rows)
    return buffer.getvalue()


def refused(table: Path, into: Path, **options) -> list[str]:
    with pytest.raises(DeckError) as caught:
        import_cards(table, into, **options)
    assert not into.exists() or not any(into.iterdir()), "something was written"
    return [d.format() for d in caught.value.diagnostics]


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


# --- CSV ------------------------------------------------------------------------------------


def test_a_million_rows_are_refused_at_the_first_row_past_the_limit(here):
    Path("cards.csv").write_text("id\n" + "".join(f"c{i}\n" for i in range(1_000_000)))
    assert Path("cards.csv").stat().st_size < limits.MAX_TABLE_BYTES  # the row limit refuses it
    [error] = refused(Path("cards.csv"), Path("into"))
    assert error.startswith("cards.csv:20002:1: the table goes on past row 20,001: at most 20,000 cards "
                            "are imported at once")
    assert "into/" not in error


def test_a_table_larger_than_the_limit_is_refused_before_it_is_read(here):
    with open("cards.csv", "wb") as f:
        f.truncate(limits.MAX_TABLE_BYTES + 1)
    [error] = refused(Path("cards.csv"), Path("into"))
    assert error.startswith("cards.csv: the table is 8.0 MiB; the limit is 8 MiB; import a large deck in parts")


def test_a_long_cell_is_located_and_named_by_its_column(here):
    long = "x" * (limits.MAX_CELL_CHARS + 1)
    Path("cards.csv").write_text(csv_text([HEADER, row("a"), row("b", question=long)]))
    assert refused(Path("cards.csv"), Path("into")) == [
        "cards.csv:3:4: the cell in column 'question' holds 10,001 characters; the limit is 10,000"]


def test_a_cell_past_the_csv_readers_own_limit_is_located_by_row(here):
    Path("cards.csv").write_text(csv_text([HEADER, row("a"), row("b", question="x" * 200_000)]))
    [error] = refused(Path("cards.csv"), Path("into"))
    assert error.startswith("cards.csv:3:1: not valid CSV at text line 3: a cell holds more than")


def test_too_many_columns_are_refused_at_the_row(here):
    Path("cards.csv").write_text(csv_text([HEADER, row("a") + ["x"] * 300]))
    assert refused(Path("cards.csv"), Path("into")) == [
        "cards.csv:2:308: this row has a cell in column KV (column 308); a table has at most 200 columns "
        "(a card has about fifteen fields)"]


def test_a_five_thousand_digit_number_is_located_at_its_cell(here):
    Path("cards.csv").write_text(csv_text([HEADER, row("a", badges="9" * 5000), row("b", turds="-" + "1" * 16)]))
    assert refused(Path("cards.csv"), Path("into")) == [
        "cards.csv:2:5: card 'a': 'badges' is a number of 5,000 digits; a whole number here has at most 15",
        "cards.csv:3:7: card 'b': 'turds' is a number of 16 digits; a whole number here has at most 15",
    ]


def test_control_characters_are_refused_at_their_cell(here):
    Path("cards.csv").write_text(csv_text([HEADER, row("a", question="Who\x07?"), row("b", descriptive="x\x85y")]))
    assert refused(Path("cards.csv"), Path("into")) == [
        "cards.csv:2:4: card 'a': 'question' holds control character U+0007; remove it",
        "cards.csv:3:6: card 'b': 'descriptive' holds control character U+0085; remove it",
    ]


@pytest.mark.parametrize(("effect", "says"), [
    ("[" * 5000 + "]" * 5000, "'effect' is JSON nested more than 32 levels deep"),
    ("[" * 40 + "]" * 40, "'effect' is JSON nested more than 32 levels deep"),
    ('[{"op": "draw", "n": ' + "7" * 5000 + "}]", "'effect' holds a number Python will not read"),
    ('[{"op": "draw\\u0000"}]', "'effect' holds control character U+0000; remove it"),
])
def test_a_hostile_json_cell_is_located_at_its_cell(here, effect, says):
    rows = list(csv.reader(io.StringIO(export_csv(bundled_deck("pixelpug"))[1].decode("utf-8-sig"))))
    column = rows[0].index("effect")
    rows[2][column] = effect
    Path("cards.csv").write_text(csv_text(rows))
    [error] = refused(Path("cards.csv"), Path("into"))
    assert error.startswith(f"cards.csv:3:{column + 1}: card '{rows[2][0]}': {says}")


def test_a_card_file_too_big_to_read_back_is_located_at_its_rows(here, monkeypatch):
    monkeypatch.setattr("pugdeck.importing.table_import.MAX_FILE_BYTES", 2048)
    rows = [HEADER + ["file"]] + [row(f"c{i}") + ["small.yaml" if i < 3 else "big.yaml"] for i in range(40)]
    Path("cards.csv").write_text(csv_text(rows))
    [error] = refused(Path("cards.csv"), Path("into"))
    assert error.startswith("cards.csv:5:9: the 37 cards for 'big.yaml' (rows 5 to 41) would make a file of ")
    assert error.endswith("a deck file holds at most 0 MiB: spread them over several card files with the "
                          "'file' column")


def test_too_many_card_files_are_refused_at_the_first_row_past_the_limit(here):
    rows = [HEADER + ["file"]] + [row(f"c{i}") + [f"f{i}.yaml"] for i in range(300)]
    Path("cards.csv").write_text(csv_text(rows))
    assert refused(Path("cards.csv"), Path("into")) == [
        "cards.csv:257:9: the table names more than 255 card files; a deck includes at most 255"]


def test_a_file_cell_the_file_system_cannot_take_is_located(here):
    rows = [HEADER + ["file"], row("a") + ["a\0b.yaml"], row("b") + ["x" * 5000 + ".yaml"]]
    Path("cards.csv").write_text(csv_text(rows))
    assert refused(Path("cards.csv"), Path("into")) == [
        "cards.csv:2:9: file 'a\\x00b.yaml' must be a .yaml path inside the deck folder (relative, no '..')"]
    del rows[1]
    Path("cards.csv").write_text(csv_text(rows))
    assert refused(Path("cards.csv"), Path("into")) == [
        f"cards.csv:2:9: '{'x' * 77}…' cannot be a card file: file name too long"]


# --- files that are not files ---------------------------------------------------------------


def run_within(seconds: float, args: list[str]):
    """The command's result; fails (instead of hanging the suite) if it does not end in time."""
    result = {}
    worker = threading.Thread(target=lambda: result.update(r=CliRunner().invoke(main, args)), daemon=True)
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), f"pugdeck {' '.join(args)} hung"
    return result["r"]


@pytest.mark.parametrize("name", ["cards.csv", "cards.xlsx"])
def test_a_named_pipe_as_the_table_is_refused_at_once(here, name):
    os.mkfifo(name)
    result = run_within(10, ["import", name, "--into", "into"])
    assert result.exit_code == 1
    assert f"{name}: cannot read the table: it is a named pipe, not a regular file" in result.output
    assert not Path("into").exists()


def test_a_named_pipe_in_the_target_folder_is_left_alone(here):
    Path("into").mkdir()
    os.mkfifo("into/pipe.yaml")
    os.mkfifo("into/art.png")
    Path("cards.csv").write_text(csv_text([HEADER, row("a")]))
    result = run_within(10, ["import", "cards.csv", "--into", "into"])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in Path("into").iterdir()) == ["art.png", "cards.yaml", "deck.yaml", "pipe.yaml"]


def test_a_deck_yaml_that_is_a_named_pipe_is_refused(here):
    Path("into").mkdir()
    os.mkfifo("into/deck.yaml")
    Path("cards.csv").write_text(csv_text([HEADER, row("a")]))
    result = run_within(10, ["import", "cards.csv", "--into", "into"])
    assert result.exit_code == 1
    assert "--into: 'into/deck.yaml' is not a regular file; remove it or import into another folder" in result.output


def test_a_dry_run_into_an_existing_deck_changes_no_file(here, write_deck, cards_file, valid_card):
    folder = write_deck(files={"cards.yaml": cards_file(valid_card)})
    before = {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    (here / "cards.csv").write_text(csv_text([HEADER + ["file"], row("new") + ["cards.yaml"]]))
    result = import_cards(here / "cards.csv", folder, write=False)
    assert list(result.files) == [folder / "cards.yaml"]
    assert {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()} == before


def test_a_card_file_behind_a_link_out_of_the_staging_copy_is_refused_not_written(here):
    Path("into/real").mkdir(parents=True)
    Path("into/real/cards.yaml").write_text("cards: []\n")
    os.symlink(Path("into/real").resolve(), "into/sub")  # absolute: the copy would reach the real one
    Path("cards.csv").write_text(csv_text([HEADER + ["file"], row("a") + ["sub/cards.yaml"]]))
    with pytest.raises(DeckError) as caught:
        import_cards(Path("cards.csv"), Path("into"))
    assert [d.format() for d in caught.value.diagnostics] == [
        "cards.csv:2:9: 'sub/cards.yaml' would be written through a link to a folder outside the deck; "
        "put the card files in the deck's own folders"]
    assert Path("into/real/cards.yaml").read_text() == "cards: []\n"
    assert sorted(p.name for p in Path("into").iterdir()) == ["real", "sub"]


# --- xlsx -----------------------------------------------------------------------------------

openpyxl = pytest.importorskip("openpyxl")

BOMB = ('<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">' +
        "".join(f'<!ENTITY {b} "{("&" + a + ";") * 10}">' for a, b in zip("abcdefgh", "bcdefghi")) + "]>")
XXE = '<!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'


def workbook(path: Path, rows: list[list]) -> Path:
    book = openpyxl.Workbook()
    for values in rows:
        book.active.append(values)
    book.save(path)
    return path


def with_part(path: Path, part: str, edit) -> Path:
    """The workbook at `path` with one of its XML parts rewritten by `edit(text)`."""
    with zipfile.ZipFile(path) as archive:
        parts = {info.filename: archive.read(info) for info in archive.infolist()}
    parts[part] = edit(parts[part].decode("utf-8")).encode("utf-8")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    return path


@pytest.mark.parametrize(("dtd", "entity"), [(BOMB, "&i;"), (XXE, "&xxe;")], ids=["billion-laughs", "xxe"])
@pytest.mark.parametrize("part", ["xl/worksheets/sheet1.xml", "xl/workbook.xml"])
def test_xml_entities_in_a_workbook_are_refused_cleanly(here, dtd, entity, part):
    path = workbook(Path("cards.xlsx"), [HEADER, row("a")])
    with_part(path, part, lambda xml: "<?xml version='1.0'?>" + dtd + xml.split("?>", 1)[-1]
              .replace("Who is a?", entity))
    [error] = refused(path, Path("into"))
    assert error.startswith("cards.xlsx: cannot read the workbook: it declares XML entities (a DTD)")
    assert "root:" not in error  # nothing of /etc/passwd


def test_a_zip_bomb_is_refused_from_the_archive_directory(here):
    path = workbook(Path("cards.xlsx"), [HEADER, row("a")])
    with zipfile.ZipFile(path, "a", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/media/bomb.bin", b"\0" * (limits.MAX_UNPACKED_BYTES + 1))
    assert path.stat().st_size < 2**20
    assert refused(path, Path("into")) == [
        "cards.xlsx: the workbook unpacks to 64 MiB; the limit is 64 MiB (a zip bomb?); save the sheet as "
        "CSV UTF-8"]


def test_a_part_that_lies_about_its_size_is_stopped_at_the_size_it_declares(here):
    path = workbook(Path("cards.xlsx"), [HEADER, row("a")])
    with_part(path, "xl/worksheets/sheet1.xml", lambda xml: xml.replace("Who is a?", "x" * 100_000))
    data = bytearray(path.read_bytes())
    # Declare the sheet 1,000 bytes long in its local header and in the directory.
    local = data.index(b"PK\x03\x04")
    while not data[local + 30:].startswith(b"xl/worksheets/sheet1.xml"):
        local = data.index(b"PK\x03\x04", local + 4)
    data[local + 22:local + 26] = struct.pack("<I", 1000)
    central = data.index(b"PK\x01\x02")
    while not data[central + 46:].startswith(b"xl/worksheets/sheet1.xml"):
        central = data.index(b"PK\x01\x02", central + 4)
    data[central + 24:central + 28] = struct.pack("<I", 1000)
    path.write_bytes(bytes(data))
    [error] = refused(path, Path("into"))
    assert error.startswith("cards.xlsx: not a readable .xlsx workbook (a zip archive): Bad CRC-32 for file "
                            "'xl/worksheets/sheet1.xml'")


def test_too_many_parts_and_not_a_zip_are_refused(here):
    path = workbook(Path("cards.xlsx"), [HEADER, row("a")])
    with zipfile.ZipFile(path, "a") as archive:
        for i in range(limits.MAX_ARCHIVE_MEMBERS):
            archive.writestr(f"xl/junk/{i}.xml", b"")
    assert refused(path, Path("into")) == [
        "cards.xlsx: the workbook has 1,009 parts; the limit is 1,000 (a workbook has about ten)"]
    Path("fake.xlsx").write_text(csv_text([HEADER, row("a")]))
    [error] = refused(Path("fake.xlsx"), Path("into"))
    assert error == ("fake.xlsx: not a readable .xlsx workbook (a zip archive): File is not a zip file; save "
                     "the sheet as .xlsx or as CSV UTF-8")


def test_workbook_rows_and_columns_are_bounded(here):
    path = workbook(Path("cards.xlsx"), [HEADER, row("a")])
    book = openpyxl.load_workbook(path)
    book.active.cell(row=limits.MAX_CARD_ROWS + 5, column=1, value="late")
    book.active.cell(row=2, column=16_000, value="wide")
    book.save(path)
    assert refused(path, Path("into")) == [
        "cards.xlsx:2:16000: this row has a cell in column WQJ (column 16,000); a table has at most 200 "
        "columns (a card has about fifteen fields)"]
    book.active.cell(row=2, column=16_000).value = None
    book.save(path)
    [error] = refused(path, Path("into"))
    assert error.startswith("cards.xlsx:20002:1: the table goes on past row 20,001")


def with_rows(path: Path, rows_xml: str) -> Path:
    """The workbook with `rows_xml` (<row> elements) after its own rows."""
    return with_part(path, "xl/worksheets/sheet1.xml", lambda xml: xml.replace("</sheetData>", rows_xml + "</sheetData>"))


def test_a_workbook_with_more_xml_than_is_worth_parsing_is_refused_before_parsing(here):
    path = workbook(Path("cards.xlsx"), [HEADER, row("a")])
    with_rows(path, "".join(f'<row r="{i}">' + "<c/>" * 150 + "</row>" for i in range(3, 20_000)))
    [error] = refused(path, Path("into"))
    assert error.startswith("cards.xlsx: the workbook's XML has 3,0") and "the limit is 2,000,000" in error


def test_empty_cells_far_to_the_right_are_ignored_but_a_value_there_is_located(here):
    path = workbook(Path("cards.xlsx"), [HEADER, row("a"), row("b")])
    with_rows(path, "")
    with_part(path, "xl/worksheets/sheet1.xml",
              lambda xml: xml.replace("</row>", '<c r="XFD1" s="0"/></row>'))  # formatted, empty
    assert import_cards(path, Path("into"), write=False).cards == 2
    with_part(path, "xl/worksheets/sheet1.xml", lambda xml: xml.replace(
        '<c r="XFD1" s="0"/></row><row r="3">', '<c r="ZZ2"><v>7</v></c></row><row r="3">'))
    assert refused(path, Path("into")) == [
        "cards.xlsx:2:702: this row has a cell in column ZZ (column 702); a table has at most 200 columns "
        "(a card has about fifteen fields)"]


def test_cells_without_references_are_placed_as_openpyxl_places_them(here):
    path = workbook(Path("cards.xlsx"), [HEADER, row("a")])
    with_rows(path, '<row r="3">' + '<c t="inlineStr"><is><t>x</t></is></c>' * 230 + "</row>")
    assert refused(path, Path("into")) == [
        "cards.xlsx:3:230: this row has a cell in column HV (column 230); a table has at most 200 columns "
        "(a card has about fifteen fields)"]


def test_a_huge_number_in_a_workbook_is_located(here):
    path = workbook(Path("cards.xlsx"), [HEADER, row("a"), row("b")])
    with_part(path, "xl/worksheets/sheet1.xml",
              lambda xml: xml.replace('<c r="E3" t="inlineStr"><is><t>1</t></is></c>', f'<c r="E3"><v>{"9" * 5000}</v></c>'))
    [error] = refused(path, Path("into"))
    assert error.startswith("cards.xlsx:3:1: cannot read the workbook at row 3: ")
    path = workbook(Path("cards.xlsx"), [HEADER, row("a"), [*row("b")[:4], 1e300, *row("b")[5:]]])
    [error] = refused(path, Path("into"))
    assert error == "cards.xlsx:3:5: card 'b': 'badges' is a number of 301 digits; a whole number here has at most 15"


def test_without_defusedxml_a_workbook_is_not_opened(here, monkeypatch):
    monkeypatch.setattr(openpyxl, "DEFUSEDXML", False)
    path = workbook(Path("cards.xlsx"), [HEADER, row("a")])
    assert refused(path, Path("into")) == [
        "cards.xlsx: reading .xlsx safely needs defusedxml beside openpyxl: pip install 'pugdeck[xlsx]' "
        "(or save the sheet as CSV UTF-8)"]


def test_a_card_file_the_reader_refuses_whole_is_still_located_in_the_table(here, monkeypatch):
    monkeypatch.setattr("pugdeck.authoring.yaml_text.MAX_VALUES", 40)  # each card is 9 values
    Path("cards.csv").write_text(csv_text([HEADER] + [row(f"c{i}") for i in range(8)]))
    [error] = refused(Path("cards.csv"), Path("into"))
    assert error.startswith("cards.csv:6:")  # the fifth card (row 6) holds the 41st value
    assert "more than 40" in error and "into/" not in error and "pugdeck-import" not in error
