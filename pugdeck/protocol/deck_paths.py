"""Which files a request's `deck` may name: the server's path policy (docs/protocol.md, "Decks").

A client is not trusted with the disk. `deck` is a path under the server's root (`serve
--root DIR`, by default the folder it was started in) that stays there once every link is
followed, or the name of a bundled deck; nothing else is opened. A name outside the root
is refused before the disk is touched, with the same sentence as a path under it that does
not exist, so no answer tells a client whether, or what, something outside is.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from pugdeck.protocol.errors import ProtocolError, quoted

MAX_NAME_CHARS = 4096  # PATH_MAX on Linux; a longer name cannot be a file here
BUILT_SUFFIXES = (".json",)
DECK_SUFFIXES = (".yaml", ".yml")


@dataclass(frozen=True)
class Located:
    """A deck a request may use: a built deck file, or a deck file to build."""

    path: Path  # every link followed; inside the root, or a bundled deck's
    built: bool  # a built deck JSON file (else a deck.yaml, built here with no filters)


def locate(name: str, root: Path, bundled: Mapping[str, Path]) -> Located:
    """The deck `name` names under `root` (a resolved folder), else the bundled deck of
    that name; `ProtocolError("bad_deck")` otherwise, the same one whatever is outside."""
    path = _under_root(name, root)
    info = _stat(path) if path is not None else None
    if info is not None:
        if stat.S_ISDIR(info.st_mode):
            deck_file = _under_root(str(path / "deck.yaml"), root)
            if deck_file is None:  # whether what it links to exists is not ours to say
                raise ProtocolError("bad_deck", f"{quoted(name)}: its deck.yaml links out of the server's root")
            if _stat(deck_file) is None:
                raise ProtocolError("bad_deck", f"{quoted(name)} is a folder without a deck.yaml; "
                                    f"{_what_to_give()}")
            return Located(deck_file, built=False)
        if path.suffix.lower() in BUILT_SUFFIXES:
            return Located(path, built=True)
        if path.suffix.lower() in DECK_SUFFIXES:
            return Located(path, built=False)
        raise ProtocolError("bad_deck", f"{quoted(name)} is not a deck; {_what_to_give()}")
    if name in bundled:
        return Located(bundled[name] / "deck.yaml", built=False)
    raise ProtocolError("bad_deck", f"no deck called {quoted(name)} under the server's root or among "
                        f"the bundled decks ({', '.join(bundled) or 'none'})")


def _under_root(name: str, root: Path) -> Path | None:
    """`name` (relative to `root`, or absolute) with every link followed, if it stays
    inside `root`. Judged by its spelling first, so a name outside is never looked up."""
    if not name or len(name) > MAX_NAME_CHARS or "\0" in name:
        return None
    spelled = Path(os.path.normpath(root / name))
    if not spelled.is_relative_to(root):
        return None
    real = Path(os.path.realpath(spelled))  # a link inside may point anywhere
    return real if real.is_relative_to(root) else None


def _stat(path: Path) -> os.stat_result | None:
    try:
        return os.stat(path)  # stat, not open: a named pipe does not block it
    except (OSError, ValueError):
        return None


def _what_to_give() -> str:
    return "give a built deck (.json), a deck folder or its deck.yaml, or a bundled deck's name"
