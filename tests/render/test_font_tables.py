"""The shipped measures of the bundled fonts (render/font_tables.json) are the fonts' own, so
`validate` can check that text fits without reading the TTFs, and a build lays text out
exactly as reportlab measures it."""

from __future__ import annotations

import subprocess
import sys

import pytest
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from pugdeck.authoring.loading import load_deck
from pugdeck.render.font_tables import TABLE_FILE, bundled_tables, generated, written
from pugdeck.render.fonts import font_name, register_font
from pugdeck.resources import bundled_deck, data_dir

FONTS = sorted(data_dir("fonts").glob("*.ttf"))


def test_the_table_is_what_the_fonts_say():
    # Fails when a font in fonts/ changes or is added: `python -m pugdeck.render.font_tables`
    # writes the table again.
    assert TABLE_FILE.read_text("utf-8") == written(generated(data_dir("fonts")))
    assert sorted(bundled_tables()) == [path.name for path in FONTS]


@pytest.mark.parametrize("path", FONTS, ids=lambda path: path.stem)
def test_every_character_measures_as_reportlab_measures_it(path):
    table = bundled_tables()[path.name]
    face = TTFont(path.stem, str(path)).face
    assert set(table.widths) == set(face.charToGlyph)  # the characters the font can print
    assert (table.default_width, table.cap_height) == (face.defaultWidth, face.capHeight)
    name = register_font(path)
    for code in table.widths:
        char = chr(code)
        assert table.text_width(char) == pdfmetrics.stringWidth(char, name, 1.0), hex(code)
    assert table.text_width("\U0010fffe") == pdfmetrics.stringWidth("\U0010fffe", name, 1.0)


def test_every_word_of_the_bundled_decks_measures_as_reportlab_measures_it():
    words = {word for game in ("pug-you", "pixelpug") for card in load_deck(bundled_deck(game)).cards
             if isinstance(card.data, dict) for value in card.data.values() if isinstance(value, str)
             for word in [value, *value.split()]}
    assert len(words) > 500
    for path in FONTS:
        name = register_font(path)
        table = bundled_tables()[path.name]
        for word in words:
            # exact: a width a unit in the last place off could move a line break
            assert table.text_width(word) == pdfmetrics.stringWidth(word, name, 1.0), (path.name, word)


def test_a_bundled_font_is_named_as_reportlab_registers_it():
    for path in FONTS:
        assert font_name(path) == register_font(path) == f"pugdeck-{path.stem}"


def test_validate_reads_no_font_file():
    done = subprocess.run(
        [sys.executable, "-c",
         "import sys\nfrom pugdeck.cli import main\n"
         "try:\n    main(['validate', 'pixelpug'])\nexcept SystemExit:\n    pass\n"
         "main_ = ['pugdeck.render.fonts', 'reportlab.pdfbase.ttfonts']\n"
         "print(' '.join(m for m in main_ if m in sys.modules), file=sys.stderr)"],
        capture_output=True, text=True, check=True)
    assert done.stderr.split()[-1:] == ["pugdeck.render.fonts"]  # text was measured, no TTF read
