"""A PixelPug deck in its own language: the points labels and the Treats' back in
`deck.language`, the deck's own `strings:` over them."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

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


@pytest.mark.parametrize(("language", "dog_food", "protection", "treat"), [
    ("de", "Futter", "Schutz", "Leckerli"), ("fr", "Croquettes", "Protection", "Friandise"),
    ("es", "Comida", "Protección", "Premio")])
def test_a_new_deck_in_german_or_french_starts_from_cards_in_that_language(tmp_path, monkeypatch, language,
                                                                          dog_food, protection, treat):
    # The narration names the Dog Food, Protection and Treats as the starter's cards do
    # ("P1 hat das Futter!"), so a new deck prints the names the game says.
    import yaml  # noqa: PLC0415

    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["init", "deck", "--game", "pixelpug", "--language", language])
    assert result.exit_code == 0, result.output
    assert "the sample cards are in en" not in result.output
    cards = yaml.safe_load((tmp_path / "deck" / "cards" / "main.yaml").read_text(encoding="utf-8"))["cards"]
    names = {c["name"] for c in cards}
    assert {dog_food, protection} <= names and "The Pug" not in names
    narration = yaml.safe_load((Path(__file__).parents[3] / "pugdeck" / "games" / "pixelpug"
                                / "narration.yaml").read_text(encoding="utf-8"))[language]
    assert dog_food in narration["found"] and treat in narration["given"]
    build = CliRunner().invoke(main, ["build", "deck", "--out", "out"])
    assert build.exit_code == 0, build.output
