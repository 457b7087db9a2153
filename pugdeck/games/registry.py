"""The registered games: every `GameSpec` published under the entry-point group
`pugdeck.games` (ours in pyproject.toml; another package adds a game with its own entry).

The registry is the only way a stage reaches a game; nothing outside a game's folder names it.
"""

from __future__ import annotations

import os
import re
import sys
from functools import lru_cache
from pathlib import Path

from pugdeck.games.parts import load_part
from pugdeck.games.spec import GameSpec

GROUP = "pugdeck.games"


class UnknownGame(LookupError):
    """A game id no registered game has."""


@lru_cache(maxsize=1)
def registered() -> dict[str, GameSpec]:
    """Every registered game by id, in the order they were declared (entry points load on
    first use; ours: pyproject.toml)."""
    games: dict[str, GameSpec] = {}
    for name, value in declared_entry_points(GROUP):
        spec = load_part(value)  # an entry point's value is "module:attribute", as a part's
        if not isinstance(spec, GameSpec):
            raise TypeError(f"entry point {name} = {value} is not a GameSpec")
        games.setdefault(spec.id, spec)
    return games


def declared_entry_points(group: str) -> list[tuple[str, str]]:
    """(name, "module:attribute") of each entry point in `group`, read from the
    `entry_points.txt` of every distribution installed on `sys.path`; where two folders
    hold a distribution of one name, the first on the path counts, as for
    `importlib.metadata.entry_points` (a test holds the two to the same answer).

    Read here rather than with `importlib.metadata`: importing it loads the email parser
    (for METADATA files, never needed here), zipfile and csv, ~57 M instructions on every
    command that reaches a game (6 % of `pugdeck validate`, 4 % of `pugdeck build`), which
    takes a 120-card build from 1.28x to 1.33x the straight reportlab script, over
    bench_render's 1.3 target (benchmarks/bench_startup.py measures both ways)."""
    found: list[tuple[str, str]] = []
    seen: set[str] = set()
    for folder in sys.path or ["."]:
        # os.scandir rather than Path.glob: the glob's pattern matching cost ~3.6 M
        # instructions over a venv's site-packages on every command that reaches a game
        try:
            with os.scandir(folder or ".") as entries:
                infos = sorted(entry.name for entry in entries if entry.name.endswith(_INFO))
        except OSError:  # a missing or unreadable path entry, as importlib.metadata skips it
            continue
        for info in infos:
            distribution = _DISTRIBUTION_NAME.sub("_", info.split("-")[0]).lower()
            if distribution in seen:
                continue
            seen.add(distribution)
            try:
                text = Path(folder, info, "entry_points.txt").read_text(encoding="utf-8")
            except OSError:  # no entry points
                continue
            found += _section(text, group)
    return found


_DISTRIBUTION_NAME = re.compile(r"[-_.]+")
_INFO = (".dist-info", ".egg-info")


def _section(text: str, group: str) -> list[tuple[str, str]]:
    """The `name = value` lines of `[group]` in an entry_points.txt (an INI file)."""
    entries, current = [], None
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = line[1:-1].strip()
        elif current == group and "=" in line:
            name, value = (part.strip() for part in line.split("=", 1))
            entries.append((name, value.split("[")[0].strip()))  # extras are not ours to load
    return entries


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
