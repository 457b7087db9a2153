"""The games pugdeck knows. Each game is one folder; this table is the only place naming them."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from pugdeck.diagnostics import Diagnostic
from pugdeck.loading import LoadedDeck, gc_paused, load_deck

# game id → package with a `checks.check_deck(LoadedDeck) -> (deck | None, diagnostics)`
GAMES = {
    "pug-you": "pugdeck.games.pug_you",
    "pixelpug": "pugdeck.games.pixelpug",
}
DEFAULT_GAME = "pug-you"


def game_of(loaded: LoadedDeck) -> str:
    """The game deck.yaml names; the default when it names none we know (the schema reports it)."""
    data = loaded.root.data
    deck = data.get("deck") if isinstance(data, dict) else None
    game = deck.get("game") if isinstance(deck, dict) else None
    return game if isinstance(game, str) and game in GAMES else DEFAULT_GAME


def game_package(game: str):
    return importlib.import_module(GAMES[game])


def check_deck_at(path: Path) -> tuple[Any, list[Diagnostic]]:
    """Load and check a deck folder (or its deck.yaml): the typed deck or None, and diagnostics.

    Raises `DeckError` only when a file cannot be read or parsed at all.
    """
    with gc_paused():
        loaded = load_deck(path)
        checks = importlib.import_module(GAMES[game_of(loaded)] + ".checks")
        return checks.check_deck(loaded)
