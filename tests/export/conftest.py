"""A game of the tests' own, registered for one test: the exports must describe its cards and
title its kinds through its `GameSpec`, knowing nothing of it beforehand."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import ClassVar

import pytest

from pugdeck.games.built_deck import Built
from pugdeck.games.registry import registered
from pugdeck.games.spec import GameSpec


class SketchGame(GameSpec):
    """Draws nothing itself: a test lends it another game's faces, as `Face` rows."""

    id = "sketch-game"
    title = "Sketch"
    folder = Path(__file__).parent
    kind_titles: ClassVar[dict[str, str]] = {"pug": "Sketches", "blank": "Empty frames"}
    levels = ("red", "yellow", "green")

    def card_description(self, card: dict) -> str:
        return f"sketched: {card['id']}"


@pytest.fixture
def as_sketch_game(monkeypatch):
    """`as_sketch_game(built)`: the same built deck, as a deck of the registered SketchGame."""
    monkeypatch.setitem(registered(), SketchGame.id, SketchGame())

    def relabel(built: Built) -> Built:
        return dataclasses.replace(built, doc={**built.doc, "game": SketchGame.id})
    return relabel
