"""What a game hands the generic PDF writer (render/pdf.py) and the exports: every face in
print order with the name of its back (`PrintRun`), each front described without drawing
it (`FaceInfo`), and the PDF's document information (`PdfInfo`). A game's `faces` make them
(`GameSpec.print_run`, `GameSpec.faces`); nothing here knows any game."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

if TYPE_CHECKING:  # types only
    from pugdeck.core.built_deck import Built
    from pugdeck.render.fonts import FontSet
    from pugdeck.render.shapes import CardFace
    from pugdeck.render.templates import Template


class FaceInfo(NamedTuple):
    """One printed card front as the exports see it (PNG files, the HTML gallery, TTS)."""

    card_id: str  # the built card id, or e.g. `blank-1` for a printed-only card
    kind: str  # the game's own word (`kind_titles` names them for people)
    level: str | None  # a colour tier, for games that have one
    title: str  # what a viewer reads first: a question, a card name
    text: str  # every word printed on the card, for searching
    played: bool  # part of the played deck (the built JSON's `cards`)
    back: str  # the name of its back in `PrintRun.backs` (also the back's file stem)


class PdfInfo(NamedTuple):
    """The PDF's document information, as a viewer's Properties dialog shows it."""

    title: str
    subject: str
    author: str = "pugdeck"
    names_paper: bool = True  # the subject ends with the sheet size (", A4")


@dataclass
class PrintRun:
    """What the generic PDF writer (render/pdf.py) draws for a deck: every front in print
    order with the name of its back, each distinct back once, and the pictures the game
    paints as forms (drawn once per document, placed on every card that shows them)."""

    fronts: Iterator[tuple[FaceInfo, CardFace]]  # lazy: faces are laid out as they print
    count: int  # how many fronts, for progress
    backs: dict[str, CardFace]  # back name → the back as drawn behind a front
    info: PdfInfo
    # Form keys whose picture is made of shapes (a card frame, a back's art) → the shapes.
    pictures: Callable[[tuple], CardFace | None] = lambda key: None
    # Form keys painted with canvas calls, by `key[0]`: painter(canvas, key, width, height).
    painters: dict[str, Callable[[Any, tuple, float, float], None]] = field(default_factory=dict)
    diagnostics: list = field(default_factory=list)  # filled while `fronts` is consumed


class Printer(Protocol):
    """What the PDF writer asks of the deck's game (its `GameSpec`), handed in by the caller
    (building/pipeline.py): the writer knows no game and no registry."""

    def load_template(self, name: str | None, deck_folder: Path | None) -> Template: ...

    def print_run(self, built: Built, template: Template, fonts: FontSet, bleed: float) -> PrintRun: ...
