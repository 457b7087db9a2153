"""`build --proof`: each front marked, small, with its card id and the file and line it was
written at, so a proof-reader who circles a typo on paper knows which line to change.

The mark is two shapes added to the face (a white strip and a line of text at the foot of
the card, inside the cut), so the PDF draws it like any other text and nothing else moves.
"""

from __future__ import annotations

from reportlab.lib.units import mm

from pugdeck.render.fonts import FontSet, font_runs, runs_width
from pugdeck.render.shapes import CardFace, Rect, TextLine

PROOF_PT = 5.0  # small enough to stay off the card's own text, large enough to read
PROOF_BASELINE_MM = 1.6  # above the cut: a trimmed proof keeps it
PROOF_PAD_MM = 0.6
PROOF_INK, PROOF_GROUND = "#333333", "#FFFFFF"


def proof_marked(face: CardFace, label: str, fonts: FontSet) -> CardFace:
    """`face` with `label` at its foot, centred, on a white strip as wide as the label (cut
    short to the card's width). A character no font has is left out: the label is a
    reader's aid, and the card's own texts have had their glyphs checked."""
    runs, _missing = font_runs(label, fonts.chain("body"))
    limit = face.width - 4 * mm
    while runs and runs_width(runs, PROOF_PT) > limit:  # a very long id or path: keep its start
        font, text = runs[-1]
        runs = runs[:-1] + ([(font, text[:-1])] if len(text) > 1 else [])
    if not runs:
        return face
    width = runs_width(runs, PROOF_PT)
    pad, baseline = PROOF_PAD_MM * mm, PROOF_BASELINE_MM * mm
    strip = Rect(face.width / 2 - width / 2 - pad, baseline - pad, width + 2 * pad,
                 PROOF_PT + pad, fill=PROOF_GROUND)
    text = TextLine(face.width / 2, baseline, tuple(runs), PROOF_PT, PROOF_INK, "center", width)
    return face._replace(shapes=(*face.shapes, strip, text))
