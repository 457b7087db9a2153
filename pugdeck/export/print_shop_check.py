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
from pugdeck.render.safe_zone import Crossing, crossings

MAX_CARDS_NAMED = 8  # a region over the line crosses on every card: name a few, count the rest


def check_safe_zone(built: Built, shop: Shop) -> LaidOut | None:
    """Raise `DeckError` with one problem for each thing to move, or refuse a deck whose
    size is not the shop's poker card. Returns the faces it measured (the export names its
    images from them), None for a game that prints nothing.

    What crosses `shop`'s safe line is grouped by what a fix changes: a template region
    (at the line that sets it, file:line:col) and the edge it comes near, or, for what no
    region holds, the element on its card. Each problem names its cards in print order,
    the first few, then "… and N more", so its count adds up."""
    try:
        printer = printer_of(built)
    except DeckError:
        return None  # the PDF writer says why this deck cannot be printed
    faces = laid_out(built, printer, bleed_mm=shop.bleed_mm)
    check_card_size(built, faces.card_mm, shop)
    regions = faces.regions
    sides = [(info.card_id, True, face) for info, face in faces.fronts]
    sides += [(f"the back '{name}'", False, face) for name, face in faces.backs.items()]
    groups: dict[tuple, list[Crossing]] = {}  # what to move → its crossings, in print order
    for card, _played, face in sides:
        for crossing in dict.fromkeys(crossings(face, shop.safe_mm, faces.pictures, card, regions)):
            key = (crossing.region, crossing.side) if crossing.region else (None, crossing.element, crossing.side)
            groups.setdefault(key, []).append(crossing)
    problems = [_problem(found, shop, faces.template, built) for found in groups.values()]
    if problems:
        raise DeckError(problems)
    return faces


def _problem(found: list[Crossing], shop: Shop, template, built: Built) -> Diagnostic:
    """One thing to move: where it is set, how near the cut it comes, on which cards."""
    first, margin = found[0], min(c.margin_mm for c in found)
    cards = list(dict.fromkeys(c.card for c in found))
    named = ", ".join(cards[:MAX_CARDS_NAMED])
    more = len(cards) - MAX_CARDS_NAMED
    on = (f"{len(cards)} card{'s' * (len(cards) != 1)} ({named}" + (f", … and {more} more" if more > 0 else "")
          + ")")
    within = (f"{margin:g} mm from the {first.side} edge, within {shop.name}'s {shop.safe_mm:g} mm "
              "safe margin, where the cut may clip it")
    further = round(shop.safe_mm - margin, 2)
    if first.region is not None:
        kinds = " and ".join(dict.fromkeys(_kind(c.element) for c in found))
        file, line, column = template.region_places.get(first.region, ("", 0, 0))
        return Diagnostic(file, line, column, None, "safe zone", ERROR,
                          f"region '{first.region}' puts {kinds} {within}, on {on}; move the "
                          f"region at least {further:g} mm further in from the {first.side} edge")
    if first.element.startswith("frame: "):  # the frame's picture: the template's frame.panel
        file, line, column = template.region_places.get("frame", ("", 0, 0))
    else:
        at = locate([Diagnostic("", 0, 0, first.card, "safe zone", ERROR, "")], built.origins)[0]
        file, line, column = at.file, at.line, at.column
    return Diagnostic(file, line, column, None, "safe zone", ERROR,
                      f"{first.element} is {within}, on {on}; move it at least {further:g} mm "
                      "further in (the template's frame and regions)")


KINDS = {"text": "text", "picture": "pictures", "circle": "circles", "line": "lines",
         "outline": "outlines", "box": "boxes"}


def _kind(element: str) -> str:
    """What an element is, in the plural: "text 'Who…'" → text, "turds: circle" → circles."""
    name = element if element.startswith("text ") else element.rsplit(": ", 1)[-1]
    word = name.split(" ", 1)[0]
    return KINDS.get(word, word)
