"""A game of the tests' own, registered for one test: the exports must describe its cards and
title its kinds through its `GameSpec`, knowing nothing of it beforehand."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import ClassVar

import pytest

from pugdeck.core.built_deck import Built
from pugdeck.games.registry import registered
from pugdeck.games.spec import GameSpec

_LENDER = registered()["pug-you"]  # whose built deck, faces and template words it borrows


class SketchGame(GameSpec):
    """Draws nothing itself: a test lends it another game's faces, as `Face` rows, and that
    game's template words, so the deck's template (and its strings) loads for it."""

    id = "sketch-game"
    title = "Sketch"
    folder = Path(__file__).parent
    kind_titles: ClassVar[dict[str, str]] = {"pug": "Sketches", "blank": "Empty frames"}
    levels = ("red", "yellow", "green")
    template_regions = _LENDER.template_regions
    template_text_styles = _LENDER.template_text_styles
    template_colors = _LENDER.template_colors
    template_strings = _LENDER.template_strings

    def card_description(self, card: dict, strings) -> str:
        return f"sketched: {card['id']}"


@pytest.fixture
def as_sketch_game(monkeypatch):
    """`as_sketch_game(built)`: the same built deck, as a deck of the registered SketchGame."""
    monkeypatch.setitem(registered(), SketchGame.id, SketchGame())

    def relabel(built: Built) -> Built:
        return dataclasses.replace(built, doc={**built.doc, "game": SketchGame.id})
    return relabel
