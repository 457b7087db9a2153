"""The floor for any reportlab card tool: the same cards drawn straight onto a canvas.

    python benchmarks/straight_reportlab.py out/deck.json out/straight.pdf

No templates, no layout shapes, no text fitting (the question is wrapped once at a fixed
size with reportlab's simpleSplit), no glyph checks: every position is a literal. It draws
what `pugdeck build` draws for each card — frame, panel, level dots, thermometer, turds,
portrait, question, divider, badges, descriptive, a backs page after every 3 x 3 fronts page,
crop marks — with the same fonts, and, like any sensible script, draws each portrait, icon
and the back once as a form. It reads the built JSON, so deck loading is not part of it.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from reportlab.lib.colors import HexColor, white
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from pugdeck.games.pug_you.faces import icons, portraits  # noqa: E402  (the same art, drawn in code)

FONTS = ROOT / "fonts"
COLORS = {"green": "#3E9B4F", "yellow": "#F0B323", "red": "#D8343F", "pink": "#EC7FAE",
          "blue": "#3A7BD5", "paper": "#FFF9EF", "ink": "#2A211C", "muted": "#8A7F76",
          "turd": "#7B4A24", "turd_highlight": "#A8703F", "badge": "#F4B51E",
          "badge_edge": "#A86F06", "mutt_badge": "#58B368", "thermometer": "#E4453A"}
W, H = 63.5 * mm, 88.9 * mm


def main(json_path: str, pdf_path: str) -> None:
    cards = json.loads(Path(json_path).read_text())["cards"]
    for name, file in (("Bold", "NotoSans_700Bold.ttf"), ("Body", "NotoSans_400Regular.ttf"),
                       ("Title", "Fredoka_700Bold.ttf")):
        pdfmetrics.registerFont(TTFont(name, str(FONTS / file)))
    c = canvas.Canvas(pdf_path, pagesize=A4, invariant=1, initialFontName="Body")
    forms: set[str] = set()

    def form(name, w, h, paint):
        if name not in forms:
            c.beginForm(name, 0, 0, w, h)
            paint(c, w, h)
            c.endForm()
            forms.add(name)
        return name

    left, bottom = (A4[0] - 3 * W) / 2, (A4[1] - 3 * H) / 2
    for start in range(0, len(cards), 9):
        chunk = cards[start:start + 9]
        for card in chunk:  # forms first, between pages
            breed = card["breed"]
            variant = int.from_bytes(hashlib.sha256(card["card"].encode()).digest()[:4], "big") % 4
            level = card["thermometer"]
            # Defaults bind this card's values: the form is drawn later, after the loop moved on.
            card["_portrait"] = form(f"p_{breed}_{variant}", 35.5 * mm, 28.6 * mm,
                                     lambda c, w, h, b=breed, v=variant: portraits.draw_portrait(c, b, v, w, h))
            card["_thermo"] = form(f"t{level}", 4.2 * mm, 38 * mm,
                                   lambda c, w, h, n=level: icons.draw_thermometer(c, w, h, COLORS, n))
        turd = form("turd", 8.2 * mm, 8.2 * mm, lambda c, w, h: icons.draw_turd(c, w, h, COLORS, "filled"))
        gold = form("gold", 8.6 * mm, 8.6 * mm, lambda c, w, h: icons.draw_badge(c, w, h, COLORS, "gold"))
        mutt = form("mutt", 8.6 * mm, 8.6 * mm, lambda c, w, h: icons.draw_badge(c, w, h, COLORS, "mutt"))
        back = form("back", W, H, portraits.draw_card_back_art)
        for i, card in enumerate(chunk):
            row, col = divmod(i, 3)
            c.saveState()
            c.translate(left + col * W, bottom + (2 - row) * H)
            c.setFillColor(HexColor(COLORS[card["color"]]))
            c.rect(0, 0, W, H, stroke=0, fill=1)
            c.setFillColor(HexColor(COLORS["paper"]))
            c.roundRect(5 * mm, 5 * mm, 51.2 * mm, 78.9 * mm, 2.8 * mm, stroke=0, fill=1)
            c.setFillColor(white)
            c.setStrokeColor(HexColor(COLORS["ink"]))
            for d in range(card["dots"]):
                c.circle(2.5 * mm, H - 8.35 * mm - d * 3.9 * mm, 1.16 * mm, stroke=1, fill=1)
            for name, x, y in [(card["_thermo"], 57.75 * mm, 23.9 * mm),
                               (card["_portrait"], 12.5 * mm, 44.9 * mm)] + [
                    (turd, 27.6 * mm + t * 8.2 * mm, 74.3 * mm) for t in range(card["turds"])] + [
                    (mutt if card["badges"] < 0 else gold, 7 * mm + b * 6 * mm, 7.5 * mm)
                    for b in range(abs(card["badges"]))]:
                c.saveState()
                c.translate(x, y)
                c.doForm(name)
                c.restoreState()
            c.setFillColor(HexColor(COLORS["ink"]))
            for n, line in enumerate(simpleSplit(card["question"], "Bold", 10.5, 45 * mm)):
                c.setFont("Bold", 10.5)
                c.drawCentredString(W / 2, 40 * mm - n * 12.4, line)
            c.setStrokeColor(HexColor(COLORS[card["color"]]))
            c.setDash([2, 2])
            c.line(8 * mm, 17.7 * mm, 53.2 * mm, 17.7 * mm)
            c.setDash([])
            for n, line in enumerate(simpleSplit(card["descriptive"], "Bold", 8.5, 25.2 * mm)):
                c.setFont("Bold", 8.5)
                c.drawRightString(53.8 * mm, 12 * mm - n * 9.4, line)
            c.restoreState()
        c.setLineWidth(0.35)
        for k in range(4):
            c.line(left + k * W, bottom - 1.5 * mm, left + k * W, bottom - 6.5 * mm)
            c.line(left + k * W, bottom + 3 * H + 1.5 * mm, left + k * W, bottom + 3 * H + 6.5 * mm)
            c.line(left - 1.5 * mm, bottom + k * H, left - 6.5 * mm, bottom + k * H)
            c.line(left + 3 * W + 1.5 * mm, bottom + k * H, left + 3 * W + 6.5 * mm, bottom + k * H)
        c.showPage()
        for i in range(len(chunk)):
            row, col = divmod(i, 3)
            c.saveState()
            c.translate(left + (2 - col) * W, bottom + (2 - row) * H)
            c.doForm(back)
            c.setFont("Title", 26)
            c.setFillColor(HexColor("#F0B323"))
            c.drawCentredString(W / 2, H - 16 * mm, "Pug You!")
            c.restoreState()
        c.showPage()
    c.save()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
