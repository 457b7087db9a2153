"""The summary's page count is read from the PDF as written, for every layout, and `build`
does not load pdfium to do it (its library is 2–3 MB of a build's peak memory)."""

from __future__ import annotations

import subprocess
import sys

import pypdfium2 as pdfium
import pytest

from pugdeck.building.pipeline import build
from pugdeck.games.printing import render_built
from pugdeck.render.pdf import page_count
from pugdeck.resources import bundled_deck


@pytest.mark.parametrize("game", ["pug-you", "pixelpug"])
def test_page_count_is_what_pdfium_counts_for_every_layout(game):
    built = build(bundled_deck(game), {}, profile=None, name=None)
    for options in ({}, {"duplex": "fold"}, {"duplex": "none"}, {"paper": "letter"},
                    {"bleed_mm": 3.0}, {"bleed_mm": 0, "duplex": "none"}):
        document = render_built(built, **options)
        assert page_count(document) == len(pdfium.PdfDocument(document)), options


def test_a_pdf_pugdeck_did_not_write_is_refused():
    with pytest.raises(ValueError, match="not a PDF pugdeck wrote"):
        page_count(b"%PDF-1.4 nothing here")


def test_build_does_not_load_pdfium(tmp_path):
    done = subprocess.run(
        [sys.executable, "-c",
         "import sys\nfrom pugdeck.cli import main\n"
         f"try:\n    main(['build', '--out', {str(tmp_path)!r}])\nexcept SystemExit:\n    pass\n"
         "print(' '.join(sorted({m.split('.')[0] for m in sys.modules} & {'pypdfium2'})), file=sys.stderr)"],
        capture_output=True, text=True, check=True)
    assert "A4 pages" in done.stdout
    assert done.stderr.split() == []
