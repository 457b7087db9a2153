"""PixelPug card faces and backs as positioned shapes, in a pixel-art look drawn in code.

A card: a red background for attacks (plain blue otherwise), the name across the top, a
pixel picture of what it does (sprites.py: a bowl for Empty Bowl, teeth for Nip), what the card
says, its points as pixel coins and, on red cards, "ATTACK". Two backs: the game deck's and
the Treats' own, so a Treat never hides in the deck. Region, text-style and colour names
are PixelPug's own (declared in game.py; templates/pixelpug.yaml).
"""

from __future__ import annotations

from reportlab.lib.units import mm

from pugdeck.core.diagnostics import DeckError, Diagnostic
from pugdeck.games.pixelpug.faces.sprites import FALLBACK, SET_ASIDE, Sprite, sprite_name, sprite_shapes, sprites
from pugdeck.render.backs import BackChoice, back_text, image_place, text_field, text_problems
from pugdeck.render.fonts import FontSet
from pugdeck.render.shapes import CardFace, Rect, Shape
from pugdeck.render.strings import Strings
from pugdeck.render.templates import Template
from pugdeck.render.text_fitting import fit_text
from pugdeck.render.text_shapes import box_points, place_lines, set_field, set_fixed_text


def _background(color: str, template: Template, bleed: float) -> list[Shape]:
    width, height = template.width_mm * mm, template.height_mm * mm
    x, y, w, h = box_points(template.panel, template)
    return [Rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, fill=color),
            Rect(x, y, w, h, fill=template.colors["paper"])]  # square corners: it's pixels


def _coins(points: int, template: Template) -> list[Shape]:
    """One pixel coin per point (a blank slot for 0), left to right."""
    x, y, w, h = box_points(template.regions["coins"], template)
    size = min(h, w / max(points, 1) * 0.8)
    gold, edge = template.colors["coin"], template.colors["coin_edge"]
    shapes: list[Shape] = []
    for i in range(points):
        cx = x + i * size * 1.2
        shapes.append(Rect(cx, y + (h - size) / 2, size, size, fill=edge))
        shapes.append(Rect(cx + size * 0.2, y + (h - size) / 2 + size * 0.2, size * 0.6, size * 0.6,
                           fill=gold))
    if points == 0:
        shapes.append(Rect(x, y + (h - size) / 2, size, size, stroke=edge, stroke_width=0.8))
    return shapes


def card_face(card: dict, template: Template, fonts: FontSet, strings: Strings,
              bleed: float = 0.0, sought: frozenset[str] = frozenset()
              ) -> tuple[CardFace, list[Diagnostic]]:
    """The front of a built PixelPug card and any fit or glyph problems of its text (its
    points label is the deck's `points` / `attack_points` string); its picture says what it
    does (sprites.py; `sought`: the kinds the deck's Empty Bowls look for)."""
    problems: list[Diagnostic] = []
    colors = template.colors
    ink = colors["ink"]
    kind = card["card"]
    background = colors["attack"] if card["attack"] else colors["plain"]
    shapes: list[Shape] = _background(background, template, bleed)
    shapes += set_field(card["name"], "name", "name", template.regions["name"], template, fonts,
                        ink, kind, problems)
    shapes += sprite_shapes(sprites()[sprite_name(card, sought)],
                            box_points(template.regions["art"], template))
    shapes += set_field(card["text"], "text", "text", template.regions["text"], template,
                        fonts, ink, kind, problems)
    shapes += _coins(int(card["points"]), template)
    shapes += points_label(int(card["points"]), bool(card["attack"]), template, fonts, strings,
                           problems)
    return CardFace(tuple(shapes), template.width_mm * mm, template.height_mm * mm,
                    card.get("id")), problems


def points_label(points: int, attack: bool, template: Template, fonts: FontSet, strings: Strings,
                 diagnostics: list[Diagnostic]) -> list[Shape]:
    """"2 pts" bottom right, "ATTACK · 2 pts" in red on an attack (`points`, `attack_points`)."""
    key = strings.plural_key("attack_points", points) if attack else strings.plural_key("points", points)
    color = template.colors["attack"] if attack else template.colors["ink"]
    return set_fixed_text(strings.text(key, points=points), key, "a card's points", strings,
                          "points", box_points(template.regions["points"], template), template,
                          fonts, color, diagnostics, max_lines=template.text["points"].max_lines)


def back_texts(template: Template, fonts: FontSet, strings: Strings, deck_name: str,
               choice: BackChoice, treats: bool) -> tuple[list[Shape], list[Diagnostic]]:
    """A back's title (in the name band) and tagline (at the foot; none unless the deck
    wrote one) in its accent colour, and their problems. The title is the deck's choice,
    else its strings' (`back_title`: the deck's name; the Treats' `back_treats_title`); a
    problem names the deck.yaml field it came from, or is located at the string."""
    accent = choice.accent or template.colors["back_accent"]
    if treats:
        key, default = "back_treats_title", strings.text("back_treats_title")
    else:
        key, default = "back_title", strings.text("back_title", deck_name=deck_name)
    text = back_text(choice.title, default, choice.image)
    problems: list[Diagnostic] = []
    if choice.title is not None or (key == "back_title" and key not in strings.overridden):
        # the deck's own back text, or its name in the template's title: blame deck.yaml
        shapes = list(set_field(text, text_field(choice, "title"), "name",
                                template.regions["name"], template, fonts, accent, None, problems))
    else:
        what = "the Treats' back" if treats else "the card back"
        shapes = set_fixed_text(text, key, what, strings, "name",
                                box_points(template.regions["name"], template), template, fonts,
                                accent, problems)
    if choice.tagline:
        style = template.text["text"]
        foot = (8 * mm, 7 * mm, template.width_mm * mm - 16 * mm, 8 * mm)
        fitted = fit_text(choice.tagline, fonts.chain(style.font), foot[2], foot[3],
                          style.max_pt, style.min_pt, style.leading)
        problems += text_problems(text_field(choice, "tagline"), choice.tagline, fitted,
                                  style.min_pt)
        shapes += place_lines(fitted, foot, "center", accent)
    return shapes, problems


def card_back(template: Template, fonts: FontSet, strings: Strings, deck_name: str, treats: bool,
              bleed: float = 0.0, choice: BackChoice | None = None) -> CardFace:
    """The back of the game deck's cards, or (treats=True) the Treats' own back; `choice`
    is what deck.yaml's `back:` (`treat_back:`) changes (render/backs.py: an image is the
    whole back)."""
    choice = choice or BackChoice("treat_back" if treats else "back")
    width, height = template.width_mm * mm, template.height_mm * mm
    colors = template.colors
    accent = choice.accent or colors["back_accent"]
    ground = choice.background or (colors["treats_back"] if treats else colors["back"])
    shapes: list[Shape] = [Rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, fill=ground)]
    if choice.image:
        shapes.append(image_place(choice.image, width, height, bleed))
    else:
        border = 4 * mm  # its 2 pt line stays 3.5 mm inside the cut (render/safe_zone.py)
        shapes.append(Rect(border, border, width - 2 * border, height - 2 * border, stroke=accent,
                           stroke_width=2.0))
        art = (10 * mm, height * 0.35, width - 20 * mm, height * 0.4)
        if treats:
            shapes += sprite_shapes(sprites()[SET_ASIDE], art)
        else:
            pug = sprites()[FALLBACK]
            shapes += sprite_shapes(Sprite(pug.rows, {**pug.colors, "C": accent}), art)
    texts, problems = back_texts(template, fonts, strings, deck_name, choice, treats)
    if problems:  # printed on every back of the pile: never with a gap in it
        raise DeckError(problems)
    return CardFace(tuple(shapes + texts), width, height, None)
