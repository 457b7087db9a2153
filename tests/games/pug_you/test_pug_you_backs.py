"""A Pug You! deck's own card back (deck.yaml's `back:`): written by someone else, it
validates, builds and prints; mistakes in it are located in deck.yaml; without it the
bundled back is printed as before."""

from __future__ import annotations

import io
import json

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from PIL import Image, ImageDraw
from reportlab.lib.units import mm

from pugdeck.cli import main
from pugdeck.games.pug_you.faces.other_faces import back_face
from pugdeck.render.backs import BackChoice
from pugdeck.render.fonts import font_set
from pugdeck.render.shapes import Place, Rect, TextLine
from pugdeck.render.strings import resolve_strings
from pugdeck.render.templates import load_template

TEMPLATE = load_template("pug-you")
FONTS = font_set(TEMPLATE.fonts)
STRINGS = resolve_strings(TEMPLATE, "en")
BLUE, RED, YELLOW = (29, 111, 140), (200, 40, 58), (247, 208, 70)


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def back_picture() -> bytes:
    """A landscape picture, the wrong shape for a card: blue with red bands at both ends
    (a cover crop cuts them off) and a yellow disc in the middle (stays round)."""
    image = Image.new("RGB", (800, 400), BLUE)
    image.paste(RED, (0, 0, 100, 400))
    image.paste(RED, (700, 0, 800, 400))
    disc = Image.new("L", (200, 200), 0)
    ImageDraw.Draw(disc).ellipse((0, 0, 199, 199), fill=255)
    image.paste(YELLOW, (300, 100, 500, 300), disc)
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def friends_deck(back: str) -> dict[str, str | bytes]:
    """A small deck of our own (not the bundled one) whose deck.yaml has `back:` lines."""
    cards = ["cards:"]
    for i in range(30):
        cards += [f"  - id: friend-{i}", f"    level: {('green', 'yellow', 'red')[i % 3]}",
                  f'    question: "Who of us would most likely forget birthday number {i}?"',
                  f"    badges: {1 + i % 3}", f'    descriptive: "forgetful {i}"',
                  f"    turds: {1 + i % 3}", f"    thermometer: {1 + i // 3 % 3}"]
    deck = ("deck:\n  id: friends\n  name: Our Friends\n  game: pug-you\n" + back
            + "include: [cards.yaml]\n")
    return {"deck.yaml": deck, "cards.yaml": "\n".join(cards) + "\n", "art/back.png": back_picture()}


def _write(write_deck, files: dict):
    """The deck folder `files` (deck.yaml among them) written by the `write_deck` fixture."""
    return write_deck(deck_yaml=files.pop("deck.yaml"), files=files)


def page_image(pdf: bytes, index: int, scale: float = 2.0) -> Image.Image:
    return pdfium.PdfDocument(pdf)[index].render(scale=scale).to_pil().convert("RGB")


def near(pixel, color, tolerance=12) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, color))


def test_a_back_image_on_someone_elses_deck_validates_builds_and_covers_the_bleed(write_deck, tmp_path):
    folder = _write(write_deck, friends_deck("  back:\n    image: art/back.png\n"))
    assert run("validate", str(folder)).exit_code == 0
    result = run("build", str(folder), "--bleed", "3", "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    doc = json.loads((tmp_path / "out" / "friends.json").read_text())
    assert doc["deck"]["back"] == {"image": "art/back.png"}
    back = page_image((tmp_path / "out" / "friends-bleed3.pdf").read_bytes(), 1)  # the first card's back
    w, h = back.size
    # Full-bleed: the picture reaches the page's edge (the bleed), its red ends cropped off.
    for x, y in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1), (2, h // 2), (w - 3, h // 2)):
        assert near(back.getpixel((x, y)), BLUE), (x, y, back.getpixel((x, y)))
    # Scaled to cover, never stretched: the disc is still round, in the middle.
    row = [x for x in range(w) if near(back.getpixel((x, h // 2)), YELLOW, 30)]
    column = [y for y in range(h) if near(back.getpixel((w // 2, y)), YELLOW, 30)]
    assert abs(len(row) - len(column)) <= 3 and len(row) > w * 0.5
    assert abs((row[0] + row[-1]) / 2 - w / 2) <= 2


def test_an_image_replaces_the_drawn_art_and_the_default_texts():
    face = back_face(TEMPLATE, FONTS, STRINGS, "Our Friends", choice=BackChoice(image="art/back.png"))
    assert [s.key for s in face.shapes if isinstance(s, Place)] == [("back-image", "art/back.png")]
    assert not [s for s in face.shapes if isinstance(s, TextLine)]
    face = back_face(TEMPLATE, FONTS, STRINGS, "Our Friends",
                     choice=BackChoice(image="art/back.png", title="Tuesday crew"))
    assert [s.runs[0][1] for s in face.shapes if isinstance(s, TextLine)] == ["Tuesday crew"]


def test_title_tagline_and_colours_change_the_drawn_back():
    choice = BackChoice(title="Tuesday Pugs", tagline="", background="#1D6F8C", accent="#F7D046")
    face = back_face(TEMPLATE, FONTS, STRINGS, "Our Friends", bleed=3 * mm, choice=choice)
    ground = face.shapes[0]
    assert isinstance(ground, Rect) and ground.fill == "#1D6F8C" and ground.x == -3 * mm
    # the drawn art (and its paws) runs into the bleed too, so a mis-cut shows no plain strip
    assert [(s.key, s.x) for s in face.shapes if isinstance(s, Place)] == [
        (("back-art", "#1D6F8C", "#F7D046", round(3 * mm, 3)), -3 * mm)]
    texts = [s for s in face.shapes if isinstance(s, TextLine)]
    assert [t.runs[0][1] for t in texts] == ["Tuesday Pugs"]  # "" prints no tagline
    assert {t.color for t in texts} == {"#F7D046"}


def test_without_a_back_the_bundled_back_is_printed(write_deck, tmp_path):
    face = back_face(TEMPLATE, FONTS, STRINGS, "Our Friends")
    assert [s.key for s in face.shapes if isinstance(s, Place)] == [("back-art", None, None, 0.0)]
    assert [s.runs[0][1] for s in face.shapes if isinstance(s, TextLine)] == [
        "Our Friends", "only the pugs really win"]
    assert face.shapes[0].fill == TEMPLATE.colors["back"]
    folder = _write(write_deck, friends_deck(""))
    assert run("build", str(folder), "--no-pdf", "--out", str(tmp_path)).exit_code == 0
    deck = json.loads((tmp_path / "friends.json").read_text())["deck"]
    assert list(deck) == ["id", "name", "version", "language", "template"]  # as before backs


@pytest.mark.parametrize(("back", "message"), [
    ("image: ../outside.png", "deck/deck.yaml:6:12: back image '../outside.png' is outside the "
     "deck folder; use a relative path inside it"),
    ("image: art/none.png", "deck/deck.yaml:6:12: back image 'art/none.png' does not exist"),
    ("image: cards.yaml", "deck/deck.yaml:6:12: back image 'cards.yaml' is not an image Pillow "
     "can open"),
    ('colors: {background: "#1D6F8", accent: "#F7D046"}', "deck/deck.yaml:6:26: 'background' must "
     "be a colour as #RRGGBB, such as #4A2F5C, not text \"#1D6F8\""),
    ("colours: {accent: '#F7D046'}", "deck/deck.yaml:6:5: unknown key 'colours'; did you mean "
     "'colors'?"),
    ('title: "Pugs \U0001F436"', "deck/deck.yaml:6:12: deck.back.title: character '\U0001F436' "
     "(U+1F436) is in none of the bundled fonts"),
])
def test_a_broken_back_is_refused_where_it_is_written(write_deck, tmp_path, back, message):
    folder = _write(write_deck, friends_deck(f"  back:\n    {back}\n"))
    result = run("validate", str(folder))
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0].startswith(message), result.stderr
    assert "Traceback" not in result.output
    result = run("build", str(folder), "--out", str(tmp_path / "out"))
    assert result.exit_code == 1 and not (tmp_path / "out").exists()


def test_a_gif_back_image_is_refused_like_gif_art(write_deck):
    files = friends_deck("  back:\n    image: art/back.gif\n")
    gif = io.BytesIO()
    Image.new("RGB", (10, 10)).save(gif, "GIF")
    files["art/back.gif"] = gif.getvalue()
    result = run("validate", str(_write(write_deck, files)))
    assert result.exit_code == 1
    assert "deck/deck.yaml:6:12: back image 'art/back.gif' is GIF; use PNG or JPEG" in result.stderr
