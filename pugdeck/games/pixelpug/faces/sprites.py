"""The pixel pictures on PixelPug's cards: which one a card shows, and each as squares.

The pictures are data, `sprites.yaml` beside this module: 16 x 12 grids of one-letter
pixels and each picture's colours. A card's picture says what it does, so it is chosen from
its effect (its first step's operation), not from its id: a house deck's card that draws
shows the pug like The Pug, whatever it is called. Two cards that do nothing are told apart
by what the deck does with them: the kind an Empty Bowl looks for is the Dog Food, any other
is a Nap.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import NamedTuple

import yaml

from pugdeck.render.shapes import Rect, Shape

SPRITES_FILE = Path(__file__).with_name("sprites.yaml")
# Each operation's picture (operations.py lists them); a card of the set-aside pile is a bone.
BY_OPERATION = {
    "draw": "pug", "fish": "fish", "discard-hand-and-draw": "poop",
    "protection-until-next-turn": "doghouse", "guess-holder": "bowl",
    "extra-life-in-hand": "shield", "rps-duel": "scissors", "look-at-hand": "nose",
    "give-from-pile": "medal", "swap-hands": "rope", "guess-card": "teeth",
    "compare-hands": "eyes", "none": "nap", "lose-life": "teeth",
}
SOUGHT, SET_ASIDE, FALLBACK = "food", "bone", "pug"


class Sprite(NamedTuple):
    rows: tuple[str, ...]
    colors: dict[str, str]


@cache
def sprites() -> dict[str, Sprite]:
    """Every picture of `sprites.yaml`, by name (read once; a bundled file, not user input)."""
    data = yaml.safe_load(SPRITES_FILE.read_text(encoding="utf-8"))
    return {name: Sprite(tuple(entry["rows"]), dict(entry["colors"])) for name, entry in data.items()}


def sought_kinds(cards: Iterable[dict]) -> frozenset[str]:
    """The kinds a guess-holder step of the deck looks for (the Dog Food)."""
    return frozenset(step["card"] for card in cards for step in card.get("effect", ())
                     if step.get("op") == "guess-holder" and step.get("card"))


def sprite_name(card: dict, sought: frozenset[str] = frozenset()) -> str:
    """The picture a built card shows (see the module docstring)."""
    if card.get("pile", "main") != "main":
        return SET_ASIDE
    if card.get("card") in sought:
        return SOUGHT
    effect = card.get("effect") or [{}]
    return BY_OPERATION.get(effect[0].get("op"), FALLBACK)


def sprite_shapes(sprite: Sprite, box: tuple[float, float, float, float]) -> list[Shape]:
    """Square pixels of `sprite`, as large as fit in `box`, centred; '.' is transparent;
    each run of one colour in a row is one rectangle."""
    rows, colors = sprite.rows, sprite.colors
    x, y, w, h = box
    cols, count = len(rows[0]), len(rows)
    size = min(w / cols, h / count)
    left, top = x + (w - size * cols) / 2, y + (h + size * count) / 2
    shapes: list[Shape] = []
    for r, row in enumerate(rows):
        start = None
        for c in range(cols + 1):
            char = row[c] if c < cols else "."
            if start is not None and char != row[start]:
                shapes.append(Rect(left + start * size, top - (r + 1) * size, (c - start) * size,
                                   size, fill=colors[row[start]]))
                start = None
            if start is None and char != ".":
                start = c
    return shapes
