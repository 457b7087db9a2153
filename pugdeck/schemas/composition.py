"""The published schemas composed from their parts: a game's file names only itself, the
shared built-deck envelope names no game, and the registry supplies the ids at run time.

So a game registered by another package has its decks and built decks checked with no
edit here (docs/architecture.md, "add a game").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

_DEFS = "#/$defs/"


def with_game_ids(authoring: dict, ids: Sequence[str]) -> dict:
    """A game's authoring schema whose `deck.game` accepts every registered game's id.

    The file lists only its own game (what an editor should offer); every registered id is
    accepted so that a deck naming the wrong game gets one message listing the real ones
    (`'game' must be one of …; did you mean …?`). A schema without `deck.game` is left alone.
    """
    deck = authoring.get("properties", {}).get("deck", {})
    game = deck.get("properties", {}).get("game")
    if game is None:
        return authoring
    game = {**game, "enum": list(ids)}
    deck = {**deck, "properties": {**deck["properties"], "game": game}}
    return {**authoring, "properties": {**authoring["properties"], "deck": deck}}


def compose_built(envelope: dict, parts: Sequence[tuple[str, dict]]) -> dict:
    """The built-deck schema: the shared envelope, `game` one of the parts' ids, and for
    each game "if game is this id then the deck follows this game's part".

    A part is a schema of its own (its `properties` constrain the envelope's `rules`,
    `components`, `cards`; its `$defs` are its shapes). Its `$defs` move into the composed
    schema under the game's prefix (`card-duel` + `card` → `cardDuelCard`), its `$ref`s with
    them, so two games may both call their card `card`.
    """
    ids = [game_id for game_id, _part in parts]
    game = {k: v for k, v in envelope["properties"]["game"].items() if k != "type"}
    properties = {**envelope["properties"], "game": {**game, "enum": ids}}
    branches: list[dict] = []
    defs = dict(envelope.get("$defs", {}))
    for game_id, part in parts:
        names = {name: def_name(game_id, name) for name in part.get("$defs", {})}
        for name, shape in part.get("$defs", {}).items():
            defs[names[name]] = _renamed_refs(shape, names)
        branches.append({
            "if": {"properties": {"game": {"const": game_id,
                                           "description": f"When the deck is a {game_id} deck …"}},
                   "required": ["game"]},
            "then": {"properties": _typed(_renamed_refs(part.get("properties", {}), names), envelope)},
        })
    return {**envelope, "properties": properties, "allOf": branches, "$defs": defs}


def _typed(properties: dict, envelope: dict) -> dict:
    """A part's properties with the envelope's `type` restated beside their keywords
    (`items` with `type: array`): strict validators (ajv's strictTypes) want a keyword's
    type in the schema that uses it, not only in the envelope's branch beside it."""
    shared = envelope.get("properties", {})
    return {name: ({"type": shared[name]["type"], **prop}
                   if isinstance(prop, dict) and "type" not in prop and "type" in shared.get(name, {}) else prop)
            for name, prop in properties.items()}


def def_name(game_id: str, name: str) -> str:
    """A game's shape in the composed schema: `card-duel`'s `card` is `cardDuelCard`."""
    first, *rest = game_id.split("-")
    return "".join([first, *(word.capitalize() for word in rest), name[:1].upper(), name[1:]])


def _renamed_refs(node: Any, names: dict[str, str]) -> Any:
    if isinstance(node, dict):
        return {key: (_DEFS + names[value[len(_DEFS):]] if key == "$ref" and isinstance(value, str)
                      and value.startswith(_DEFS) and value[len(_DEFS):] in names
                      else _renamed_refs(value, names))
                for key, value in node.items()}
    if isinstance(node, list):
        return [_renamed_refs(item, names) for item in node]
    return node
