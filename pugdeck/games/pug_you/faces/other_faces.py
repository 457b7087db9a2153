"""The cards that are not questions: the card back, the two turd cards and the turn overview."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from reportlab.lib.units import mm

from pugdeck.core.diagnostics import DeckError, Diagnostic
from pugdeck.games.pug_you.faces.card_faces import frame_shapes
from pugdeck.games.pug_you.fixed_texts import turn_overview
from pugdeck.render.backs import BackChoice, back_text, image_place, text_field, text_problems
from pugdeck.render.fonts import FontSet
from pugdeck.render.shapes import CardFace, Place, Rect, Shape
from pugdeck.render.strings import Strings
from pugdeck.render.templates import Template
from pugdeck.render.text_fitting import FittedText, fit_text
from pugdeck.render.text_shapes import box_points, place_lines, set_fixed_text

TITLE_MIN_PT = 10.0  # a card's title may shrink this far; the back's texts further
BACK_MIN_PT = 6.0


def _back_boxes(width: float, height: float) -> tuple[tuple, tuple]:
    """Where the back prints its title (a band near the top) and its tagline (the foot)."""
    return ((6 * mm, height - 20 * mm, width - 12 * mm, 13 * mm),
            (8 * mm, 7 * mm, width - 16 * mm, 7 * mm))


def back_texts(template: Template, fonts: FontSet, strings: Strings, name: str,
               choice: BackChoice) -> tuple[list[tuple[FittedText, tuple]], list[Diagnostic]]:
    """The back's title and tagline, each fitted in its box, and their problems (a character
    no font has, too long). deck.yaml's `back:` sets them; else the deck's strings do
    (`back_title`, the deck's name by default, and `back_tagline`). A problem names the
    deck.yaml field it came from, or is located at the string it came from."""
    width, height = template.width_mm * mm, template.height_mm * mm
    style = template.text["title"]
    chain, min_pt = fonts.chain(style.font), min(style.min_pt, BACK_MIN_PT)
    band, foot = _back_boxes(width, height)
    texts, problems = [], []
    for part, key, box, max_pt in (("title", "back_title", band, 26),
                                   ("tagline", "back_tagline", foot, 9)):
        default = (strings.text("back_title", deck_name=name) if key == "back_title"
                   else strings.text("back_tagline"))
        text = back_text(getattr(choice, part), default, choice.image)
        fitted = fit_text(text, chain, box[2], box[3], max_pt, min_pt, style.leading,
                          1 if part == "tagline" else 0)
        if getattr(choice, part) is not None or (key == "back_title" and key not in strings.overridden):
            # the deck's own back text, or its name in the template's title: blame deck.yaml
            problems += text_problems(text_field(choice, part), text, fitted, min_pt)
        else:
            problems += [strings.problem(key, d.message) for d in
                         text_problems(f"the card back: strings.{key}", text, fitted, min_pt)]
        texts.append((fitted, box))
    return texts, problems


def back_face(template: Template, fonts: FontSet, strings: Strings, title: str,
              bleed: float = 0.0, choice: BackChoice | None = None) -> CardFace:
    """The back every card shares — the same for all levels, so a back never tells a red
    card from a green one. `title` is the deck's name; `choice` what deck.yaml's `back:`
    changes (render/backs.py: an image replaces the drawn art and the default texts)."""
    choice = choice or BackChoice()
    width, height = template.width_mm * mm, template.height_mm * mm
    texts, problems = back_texts(template, fonts, strings, title, choice)
    if problems:  # printed on every back: never with a gap in it
        raise DeckError(problems)
    accent = choice.accent or template.colors["back_accent"]
    ground = choice.background or template.colors["back"]
    shapes: list[Shape] = [Rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, fill=ground)]
    if choice.image:
        shapes.append(image_place(choice.image, width, height, bleed))
    else:  # the drawn art (in the deck's colours, if it chose them), its paws into the bleed
        colors = (ground, accent) if choice.colored else (None, None)
        shapes.append(Place(("back-art", *colors, round(bleed, 3)), -bleed, -bleed,
                            width + 2 * bleed, height + 2 * bleed))
    style = template.text["title"]
    for fitted, box in texts:
        shapes += place_lines(fitted, box, style.align, accent, "middle")
    return CardFace(tuple(shapes), width, height, None)


def turd_card_face(template: Template, fonts: FontSet, strings: Strings, number: int,
                   nominees: int, diagnostics: list[Diagnostic], bleed: float = 0.0) -> CardFace:
    """A nomination card: a big turd, what it is for, in the title font."""
    width, height = template.width_mm * mm, template.height_mm * mm
    colors = template.colors
    x, y, w, h = box_points(template.panel, template)
    shapes: list[Shape] = [*frame_shapes(colors["turd"], template, bleed),
                           Place(("turd", "filled"), x + w * 0.15, y + h * 0.3, w * 0.7, w * 0.7)]
    shapes += set_fixed_text(strings.text("turd_title"), "turd_title", "the turd cards", strings,
                             "title", (x + 3 * mm, y + h - 16 * mm, w - 6 * mm, 12 * mm), template,
                             fonts, colors["turd"], diagnostics, max_pt=24, min_pt=TITLE_MIN_PT)
    shapes += set_fixed_text(strings.text("turd_text", number=number, nominees=nominees),
                             "turd_text", "the turd cards", strings, "reference",
                             (x + 4 * mm, y + 3 * mm, w - 8 * mm, h * 0.28 - 3 * mm), template,
                             fonts, colors["ink"], diagnostics, max_pt=8, align="center")
    return CardFace(tuple(shapes), width, height, f"turd-{number}")


def turn_overview_face(template: Template, fonts: FontSet, strings: Strings,
                       rules: Mapping[str, Any], mutts: bool, diagnostics: list[Diagnostic],
                       bleed: float = 0.0) -> CardFace:
    """The turn overview reference card: six steps, one short paragraph each, saying the
    rules in effect (`rules`: the built deck's; `mutts`: the deck has healthy mutts)."""
    width, height = template.width_mm * mm, template.height_mm * mm
    colors = template.colors
    x, y, w, h = box_points(template.panel, template)
    shapes: list[Shape] = frame_shapes(colors["back"], template, bleed)
    what = "the reference card"
    shapes += set_fixed_text(strings.text("ref_title"), "ref_title", what, strings, "title",
                             (x + 3 * mm, y + h - 10.5 * mm, w - 6 * mm, 8.5 * mm), template, fonts,
                             colors["back"], diagnostics, max_pt=16, min_pt=TITLE_MIN_PT,
                             max_lines=1)
    steps = turn_overview(rules, strings, mutts)
    top = y + h - 11 * mm
    step_h = (top - y - 1.5 * mm) / len(steps)
    # Each step: its heading on a 3.8 mm line, then its text (three lines at the smallest size).
    boxes = [(x + 3 * mm, top - (i + 1) * step_h + 0.3 * mm, w - 6 * mm, step_h - 4.1 * mm)
             for i in range(len(steps))]
    style = template.text["reference"]
    chain = fonts.chain(style.font)
    # One size for every step (the largest at which all fit) so the card reads evenly.
    size = min(fit_text(step.text, chain, b[2], b[3], style.max_pt, style.min_pt, style.leading).size
               for step, b in zip(steps, boxes))
    for i, (step, box) in enumerate(zip(steps, boxes)):
        row_top = top - i * step_h
        shapes += set_fixed_text(f"{i + 1}. {step.heading}", step.head_key, what, strings,
                                 "title", (x + 3 * mm, row_top - 3.8 * mm, w - 6 * mm, 3.8 * mm),
                                 template, fonts, colors["red"], diagnostics, max_pt=8.5,
                                 min_pt=6, max_lines=1, align="left")
        shapes += set_fixed_text(step.text, step.key, what, strings, "reference", box, template,
                                 fonts, colors["ink"], diagnostics, max_pt=size, valign="top")
    return CardFace(tuple(shapes), width, height, "turn-overview")
