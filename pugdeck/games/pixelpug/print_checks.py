"""PixelPug's print checks, run by `validate` (and so by `build`) before anything is drawn:
the renderer's own text-fit and glyph checks (render/checks.py) on the fields the faces
print, so a designer sees a card that would not print without building."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from pugdeck.authoring.diagnostics import Diagnostic
from pugdeck.authoring.loading import SourceCard
from pugdeck.games.pixelpug.game import GAME

# (card field, template region, text style) of each text the faces fit into a box.
CHECKED_FIELDS = (("name", "name", "name"), ("text", "text", "text"))
TEXT_FIELDS = tuple(field for field, _region, _style in CHECKED_FIELDS)


def print_checks(cards: list[dict], template: str, folder: Path | None,
                 origins: Mapping[str, SourceCard]) -> list[Diagnostic]:
    """Text that would not fit its box under `template` or has a character no bundled font
    can print, each problem located at the card's field in the deck's files. `cards` are
    `{"card": key, field: text}` for fields of `TEXT_FIELDS`, `origins` where each key's
    card was written (deck_files.printed_texts); any card, whatever else is wrong with it:
    `validate` reports these beside the deck's other problems."""
    from pugdeck.render.checks import print_problems  # noqa: PLC0415 (reportlab loads only here)

    return print_problems(cards, lambda: GAME.load_template(template, folder), CHECKED_FIELDS, origins)
