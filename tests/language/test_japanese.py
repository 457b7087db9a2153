"""A deck that brings its own font (render/deck_fonts.py) for a script no bundled font has:
the Japanese test deck (tests/language/decks/japanese) with Debian's IPAGothic, which
.ci/run installs (fonts-ipafont-gothic); without it the deck tests skip. Its questions have
no spaces and wrap by UAX #14 (render/text_fitting.py); a character its fonts lack is an
error at the card's line; a font file that cannot be embedded is refused where it is named;
right-to-left text is refused, never printed backwards."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pugdeck.authoring.fonts import MAX_FONT_BYTES, check_font
from pugdeck.cli import main
from pugdeck.render.fonts import font_set
from pugdeck.render.templates import load_template
from pugdeck.render.text_fitting import fit_text

JAPANESE = Path(__file__).parent / "decks" / "japanese"
IPA_GOTHIC = next((p for p in (Path("/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf"),
                               Path("/usr/share/fonts/truetype/fonts-japanese-gothic.ttf")) if p.is_file()), None)
needs_font = pytest.mark.skipif(IPA_GOTHIC is None, reason="IPAGothic (Debian fonts-ipafont-gothic) not installed")


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture
def japanese(tmp_path) -> Path:
    deck = shutil.copytree(JAPANESE, tmp_path / "だれ")
    (deck / "fonts").mkdir()
    shutil.copyfile(IPA_GOTHIC, deck / "fonts" / "ipag.ttf")
    return deck


def pdf_lines(pdf: Path) -> list[tuple[str, str]]:
    """(font, line) of every line of text the PDF draws, subset prefix off the font."""
    out: list[tuple[str, str]] = []
    for page in PdfReader(pdf).pages:
        pending: list[str] = []

        def visit(piece, _cm, _tm, font, _size, pending=pending):
            if font is not None and piece.strip():
                out.append((str(font["/BaseFont"]).split("+")[-1], piece.strip()))

        page.extract_text(visitor_text=visit)
    return out


@needs_font
def test_a_japanese_deck_with_its_own_font_builds_and_wraps(japanese, tmp_path):
    result = run("validate", japanese)
    assert result.exit_code == 0, result.output  # every question fits its box
    result = run("build", japanese, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "out" / "だれ.pdf"
    lines = pdf_lines(pdf)
    question = "誰も見ていないときに冷蔵庫のケーキをこっそり全部食べてしまいそうなのは誰？"
    start = next(i for i, (_font, text) in enumerate(lines) if question.startswith(text))
    parts = []
    while "".join(parts) != question and question.startswith("".join(parts)):
        font, text = lines[start + len(parts)]
        assert font == "IPAGothic"  # the deck's font sets what the bundled ones cannot
        parts.append(text)
    assert "".join(parts) == question and len(parts) >= 3  # wrapped, nothing lost
    assert not any(text.startswith(("？", "。", "」")) for _font, text in lines)  # UAX #14: never first
    assert ("IPAGothic", "うんちカード") in lines and ("IPAGothic", "あなたの番") in lines
    # subset-embedded: the PDF carries the glyphs it prints, not the 6 MB font
    assert pdf.stat().st_size < 600_000 < IPA_GOTHIC.stat().st_size


@needs_font
def test_a_character_the_decks_fonts_lack_is_located_at_its_card(japanese):
    cards = japanese / "カード.yaml"
    lines = cards.read_text(encoding="utf-8").splitlines()
    lines.append('  - {id: 犬, kind: pug, level: green, question: "いちばん犬🐶が好きなのは誰？", badges: 1, '
                 'descriptive: "犬好き", turds: 1, thermometer: 1}')
    cards.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run("validate", japanese)
    assert result.exit_code == 1
    assert re.search(rf"カード\.yaml:{len(lines)}:\d+: card '犬': question: character '🐶' \(U\+1F436\) is in "
                     r"none of the deck's fonts \(deck\.fonts\) nor the bundled ones", result.stderr), result.stderr


def test_without_its_font_a_japanese_deck_is_told_what_to_do(tmp_path):
    deck = shutil.copytree(JAPANESE, tmp_path / "だれ")
    result = run("validate", deck)
    assert result.exit_code == 1
    first = result.stderr.splitlines()[0]
    assert re.match(r".*deck\.yaml:12:11: font 'fonts/ipag\.ttf' for 'body' does not exist$", first), first


@pytest.mark.parametrize(("name", "content", "problem"), [
    ("../outside.ttf", None, "is outside the deck folder; use a relative path inside it"),
    ("fonts/cff.otf", b"OTTO" + bytes(200), "has PostScript (CFF) outlines, which pugdeck's PDF renderer "
     "cannot embed; use a TrueType version of the font (glyf outlines), such as IPAGothic's ipag.ttf"),
    ("fonts/junk.ttf", b"not a font" * 10, "is not a TrueType font pugdeck can read"),
    ("fonts/picture.png", b"\x89PNG", "is not a .ttf or .otf file"),
])
def test_a_font_that_cannot_be_embedded_is_refused(tmp_path, name, content, problem):
    (tmp_path / "deck" / "fonts").mkdir(parents=True)
    if content is not None:
        (tmp_path / "deck" / name).write_bytes(content)
    else:
        (tmp_path / "outside.ttf").write_bytes(b"x")
    found = check_font(tmp_path / "deck", name, "title")
    assert found is not None and found.startswith(f"font '{name}' for 'title' {problem}"), found


def test_a_font_too_large_is_refused_before_it_is_read(tmp_path):
    with (tmp_path / "huge.ttf").open("wb") as f:
        f.truncate(MAX_FONT_BYTES + 1)  # sparse: costs no disk
    assert check_font(tmp_path, "huge.ttf", "body") == "font 'huge.ttf' for 'body' is larger than 32 MiB"


def test_right_to_left_text_is_refused_not_printed_backwards():
    chain = font_set(load_template("pug-you").fonts).chain("bold")
    fitted = fit_text("מי הכי מצחיק?", chain, 150, 60, 11, 7, 1.2)
    [first, *_] = fitted.missing
    assert first.describe() == (
        "character 'מ' (U+05DE) is Hebrew script, written right to left: pugdeck cannot set right-to-left "
        "text yet (it needs bidirectional reordering and letter joining, which its PDF renderer lacks), "
        "and will not print it backwards or unjoined")
    assert not any("מ" in text for line in fitted.lines for _font, text in line)
    arabic = fit_text("من الأطرف؟", chain, 150, 60, 11, 7, 1.2).missing
    assert "Arabic script, written right to left" in arabic[0].describe()


def test_cjk_breaks_by_uax14_and_other_text_as_before():
    chain = font_set(load_template("pug-you").fonts).chain("bold")

    def lines(text, width):
        return ["".join(t for _f, t in line) for line in fit_text(text, chain, width, 200, 11, 11, 1.2).lines]

    # Latin text keeps its breaks: at spaces and after a hyphen, not after a dash (UAX #14 would)
    assert lines("yes—no well-known", 45) == ["yes—no", "well-", "known"]


@needs_font
def test_japanese_breaks_between_characters_but_never_before_closing_punctuation():
    chain = font_set({"title": IPA_GOTHIC, "body": IPA_GOTHIC, "bold": IPA_GOTHIC}).chain("body")
    text = "誰も見ていない。「はい」と言った、と彼女は言った。本当に？"
    for width in (30, 40, 50, 60, 70):
        lines = ["".join(t for _f, t in line) for line in fit_text(text, chain, width, 400, 10, 10, 1.2).lines]
        assert len(lines) > 1 and "".join(lines) == text  # no space added between pieces
        assert not any(line.startswith(("。", "」", "、", "？")) for line in lines), lines
        assert not any(line.endswith("「") for line in lines), lines


def crafted_font(groups: list[tuple[int, int]]) -> bytes:
    """A TrueType file whose only table is a cmap with one format-12 subtable of `groups`."""
    import struct  # noqa: PLC0415

    subtable = struct.pack(">HHLLL", 12, 0, 16 + 12 * len(groups), 0, len(groups))
    subtable += b"".join(struct.pack(">LLL", first, last, 1) for first, last in groups)
    cmap = struct.pack(">HHHHL", 0, 1, 3, 10, 12) + subtable
    return struct.pack(">LHHHH", 0x00010000, 1, 16, 0, 0) + struct.pack(">4sLLL", b"cmap", 0, 28, len(cmap)) + cmap


def test_a_font_claiming_every_character_is_refused_before_reportlab_reads_it(tmp_path):
    # reportlab would make a dictionary entry for each of 4 billion characters (issue 27:
    # a fuzzed font took the machine's memory); the cmap's counts are read first
    (tmp_path / "bomb.ttf").write_bytes(crafted_font([(0, 0xFFFFFFFE)]))
    assert check_font(tmp_path, "bomb.ttf", "body") == (
        "font 'bomb.ttf' for 'body' maps 4,294,967,295 characters, more than a real font (300,000 at "
        "most): the file is damaged or crafted")
    (tmp_path / "lying.ttf").write_bytes(crafted_font([(0, 10)])[:-8])  # a group cut short
    assert "the file is truncated or damaged" in check_font(tmp_path, "lying.ttf", "body")
