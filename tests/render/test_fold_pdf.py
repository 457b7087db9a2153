"""The fold-and-glue PDF of both bundled games, read back from the PDF: every front beside
its own back (PixelPug's Treats beside theirs), four pairs a landscape page, the bleed kept
off the fold, the same bytes every time."""

import pypdfium2 as pdfium
import pytest
from reportlab.lib.units import mm

from pugdeck.building.pipeline import build
from pugdeck.games.printing import render_built
from pugdeck.render.fold import fold_sheet
from pugdeck.resources import bundled_deck


@pytest.fixture(scope="module")
def pug_you():
    return build(bundled_deck("pug-you"))


@pytest.fixture(scope="module")
def pixelpug():
    return build(bundled_deck("pixelpug"))


def _text_in(page, slot) -> str:
    textpage = page.get_textpage()
    return " ".join(textpage.get_text_bounded(slot.x + 1, slot.y + 1, slot.x + slot.width - 1,
                                              slot.y + slot.height - 1).split())


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pug_you_fronts_beside_their_backs_four_a_page(pug_you, paper):
    data = render_built(pug_you, paper=paper, duplex="fold")
    pdf = pdfium.PdfDocument(data)
    faces = len(pug_you.doc["cards"]) + pug_you.blanks + 2 + 1  # + turd cards + overview
    assert len(pdf) == -(-faces // 4)
    sheet = fold_sheet(paper, 63.5 * mm, 88.9 * mm)
    assert pdf[0].get_size() == pytest.approx((sheet.width, sheet.height))
    first = pdf[0]
    for pair, card in zip(sheet.pairs, pug_you.doc["cards"]):
        front, back = _text_in(first, pair.front), _text_in(first, pair.back)
        assert " ".join(card["question"].split())[:20] in front.replace("\ufffe", "-")
        assert "Pug You!" in back and "only the pugs really win" in back
        assert "only the pugs" not in front
    assert data == render_built(pug_you, paper=paper, duplex="fold")  # deterministic


def test_pixelpug_treats_beside_their_own_back(pixelpug):
    pdf = pdfium.PdfDocument(render_built(pixelpug, duplex="fold"))
    sheet = fold_sheet("a4", 63.5 * mm, 88.9 * mm)
    assert len(pdf) == -(-len(pixelpug.doc["cards"]) // 4)
    backs = set()
    for page in pdf:
        for pair in sheet.pairs:
            front, back = _text_in(page, pair.front), _text_in(page, pair.back)
            if not front:  # the last page is not full
                assert not back
                continue
            treat = front.startswith("Treat")
            assert back == ("Treat" if treat else "PixelPug"), front
            backs.add(back)
    assert backs == {"Treat", "PixelPug"}


def test_bleed_runs_out_on_the_outer_sides_and_stops_at_the_fold(pug_you):
    bleed = 3 * mm
    data = render_built(pug_you, duplex="fold", bleed_mm=3)
    scale = 200 / 72
    image = pdfium.PdfDocument(data)[0].render(scale=scale).to_pil().convert("RGB")
    sheet = fold_sheet("a4", 63.5 * mm, 88.9 * mm, bleed)
    pair = sheet.pairs[0]
    front, back = pair.front, pair.back

    def pixel(x, y):  # PDF points, origin bottom-left
        return image.getpixel((round(x * scale), round((sheet.height - y) * scale)))

    frame = pixel(front.x + front.width / 2, front.y + front.height + bleed / 2)  # in the bleed
    assert frame != (255, 255, 255)
    high = front.y + 0.95 * front.height  # the right frame, above the thermometer
    assert pixel(back.x - 1 * mm, high) == frame  # the front's frame up to the fold
    assert pixel(back.x + 1 * mm, high) != frame  # the back from the fold
    assert pixel(front.x - bleed / 2, high) == frame  # the outer side's bleed
