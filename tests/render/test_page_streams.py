"""Pages are compressed as they end (`render/page_streams.py`), and the PDF is the one
reportlab's own canvas writes, byte for byte."""

import io
import zlib

import pytest
from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from helpers.render_decks import bundled_built_deck, deck_folder
from pugdeck.games.printing import render_pdf
from pugdeck.render import pdf
from pugdeck.render.page_streams import StreamingCanvas


@pytest.mark.parametrize("options", [{}, {"duplex": "short", "paper": "letter"}, {"bleed_mm": 3.0}])
def test_the_pdf_is_the_one_reportlab_writes_itself(monkeypatch, options):
    doc, blanks = bundled_built_deck()
    streamed = render_pdf(doc, deck_folder=deck_folder(), blanks=blanks, **options)
    monkeypatch.setattr(pdf, "StreamingCanvas", Canvas)
    assert render_pdf(doc, deck_folder=deck_folder(), blanks=blanks, **options) == streamed


def _draw(canvas_class, **options) -> tuple[bytes, list]:
    out = io.BytesIO()
    c = canvas_class(out, invariant=1, **options)
    for n in range(3):
        for line in range(100):
            c.drawString(10, 10 + line, f"page {n} line {line}")
        c.showPage()
    pages = list(c._doc.Pages.pages)
    c.save()
    return out.getvalue(), pages


@pytest.mark.parametrize("ascii85", [0, 1])
def test_a_finished_page_keeps_only_its_encoded_stream(monkeypatch, ascii85):
    monkeypatch.setattr(rl_config, "useA85", ascii85)
    data, pages = _draw(StreamingCanvas, pageCompression=1)
    assert data == _draw(Canvas, pageCompression=1)[0]
    assert [page.stream for page in pages] == [None, None, None]
    if not ascii85:
        assert b"page 2 line 99" in zlib.decompress(pages[2].Contents.content)
        assert all(len(page.Contents.content) < 1500 for page in pages)  # ~5 KB as text


def test_without_page_compression_nothing_changes():
    data, pages = _draw(StreamingCanvas, pageCompression=0)
    assert data == _draw(Canvas, pageCompression=0)[0]
    assert "page 0 line 0" in pages[0].stream
