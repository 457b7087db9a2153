"""The published schemas of the registered games, and the checks against them:

- a game's authoring schema: `<game folder>/schemas/authoring.schema.json`, its `deck.game`
  widened to every registered id (`game_schema`);
- the built deck: the shared envelope (pugdeck/schemas/built.schema.json) composed with each
  registered game's part, `<game folder>/schemas/built.schema.json` (`built_schema`).

The files as written name no other game, so registering a game leaves every generated
validator current (pugdeck/schemas: `precompiled_schemas`); a schema without one (a
plug-in game's) is compiled at first use. Data a fast validator refuses is judged again, by
jsonschema, against the published schema. Results are cached per set of registered games,
so a game registered later is seen. Here, not in pugdeck/schemas, because only the
registry knows the games: the schemas folder stays below every game.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from fastjsonschema import JsonSchemaException

from pugdeck.authoring.schema_checks import Schema, SchemaCheck, compile_fast, message_for, precompiled_path
from pugdeck.core.diagnostics import ERROR, DeckError, Diagnostic
from pugdeck.games import registry
from pugdeck.schemas import COMPILED, SHARED, read_schema, shared_file
from pugdeck.schemas import clear_caches as clear_shared_caches
from pugdeck.schemas.composition import compose_built, with_game_ids

MAX_REPORTED = 50  # a wrong file of 10,000 cards need not print 10,000 lines


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
    return read_schema(registry.game(game_id).authoring_schema_path())


def built_schema() -> dict:
    """The built-deck schema for every registered game. Shared and cached: do not change it."""
    return _built_schema(_ids())


@cache
def _built_schema(ids: tuple[str, ...]) -> dict:
    return compose_built(shared_file("built"), [(game_id, _built_part(game_id)) for game_id in ids])


def _built_part(game_id: str) -> dict:
    # A game without a part still builds; its cards are only checked to be a list.
    path = registry.game(game_id).built_cards_schema_path()
    return read_schema(path) if path.is_file() else {}



def built_check() -> Schema:
    """The built-deck schema of every registered game compiled for checking, once per process."""
    return _built_check(_ids())


@cache
def _built_check(ids: tuple[str, ...]) -> Schema:
    return Schema(_built_schema(ids), confirm=_confirm_built(ids))


def _confirm_built(ids: tuple[str, ...]) -> Callable[[Any], None]:
    """The composed built schema's fast check, from validators that each name one game or
    none: the envelope, then the part of the game the deck names (compiled when first
    needed: reading one deck compiles no other game's part)."""
    envelope = compile_fast(shared_file("built"), COMPILED / "built.py")
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


def shared_schema(name: str) -> dict:
    """One of `SHARED`: the composed built-deck schema, or the profile or template schema."""
    return built_schema() if name == "built" else shared_file(name)


def published_text(name: str) -> str:
    """What `pugdeck schema --game NAME` prints (a registered game's id or one of `SHARED`):
    a composed schema as JSON, a shared file that needs no composing as it is written."""
    if name in SHARED[1:]:
        return (COMPILED.parent / f"{name}.schema.json").read_text(encoding="utf-8")
    schema = built_schema() if name == "built" else game_schema(name)
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



def _generated_in(game_id: str) -> Path:
    return registry.game(game_id).folder / "schemas"



def clear_caches() -> None:
    """Forget every composed and compiled schema (a test that stubs the compiler calls it)."""
    for cached in (_game_schema, _built_schema, _game_check, _built_check):
        cached.cache_clear()
    clear_shared_caches()



def validate_built(doc: object, source: str = "<built deck>") -> None:
    """Raise `DeckError` listing every way `doc` breaks the built-deck schema.

    The engine and other readers call this before trusting a built deck. A valid deck is
    confirmed by the compiled fast validator; only an invalid one pays for jsonschema's
    complete, located list of problems.
    """
    problems = []
    for error in built_check().errors(doc):
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
