"""The games pugdeck knows. Each game is one folder; this table is the only place naming them."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from pugdeck.authoring.diagnostics import DeckError, Diagnostic
from pugdeck.authoring.loading import LoadedDeck, gc_paused, load_deck

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


def check_deck_at(path: Path, fast: bool = True) -> tuple[Any, list[Diagnostic]]:
    """Load and check a deck folder (or its deck.yaml): the typed deck or None, and diagnostics.

    With `fast`, the files are first parsed without recording positions; only a deck with
    something to report is parsed again, with them, so a clean deck never pays for
    positions it does not need. Without `fast` (for builds, whose later steps may still
    point into the files) positions are always kept.
    Raises `DeckError` only when a file cannot be read or parsed at all.
    """
    with gc_paused():
        if fast:
            try:
                deck, diagnostics = _check(load_deck(path, positions=False))
            except DeckError:  # reported below, located
                diagnostics = [None]
            if not diagnostics:
                return deck, diagnostics
        return _check(load_deck(path))


def _check(loaded: LoadedDeck) -> tuple[Any, list[Diagnostic]]:
    checks = importlib.import_module(GAMES[game_of(loaded)] + ".checks")
    return checks.check_deck(loaded)
