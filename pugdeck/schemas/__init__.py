"""The shared JSON Schemas and their generated validators; no game is named here.

- the built deck's envelope (`built.schema.json`, naming no game), the profile and the
  template (`profile.schema.json`, `template.schema.json`), read by `shared_file`;
- how a published schema is composed from a game's parts (`composition.py`);
- the validators generated ahead of time from the files as written, by `python -m
  pugdeck.schemas.compiled` (`precompiled_schemas`): the shared ones in `compiled/`, each
  game shipped in pugdeck/games/ beside its schemas.

Which games are registered, and so the published schemas of their decks and of the built
deck, is the registry's business: games/game_schemas.py composes them from these parts.
This folder sits below the games, so a game's checks and engine may use it.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from pugdeck.authoring.schema_checks import Schema, file_parts, precompiled_path

HERE = Path(__file__).resolve().parent
SHARED = ("built", "profile", "template")  # schemas no game owns, checked whole
COMPILED = HERE / "compiled"  # the shared schemas' generated validators
GAMES_FOLDER = HERE.parent / "games"  # games shipped with pugdeck, whose validators we generate


def read_schema(path: Path) -> dict:
    with path.open(encoding="utf-8") as f:
        return json.load(f)


@cache
def shared_file(name: str) -> dict:
    """One of `SHARED` as written (the built deck's: the envelope, before any game's part).
    Shared and cached: do not change it."""
    return read_schema(HERE / f"{name}.schema.json")


@cache
def shared_check(name: str) -> Schema:
    """The profile or the template schema compiled for checking, once per process (the
    built deck's, composed with the games' parts: games/game_schemas.py)."""
    return Schema(shared_file(name), COMPILED / f"{name}.py")


def shipped_schema_folders() -> list[Path]:
    """The `schemas/` folder of each game shipped in pugdeck/games/ (one with an authoring
    schema): the folders whose validators `python -m pugdeck.schemas.compiled` writes. A
    plug-in's folder is not ours to write: its schemas are compiled at first use."""
    return sorted(folder / "schemas" for folder in GAMES_FOLDER.iterdir()
                  if (folder / "schemas" / "authoring.schema.json").is_file())


def precompiled_schemas() -> dict[Path, dict]:
    """Every module `python -m pugdeck.schemas.compiled` writes, by its path, with the schema
    it is generated from: the shared schemas' in `compiled/`, and for each game shipped with
    pugdeck its authoring file's parts and its built-deck part, beside its schemas."""
    out: dict[Path, dict] = {}
    for folder in shipped_schema_folders():
        for part, schema in file_parts(read_schema(folder / "authoring.schema.json")).items():
            out[precompiled_path(folder, part)] = schema
        built = folder / "built.schema.json"
        if built.is_file():
            out[precompiled_path(folder, "built")] = read_schema(built)
    for name in SHARED:
        out[COMPILED / f"{name}.py"] = shared_file(name)
    return out


def clear_caches() -> None:
    """Forget the shared schemas read and compiled (games/game_schemas.py clears these too)."""
    for cached in (shared_file, shared_check):
        cached.cache_clear()
