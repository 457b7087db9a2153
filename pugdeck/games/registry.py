"""The registered games: every `GameSpec` published under the entry-point group
`pugdeck.games` (ours in pyproject.toml; another package adds a game with its own entry).

The registry is the only way a stage reaches a game; nothing outside a game's folder names it.
"""

from __future__ import annotations

from functools import lru_cache
from importlib.metadata import entry_points
from pathlib import Path

from pugdeck.games.spec import GameSpec

GROUP = "pugdeck.games"


class UnknownGame(LookupError):
    """A game id no registered game has."""


@lru_cache(maxsize=1)
def registered() -> dict[str, GameSpec]:
    """Every registered game by id, in the order they were declared (entry points load on
    first use; ours: pyproject.toml)."""
    games: dict[str, GameSpec] = {}
    for entry in entry_points(group=GROUP):
        spec = entry.load()
        if not isinstance(spec, GameSpec):
            raise TypeError(f"entry point {entry.name} = {entry.value} is not a GameSpec")
        games.setdefault(spec.id, spec)
    return games


def game(game_id: str) -> GameSpec:
    """The registered game `game_id`; `UnknownGame` names the registered ones."""
    games = registered()
    if game_id not in games:
        raise UnknownGame(f"no game '{game_id}' is registered (registered: {', '.join(games)})")
    return games[game_id]


def bundled_decks() -> dict[str, Path]:
    """Every registered game's bundled deck folders by name (the folder's name), in registry
    order: what `pugdeck build NAME` and a protocol `deck` may name. A game shipped as a
    package of its own ships its decks in its own folders (`GameSpec.deck_folders`)."""
    return {folder.name: folder for spec in registered().values() for folder in spec.deck_folders()}


def game_ids() -> list[str]:
    return list(registered())


def refresh() -> None:
    """Read the entry points again (a test that registers a game calls this)."""
    registered.cache_clear()
