"""Art costs what its print needs: a picture far sharper than 300 dpi is scaled to it before it
is embedded, and the pictures of a whole deck share one budget of decoded pixels."""

from __future__ import annotations

import io
import re

import pytest
from click.testing import CliRunner
from PIL import Image

from pugdeck.authoring import images
from pugdeck.cli import main


def one_bit_png(side: int, seed: int = 0) -> bytes:
    """A `side` x `side` 1-bit PNG of a few kilobytes (stripes), as the issue's 6,300 px ones."""
    picture = Image.new("1", (side, side), 1)
    for x in range(seed % 7, side, 97):
        picture.paste(0, (x, 0, x + 3, side))
    out = io.BytesIO()
    picture.save(out, "PNG")
    return out.getvalue()


def deck_with_art(write_deck, valid_card, cards_file, arts: dict[str, bytes]):
    cards = [{**valid_card, "id": f"card-{n}", "question": f"Who is number {n}?", "art": name}
             for n, name in enumerate(arts)]
    return write_deck(files={"cards.yaml": cards_file(*cards), **arts})


def test_a_huge_picture_is_embedded_at_print_resolution(write_deck, valid_card, cards_file, tmp_path):
    folder = deck_with_art(write_deck, valid_card, cards_file, {"art/huge.png": one_bit_png(4000)})
    result = CliRunner().invoke(main, ["build", str(folder), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    [pdf] = (tmp_path / "out").glob("*.pdf")
    widths = [int(w) for w in re.findall(rb"/Width (\d+)", pdf.read_bytes())]
    assert widths and max(widths) <= 800  # the art box is under 60 mm: at most ~700 px at 300 dpi
    assert pdf.stat().st_size < 2_000_000


def test_pictures_within_the_per_image_cap_still_share_a_deck_wide_budget(write_deck, valid_card, cards_file,
                                                                          monkeypatch):
    monkeypatch.setattr(images, "MAX_DECK_ART_PIXELS", 2_500_000)  # the same rule, at a test's size
    arts = {f"art/{n}.png": one_bit_png(1000, n) for n in range(4)}  # 1 Mpx each
    folder = deck_with_art(write_deck, valid_card, cards_file, arts)
    result = CliRunner().invoke(main, ["validate", str(folder)])
    assert result.exit_code == 1
    [message] = [line for line in result.stderr.splitlines() if "Mpx together" in line]
    assert message.startswith("deck/cards.yaml:") and "card 'card-2'" in message
    assert "with 'art/2.png' the deck's images hold more than 2 Mpx together" in message
    assert "scale them down" in message


@pytest.mark.parametrize("shared", [True, False])
def test_one_picture_used_by_many_cards_counts_once(write_deck, valid_card, cards_file, monkeypatch, shared):
    monkeypatch.setattr(images, "MAX_DECK_ART_PIXELS", 2_500_000)
    picture = one_bit_png(1000)
    cards = [{**valid_card, "id": f"card-{n}", "question": f"Who is number {n}?",
              "art": "art/one.png" if shared else f"art/{n}.png"} for n in range(4)]
    arts = {"art/one.png": picture} if shared else {f"art/{n}.png": picture for n in range(4)}
    folder = write_deck(files={"cards.yaml": cards_file(*cards), **arts})
    result = CliRunner().invoke(main, ["validate", str(folder)])
    assert result.exit_code == (0 if shared else 1), result.output
