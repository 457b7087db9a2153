"""PixelPug's two backs chosen in deck.yaml: `back:` for the game deck, `treat_back:` for
the Treats, each on its own, so a Treat still never hides in the deck unless asked to."""

from __future__ import annotations

import json
import shutil

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from PIL import Image

from pugdeck.cli import main
from pugdeck.games.pixelpug.faces.card_faces import card_back
from pugdeck.games.pixelpug.game import GAME
from pugdeck.render.backs import BackChoice
from pugdeck.render.shapes import Rect, TextLine
from pugdeck.render.strings import resolve_strings
from pugdeck.resources import bundled_deck

STRINGS = resolve_strings(GAME.load_template(None), "en")


def texts(face) -> list[str]:
    return [s.runs[0][1] for s in face.shapes if isinstance(s, TextLine)]


def test_each_pile_takes_its_own_choice_and_a_tagline_only_when_written(template, fonts):
    choice = BackChoice("back", "Pixel Night", "first to three wins", "#0E5E3A", "#FFFFFF")
    main = card_back(template, fonts, STRINGS, "PixelPug", False, choice=choice)
    assert main.shapes[0].fill == "#0E5E3A"
    assert texts(main) == ["Pixel Night", "first to three wins"]
    assert {s.stroke for s in main.shapes if isinstance(s, Rect) and s.stroke} == {"#FFFFFF"}
    treats = card_back(template, fonts, STRINGS, "PixelPug", True)  # no treat_back: the bundled one
    assert treats.shapes[0].fill == template.colors["treats_back"] and texts(treats) == ["Treat"]
    assert texts(card_back(template, fonts, STRINGS, "PixelPug", False)) == ["PixelPug"]


def deck_with(tmp_path, back_lines: str):
    folder = tmp_path / "deck"
    shutil.copytree(bundled_deck("pixelpug"), folder)
    deck_yaml = folder / "deck.yaml"
    text = deck_yaml.read_text(encoding="utf-8")
    deck_yaml.write_text(text.replace("  template: pixelpug\n", "  template: pixelpug\n" + back_lines),
                         encoding="utf-8")
    (folder / "art").mkdir()
    Image.new("RGB", (300, 420), (20, 160, 90)).save(folder / "art" / "treat.png")
    return folder


def test_a_treat_back_image_builds_and_prints_on_the_treats_only(tmp_path):
    folder = deck_with(tmp_path, "  treat_back:\n    image: art/treat.png\n")
    runner = CliRunner()
    assert runner.invoke(main, ["validate", str(folder)]).exit_code == 0
    result = runner.invoke(main, ["build", str(folder), "--bleed", "2", "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    doc = json.loads((tmp_path / "out" / "pixelpug.json").read_text())
    assert doc["deck"]["treat_back"] == {"image": "art/treat.png"} and "back" not in doc["deck"]
    pdf = pdfium.PdfDocument((tmp_path / "out" / "pixelpug-bleed2.pdf").read_bytes())
    piles = [card.get("pile", "main") for card in doc["cards"]]
    treat, plain = 2 * piles.index("treats") + 1, 2 * piles.index("main") + 1  # their backs' pages
    treat_back = pdf[treat].render(scale=1).to_pil().convert("RGB")
    assert treat_back.getpixel((0, 0)) == (20, 160, 90)  # the image, into the bleed
    assert treat_back.getpixel((treat_back.width // 2, treat_back.height // 2)) == (20, 160, 90)
    plain_back = pdf[plain].render(scale=1).to_pil().convert("RGB")
    assert plain_back.getpixel((0, 0)) != (20, 160, 90)  # the game deck keeps its own back


@pytest.mark.parametrize(("lines", "message"), [
    ("    image: art/none.png\n", "deck/deck.yaml:10:12: treat_back image 'art/none.png' does not exist"),
    ('    title: "Treat \U0001F9B4"\n', "deck/deck.yaml:10:12: deck.treat_back.title: character "
     "'\U0001F9B4' (U+1F9B4) is in none of the bundled fonts"),
    ("    tagline: " + "Zzz" * 40 + "\n", "deck/deck.yaml:10:14: deck.treat_back.tagline does not fit"),
])
def test_a_broken_treat_back_is_located_in_deck_yaml(tmp_path, monkeypatch, lines, message):
    deck_with(tmp_path, "  treat_back:\n" + lines)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["validate", "deck"])
    assert result.exit_code == 1
    assert result.stderr.startswith(message), result.stderr


@pytest.mark.parametrize("treat_image", ["art/treat.png", "art/../art/treat.png"])
def test_a_treat_back_that_prints_as_the_deck_back_is_an_error(tmp_path, monkeypatch, treat_image):
    """The Treats must never hide in the deck face down (docs/printing.md): the same image for
    both backs, with no title to tell them apart, is refused at treat_back's image."""
    deck_with(tmp_path, f"  back:\n    image: art/treat.png\n  treat_back:\n    image: {treat_image}\n")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["validate", "deck"])
    assert result.exit_code == 1
    assert result.stderr.startswith(
        "deck/deck.yaml:12:12: deck.treat_back prints the same back as deck.back (the image "
        f"'{treat_image}'), so its cards cannot be told apart face down"), result.stderr


def test_the_same_image_with_a_title_of_its_own_is_a_back_of_its_own(tmp_path, monkeypatch):
    deck_with(tmp_path, "  back:\n    image: art/treat.png\n  treat_back:\n    image: art/treat.png\n"
                        "    title: Treat\n")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["validate", "deck"])
    assert result.exit_code == 0, result.output
