"""Fitted text → positioned `TextLine`s in a box, and the diagnostics a field can raise."""

from __future__ import annotations

from reportlab.lib.units import mm

from pugdeck.core.diagnostics import ERROR, Diagnostic
from pugdeck.render.fonts import FontSet, cap_height
from pugdeck.render.shapes import TextLine
from pugdeck.render.strings import Strings
from pugdeck.render.templates import Region, Template
from pugdeck.render.text_fitting import FittedText, fit_text, overflow_message


def box_points(region: Region, template: Template) -> tuple[float, float, float, float]:
    """A template region (mm from the top-left) as (x, y, width, height) in points from the
    card's bottom-left."""
    return (region.x * mm, (template.height_mm - region.y - region.height) * mm,
            region.width * mm, region.height * mm)


def place_lines(fitted: FittedText, box: tuple[float, float, float, float], align: str,
                color: str, valign: str = "middle") -> list[TextLine]:
    """Lines of `fitted` stacked in `box`, centred (or top/bottom) vertically."""
    x, y, width, height = box
    block = len(fitted.lines) * fitted.leading
    if valign == "top":
        top = y + height
    elif valign == "bottom":
        top = y + block
    else:
        top = y + height - (height - block) / 2
    anchor = {"left": x, "center": x + width / 2, "right": x + width}[align]
    lines = []
    for i, (runs, line_width) in enumerate(zip(fitted.lines, fitted.widths)):
        if not runs:
            continue
        cap = cap_height(runs[0][0]) * fitted.size
        # Each line sits optically centred in its slot of height `leading`.
        baseline = top - i * fitted.leading - (fitted.leading + cap) / 2
        lines.append(TextLine(anchor, baseline, runs, fitted.size, color, align, line_width))
    return lines


def field_diagnostics(card_id: str | None, field: str, fitted: FittedText,
                      min_pt: float) -> list[Diagnostic]:
    """The errors of one text field: missing glyphs first, then overflow."""
    found = [Diagnostic("", 0, 0, card_id, field, ERROR, f"{field}: {m.describe()}")
             for m in fitted.missing]
    if not fitted.fits:
        found.append(Diagnostic("", 0, 0, card_id, field, ERROR,
                                overflow_message(field, fitted, min_pt)))
    return found


def set_field(text: str, field: str, style_name: str, region: Region, template: Template,
              fonts: FontSet, color: str, card_id: str | None,
              diagnostics: list[Diagnostic], valign: str = "middle") -> list[TextLine]:
    """Fit `text` into `region` with the template's style; append any problems to
    `diagnostics` and return the lines to draw."""
    style = template.text[style_name]
    box = box_points(region, template)
    fitted = fit_text(text, fonts.chain(style.font), box[2], box[3], style.max_pt,
                      style.min_pt, style.leading, style.max_lines)
    diagnostics.extend(field_diagnostics(card_id, field, fitted, style.min_pt))
    return place_lines(fitted, box, style.align, color, valign)


def set_fixed_text(text: str, key: str, what: str, strings: Strings, style_name: str,
                   box: tuple[float, float, float, float], template: Template, fonts: FontSet,
                   color: str, diagnostics: list[Diagnostic], *, max_pt: float | None = None,
                   min_pt: float | None = None, max_lines: int = 0, align: str | None = None,
                   valign: str = "middle") -> list[TextLine]:
    """Fit a fixed text (the string `key`, filled in: render/strings.py) into `box` (points)
    like any card text: from `max_pt` down to `min_pt` (the style's when not given). A text
    that does not fit, or has a character no bundled font has, is an error located where the
    string was written; `what` says which card it is on ("the turd cards")."""
    style = template.text[style_name]
    low = min_pt if min_pt is not None else style.min_pt
    high = max(max_pt if max_pt is not None else style.max_pt, low)
    fitted = fit_text(text, fonts.chain(style.font), box[2], box[3], high, low, style.leading,
                      max_lines)
    label = f"{what}: strings.{key}"
    diagnostics.extend(strings.problem(key, f"{label}: {m.describe()}") for m in fitted.missing)
    if not fitted.fits:
        diagnostics.append(strings.problem(key, overflow_message(label, fitted, low)))
    return place_lines(fitted, box, align or style.align, color, valign)
