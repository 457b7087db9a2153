"""The published JSON Schemas, where each comes from, and the checks against them.

- a game's authoring schema: `<game folder>/schemas/authoring.schema.json`, its `deck.game`
  widened to every registered id (`game_schema`);
- the built deck: this folder's `built.schema.json` (the envelope, naming no game) composed
  with each registered game's part, `<game folder>/schemas/built.schema.json` (`built_schema`);
- a profile and a template: this folder's `profile.schema.json`, `template.schema.json`.

Fast validators are generated ahead of time from the files as written, which name no other
game, by `python -m pugdeck.schemas.compiled` (`precompiled_schemas`): the shared ones in
`compiled/`, a game's beside its schemas. So registering a game leaves every generated
module current; a schema without one (a plug-in game's) is compiled at first use. Data a
fast validator refuses is judged again, by jsonschema, against the published schema.
Results are cached per set of registered games, so a game registered later is seen.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from fastjsonschema import JsonSchemaException

from pugdeck.authoring.diagnostics import ERROR, DeckError, Diagnostic
from pugdeck.authoring.schema_checks import (
    Schema,
    SchemaCheck,
    compile_fast,
    file_parts,
    message_for,
    precompiled_path,
)
from pugdeck.games import registry
from pugdeck.games.spec import GameSpec
from pugdeck.schemas.composition import compose_built, with_game_ids
from pugdeck.schemas.publishing import EDITOR_PART, published

HERE = Path(__file__).resolve().parent
SHARED = ("built", "profile", "template")  # schemas no game owns, checked whole
COMPILED = HERE / "compiled"  # the shared schemas' generated validators
GAMES_FOLDER = HERE.parent / "games"  # games shipped with pugdeck, whose validators we generate
MAX_REPORTED = 50  # a wrong file of 10,000 cards need not print 10,000 lines


def _read(path: Path) -> dict:
    with path.open(encoding="utf-8") as f:
        return json.load(f)


def _ids() -> tuple[str, ...]:
    return tuple(registry.game_ids())


def game_schema(game_id: str) -> dict:
    """The authoring schema of the registered game `game_id` (deck.yaml and card files).
    Shared and cached: do not change it."""
    return _game_schema(game_id, _ids())


@cache
def _game_schema(game_id: str, ids: tuple[str, ...]) -> dict:
    return with_game_ids(_game_file(game_id), ids)


def _game_file(game_id: str) -> dict:
    return _read(registry.game(game_id).authoring_schema_path())


def built_schema() -> dict:
    """The built-deck schema for every registered game. Shared and cached: do not change it."""
    return _built_schema(_ids())


@cache
def _built_schema(ids: tuple[str, ...]) -> dict:
    return compose_built(_shared_file("built"), [(game_id, _built_part(game_id)) for game_id in ids])


def _built_part(game_id: str) -> dict:
    # A game without a part still builds; its cards are only checked to be a list.
    path = registry.game(game_id).built_cards_schema_path()
    return _read(path) if path.is_file() else {}


def shared_schema(name: str) -> dict:
    """One of `SHARED`: the composed built-deck schema, or the profile or template schema."""
    if name == "built":
        return built_schema()
    return _shared_file(name)


@cache
def _shared_file(name: str) -> dict:
    return _read(HERE / f"{name}.schema.json")


def published_text(name: str) -> str:
    """What `pugdeck schema --game NAME` prints (a registered game's id or one of `SHARED`):
    the schema as editors read it (schemas/publishing.py), as JSON."""
    if name == "template":  # needs nothing restated (tests/schemas: strict ajv takes it as written)
        return (HERE / f"{name}.schema.json").read_text(encoding="utf-8")
    if name in SHARED:
        schema = published(shared_schema(name))
    else:
        part = registry.game(name).authoring_schema_path().with_name(EDITOR_PART)
        schema = published(game_schema(name), own_game=name, editor_part=part)
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def card_fields(game_id: str) -> list[str]:
    """The fields a card of the game may have, in its authoring schema's order."""
    return list(game_schema(game_id)["$defs"]["card"]["properties"])


def game_check(game_id: str) -> SchemaCheck:
    """The game's authoring schema compiled for checking files, once per process
    (compiling costs more than checking a deck)."""
    return _game_check(game_id, _ids())


@cache
def _game_check(game_id: str, ids: tuple[str, ...]) -> SchemaCheck:
    return SchemaCheck(_game_schema(game_id, ids), "card", precompiled_in=_generated_in(game_id),
                       fast_schema=_game_file(game_id))


def shared_check(name: str) -> Schema:
    """One of `SHARED` compiled for checking, once per process."""
    return _shared_check(name, _ids())


@cache
def _shared_check(name: str, ids: tuple[str, ...]) -> Schema:
    if name == "built":
        return Schema(_built_schema(ids), confirm=_confirm_built(ids))
    return Schema(_shared_file(name), COMPILED / f"{name}.py")


def _confirm_built(ids: tuple[str, ...]) -> Callable[[Any], None]:
    """The composed built schema's fast check, from validators that each name one game or
    none: the envelope, then the part of the game the deck names (compiled when first
    needed: reading one deck compiles no other game's part)."""
    envelope = compile_fast(_shared_file("built"), COMPILED / "built.py")
    parts: dict[str, Callable[[Any], Any] | None] = {}

    def confirm(doc: Any) -> None:
        envelope(doc)  # so `doc` is an object whose `game` is text
        game_id = doc["game"]
        if game_id not in ids:
            raise JsonSchemaException(f"data.game must be one of {list(ids)}")
        if game_id not in parts:
            part = _built_part(game_id)
            parts[game_id] = (compile_fast(part, precompiled_path(_generated_in(game_id), "built"))
                              if part else None)
        if parts[game_id] is not None:
            parts[game_id](doc)

    return confirm


def _generated_in(game_id: str) -> Path:
    return registry.game(game_id).folder / "schemas"


def _shipped(spec: GameSpec) -> bool:
    return spec.folder.resolve().is_relative_to(GAMES_FOLDER)


def precompiled_schemas() -> dict[Path, dict]:
    """Every module `python -m pugdeck.schemas.compiled` writes, by its path, with the schema
    it is generated from: the shared schemas' in `compiled/`, and each game shipped with
    pugdeck its authoring file's parts and its built-deck part, beside its schemas."""
    out: dict[Path, dict] = {}
    for spec in registry.registered().values():
        if not _shipped(spec):
            continue  # a plug-in's folder is not ours to write: compiled at first use
        for part, schema in file_parts(_game_file(spec.id)).items():
            out[precompiled_path(_generated_in(spec.id), part)] = schema
        if built := _built_part(spec.id):
            out[precompiled_path(_generated_in(spec.id), "built")] = built
    for name in SHARED:
        out[COMPILED / f"{name}.py"] = _shared_file(name)
    return out


def clear_caches() -> None:
    """Forget every composed and compiled schema (a test that stubs the compiler calls it)."""
    for cached in (_game_schema, _built_schema, _shared_file, _game_check, _shared_check):
        cached.cache_clear()


def validate_built(doc: object, source: str = "<built deck>") -> None:
    """Raise `DeckError` listing every way `doc` breaks the built-deck schema.

    The engine and other readers call this before trusting a built deck. A valid deck is
    confirmed by the compiled fast validator; only an invalid one pays for jsonschema's
    complete, located list of problems.
    """
    problems = []
    for error in shared_check("built").errors(doc):
        path = "/".join(str(p) for p in error.absolute_path)
        card = None
        if len(error.absolute_path) >= 2 and error.absolute_path[0] == "cards":
            item = doc["cards"][error.absolute_path[1]]
            card = item.get("id") if isinstance(item, dict) else None
            card = card if isinstance(card, str) else None  # a broken id is what is reported
        problems.append(Diagnostic(source, 0, 0, card, path or None, ERROR,
                                   f"{path or 'document'}: {message_for(error)}"))
    if problems:
        raise DeckError(problems[:MAX_REPORTED])
