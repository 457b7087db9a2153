"""The render checks `validate` runs before anything is built: does every card's text fit
its box, and can the bundled fonts print every character of it."""

from __future__ import annotations

from pugdeck.authoring.diagnostics import Diagnostic
from pugdeck.render.fonts import font_set
from pugdeck.render.templates import resolve_template
from pugdeck.render.text_fitting import measure_fit
from pugdeck.render.text_shapes import box_points, field_diagnostics

CHECKED_FIELDS = (("question", "question"), ("descriptive", "descriptive"))


def check_cards(cards: list[dict], template_name: str, deck_folder=None) -> list[Diagnostic]:
    """Glyph and text-fit problems of `cards` (plain dicts with `id`, `question`,
    `descriptive`) under the template; each Diagnostic names the card and the field, with
    no file position (the caller maps card ids back to their source)."""
    template = resolve_template(template_name, deck_folder)
    fonts = font_set(template.fonts)
    found: list[Diagnostic] = []
    for field, style_name in CHECKED_FIELDS:
        style = template.text[style_name]
        _x, _y, width, height = box_points(template.regions[field], template)
        chain = fonts.chain(style.font)
        for card in cards:
            text = card.get(field)
            if isinstance(text, str) and text:
                fitted = measure_fit(text, chain, width, height, style.max_pt, style.min_pt,
                                     style.leading, style.max_lines)
                if fitted.missing or not fitted.fits:
                    found += field_diagnostics(card.get("card") or card.get("id"), field,
                                               fitted, style.min_pt)
    return found
