"""Every face and back of a built deck as its game lays them out, without drawing them: what
the safe-zone check (render/safe_zone.py) and the print-shop export measure."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.units import mm

from pugdeck.core.built_deck import Built
from pugdeck.render.fonts import font_set
from pugdeck.render.print_run import FaceInfo, Printer
from pugdeck.render.safe_zone import Pictures
from pugdeck.render.shapes import CardFace
from pugdeck.render.templates import Template
from pugdeck.render.text_shapes import box_points


@dataclass(frozen=True)
class LaidOut:
    """A deck's fronts in print order, its backs by name, and the pictures they place."""

    template: Template
    fronts: list[tuple[FaceInfo, CardFace]]
    backs: dict[str, CardFace]
    pictures: Pictures
    diagnostics: list  # text that does not fit, characters no font has: the PDF reports them

    @property
    def regions(self) -> dict[str, tuple[float, float, float, float]]:
        """The template's regions as boxes in card points, to name where an element sits."""
        return {name: box_points(region, self.template)
                for name, region in self.template.regions.items()}

    @property
    def card_mm(self) -> tuple[float, float]:
        return self.template.width_mm, self.template.height_mm


def laid_out(built: Built, printer: Printer, bleed_mm: float = 0.0, template: str | None = None) -> LaidOut:
    """Lay out every face of `built` (its template, or `template`) with `bleed_mm` of bleed,
    as `printer` (the deck's game, building/pipeline.py `printer_of`) lays them out."""
    tpl = printer.load_template(template or built.template, built.folder)
    run = printer.print_run(built, tpl, font_set(tpl.fonts), bleed_mm * mm)
    fronts = list(run.fronts)
    return LaidOut(tpl, fronts, dict(run.backs), run.pictures, run.diagnostics)
