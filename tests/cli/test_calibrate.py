"""`pugdeck calibrate` as a user runs it: the sheet written whole where asked, what to do
next, the same bytes every time, and its flags refused as build refuses them."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner

from pugdeck.cli import main


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize("paper, size", [("a4", (595.3, 841.9)), ("letter", (612.0, 792.0))])
def test_writes_a_two_page_sheet_and_says_what_to_do(tmp_path, paper, size):
    result = run("calibrate", "--paper", paper, "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    path = tmp_path / f"calibration-{paper}.pdf"
    assert result.stdout.splitlines()[0] == f"wrote {path}"
    assert "double-sided at 100 %" in result.stdout and "pugdeck build --back-offset X,Y" in result.stdout
    assert [p.name for p in tmp_path.iterdir()] == [path.name]  # no temporaries left
    pdf = pdfium.PdfDocument(path)
    assert len(pdf) == 2 and pdf[0].get_size() == pytest.approx(size, abs=0.1)
    front = pdf[0].get_textpage().get_text_range()
    assert "front" in front and "100 %" in front
    assert run("calibrate", "--paper", paper, "--out", str(tmp_path / "again")).exit_code == 0
    assert (tmp_path / "again" / path.name).read_bytes() == path.read_bytes()


def test_default_is_a4_in_out(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run("calibrate").exit_code == 0
    assert (tmp_path / "out" / "calibration-a4.pdf").is_file()


def test_a_check_sheet_with_the_offset_read_says_so_on_its_back(tmp_path):
    result = run("calibrate", "--back-offset", "1.5,-0.5", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    back = pdfium.PdfDocument(tmp_path / "calibration-a4.pdf")[1].get_textpage().get_text_range()
    assert "printed with --back-offset 1.5,-0.5" in " ".join(back.split())


@pytest.mark.parametrize("args, message", [
    (["--paper", "a5"], "'a5' is not one of 'a4', 'letter'"),
    (["--back-offset", "30,0"], "a back offset over 10 mm is a layout problem"),
    (["--back-offset", "left"], "expected two numbers in mm like 0.5,-1"),
    (["--duplex", "long"], "No such option '--duplex'"),
])
def test_bad_flags_exit_2_and_write_nothing(tmp_path, args, message):
    result = run("calibrate", *args, "--out", str(tmp_path / "o"))
    assert result.exit_code == 2
    assert message in result.stderr
    assert not (tmp_path / "o").exists()


def test_an_out_folder_that_cannot_be_made_is_an_error_not_a_traceback(tmp_path):
    (tmp_path / "file").write_text("mine", encoding="utf-8")
    result = run("calibrate", "--out", str(tmp_path / "file" / "sub"))
    assert result.exit_code == 1
    assert result.stderr.startswith("error: cannot write")
    assert (tmp_path / "file").read_text(encoding="utf-8") == "mine"


def test_help_explains_the_reading():
    result = run("calibrate", "--help")
    assert result.exit_code == 0
    text = " ".join(result.stdout.split())
    assert "--paper [a4|letter]" in text and "--out" in text and "--back-offset X,Y" in text
    assert "hold it to the light" in text.lower() or "Hold it to the light" in text
    assert "calibrate" in run("--help").stdout
