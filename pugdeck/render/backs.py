"""A card back the deck chose (deck.yaml's `back:`, or a game's `<pile>_back:`), as the built
deck carries it, and what every game's back does with it: the texts it prints, the colours,
the full-bleed image. Where a back puts its title and tagline is its game's (its faces).

An image is the whole back: the title and the tagline are then printed only when the deck
gives them, since a designed back usually carries its own lettering. "" prints nothing.
"""

# No `from __future__ import annotations`: it makes NamedTuples dearer (render/shapes.py).

import re
from dataclasses import replace
from typing import NamedTuple

from pugdeck.authoring.loading import Document
from pugdeck.core.diagnostics import Diagnostic
from pugdeck.render.shapes import Place
from pugdeck.render.text_fitting import FittedText
from pugdeck.render.text_shapes import field_diagnostics

_COLOR = re.compile(r"#[0-9A-Fa-f]{6}")


class BackChoice(NamedTuple):  # not a dataclass: see render/shapes.py
    """What the deck chose for one back; None is "the game's own"."""

    key: str = "back"  # its key in the deck block, for messages: `deck.back.title`
    title: str | None = None
    tagline: str | None = None
    background: str | None = None
    accent: str | None = None
    image: str | None = None

    @property
    def colored(self) -> bool:
        return self.background is not None or self.accent is not None


def back_choice(built_doc: dict, key: str = "back") -> BackChoice:
    """The deck's choice for the back `key`, from the built deck's `deck` block. Only what
    the built schema allows is taken, so a hand-edited built deck cannot break a drawing."""
    deck = built_doc.get("deck")
    back = deck.get(key) if isinstance(deck, dict) else None
    if not isinstance(back, dict):
        return BackChoice(key)
    colors = back.get("colors") if isinstance(back.get("colors"), dict) else {}

    def text(value):
        return value if isinstance(value, str) else None

    def color(value):
        return value if isinstance(value, str) and _COLOR.fullmatch(value) else None

    image = text(back.get("image"))
    return BackChoice(key, text(back.get("title")), text(back.get("tagline")),
                      color(colors.get("background")), color(colors.get("accent")),
                      image or None)


def back_text(chosen: str | None, default: str, image: str | None) -> str:
    """What a back prints in one place: the deck's text, else the game's default, which an
    image replaces ("" prints nothing)."""
    if chosen is not None:
        return chosen
    return "" if image else default


def text_field(choice: BackChoice, part: str, default_field: str = "deck.name") -> str:
    """The deck.yaml field a back's text comes from, for its messages: `deck.back.title`
    when the deck wrote it, else where the default came from."""
    return f"deck.{choice.key}.{part}" if getattr(choice, part) is not None else default_field


def text_problems(field: str, text: str, fitted: FittedText, min_pt: float) -> list[Diagnostic]:
    """A back's text with a character no bundled font prints, or too long for its place:
    it is printed on every card, so never with a gap in it."""
    return field_diagnostics(None, field, fitted, min_pt) if text else []


def image_place(image: str, width: float, height: float, bleed: float) -> Place:
    """The back's image over the whole card and its bleed (painted in render/forms.py:
    scaled to cover, centred, cropped, never stretched)."""
    return Place(("back-image", image), -bleed, -bleed, width + 2 * bleed, height + 2 * bleed)


def located_in(root: Document, problems: list[Diagnostic]) -> list[Diagnostic]:
    """Problems of a back's texts, each named by its field (`deck.back.title`), at that
    field in deck.yaml (a default text's, at the `deck:` block); a problem located already
    (at the fixed text it came from: render/strings.py) stays where it is."""
    out = []
    for problem in problems:
        if problem.line:  # located already: a template's or deck.yaml's string
            out.append(problem)
            continue
        field = problem.field or ""
        mark = root.mark(tuple(field.split(".")) if field.startswith("deck.") else ("deck",))
        out.append(replace(problem, file=mark.file, line=mark.line, column=mark.column))
    return out
