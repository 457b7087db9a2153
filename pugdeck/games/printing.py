"""A built deck printed by its game: the registered game found by the deck's `game`, its
faces laid out and handed to the generic PDF writer (render/pdf.py), which knows no game.
`build`, the PNG and print-shop exports and `live` print through here."""

from __future__ import annotations

from pathlib import Path

from pugdeck.authoring.loading import locate
from pugdeck.core.built_deck import Built
from pugdeck.core.diagnostics import ERROR, DeckError, Diagnostic
from pugdeck.games.registry import game
from pugdeck.games.spec import GameSpec


def render_built(built: Built, *, proof: bool = False, **options) -> bytes:
    """The print-and-play PDF (render/pdf.py: `render_built_pdf`'s options); card problems
    come back located in the deck's files, a game that cannot print says so in a sentence.
    A `proof` marks each front with its card id and where it was written (`proof_label`)."""
    from pugdeck.render.pdf import render_built_pdf  # reportlab is only loaded when printing

    if proof:
        options["proof"] = lambda card_id: proof_label(card_id, built.origins)
    try:
        return render_built_pdf(built, printer_of(built), **options)
    except DeckError as exc:
        raise DeckError(locate(exc.diagnostics, built.origins)) from None


def render_pdf(built_doc: dict, *, deck_folder: Path, blanks: int = 0, **options) -> bytes:
    """`render_built` of a built-deck dict read from a file: art is found in `deck_folder`."""
    return render_built(Built(built_doc, str(built_doc.get("name", "")), Path(deck_folder), blanks),
                        **options)


def proof_label(card_id: str, origins) -> str:
    """`worst-roommate#1  cards/red.yaml:12`: a face's id and the line its card starts at; a
    printed-only card (a turd card, the rules card) has no line of its own, only its id."""
    source = origins.get(card_id.split("#")[0])
    if source is None:
        return card_id
    mark = source.mark()
    return f"{card_id}  {mark.file}:{mark.line}"


def printer_of(built: Built) -> GameSpec:
    """The registered game that prints `built`; `DeckError` in one sentence when no game of
    that name is registered or the game has no printing part."""
    try:
        spec = game(built.game)
    except LookupError:
        raise cannot_print(f"no registered game is called '{built.game}', so there is nothing to print") from None
    if not spec.prints:
        raise cannot_print(f"{spec.title} cannot print")
    return spec


def cannot_print(reason: str) -> DeckError:
    """`reason` in one sentence, with what still works."""
    return DeckError([Diagnostic("", 0, 0, None, "game", ERROR,
                                 f"{reason}; `pugdeck build --no-pdf` writes its JSON")])
