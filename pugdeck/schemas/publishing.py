"""The schemas as editors and other tools read them (`pugdeck schema`, the files `init`
writes beside a deck): the checked schema, restated in what every JSON Schema tool knows.

pugdeck checks a slug with its own `"format": "slug"` (authoring/slugs.py) behind a lenient
`pattern` that Python's `re` can read. An editor's validator (ajv, with the `u` flag, or
check-jsonschema) knows no such format, and strict ajv refuses the schema for it. So the
published schema drops the format and says the rule as an ECMA-262 pattern with Unicode
property classes, which those tools run. A game may add what its game checks judge but its
checked schema leaves out, for editors to see too (kind-dependent fields as `if`/`then`):
`editor.schema.json` beside its authoring schema, merged in here. A game's own schema offers
only its own id as `deck.game`, the one value an editor should complete.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pugdeck.authoring.slugs import FORMAT, SLUG_PATTERN

# A letter that lowercasing leaves as it is (a lowercase letter, a letter of a script
# without case, a capital with no small form such as ℌ), or a decimal digit of any script.
_LETTER_OR_DIGIT = r"(?:(?!\p{Changes_When_Lowercased})\p{L}|\p{Nd})"
# The slug rule (authoring/slugs.py) in ECMA-262 with the `u` flag: a letter or digit first;
# then letters, digits, marks, and '-' runs each followed by a letter or digit (a mark never
# follows '-'); '-' may end it. NFC is the one part no pattern can say (pugdeck reads NFC).
UNICODE_SLUG_PATTERN = f"^{_LETTER_OR_DIGIT}(?:{_LETTER_OR_DIGIT}|\\p{{M}}|-+{_LETTER_OR_DIGIT})*-*$"
EDITOR_PART = "editor.schema.json"


def published(schema: dict, own_game: str | None = None, editor_part: Path | None = None) -> dict:
    """`schema` as published: every slug said as `UNICODE_SLUG_PATTERN` without the custom
    format, `deck.game` only `own_game` (when given), and the game's editor part merged in."""
    out = _portable(schema)
    if editor_part is not None and editor_part.is_file():
        out = _merged(out, json.loads(editor_part.read_text(encoding="utf-8")))
    game = out.get("properties", {}).get("deck", {}).get("properties", {}).get("game")
    if own_game is not None and isinstance(game, dict) and "enum" in game:
        game["enum"] = [own_game]
    return out


def _portable(node: Any) -> Any:
    if isinstance(node, dict):
        out = {key: _portable(value) for key, value in node.items()}
        if out.get("format") == FORMAT:
            del out["format"]
            if out.get("pattern") == SLUG_PATTERN:
                out["pattern"] = UNICODE_SLUG_PATTERN
        return out
    if isinstance(node, list):
        return [_portable(item) for item in node]
    return node


def _merged(base: Any, part: Any) -> Any:
    """`part` laid over `base`: mappings merged key by key, anything else replaced."""
    if isinstance(base, dict) and isinstance(part, dict):
        return {**base, **{key: _merged(base[key], value) if key in base else value
                           for key, value in part.items()}}
    return part
