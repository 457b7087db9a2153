"""Card faces as shapes: the rulebook's anatomy, checked on geometry, not on pixels."""

import io

from pypdf import PdfReader
from reportlab.lib.units import mm

from helpers.render_decks import built_card, deck_doc, deck_folder
from pugdeck.games.printing import render_pdf
from pugdeck.games.pug_you.faces.card_faces import (
    blank_custom_face,
    card_face,
    portrait_variant,
)
from pugdeck.render.fonts import font_set
from pugdeck.render.shapes import Line, Place, TextLine
from pugdeck.render.strings import resolve_strings
from pugdeck.render.templates import load_template
from pugdeck.render.text_shapes import box_points

TEMPLATE = load_template("pug-you")
FONTS = font_set(TEMPLATE.fonts)
STRINGS = resolve_strings(TEMPLATE, "en")
W, H = TEMPLATE.width_mm * mm, TEMPLATE.height_mm * mm


def _card(**changes):
    card = {"id": "c", "kind": "pug", "level": "yellow", "question": "Who snores?", "badges": 3,
            "descriptive": "loud", "turds": 2, "thermometer": 1, "breed": "pug"}
    card.update(changes)
    return built_card(card)


def _places(face, kind):
    return [s for s in face.shapes if isinstance(s, Place) and s.key[0] == kind]


def _inside(shape, region):
    x, y, w, h = box_points(TEMPLATE.regions[region], TEMPLATE)
    return (x - 0.01 <= shape.x and shape.x + shape.width <= x + w + 0.01
            and y - 0.01 <= shape.y and shape.y + shape.height <= y + h + 0.01)


def test_turds_thermometer_badges_and_dots_follow_the_card():
    face, problems = card_face(_card(), TEMPLATE, FONTS)
    assert not problems
    turds = _places(face, "turd")
    assert len(turds) == 2 and all(_inside(t, "turds") for t in turds)
    [thermometer] = _places(face, "thermometer")
    assert thermometer.key == ("thermometer", 1) and _inside(thermometer, "thermometer")
    badges = _places(face, "badge")
    assert [b.key for b in badges] == [("badge", "gold")] * 3 and all(_inside(b, "badges") for b in badges)
    [frame] = _places(face, "frame")
    assert frame.key[1] == TEMPLATE.colors["yellow"] and frame.key[2] == 2  # two level dots


def test_mutt_is_pink_and_takes_badges_away_visibly():
    mutt = _card(kind="mutt", level=None, badges=-2, breed="healthy-mutt")
    face, _ = card_face(mutt, TEMPLATE, FONTS)
    [frame] = _places(face, "frame")
    assert frame.key[1] == TEMPLATE.colors["pink"] and frame.key[2] == 0
    assert [b.key for b in _places(face, "badge")] == [("badge", "mutt")] * 2
    assert any(isinstance(s, TextLine) and s.runs[0][1] == "\u22122" for s in face.shapes)


def test_a_mutt_without_a_descriptive_leaves_its_corner_empty():
    mutt = _card(kind="mutt", level=None, badges=-2, breed="healthy-mutt", descriptive=None)
    face, problems = card_face(mutt, TEMPLATE, FONTS)
    assert problems == []
    dx, dy, dw, dh = box_points(TEMPLATE.regions["descriptive"], TEMPLATE)
    texts = [s for s in face.shapes if isinstance(s, TextLine)]
    assert not [t for t in texts if dy < t.y < dy + dh and t.x > dx]  # nothing bottom right
    assert [t.runs[0][1] for t in texts if "None" in t.runs[0][1]] == []
    assert [b.key for b in _places(face, "badge")] == [("badge", "mutt")] * 2  # still −2


def test_question_and_descriptive_sit_in_their_regions():
    face, _ = card_face(_card(), TEMPLATE, FONTS)
    texts = {s.runs[0][1]: s for s in face.shapes if isinstance(s, TextLine)}
    qx, qy, qw, qh = box_points(TEMPLATE.regions["question"], TEMPLATE)
    assert qy < texts["Who snores?"].y < qy + qh and texts["Who snores?"].x == qx + qw / 2
    dx, dy, dw, dh = box_points(TEMPLATE.regions["descriptive"], TEMPLATE)
    assert dy < texts["loud"].y < dy + dh and texts["loud"].x == dx + dw  # right aligned


def test_portrait_variant_is_stable_and_unknown_breeds_are_pugs():
    assert portrait_variant("worst-roommate", 4) == portrait_variant("worst-roommate", 4)
    assert {portrait_variant(f"card-{i}", 4) for i in range(40)} == {0, 1, 2, 3}
    face, _ = card_face(_card(breed="wolfhound"), TEMPLATE, FONTS)
    [portrait] = _places(face, "portrait")
    assert portrait.key[:2] == ("portrait", "pug") and _inside(portrait, "portrait")
    copy_1 = card_face(built_card({**_card(), "id": "c"}, 1), TEMPLATE, FONTS)[0]
    copy_2 = card_face(built_card({**_card(), "id": "c"}, 2), TEMPLATE, FONTS)[0]
    assert _places(copy_1, "portrait") == _places(copy_2, "portrait")


def test_art_replaces_the_portrait():
    face, _ = card_face(_card(art="art/me.png"), TEMPLATE, FONTS)
    assert [p.key for p in _places(face, "art")] == [("art", "art/me.png")]
    assert not _places(face, "portrait")


def test_blank_custom_has_write_in_lines_and_empty_icons():
    problems = []
    face = blank_custom_face(TEMPLATE, FONTS, STRINGS, problems)
    assert problems == []
    [frame] = _places(face, "frame")
    assert frame.key[1] == TEMPLATE.colors["blue"]
    _qx, qy, _qw, qh = box_points(TEMPLATE.regions["question"], TEMPLATE)
    lines = [s for s in face.shapes if isinstance(s, Line) and qy <= s.y1 <= qy + qh]
    assert len(lines) == 4
    assert {p.key for p in _places(face, "turd")} == {("turd", "outline")}
    assert {p.key for p in _places(face, "badge")} == {("badge", "outline")}
    assert _places(face, "thermometer")[0].key == ("thermometer", 0)


def test_every_shape_stays_on_the_card():
    face, _ = card_face(_card(turds=3, badges=3, thermometer=3), TEMPLATE, FONTS)
    for shape in face.shapes:
        if isinstance(shape, Place):
            assert 0 <= shape.x and shape.x + shape.width <= W + 0.01
            assert 0 <= shape.y and shape.y + shape.height <= H + 0.01


def test_backs_never_tell_levels_apart():
    def backs(level):
        doc = deck_doc([_card(level=level)])
        pdf = PdfReader(io.BytesIO(render_pdf(doc, deck_folder=deck_folder())))
        return pdf.pages[1].get_contents().get_data()

    assert backs("green") == backs("red")
