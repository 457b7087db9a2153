"""The print shops' safe-zone check: text or an icon closer to the cut than the shop's safe
line fails the export, naming the card and the element, before an image is drawn.

Measured on the laid-out shapes (render/safe_zone.py), not on pixels, so what is checked is
exactly what the game placed: every text line, icon, dot and outline that is not background.
"""

from __future__ import annotations

from pugdeck.authoring.loading import locate
from pugdeck.core.built_deck import Built
from pugdeck.core.diagnostics import ERROR, DeckError, Diagnostic
from pugdeck.export.print_shop import Shop, check_card_size
from pugdeck.games.printing import printer_of
from pugdeck.render.laid_out import LaidOut, laid_out
from pugdeck.render.safe_zone import crossings

MAX_CARDS_NAMED = 12  # a region moved over the line crosses on every card: name a few


def check_safe_zone(built: Built, shop: Shop) -> LaidOut | None:
    """Raise `DeckError` naming each card (and back) whose print crosses `shop`'s safe line,
    or whose size is not the shop's poker card. Returns the faces it measured (the export
    names its images from them), None for a game that prints nothing."""
    try:
        printer = printer_of(built)
    except DeckError:
        return None  # the PDF writer says why this deck cannot be printed
    faces = laid_out(built, printer, bleed_mm=shop.bleed_mm)
    check_card_size(built, faces.card_mm, shop)
    regions = faces.regions
    sides = [(info.card_id, True, face) for info, face in faces.fronts]
    sides += [(f"the back '{name}'", False, face) for name, face in faces.backs.items()]
    problems: list[Diagnostic] = []
    cards = []
    for card, played, face in sides:
        found = crossings(face, shop.safe_mm, faces.pictures, card, regions)
        if not found:
            continue
        cards.append(card)
        if len(cards) > MAX_CARDS_NAMED:
            continue
        for crossing in dict.fromkeys(found):
            problems.append(Diagnostic(
                "", 0, 0, card if played else None, "safe zone", ERROR,
                f"{'' if played else card + ': '}{crossing.element} is {crossing.margin_mm:g} mm "
                f"from the {crossing.side} edge, within {shop.name}'s {shop.safe_mm:g} mm safe "
                "margin, where the cut may clip it; move it further in (the template's regions)"))
    if len(cards) > MAX_CARDS_NAMED:
        problems.append(Diagnostic("", 0, 0, None, "safe zone", ERROR,
                                   f"… and {len(cards) - MAX_CARDS_NAMED} more cards cross "
                                   f"{shop.name}'s safe line"))
    if problems:
        raise DeckError(locate(problems, built.origins))
    return faces
