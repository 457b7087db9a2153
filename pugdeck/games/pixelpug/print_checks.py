"""PixelPug's print checks, run by `validate` (and so by `build`) before anything is drawn:
the renderer's own text-fit and glyph checks (render/checks.py) on the fields the faces
print, so a designer sees a card that would not print without building."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from pugdeck.authoring.deck_files import DeckInfo
from pugdeck.authoring.diagnostics import DeckError, Diagnostic
from pugdeck.authoring.loading import Document, SourceCard
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


def back_checks(info: DeckInfo, folder: Path | None, root: Document) -> list[Diagnostic]:
    """Both backs' titles and taglines (deck.yaml's `back:` and `treat_back:`, or the
    deck's name) can be printed and fit, each problem located at its field in deck.yaml."""
    # Imported here: reportlab loads only for the print checks.
    from pugdeck.games.pixelpug.faces.card_faces import back_texts  # noqa: PLC0415
    from pugdeck.render.backs import back_choice, located_in  # noqa: PLC0415
    from pugdeck.render.fonts import font_set  # noqa: PLC0415

    try:
        template = GAME.load_template(info.template, folder)
    except DeckError:
        return []  # the card checks have reported the template's problems
    fonts, block = font_set(template.fonts), {"deck": info.as_json()}
    problems = back_texts(template, fonts, info.name, back_choice(block, "back"))[1]
    problems += back_texts(template, fonts, "Treat", back_choice(block, "treat_back"),
                           "the Treats' back title")[1]
    return located_in(root, problems)
