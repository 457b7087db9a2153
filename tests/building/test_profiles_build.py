"""Every bundled profile builds a printable PDF through the command line."""

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner

from pugdeck.cli import main
from pugdeck.resources import bundled_deck

PROFILES = sorted((bundled_deck("pug-you") / "profiles").glob("*.yaml"))


@pytest.mark.parametrize("profile", PROFILES, ids=[p.stem for p in PROFILES])
def test_bundled_profile_builds_a_pdf(profile: Path, tmp_path):
    result = CliRunner().invoke(main, ["build", "--profile", str(profile), "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    [pdf] = tmp_path.glob("*.pdf")
    document = pdfium.PdfDocument(pdf)
    assert len(document) >= 2 and len(document) % 2 == 0  # fronts and backs alternate
    assert pdf.stat().st_size <= 500 * 1024


def test_letter_short_edge_build(tmp_path):
    result = CliRunner().invoke(main, ["build", "--paper", "letter", "--duplex", "short",
                                       "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    [pdf] = tmp_path.glob("*.pdf")
    width, height = pdfium.PdfDocument(pdf)[0].get_size()
    assert (round(width), round(height)) == (612, 792)
