"""Every print variant of a deck keeps its own PDF, and the summary and --json describe the
file written (its pages, not the options asked for); --quiet leaves only problems."""

from __future__ import annotations

import json

import pypdfium2 as pdfium
from click.testing import CliRunner

from pugdeck.cli import main


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_the_printing_guides_variants_sit_side_by_side(tmp_path):
    for args in ([], ["--duplex", "fold"], ["--duplex", "none"], ["--paper", "letter"],
                 ["--bleed", "3"], ["--paper", "letter", "--duplex", "fold"], ["--duplex", "short"]):
        result = run("build", "pixelpug", *args, "--out", str(tmp_path))
        assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.glob("*.pdf")) == [
        "pixelpug-bleed3.pdf", "pixelpug-fold.pdf", "pixelpug-fronts-only.pdf", "pixelpug-letter-fold.pdf",
        "pixelpug-letter.pdf", "pixelpug-short.pdf", "pixelpug.pdf"]
    assert sorted(p.name for p in tmp_path.glob("*.json")) == ["pixelpug.json"]


def test_a_bleed_pdf_is_described_as_the_pages_it_has(tmp_path):
    result = run("build", "--bleed", "3", "--only", "customs", "--blanks", "1", "--json",
                 "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    pdf = json.loads(result.stdout)["pdf"]
    written = tmp_path / "pug-you-customs-bleed3.pdf"
    assert pdf["file"] == str(written)
    assert pdf["paper"] is None and pdf["page_mm"] == [69.5, 94.9] and pdf["cards_per_page"] == 1
    assert pdf["bleed_mm"] == 3 and "print shop" in pdf["sides"]
    document = pdfium.PdfDocument(written)
    assert pdf["pages"] == len(document)
    width, height = document[0].get_size()
    assert (round(width / 72 * 25.4, 1), round(height / 72 * 25.4, 1)) == (69.5, 94.9)
    text = run("build", "--bleed", "3", "--only", "customs", "--blanks", "1", "--out", str(tmp_path))
    assert text.stdout.splitlines()[0].endswith(
        f"; PDF: one card a page for a print shop, each back after its front (long-edge duplex); "
        f"{len(document)} pages of 69.5 × 94.9 mm with 3 mm bleed")


def test_letter_paper_is_in_the_summary(tmp_path):
    result = run("build", "--paper", "letter", "--out", str(tmp_path))
    assert result.stdout.splitlines()[0].endswith("US Letter pages, 9 cards a page")
    assert (tmp_path / "pug-you-letter.pdf").is_file()


def test_name_is_the_users_own_for_every_file(tmp_path):
    result = run("build", "--duplex", "fold", "--name", "ours", "--out", str(tmp_path))
    assert result.exit_code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ours.json", "ours.pdf"]


def test_quiet_prints_only_problems(tmp_path):
    for args in (["build", "--no-pdf"], ["validate"], ["export", "csv"], ["preview"],
                 ["init", str(tmp_path / "new"), "--game", "pixelpug"], ["calibrate"]):
        result = run(*args, "--quiet", *(["--out", str(tmp_path / "o")] if args[0] not in ("validate", "init")
                                         else []))
        assert result.exit_code == 0, (args, result.output)
        assert result.stdout == "" and result.stderr == "", args
    broken = run("build", str(tmp_path / "new"), "--quiet", "--players", "7", "--out", str(tmp_path / "o"))
    assert broken.exit_code == 1 and "7" in broken.stderr and broken.stdout == ""
    small = run("init", str(tmp_path / "small"), "--quiet")  # a problem is said even so
    assert small.stdout == "" and "write 23 more cards" in small.stderr
