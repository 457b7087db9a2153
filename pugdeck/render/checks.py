"""The print checks `validate` runs before anything is built: does a text field of every
card fit its template region, and can the bundled fonts print every character of it. Which
fields a card prints where is its game's (`check_fields`' `fields`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from pugdeck.authoring.loading import locate
from pugdeck.core.diagnostics import DeckError, Diagnostic
from pugdeck.render.fonts import FontSet, measured_font_set
from pugdeck.render.safe_zone import regions_near_the_cut
from pugdeck.render.templates import Template
from pugdeck.render.text_fitting import measure_fit
from pugdeck.render.text_shapes import box_points, field_diagnostics


def check_field(cards: Iterable[dict], field: str, region: str, style: str, template: Template,
                fonts: FontSet) -> list[Diagnostic]:
    """Glyph and text-fit problems of `field` of each card (plain dicts with `id` or `card`)
    set in `region` with text `style`; each Diagnostic names the card and the field, with no
    file position (the caller maps card ids back to their source)."""
    text_style = template.text[style]
    _x, _y, width, height = box_points(template.regions[region], template)
    chain = fonts.chain(text_style.font)
    found: list[Diagnostic] = []
    for card in cards:
        text = card.get(field)
        if isinstance(text, str) and text:
            fitted = measure_fit(text, chain, width, height, text_style.max_pt, text_style.min_pt,
                                 text_style.leading, text_style.max_lines)
            if fitted.missing or not fitted.fits:
                found += field_diagnostics(card.get("card") or card.get("id"), field, fitted,
                                           text_style.min_pt)
    return found


def check_fields(cards: list[dict], template: Template,
                 fields: Iterable[tuple[str, str, str]]) -> list[Diagnostic]:
    """`check_field` for each (card field, template region, text style) of `fields`."""
    fonts = measured_font_set(template.fonts)
    found: list[Diagnostic] = []
    for field, region, style in fields:
        found += check_field(cards, field, region, style, template, fonts)
    return found


def print_problems(cards: list[dict], load_template: Callable[[], Template],
                   fields: Iterable[tuple[str, str, str]], origins: Mapping[str, Any]) -> list[Diagnostic]:
    """`check_fields` under the deck's template (`load_template()`, e.g. the game's
    `GameSpec.load_template` for the deck), each problem located at the card's field in the
    deck's files (`origins`: card id → where it was written), and a warning for each template
    region within 3 mm of the cut (render/safe_zone.py); a broken template's own problems
    instead."""
    try:
        template = load_template()
        found = check_fields(cards, template, fields)
    except DeckError as exc:
        return exc.diagnostics
    return locate(found, origins) + regions_near_the_cut(template)
