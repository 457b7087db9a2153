"""Everything a card prints that matters (text, icons, level dots, the thermometer, turds,
badges, a back's lettering, PixelPug's coins and pixels) stays at least 3.5 mm inside the
cut, on every face and back of both bundled decks and of decks with written customs, blank
customs and a back of their own: measured from the laid-out shapes (render/safe_zone.py), so
a new sprite, font or region is held to it as soon as it is laid out."""

from __future__ import annotations

from pathlib import Path

import pytest
from reportlab.lib.units import mm

from pugdeck.building.pipeline import build
from pugdeck.games.printing import printer_of
from pugdeck.render.laid_out import laid_out
from pugdeck.render.safe_zone import LAYOUT_MARGIN_MM, Ink, crossings, ink_boxes, margins
from pugdeck.render.shapes import CardFace, Circle, Place, Rect, TextLine
from pugdeck.resources import bundled_deck

CUSTOM_DECK = """\
deck:
  id: margins
  name: "A deck named long enough to fill its back"
  game: pug-you
  back: {tagline: "made by the crew, with love and a pug"}
cards:
  - {id: written, kind: custom, level: yellow, question: "Who would name a goldfish after a tax form and mean it kindly?",
     descriptive: "a paperwork romantic", badges: 3, turds: 3, thermometer: 3}
  - {id: mutt, kind: mutt, question: "Who would help you move house on a rainy Sunday?",
     descriptive: "a true friend", turds: 1, thermometer: 1}
  - {id: red, level: red, question: "Who is most likely to lose a shoe at a wedding?",
     badges: 3, descriptive: "a walking disaster", turds: 3, thermometer: 3}
  - {id: blank-custom, kind: custom}
"""


def _decks(tmp: Path) -> list[Path]:
    custom = tmp / "margins"
    custom.mkdir()
    (custom / "deck.yaml").write_text(CUSTOM_DECK, encoding="utf-8")
    return [bundled_deck("pug-you"), bundled_deck("pixelpug"), custom]


@pytest.fixture(scope="module")
def decks(tmp_path_factory):
    return [(folder.name, laid_out(built := build(folder), printer_of(built), bleed_mm=3.0))
            for folder in _decks(tmp_path_factory.mktemp("decks"))]


def test_every_face_and_back_keeps_its_print_3_5_mm_inside_the_cut(decks):
    too_close = []
    for deck, faces in decks:
        sides = [(info.card_id, face) for info, face in faces.fronts]
        sides += [(f"the back {name}", face) for name, face in faces.backs.items()]
        for card, face in sides:
            too_close += [f"{deck} {c.card}: {c.element} {c.margin_mm} mm from the {c.side} edge"
                          for c in crossings(face, LAYOUT_MARGIN_MM, faces.pictures, card,
                                             faces.regions)]
    assert not too_close, "\n".join(dict.fromkeys(too_close))


def test_the_measure_sees_every_kind_of_face(decks):
    """Text, icons, dots and the thermometer are all measured (not skipped as background),
    and the tightest of them still clears the line."""
    seen: dict[str, float] = {}
    for _deck, faces in decks:
        for _info, face in faces.fronts:
            for ink, margin, _side in margins(face, faces.pictures):
                kind = ink.element.split(" '")[0]
                seen[kind] = min(seen.get(kind, 99.0), margin)
    assert {"text", "picture", "frame: circle", "line"} <= set(seen)
    assert min(seen.values()) >= LAYOUT_MARGIN_MM


def test_the_level_dots_and_the_thermometer_are_measured_where_they_print(decks):
    _deck, faces = decks[0]
    face = next(face for info, face in faces.fronts if info.level == "red")
    found = {ink.element: ink for ink in ink_boxes(face, faces.pictures)}
    dots = [ink for name, ink in found.items() if name == "frame: circle"]
    assert dots and min(ink.x0 for ink in dots) / mm >= LAYOUT_MARGIN_MM
    thermometer = found["picture 'thermometer'"]
    assert (face.width - thermometer.x1) / mm >= LAYOUT_MARGIN_MM


def test_background_runs_into_the_bleed_but_nothing_else_may():
    width, height = 63.5 * mm, 88.9 * mm
    bleed = 3 * mm
    face = CardFace((Rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, fill="#FF0000"),
                     Place(("icon",), 1 * mm, 40 * mm, 5 * mm, 5 * mm),
                     Circle(30 * mm, 2 * mm, 1 * mm, fill="#000000"),
                     TextLine(width - 1 * mm, 50 * mm, (("Helvetica", "right edge"),), 8, "#000",
                              "right")), width, height, "probe")
    found = crossings(face, 3.0)
    assert [(c.element, c.side) for c in found] == [
        ("picture 'icon'", "left"), ("circle", "bottom"), ("text 'right edge'", "right")]
    assert found[0] == ("probe", "picture 'icon'", 1.0, "left", None)  # in no region
    assert isinstance(next(ink_boxes(face)), Ink)
