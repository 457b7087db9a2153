"""Fonts follow the word, not the character (render/fonts.py): a Cyrillic title, which the
bundled title font (Fredoka Bold) cannot set, prints in one font of the same weight (Noto
Sans Bold), its "?" and "-" included — read back from the PDF's own font runs."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner
from pypdf import PdfReader

from pugdeck.cli import main

RUSSIAN = Path(__file__).parent / "decks" / "russian"


def font_lines(pdf: Path) -> dict[str, set[str]]:
    """Each line of text the PDF draws → the fonts its pieces are set in (subset prefix off)."""
    lines: dict[str, set[str]] = {}
    for page in PdfReader(pdf).pages:
        text, fonts = [], set()

        def visit(piece, _cm, _tm, font, _size, text=text, fonts=fonts):
            if font is not None and piece.strip("\n"):
                text.append(piece.rstrip("\n"))
                fonts.add(str(font["/BaseFont"]).split("+")[-1])
            if piece.endswith("\n") and text:
                lines.setdefault("".join(text), set()).update(fonts)
                text.clear()
                fonts.clear()

        page.extract_text(visitor_text=visit)
        if text:
            lines.setdefault("".join(text), set()).update(fonts)
    return lines


def test_a_cyrillic_title_prints_in_one_font_and_one_weight(tmp_path):
    deck = shutil.copytree(RUSSIAN, tmp_path / "deck")
    result = CliRunner().invoke(main, ["build", str(deck), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    lines = font_lines(tmp_path / "out" / "кто-из-нас.pdf")
    assert lines["Кто из нас?"] == {"NotoSans-Bold"}  # the back's title (Fredoka Bold's role)
    assert lines["Карта-"] == lines["какашка"] == {"NotoSans-Bold"}  # the turd card's title
    assert lines["Твой ход"] == {"NotoSans-Bold"}  # the reference card's title
    assert lines["в конце побеждают только мопсы"] == {"NotoSans-Bold"}  # the back's tagline
