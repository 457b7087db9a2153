"""What text measuring needs of each bundled font, read from the TTFs once and shipped as
`font_tables.json`: the characters it has, their advance widths as reportlab reads them
(thousandths of the size, rounded), its default width, weight, italic flag and cap height.

`pugdeck validate` measures every card's text to check that it fits; parsing the three
bundled TrueType files with reportlab for that was some 400 M instructions of a fresh
process (about 40 % of validating the bundled deck). Drawing still registers the fonts
with reportlab, which embeds them; the widths it lays text out with are these, which
equal reportlab's (tests/render/test_font_tables.py checks the table against the fonts,
and every word of the bundled decks against reportlab's own measure).

A deck's own fonts (deck.fonts) have no table: reportlab reads them (render/fonts.py).

    python -m pugdeck.render.font_tables      # rewrite font_tables.json from fonts/
"""

# No `from __future__ import annotations`: it makes NamedTuples dearer (render/shapes.py).

import json
import struct
import sys
from functools import cache
from pathlib import Path
from typing import NamedTuple

TABLE_FILE = Path(__file__).with_name("font_tables.json")


class FontTable(NamedTuple):  # not a dataclass: see render/shapes.py
    """A font's measures, in reportlab's units (thousandths of the font size)."""

    widths: dict[int, int]  # code point → advance width, for every character the font has
    default_width: int  # what reportlab counts for a character the font lacks
    weight: int  # OS/2 usWeightClass: 400 regular, 700 bold
    italic: bool
    cap_height: int

    def text_width(self, text: str) -> float:
        """`text`'s width at 1 pt, as reportlab's `stringWidth(text, font, 1.0)` gives it."""
        width = self.widths.get
        default = self.default_width
        total = 0  # added in order, as reportlab does: `sum` of floats is compensated from Python 3.12
        for char in text:
            total += width(ord(char), default)
        return 0.001 * total


@cache
def bundled_tables() -> dict[str, FontTable]:
    """Each bundled font's table, by its file name (`NotoSans_700Bold.ttf`)."""
    return {name: _from_json(entry) for name, entry in json.loads(TABLE_FILE.read_text("utf-8")).items()}


def _from_json(entry: dict) -> FontTable:
    widths: dict[int, int] = {}
    for first, run in entry["widths"]:  # runs of consecutive code points
        widths.update(zip(range(first, first + len(run)), run))
    return FontTable(widths, entry["default_width"], entry["weight"], entry["italic"], entry["cap_height"])


def table_of_face(face) -> FontTable:  # noqa: ANN001 (reportlab's TTFontFace)
    """The table of a font reportlab has read: its widths for the characters it maps (a
    width for a character it does not map would be measured where nothing is drawn)."""
    if not set(face.charWidths) <= set(face.charToGlyph):
        raise ValueError(f"{face.name}: widths for characters the font does not map")
    widths = {code: face.charWidths.get(code, face.defaultWidth) for code in face.charToGlyph}
    weight, italic = _style(face)
    return FontTable(widths, face.defaultWidth, weight, italic, getattr(face, "capHeight", 700) or 700)


def _style(face) -> tuple[int, bool]:  # noqa: ANN001
    """(weight, italic): the OS/2 table's usWeightClass and italic flag, else the `head`
    table's style bits."""
    try:
        os2 = face.get_table("OS/2")
        weight, selection = struct.unpack(">H", os2[4:6])[0], struct.unpack(">H", os2[62:64])[0]
        return weight, bool(selection & 1)
    except (KeyError, struct.error):
        mac_style = struct.unpack(">H", face.get_table("head")[44:46])[0]
        return (700 if mac_style & 1 else 400), bool(mac_style & 2)


def generated(font_dir: Path) -> dict[str, dict]:
    """The JSON entries of every TTF in `font_dir`, read with reportlab."""
    from reportlab.pdfbase.ttfonts import TTFont  # noqa: PLC0415 (only to write the table)

    entries = {}
    for path in sorted(font_dir.glob("*.ttf")):
        table = table_of_face(TTFont(path.stem, str(path)).face)
        runs: list[list] = []
        for code in sorted(table.widths):
            if runs and runs[-1][0] + len(runs[-1][1]) == code:
                runs[-1][1].append(table.widths[code])
            else:
                runs.append([code, [table.widths[code]]])
        entries[path.name] = {"default_width": table.default_width, "weight": table.weight,
                              "italic": table.italic, "cap_height": table.cap_height, "widths": runs}
    return entries


def written(entries: dict[str, dict]) -> str:
    """The file's text: one font a block, one run a line, so a font's change reads as a diff."""
    blocks = []
    for name, entry in entries.items():
        head = json.dumps({key: value for key, value in entry.items() if key != "widths"})[1:-1]
        runs = ",\n".join("    " + json.dumps(run, separators=(",", ":")) for run in entry["widths"])
        blocks.append(f'  {json.dumps(name)}: {{{head}, "widths": [\n{runs}\n  ]}}')
    return "{\n" + ",\n".join(blocks) + "\n}\n"


if __name__ == "__main__":
    from pugdeck.resources import data_dir

    TABLE_FILE.write_text(written(generated(data_dir("fonts"))), "utf-8")
    print(f"wrote {TABLE_FILE}", file=sys.stderr)
