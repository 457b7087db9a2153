"""Reprinting a few cards and proof-reading on paper: `--only` takes card ids and tags (and
the printed-only cards by id), `build --proof` marks each front with its card id and the
file:line it is written at, and blank customs keep the ids their deck gives them."""

from __future__ import annotations

import json
from pathlib import Path

import pypdfium2 as pdfium
from click.testing import CliRunner

from pugdeck.cli import main


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def starter(tmp_path: Path, monkeypatch, language: str = "en") -> Path:
    monkeypatch.chdir(tmp_path)
    assert run("init", "mazo", "--language", language, "--quiet").exit_code == 0
    monkeypatch.chdir(tmp_path / "mazo")
    return tmp_path / "mazo"


def pdf_text(path: Path) -> list[str]:
    pdf = pdfium.PdfDocument(path)
    try:
        return [pdf[i].get_textpage().get_text_range() for i in range(len(pdf))]
    finally:
        pdf.close()


def test_only_a_card_id_prints_that_card_alone(tmp_path, monkeypatch):
    starter(tmp_path, monkeypatch)
    result = run("build", "--only", "late-to-own-party", "--duplex", "none", "--json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["name"] == "mazo-only-late-to-own-party"
    assert summary["cards"] == 1 and summary["blanks"] == 0 and summary["pdf"]["pages"] == 1
    built = json.loads(Path("out/mazo-only-late-to-own-party.json").read_text(encoding="utf-8"))
    assert [c["id"] for c in built["cards"]] == ["late-to-own-party#1"]
    assert built["filters"]["only"] == ["late-to-own-party"]
    (page,) = pdf_text(Path(summary["pdf"]["file"]))
    assert "late to their own" in " ".join(page.split())
    assert "Turd card" not in page and "Your turn" not in page  # printed only when named
    assert "warning" not in result.stderr  # a reprint is no deck to play: no "too small"


def test_only_a_tag_and_a_turd_card(tmp_path, monkeypatch):
    starter(tmp_path, monkeypatch)
    result = run("build", "--only", "turd-2", "--only", "manners", "--duplex", "none", "--json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["name"] == "mazo-only-manners-turd-2"  # the words sorted: order-free
    built = json.loads(Path("out/mazo-only-manners-turd-2.json").read_text(encoding="utf-8"))
    assert sorted(c["card"] for c in built["cards"]) == ["karaoke-menace", "waves-back"]
    (page,) = pdf_text(Path(summary["pdf"]["file"]))
    assert page.count("Turd card") == 1 and "Nominee 2 of 2" in page and "Nominee 1" not in page


def test_only_a_word_no_card_has_is_an_error_with_a_suggestion(tmp_path, monkeypatch):
    starter(tmp_path, monkeypatch)
    result = run("build", "--only", "manors")
    assert result.exit_code == 1
    assert "--only: no card has the id or tag 'manors'; did you mean 'manners'?" in result.stderr
    assert not Path("out").exists()


def test_only_customs_is_as_it_was(tmp_path, monkeypatch):
    starter(tmp_path, monkeypatch)
    result = run("build", "--only", "customs", "--no-pdf", "--json")
    summary = json.loads(result.stdout)
    assert summary["name"] == "mazo-customs" and summary["cards"] == 1 and summary["blanks"] == 2


def test_a_proof_marks_each_front_with_its_id_and_line(tmp_path, monkeypatch):
    deck = starter(tmp_path, monkeypatch)
    result = run("build", "--proof", "--duplex", "none")
    assert result.exit_code == 0, result.output
    assert "wrote out/mazo-fronts-only-proof.pdf" in result.stdout
    assert "a proof: each front marked with its card id and file:line" in result.stdout
    text = " ".join(pdf_text(Path("out/mazo-fronts-only-proof.pdf")))
    lines = (deck / "cards" / "pugs.yaml").read_text(encoding="utf-8").splitlines()
    line = next(n for n, row in enumerate(lines, 1) if row.strip() == "- id: late-to-own-party")
    assert f"late-to-own-party#1 cards/pugs.yaml:{line}" in " ".join(text.split())
    assert "turd-1" in text  # a printed-only card: its id, no line
    # The plain print is another file, without the marks.
    assert run("build", "--duplex", "none").exit_code == 0
    assert "cards/pugs.yaml" not in " ".join(pdf_text(Path("out/mazo-fronts-only.pdf")))


def test_a_proof_needs_a_pdf(tmp_path, monkeypatch):
    starter(tmp_path, monkeypatch)
    result = run("build", "--proof", "--no-pdf")
    assert result.exit_code == 2 and "--no-pdf writes no PDF" in result.stderr


def test_blank_customs_keep_their_own_ids(tmp_path, monkeypatch):
    from pugdeck.building.pipeline import build
    from pugdeck.export.png import faces_of

    deck = starter(tmp_path, monkeypatch, "es")
    built = build(deck)
    blanks = [f.card_id for f in faces_of(built) if f.kind == "blank"]
    assert blanks == ["en-blanco-1", "en-blanco-2"]
    more = build(deck, {"blanks": 3})
    assert [f.card_id for f in faces_of(more) if f.kind == "blank"] == ["en-blanco-1", "en-blanco-2", "blank-3"]
    # what the page shows, --exclude takes
    result = run("build", "--no-pdf", "--exclude", "en-blanco-1")
    assert result.exit_code == 0 and "+ 1 blank to write on" in result.stdout
