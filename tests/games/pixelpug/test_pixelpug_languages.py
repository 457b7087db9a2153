"""A PixelPug deck in its own language: the points labels and the Treats' back in
`deck.language`, the deck's own `strings:` over them."""

from __future__ import annotations

import io
import shutil

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pugdeck.cli import main
from pugdeck.resources import bundled_deck

LABELS = {"en": ("ATTACK · 1 pt", "3 pts", "Treat"), "es": ("ATAQUE · 1 pto", "3 ptos", "Premio"),
          "de": ("ANGRIFF · 1 Pkt.", "3 Pkt.", "Leckerli"), "fr": ("ATTAQUE · 1 pt", "3 pts", "Friandise")}


def pdf_text(tmp_path, language: str, strings: str = "") -> str:
    folder = tmp_path / "deck"
    shutil.copytree(bundled_deck("pixelpug"), folder)
    deck_yaml = folder / "deck.yaml"
    text = deck_yaml.read_text(encoding="utf-8").replace("language: en", f"language: {language}")
    deck_yaml.write_text(text + (f"strings:\n{strings}" if strings else ""), encoding="utf-8")
    result = CliRunner().invoke(main, ["build", str(folder), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    reader = PdfReader(io.BytesIO((tmp_path / "out" / "pixelpug.pdf").read_bytes()))
    return " ".join(" ".join(page.extract_text().replace("\u00a0", " ").split()) for page in reader.pages)


@pytest.mark.parametrize("language", sorted(LABELS))
def test_the_labels_and_the_treats_back_are_in_the_decks_language(tmp_path, language):
    text = pdf_text(tmp_path, language)
    attack, points, treat = LABELS[language]
    assert attack in text and points in text and treat in text
    others = {words for other, labels in LABELS.items() if other != language for words in labels[:1]}
    assert not any(words in text for words in others - {attack})


def test_a_deck_names_its_points_in_its_own_words(tmp_path):
    text = pdf_text(tmp_path, "en", "  points_other: '{points} paws'\n  points_one: '{points} paw'\n")
    assert "3 paws" in text and "1 paw " in text and "3 pts" not in text
