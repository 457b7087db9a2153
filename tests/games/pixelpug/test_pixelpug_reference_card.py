"""PixelPug's printed reference card: the turn, the three ways to win a round, the Champion
and the rules text's clarifications, with the deck's own card names, in its language."""

from __future__ import annotations

import io

import pypdf
from click.testing import CliRunner

from pugdeck.cli import main
from pugdeck.games.printing import render_pdf
from pugdeck.resources import bundled_deck


def _reference_text(pdf: bytes) -> str:
    pages = [" ".join((page.extract_text() or "").replace("\u00a0", " ").replace("\u202f", " ").split())
             for page in pypdf.PdfReader(io.BytesIO(pdf)).pages]
    found = [text for text in pages if "Win a round" in text or "Gagner une manche" in text]
    assert len(found) == 1, "one page holds the reference card"
    return found[0]


def test_the_bundled_pdf_prints_a_reference_card_with_the_turn_the_three_wins_and_the_clarifications(built_doc):
    text = _reference_text(render_pdf(built_doc, deck_folder=bundled_deck("pixelpug")))
    for words in ("How to play", "Draw 1 card, play 1 card onto your own discard pile, pass clockwise",
                  "1) Eliminate every opponent.",
                  "2) Play Empty Bowl on whoever holds the Dog Food (unless they hold Protection too).",
                  "3) At the end of the turn that empties the deck, have the most points", "if tied, nobody wins",
                  "The first to win 3 rounds is the PixelPug Champion.",
                  "Only red cards are attacks.", "A target player may be you; an opponent never is.",
                  "No valid target: the card does nothing.", "Doghouse stops red cards only.",
                  "Protection in hand saves your last life", "rock–paper–scissors tie does nothing",
                  "House rule", "Poop Time flushes its victim’s hand out of the round"):
        assert words in text, words


def test_a_french_deck_gets_it_in_french_with_its_own_card_names(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(main, ["init", "paquet", "--game", "pixelpug", "--language", "fr"]).exit_code == 0
    deck = tmp_path / "paquet" / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("round_wins: 3", "round_wins: 1"), encoding="utf-8")
    result = CliRunner().invoke(main, ["build", "paquet", "--out", "out"])
    assert result.exit_code == 0, result.output
    text = _reference_text((tmp_path / "out" / "paquet.pdf").read_bytes())
    assert "Jouer Gamelle vide contre la personne qui a la carte Croquettes" in text
    assert "Niche ne protège que des cartes rouges." in text
    assert "La première personne à gagner 1 manche remporte le titre de PixelPug." in text  # the one form
    assert "Règle maison" not in text  # its starter has no Poop Time
