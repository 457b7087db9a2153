"""`pugdeck build --duplex` as a user runs it: fold pages from both games with every filter,
custom cards and bleed, a summary line that says what the PDF holds, and the flags refused."""

from __future__ import annotations

import json

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner

from pugdeck.cli import main
from pugdeck.resources import bundled_deck


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_duplex_none_says_fronts_only(tmp_path):
    result = run("build", "--duplex", "none", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    summary = result.stdout.splitlines()[0]
    assert summary.startswith("pug-you (bundled, no deck.yaml here): 108 cards")
    assert summary.endswith("; PDF: fronts only, no backs (--duplex fold prints them beside the fronts); "
                            "13 A4 pages, 9 cards a page")


def test_duplex_long_and_fold_say_what_the_pdf_holds(tmp_path):
    long = run("build", "--out", str(tmp_path / "long"))
    assert "; PDF: fronts and backs for long-edge duplex" in long.stdout.splitlines()[0]
    fold = run("build", "pixelpug", "--duplex", "fold", "--paper", "letter", "--json",
               "--out", str(tmp_path / "fold"))
    assert fold.exit_code == 0, fold.output
    summary = json.loads(fold.stdout)
    written = tmp_path / "fold" / "pixelpug-letter-fold.pdf"
    assert summary["pdf"] == {"file": str(written), "paper": "letter", "page_mm": [279.4, 215.9],
                              "pages": 10, "cards_per_page": 4, "duplex": "fold", "bleed_mm": None,
                              "sides": "PDF: each front beside its back, to cut, fold and glue"}
    assert len(pdfium.PdfDocument(written)) == 10  # 36 cards + the reference card, 4 a page


def test_no_pdf_no_sides_in_the_summary(tmp_path):
    result = run("build", "--no-pdf", "--duplex", "none", "--out", str(tmp_path))
    assert result.exit_code == 0 and "PDF" not in result.stdout.splitlines()[0]


@pytest.mark.parametrize("args", [
    ["--duplex", "fold", "--no-red", "--strangers"],
    ["--duplex", "fold", "--bleed", "3", "--only", "customs", "--blanks", "2"],
])
def test_fold_with_filters_customs_and_bleed(tmp_path, args):
    result = run("build", *args, "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    pdf = pdfium.PdfDocument(next(tmp_path.glob("*.pdf")))
    width, height = pdf[0].get_size()
    assert width > height  # landscape fold pages
    built = json.loads(next(tmp_path.glob("*.json")).read_text(encoding="utf-8"))
    blanks = 2 if "--blanks" in args else 6
    assert len(pdf) == -(-(len(built["cards"]) + blanks + 3) // 4)  # + turd cards, overview
    again = run("build", *args, "--out", str(tmp_path / "again"))
    assert again.exit_code == 0
    assert next(tmp_path.glob("*.pdf")).read_bytes() == next((tmp_path / "again").glob("*.pdf")).read_bytes()


def test_fold_with_a_custom_card_file(tmp_path):
    custom = tmp_path / "ours.yaml"
    custom.write_text("cards:\n  - id: our-own\n    kind: custom\n    level: green\n    question: Who folds the best?\n"
                      "    descriptive: paper crane\n    badges: 1\n    turds: 1\n    thermometer: 1\n",
                      encoding="utf-8")
    result = run("build", "--duplex", "fold", "--customs", str(custom), "--out", str(tmp_path / "o"))
    assert result.exit_code == 0, result.output
    pdf = pdfium.PdfDocument(next((tmp_path / "o").glob("*.pdf")))
    text = " ".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))
    assert "Who folds the best?" in text


@pytest.mark.parametrize("duplex", ["fold", "none"])
def test_a_back_offset_without_duplex_backs_is_refused(tmp_path, duplex):
    result = run("build", "--duplex", duplex, "--back-offset", "1,0", "--out", str(tmp_path))
    assert result.exit_code == 2
    assert "--back-offset corrects where a duplex printer puts the backs" in result.stderr
    assert not list(tmp_path.iterdir())


def test_an_unknown_duplex_is_refused_naming_fold(tmp_path):
    result = run("build", "--duplex", "both", "--out", str(tmp_path))
    assert result.exit_code == 2
    assert "'fold'" in result.stderr and "'none'" in result.stderr


def test_help_tells_of_fold_and_calibrate():
    result = run("build", "--help")
    assert result.exit_code == 0
    text = " ".join(result.stdout.split())
    assert "[long|short|fold|none]" in text
    assert "cut, fold and glue" in text and "pugdeck calibrate" in text


def test_cards_too_big_to_fold_are_refused_with_a_sentence(tmp_path):
    deck = tmp_path / "deck"
    assert run("init", str(deck), "--game", "pug-you").exit_code == 0
    (deck / "templates").mkdir(exist_ok=True)
    (deck / "templates" / "huge.yaml").write_text(
        "name: huge\nextends: pug-you\ncard: {size: {width_mm: 150, height_mm: 200}}\n", encoding="utf-8")
    deck_yaml = deck / "deck.yaml"
    text = deck_yaml.read_text(encoding="utf-8")
    deck_yaml.write_text(text.replace("  template: pug-you\n", "  template: huge\n", 1), encoding="utf-8")
    result = run("build", str(deck), "--duplex", "fold", "--out", str(tmp_path / "o"))
    assert result.exit_code == 1, result.output
    assert "--duplex fold: a front and its back of template 'huge' (150 x 200 mm each) do not fit" \
        in result.stderr
    assert not (tmp_path / "o").exists()
    assert bundled_deck("pug-you").is_dir()
