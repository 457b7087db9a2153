"""The PDF says what it is in its metadata, in the deck's language (the shared string
`pdf_subject`): a file manager or a print shop's upload page shows it."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pypdf

from pugdeck.building.pipeline import build
from pugdeck.games.printing import render_built
from pugdeck.resources import bundled_deck

VERBENA = Path(__file__).resolve().parents[2] / "docs" / "examples" / "verbena"


def subject(deck: Path) -> str:
    return pypdf.PdfReader(io.BytesIO(render_built(build(deck)))).metadata["/Subject"]


def test_the_subject_is_in_the_decks_language():
    assert subject(bundled_deck("pug-you")) == "Print-and-play cards of Pug You! 1.0.0, A4"
    assert subject(VERBENA) == "Cartas para imprimir y jugar de ¡Verbena! 1.0.0, A4"


def test_a_deck_may_say_it_its_own_way(tmp_path):
    deck = tmp_path / "verbena"
    shutil.copytree(VERBENA, deck, dirs_exist_ok=True)
    text = (deck / "deck.yaml").read_text(encoding="utf-8")
    assert "\nstrings:\n" in text  # the example restates two strings already
    (deck / "deck.yaml").write_text(
        text.replace("\nstrings:\n", '\nstrings:\n  pdf_subject: "Baraja {deck}, v{version}"\n'),
        encoding="utf-8")
    assert subject(deck) == "Baraja ¡Verbena!, v1.0.0, A4"
