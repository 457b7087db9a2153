"""The PDF itself: pages, text, fonts, boxes, errors and byte-identical output."""

import io
import re

import pypdfium2 as pdfium
import pytest
from PIL import Image
from pypdf import PdfReader
from reportlab.lib.units import mm

from helpers.render_decks import built_card, bundled_built_deck, deck_doc, deck_folder
from pugdeck.core.diagnostics import DeckError
from pugdeck.games.printing import render_pdf


@pytest.fixture(scope="module")
def bundled():
    doc, blanks = bundled_built_deck()
    return doc, blanks, render_pdf(doc, deck_folder=deck_folder(), blanks=blanks)


def _card(**changes):
    card = {"id": "c", "kind": "pug", "level": "red", "question": "Who snores?", "badges": 2,
            "descriptive": "loud", "turds": 2, "thermometer": 3, "breed": "pug"}
    card.update(changes)
    return built_card(card)


def _words(text: str) -> str:
    # Lines may break after a hyphen: "twenty-\nminute" reads back as "twenty- minute", or
    # from pdfium as "twenty\ufffeminute" (its mark for a hyphen at the end of a line).
    return re.sub(r"-\s+", "-", " ".join(text.replace("\ufffe", "-").split()))


@pytest.mark.parametrize("paper, size_mm", [("a4", (210, 297)), ("letter", (215.9, 279.4))])
def test_pages_and_sizes(paper, size_mm):
    doc, blanks = bundled_built_deck()
    pdf = PdfReader(io.BytesIO(render_pdf(doc, deck_folder=deck_folder(), blanks=blanks, paper=paper)))
    faces = len(doc["cards"]) + blanks + 2 + 1  # + turd cards + turn overview
    assert len(pdf.pages) == 2 * -(-faces // 9)  # a backs page after every fronts page
    for page in pdf.pages:
        box = page.mediabox
        assert (round(float(box.width) / mm, 1), round(float(box.height) / mm, 1)) == size_mm


def test_no_duplex_prints_no_backs():
    doc = deck_doc([_card()])
    pdf = PdfReader(io.BytesIO(render_pdf(doc, deck_folder=deck_folder(), duplex="none")))
    assert len(pdf.pages) == 1


def test_every_question_descriptive_and_turd_card_is_text(bundled):
    doc, _, data = bundled
    pages = pdfium.PdfDocument(data)  # pypdf's extraction is ten times slower
    texts = [pages[i].get_textpage().get_text_range() for i in range(len(pages))]
    text = _words(" ".join(texts[0::2]))
    for card in doc["cards"]:
        assert _words(card["question"]) in text, card["id"]
        assert _words(card["descriptive"]) in text, card["id"]
    assert text.count("Turd card") == 2
    assert "Your turn" in text and "Everyone else offers you one card" in text
    assert "Pug You!" in texts[1]  # the back


def test_fonts_are_embedded_subsets_and_nothing_else(bundled):
    data = bundled[2]
    pdf = PdfReader(io.BytesIO(data))
    names = set()
    for page in pdf.pages[:2]:
        for font in _fonts(page["/Resources"]):
            names.add(font["/BaseFont"])
            descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"] \
                if "/DescendantFonts" in font else font.get("/FontDescriptor")
            assert descriptor is not None and "/FontFile2" in descriptor.get_object(), font
    assert all(re.fullmatch(r"/[A-Z]{6}\+[\w-]+", n) for n in names), names  # subset tag
    assert {n.split("+")[1] for n in names} == {"Fredoka-Bold", "NotoSans-Bold", "NotoSans-Regular"}
    assert b"Helvetica" not in data


def _fonts(resources):
    resources = resources.get_object()
    for font in resources.get("/Font", {}).values():
        yield font.get_object()
    for xobject in resources.get("/XObject", {}).values():
        xobject = xobject.get_object()
        if "/Resources" in xobject:
            yield from _fonts(xobject["/Resources"])


def test_two_builds_are_byte_identical(bundled):
    doc, blanks, first = bundled
    assert render_pdf(doc, deck_folder=deck_folder(), blanks=blanks) == first


def test_bundled_deck_pdf_is_small(bundled):
    assert len(bundled[2]) <= 500 * 1024


def test_metadata_comes_from_the_deck(bundled):
    info = PdfReader(io.BytesIO(bundled[2])).metadata
    assert info.title == "Pug You!" and "Pug You! 1.0.0" in info.subject


def test_bleed_mode_one_card_per_page_with_boxes():
    doc = deck_doc([_card(), _card(id="d")])
    pdf = PdfReader(io.BytesIO(render_pdf(doc, deck_folder=deck_folder(), bleed_mm=3)))
    faces = 2 + 2 + 1
    assert len(pdf.pages) == faces * 2
    page = pdf.pages[0]
    width, height = 63.5 * mm + 6 * mm, 88.9 * mm + 6 * mm
    assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, width, height], abs=0.01)
    assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, width, height], abs=0.01)
    assert [float(v) for v in page.trimbox] == pytest.approx(
        [3 * mm, 3 * mm, width - 3 * mm, height - 3 * mm], abs=0.01)


def test_too_long_question_fails_naming_the_card():
    doc = deck_doc([_card(), _card(id="chatty", question="Who " + "really " * 90 + "snores?")])
    with pytest.raises(DeckError) as caught:
        render_pdf(doc, deck_folder=deck_folder())
    [problem] = caught.value.diagnostics
    assert problem.card == "chatty" and problem.field == "question"
    assert re.search(r"question does not fit: \d+% over at the minimum size 7 pt", problem.message)


def test_missing_glyph_fails_with_its_code_point():
    doc = deck_doc([_card(id="emoji", descriptive="a 🐶 person")])
    with pytest.raises(DeckError) as caught:
        render_pdf(doc, deck_folder=deck_folder())
    [problem] = caught.value.diagnostics
    assert problem.card == "emoji" and problem.field == "descriptive"
    assert "U+1F436" in problem.message


def test_art_image_replaces_the_portrait(tmp_path):
    (tmp_path / "art").mkdir()
    Image.new("RGB", (40, 30), "#ff00ff").save(tmp_path / "art" / "x.png")
    doc = deck_doc([_card(art="art/x.png"), _card(id="d", art="art/x.png")])
    data = render_pdf(doc, deck_folder=tmp_path, duplex="none")
    assert data.count(b"/Subtype /Image") == 1  # drawn once, placed twice
    doc = deck_doc([_card(art="../outside.png")])
    with pytest.raises(DeckError, match="outside the deck folder"):
        render_pdf(doc, deck_folder=tmp_path)


def test_portraits_are_forms_drawn_once(bundled):
    data = bundled[2]
    forms = len(re.findall(rb"/Subtype /Form", data))
    assert forms < 60  # a few dozen distinct pictures for 117 cards


def test_progress_reaches_the_total():
    calls = []
    render_pdf(deck_doc([_card()] * 10), deck_folder=deck_folder(), progress=lambda n, t: calls.append((n, t)))
    assert calls[-1] == (13, 13) and [n for n, _ in calls] == sorted(n for n, _ in calls)


def test_bad_options_are_refused():
    with pytest.raises(ValueError, match="paper"):
        render_pdf(deck_doc([]), deck_folder=deck_folder(), paper="a3")
    with pytest.raises(ValueError, match="duplex"):
        render_pdf(deck_doc([]), deck_folder=deck_folder(), duplex="both")


def test_identical_across_processes_and_hash_seeds(tmp_path):
    import hashlib
    import json
    import os
    import subprocess
    import sys

    doc = deck_doc([_card(), _card(id="d", breed="phony-cat", kind="mutt", level=None)])
    (tmp_path / "deck.json").write_text(json.dumps(doc))
    script = ("import json, sys, hashlib, pathlib; from pugdeck.games.printing import render_pdf; "
              "doc = json.loads(pathlib.Path(sys.argv[1]).read_text()); "
              "print(hashlib.sha256(render_pdf(doc, deck_folder=pathlib.Path(sys.argv[2]))).hexdigest())")
    digests = {
        subprocess.run([sys.executable, "-c", script, str(tmp_path / "deck.json"), str(deck_folder())],
                       env={**os.environ, "PYTHONHASHSEED": seed}, capture_output=True, text=True,
                       check=True).stdout.strip()
        for seed in ("1", "2")}
    here = hashlib.sha256(render_pdf(doc, deck_folder=deck_folder())).hexdigest()
    assert digests == {here}


def test_deck_name_with_an_unprintable_character_fails():
    doc = deck_doc([_card()])
    doc["deck"]["name"] = "Pug You! 🐶"
    with pytest.raises(DeckError, match="U\\+1F436"):
        render_pdf(doc, deck_folder=deck_folder())


def test_memory_stays_flat_because_pages_are_streamed():
    import tracemalloc

    from helpers.render_decks import generated_deck

    render_pdf(generated_deck(9), deck_folder=deck_folder())  # fonts and caches loaded once

    def peak(n):
        tracemalloc.start()
        render_pdf(generated_deck(n), deck_folder=deck_folder())
        top = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        return top

    small, large = peak(27), peak(243)
    # only the finished, compressed pages accumulate: a few KB a card, not the drawings
    assert (large - small) / 216 < 8 * 1024 and large < 8 * 2**20
