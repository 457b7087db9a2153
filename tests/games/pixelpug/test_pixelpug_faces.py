"""What PixelPug's faces and backs show: a picture per thing a card does, titles in the
bundled pixel font, every text readable against what is under it (WCAG contrast), nothing
important near the trim, and card texts that say who chooses."""

from __future__ import annotations

from pathlib import Path

import pytest
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics

from pugdeck.games.pixelpug.faces.card_faces import card_back, card_face
from pugdeck.games.pixelpug.faces.sprites import sought_kinds, sprite_name, sprites
from pugdeck.render.fonts import font_for
from pugdeck.render.shapes import Rect, TextLine
from pugdeck.render.strings import resolve_strings

ROOT = Path(__file__).resolve().parents[3]
PIXEL_FONT = "Jersey10_400Regular.ttf"
INSIDE_TRIM_MM = 3.5  # what the layout test of the print-shop work holds every face to


def kinds(built_doc) -> dict[str, dict]:
    """One built card per kind of the bundled deck."""
    return {card["card"]: card for card in built_doc["cards"]}


def faces_and_backs(built_doc, template, fonts, language="en"):
    strings = resolve_strings(template, language)
    sought = sought_kinds(built_doc["cards"])
    out = [(card["card"], card_face(card, template, fonts, strings, 0, sought)[0])
           for card in kinds(built_doc).values()]
    out += [(f"back of {pile}", card_back(template, fonts, strings, "PixelPug", pile == "treats"))
            for pile in ("main", "treats")]
    return out


def test_each_card_kind_of_the_bundled_deck_shows_its_own_picture(built_doc, template, fonts):
    sought = sought_kinds(built_doc["cards"])
    names = {kind: sprite_name(card, sought) for kind, card in kinds(built_doc).items()}
    assert len(names) == 15 and len(set(names.values())) == 15, names
    assert (names["empty-bowl"], names["dog-food"], names["poop-time"], names["go-fisch"],
            names["nip"], names["stare-down"], names["treat"]) == \
        ("bowl", "food", "poop", "fish", "teeth", "eyes", "bone")
    # …and the drawn squares differ from kind to kind, not only the names.
    drawn = {kind: tuple(s for s in face.shapes if isinstance(s, Rect))
             for kind, face in faces_and_backs(built_doc, template, fonts) if not kind.startswith("back")}
    assert len(set(drawn.values())) == 15


def test_every_picture_is_a_16_by_12_grid_of_colours_it_defines():
    for name, sprite in sprites().items():
        assert len(sprite.rows) == 12 and {len(row) for row in sprite.rows} == {16}, name
        used = set("".join(sprite.rows)) - {"."}
        assert used <= set(sprite.colors), f"{name}: no colour for {used - set(sprite.colors)}"
        assert all(len(c) == 7 and c.startswith("#") for c in sprite.colors.values()), name


def test_titles_are_set_in_the_bundled_pixel_font_which_is_licensed_and_listed(template):
    assert template.fonts["title"].name == PIXEL_FONT
    assert (ROOT / "fonts" / PIXEL_FONT).is_file()
    assert "SIL Open Font License" in (ROOT / "fonts" / "OFL-Jersey10.txt").read_text(encoding="utf-8")
    readme = (ROOT / "fonts" / "README.md").read_text(encoding="utf-8")
    assert f"`{PIXEL_FONT}`" in readme and "`OFL-Jersey10.txt`" in readme
    assert "Jersey 10" in (ROOT / "docs" / "printing.md").read_text(encoding="utf-8")
    assert '"fonts" = "pugdeck/data/fonts"' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")


def test_the_pixel_font_itself_has_every_letter_of_every_title_in_every_language(built_doc, template, fonts):
    titles = [card["name"] for card in built_doc["cards"]]
    for starter in (ROOT / "pugdeck" / "games" / "pixelpug" / "starter").iterdir():
        import yaml  # a test helper: the starters' card names

        for path in (starter / "cards").glob("*.yaml"):
            titles += [card["name"] for card in yaml.safe_load(path.read_text(encoding="utf-8"))["cards"]]
    for language in template.strings:
        strings = resolve_strings(template, language)
        titles += [strings.text("back_treats_title"), strings.text("back_title", deck_name="PixelPug")]
    titles += ["Straße GROSSE ẞ", "¡Ñandú!", "Cœur à l'été", "Über Größe"]  # letters a deck may use
    missing = {c for title in titles for c in title if not c.isspace()
               and font_for(c, (fonts.title,)) is None}
    assert not missing, f"the title font lacks {sorted(missing)}"


def _text_box(line: TextLine) -> tuple[float, float, float, float]:
    left = line.x - {"left": 0, "center": line.width / 2, "right": line.width}[line.align]
    return left, line.y - 0.2 * line.size, left + line.width, line.y + 0.7 * line.size


def _under(shapes, index: int, x: float, y: float) -> str:
    """The colour of the topmost filled rectangle drawn before shape `index` at (x, y)."""
    for shape in reversed(shapes[:index]):
        if isinstance(shape, Rect) and shape.fill and shape.x <= x <= shape.x + shape.width \
                and shape.y <= y <= shape.y + shape.height:
            return shape.fill
    raise AssertionError(f"nothing under the text at ({x:.1f}, {y:.1f})")


def _luminance(color: str) -> float:
    channels = [int(color[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two #RRGGBB colours."""
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_contrast_is_what_wcag_says():
    assert contrast("#000000", "#FFFFFF") == pytest.approx(21)
    assert contrast("#F2C14E", "#E8739E") == pytest.approx(1.7, abs=0.05)  # the old Treat back


@pytest.mark.parametrize("language", ["en", "es", "de", "fr"])
def test_every_text_on_every_face_and_back_has_a_contrast_of_at_least_4_5(built_doc, template, fonts,
                                                                          language):
    checked = 0
    for what, face in faces_and_backs(built_doc, template, fonts, language):
        shapes = list(face.shapes)
        for index, shape in enumerate(shapes):
            if not isinstance(shape, TextLine):
                continue
            x0, y0, x1, y1 = _text_box(shape)
            for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1), ((x0 + x1) / 2, (y0 + y1) / 2)):
                ratio = contrast(shape.color, _under(shapes, index, x, y))
                assert ratio >= 4.5, f"{what}: {''.join(t for _f, t in shape.runs)!r} is {ratio:.2f}:1"
            checked += 1
    assert checked >= 15 * 3 + 2  # name, text and points of each kind, both back titles


def test_pictures_and_titles_stay_inside_the_trim(built_doc, template, fonts):
    width, height, margin = template.width_mm * mm, template.height_mm * mm, INSIDE_TRIM_MM * mm
    for what, face in faces_and_backs(built_doc, template, fonts):
        pixels = [s for s in face.shapes[2:] if isinstance(s, Rect) and s.stroke is None]
        titles = [s for s in face.shapes if isinstance(s, TextLine) and s.runs
                  and s.runs[0][0] == pdfmetrics.getFont(fonts.title).fontName]
        boxes = [(s.x, s.y, s.x + s.width, s.y + s.height) for s in pixels] + [_text_box(s) for s in titles]
        assert titles, what
        for x0, y0, x1, y1 in boxes:
            assert margin <= x0 and x1 <= width - margin and margin <= y0 and y1 <= height - margin, what


def test_card_texts_say_who_chooses_and_print_every_rule_they_need(built_doc):
    aside = {card["name"] for card in built_doc["cards"] if card["pile"] != "main"}
    for card in kinds(built_doc).values():
        text, steps = card["text"].lower(), card["effect"]
        targets = {step.get("target") for step in steps}
        ops = {step["op"] for step in steps}
        if "opponent" in targets:
            assert "choose an opponent" in text, card["name"]
        if "target-player" in targets:
            assert "choose a target player (you too)" in text, card["name"]
        if ops & {"fish", "guess-card"}:
            assert text.startswith("name a kind of card"), card["name"]  # a kind, not one card
        if "guess-card" in ops:  # what it may not name, in so many words
            assert all(name.lower() in text for name in {card["name"], *aside}), card["name"]
        if ops & {"rps-duel", "compare-hands"}:
            assert "a tie does nothing" in text, card["name"]
        if any(step.get("on-miss") == "draw" for step in steps):
            # the miss is named ("No Dog Food: draw a card"), never a bare "If not", which
            # could be read as "if Protection shields them" too
            sought = {step["card"] for step in steps if "card" in step}
            names = {c["name"].lower() for c in built_doc["cards"] if c["card"] in sought}
            assert any(f"no {name}: draw a card" in text for name in names), card["name"]
            assert "if not, draw a card" not in text, card["name"]
        if any(step.get("discard-to") == "out-of-round" for step in steps):
            assert "out of the round" in text and "scores nothing" in text, card["name"]


def _ink_right_of_middle(font_path: Path, letter: str) -> float:
    """How much of the right quarter of `letter`'s middle rows is inked, set at 70 px (a
    17 pt title at 300 dpi): an open C leaves it empty, a closed one reads as O."""
    from PIL import ImageFont  # noqa: PLC0415

    mask = ImageFont.truetype(str(font_path), 70).getmask(letter, mode="1")
    width, height = mask.size
    cells = [(x, y) for y in range(int(height * 0.3), int(height * 0.7) + 1) for x in range(int(width * 0.75), width)]
    return sum(mask.getpixel(cell) > 0 for cell in cells) / len(cells)


def test_the_title_font_keeps_c_open_so_caseta_never_reads_oaseta(template):
    path = ROOT / "fonts" / template.fonts["title"].name
    assert _ink_right_of_middle(path, "C") < 0.5 * _ink_right_of_middle(path, "O")
    assert _ink_right_of_middle(path, "c") < 0.6 * _ink_right_of_middle(path, "o")
