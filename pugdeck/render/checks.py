"""The render checks `validate` runs before anything is built: does every card's text fit
its box, and can the bundled fonts print every character of it."""

from __future__ import annotations

from pugdeck.diagnostics import Diagnostic
from pugdeck.render.fonts import font_set
from pugdeck.render.templates import resolve_template
from pugdeck.render.text_shapes import set_field

CHECKED_FIELDS = (("question", "question"), ("descriptive", "descriptive"))


def check_cards(cards: list[dict], template_name: str, deck_folder=None) -> list[Diagnostic]:
    """Glyph and text-fit problems of `cards` (plain dicts with `id`, `question`,
    `descriptive`) under the template; each Diagnostic names the card and the field, with
    no file position (the caller maps card ids back to their source)."""
    template = resolve_template(template_name, deck_folder)
    fonts = font_set(template.fonts)
    found: list[Diagnostic] = []
    for card in cards:
        card_id = card.get("card") or card.get("id")
        for field, style in CHECKED_FIELDS:
            text = card.get(field)
            if isinstance(text, str) and text:
                set_field(text, field, style, template.regions[field], template, fonts,
                          template.colors["ink"], card_id, found)
    return found
