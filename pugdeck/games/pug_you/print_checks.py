"""Pug You!'s print checks, run by `validate` (and so by `build`) before anything is drawn:
the renderer's own text-fit and glyph checks (render/checks.py) on the fields the faces
print, and on the fixed texts of the back, turd, blank and reference cards in the deck's
language (and the back deck.yaml chose), so a designer sees a card that would not print
without building."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from pugdeck.authoring.diagnostics import DeckError, Diagnostic
from pugdeck.authoring.loading import Document, SourceCard
from pugdeck.games.pug_you.game import GAME
from pugdeck.games.pug_you.model import Deck

# (card field, template region, text style) of each text the faces fit into a box.
CHECKED_FIELDS = (("question", "question", "question"), ("descriptive", "descriptive", "descriptive"))
TEXT_FIELDS = tuple(field for field, _region, _style in CHECKED_FIELDS)


def print_checks(cards: list[dict], template: str, folder: Path | None,
                 origins: Mapping[str, SourceCard], fonts: Mapping | None = None) -> list[Diagnostic]:
    """Text that would not fit its box under `template` or has a character no bundled font
    can print, each problem located at the card's field in the deck's files. `cards` are
    `{"card": key, field: text}` for fields of `TEXT_FIELDS`, `origins` where each key's
    card was written (deck_files.printed_texts); any card, whatever else is wrong with it:
    `validate` reports these beside the deck's other problems. `fonts`: deck.yaml's `deck.fonts`."""
    from pugdeck.render.checks import print_problems  # noqa: PLC0415 (reportlab loads only here)
    from pugdeck.render.deck_fonts import with_deck_fonts  # noqa: PLC0415

    return print_problems(cards, lambda: with_deck_fonts(GAME.load_template(template, folder), fonts, folder),
                          CHECKED_FIELDS, origins)


def place_in(doc: Document, path: tuple) -> tuple[str, int, int]:
    """(file, line, column) of the value at `path` in `doc` (deck.yaml)."""
    mark = doc.mark(path)
    return mark.file, mark.line, mark.column


def fixed_text_checks(deck: Deck, root: Document) -> list[Diagnostic]:
    """The deck's fixed texts (render/strings.py) resolve in its language and fit the cards
    that print them: the back (deck.yaml's `back:`, else its strings), the turd cards, a
    blank custom and the reference card, which says the deck's rules. Each problem is
    located where its text was written: the template, or deck.yaml (`strings:`, `back:`,
    `deck.name`). The faces are laid out as the build lays them out, so what passes prints."""
    # reportlab loads only here: printing modules
    from pugdeck.games.pug_you.faces.card_faces import blank_custom_face  # noqa: PLC0415
    from pugdeck.games.pug_you.faces.other_faces import (  # noqa: PLC0415
        back_texts,
        turd_card_face,
        turn_overview_face,
    )
    from pugdeck.render.backs import back_choice, located_in  # noqa: PLC0415
    from pugdeck.render.deck_fonts import with_deck_fonts  # noqa: PLC0415
    from pugdeck.render.fonts import font_set  # noqa: PLC0415
    from pugdeck.render.strings import deck_strings  # noqa: PLC0415

    try:
        template = with_deck_fonts(GAME.load_template(deck.info.template, deck.folder),
                                   dict(deck.info.fonts), deck.folder)
    except DeckError:
        return []  # `print_checks` reports the template's own problems
    block = deck.info.as_json()
    try:
        strings = deck_strings(template, block, lambda path: place_in(root, path))
    except DeckError as exc:
        return exc.diagnostics
    fonts = font_set(template.fonts)
    rules = deck.rules.as_json()
    found = located_in(root, back_texts(template, fonts, strings, deck.info.name,
                                        back_choice({"deck": block}))[1])
    blank_custom_face(template, fonts, strings, found)
    turd_card_face(template, fonts, strings, rules["nominees"], rules["nominees"], found)
    turn_overview_face(template, fonts, strings, rules, any(c.kind == "mutt" for c in deck.cards),
                       found)
    return list(dict.fromkeys(found))
