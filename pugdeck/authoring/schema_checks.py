"""JSON Schema checks that report like a compiler: located, plain-spoken, all at once.

Every game validates its files through `SchemaCheck`. Cards are checked one by one with a
validator compiled once by fastjsonschema (fast, but stops at the first problem); only a card
that fails is re-checked by jsonschema, which lists every problem with its path. A valid
10,000-card deck therefore never pays for jsonschema's slower, exhaustive walk.
"""

from __future__ import annotations

import hashlib
import importlib
import json
from functools import lru_cache
from typing import Any, Iterable

import fastjsonschema

from pugdeck.authoring.diagnostics import ERROR, Diagnostic
from pugdeck.authoring.loading import Document
from pugdeck.resources import schema_path

_TYPE_NAMES = {
    "string": "text", "integer": "a whole number", "number": "a number", "boolean": "true or false",
    "array": "a list", "object": "a mapping", "null": "empty (null)",
}


@lru_cache(maxsize=None)
def load_schema(name: str) -> dict:
    """A schema shipped in `pugdeck/schemas/`, or a registered game's authoring schema."""
    path = schema_path(name)
    if not path.is_file():
        from pugdeck.games.registry import game  # noqa: PLC0415 (only for a game's schema)

        path = game(name).authoring_schema_path()
    with path.open(encoding="utf-8") as f:
        return json.load(f)


def card_fields(schema_name: str) -> list[str]:
    """The fields a card of a game's authoring schema may have, in the schema's order."""
    return list(load_schema(schema_name)["$defs"]["card"]["properties"])


def suggest(word: str, options: Iterable[str]) -> str:
    """' — did you mean 'x'?' when something close exists, else ''."""
    import difflib  # noqa: PLC0415 (only a deck with a misspelt key needs it)

    close = difflib.get_close_matches(word, list(options), n=1, cutoff=0.6)
    return f"; did you mean '{close[0]}'?" if close else ""


def describe(value: Any) -> str:
    """How a wrong value reads in a message: its type and (short) text."""
    kind = _TYPE_NAMES.get(_json_type(value), type(value).__name__)
    if isinstance(value, (dict, list)):
        return kind
    shown = json.dumps(value, ensure_ascii=False)
    return f"{kind} {shown[:40] + '…' if len(shown) > 40 else shown}"


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object" if isinstance(value, dict) else type(value).__name__


def _field_name(path: tuple) -> str:
    names = [str(p) for p in path if isinstance(p, str)]
    return names[-1] if names else ""


def message_for(error) -> str:
    """A jsonschema error in words a deck author understands."""
    name = _field_name(tuple(error.absolute_path))
    subject = f"'{name}'" if name else "this value"
    kind, detail, value = error.validator, error.validator_value, error.instance
    if kind == "type":
        wanted = detail if isinstance(detail, list) else [detail]
        text = f"{subject} must be {' or '.join(_TYPE_NAMES.get(w, w) for w in wanted)}, not {describe(value)}"
        # YAML 1.1 reads an unquoted no/yes/on/off as a boolean and 42 as a number.
        if "string" in wanted and isinstance(value, bool):
            return text + "; YAML reads an unquoted yes/no/on/off as true or false: put the text in quotes"
        if "string" in wanted and isinstance(value, (int, float)):
            return text + "; put the text in quotes"
        return text
    if kind == "enum":
        hint = suggest(value, detail) if isinstance(value, str) else ""
        return f"{subject} must be one of {', '.join(map(str, detail))}, not {describe(value)}{hint}"
    if kind in ("minimum", "maximum"):
        schema = error.schema
        if "minimum" in schema and "maximum" in schema:
            return f"{subject} must be from {schema['minimum']} to {schema['maximum']}, not {value}"
        return f"{subject} must be at {'least' if kind == 'minimum' else 'most'} {detail}, not {value}"
    if kind == "minLength":
        return f"{subject} is empty; write something or remove the key"
    if kind == "maxLength":
        return f"{subject} is {len(value)} characters long; the limit is {detail}"
    if kind == "pattern":
        return (f"{subject} must be a slug (lowercase letters, digits and '-', starting with a letter "
                f"or digit), not {describe(value)}") if "a-z0-9" in detail else f"{subject} has the wrong form: {describe(value)}"
    if kind == "required":
        missing = [k for k in detail if k not in value]
        return f"missing {', '.join(repr(k) for k in missing)}"
    if kind == "uniqueItems":
        return f"{subject} lists the same entry twice"
    if kind in ("maxItems", "minItems"):
        return f"{subject} must have {'at most' if kind == 'maxItems' else 'at least'} {detail} entries"
    return error.message


def draft07(schema: dict) -> dict:
    """One of our draft 2020-12 schemas as fastjsonschema (which speaks draft-07) reads it.

    Our schemas use only keywords that mean the same in both drafts, once `$defs` refs are
    rewritten to draft-07 `definitions`.
    """
    fast = json.loads(json.dumps(schema).replace("#/$defs/", "#/definitions/"))
    fast["definitions"] = fast.pop("$defs", {})
    fast.pop("$schema", None)
    return fast


def schema_digest(fast: dict) -> str:
    """What a precompiled validator was generated from, to tell a stale one."""
    return hashlib.sha256(json.dumps(fast, sort_keys=True).encode()).hexdigest()


def compile_fast(schema: dict, name: str | None = None):
    """A fastjsonschema validator for one of our draft 2020-12 schemas; it raises
    `fastjsonschema.JsonSchemaException` on the first problem — callers re-run jsonschema
    for the full, located list.

    A schema the package ships (`name`, see `shipped_schemas`) has its validator generated
    ahead of time in `pugdeck/schemas/compiled/`: compiling at run time costs a build of a
    small deck a quarter of its time. A missing or stale module is compiled here instead.
    """
    fast = draft07(schema)
    if name is not None:
        try:
            module = importlib.import_module(f"pugdeck.schemas.compiled.{name}")
        except ImportError:  # not generated, or generated by a fastjsonschema we lack
            module = None
        if module is not None and module.SCHEMA_SHA256 == schema_digest(fast):
            return module.validate
    # use_default=False: fastjsonschema would otherwise write defaults into the data.
    return fastjsonschema.compile(fast, use_default=False)


def split_schema(schema: dict, item_def: str, items_key: str = "cards") -> tuple[dict, dict]:
    """A file's schema as (top level with its items emptied, one item).

    A file is checked item by item; its top level is checked with the list emptied, so the
    top's validator leaves the item schema out (compiling it twice would cost a small deck
    a visible share of its build).
    """
    properties = {**schema["properties"], items_key: {"type": "array"}}
    defs = {k: v for k, v in schema.get("$defs", {}).items() if k != item_def}
    top = {**schema, "properties": properties, "$defs": defs}
    item = {**schema["$defs"][item_def], "$defs": schema["$defs"]}
    return top, item


def _game_schemas() -> list[str]:
    """Every registered game's authoring schema, checked file by file with `SchemaCheck`."""
    from pugdeck.games.registry import game_ids  # noqa: PLC0415 (only to generate validators)

    return game_ids()
WHOLE_SCHEMAS = ("built", "profile", "template")  # checked whole with `named_schema`


def module_name(schema_name: str, part: str = "") -> str:
    return "_".join(filter(None, (schema_name.replace("-", "_"), part)))


def shipped_schemas() -> dict[str, dict]:
    """Every schema the package validates with, by the name of its precompiled module."""
    out = {}
    for game in _game_schemas():
        top, item = split_schema(load_schema(game), "card")
        out[module_name(game, "file")] = top
        out[module_name(game, "card")] = item
    for name in WHOLE_SCHEMAS:
        out[module_name(name)] = load_schema(name)
    return out


class Schema:
    """One schema, two validators: a compiled fast one that says yes or no, and jsonschema,
    loaded only for data that fails, to list every problem with its path."""

    def __init__(self, schema: dict, name: str | None = None):
        self.schema = schema
        self._is_valid = compile_fast(schema, name)
        self._full = None

    def errors(self, data: Any) -> list:
        """Every `jsonschema.ValidationError` of `data`; [] when it is valid."""
        try:
            self._is_valid(data)
            return []
        except fastjsonschema.JsonSchemaException:
            pass
        if self._full is None:
            import jsonschema  # noqa: PLC0415 (about 0.1 s to import: only for bad data)

            self._full = jsonschema.Draft202012Validator(self.schema)
        return list(self._full.iter_errors(data))


@lru_cache(maxsize=None)
def named_schema(name: str) -> Schema:
    """A shipped schema, compiled once per process."""
    return Schema(load_schema(name), module_name(name))


class SchemaCheck:
    """A compiled schema for one kind of file, checked item by item for speed."""

    def __init__(self, schema_name: str, item_def: str, items_key: str = "cards"):
        self.items_key = items_key
        top, item = split_schema(load_schema(schema_name), item_def, items_key)
        self.top = Schema(top, module_name(schema_name, "file"))
        self.item = Schema(item, module_name(schema_name, item_def))

    def check(self, doc: Document, item_id=lambda item: None) -> list[Diagnostic]:
        """Diagnostics for a whole file: its top level, then each item."""
        data = doc.data
        out: list[Diagnostic] = []
        top = data
        items = None
        if isinstance(data, dict) and isinstance(data.get(self.items_key), list):
            items = data[self.items_key]
            top = {**data, self.items_key: []}
        for error in self.top.errors(top):
            out.append(self._diagnostic(doc, (), error, None))
        for index, item in enumerate(items or ()):
            for error in self.item.errors(item):
                out.append(self._diagnostic(doc, (self.items_key, index), error, item_id(item)))
        return out

    def _diagnostic(self, doc: Document, base: tuple, error, card: str | None) -> Diagnostic:
        path = base + tuple(error.absolute_path)
        if error.validator == "additionalProperties":
            return self._unknown_keys(doc, path, error, card)
        mark = doc.mark(path)
        return Diagnostic(mark.file, mark.line, mark.column, card, _field_name(path) or None,
                          ERROR, message_for(error))

    def _unknown_keys(self, doc: Document, path: tuple, error, card: str | None) -> Diagnostic:
        known = error.schema.get("properties", {})
        extras = [k for k in error.instance if k not in known]
        first = extras[0]
        mark = doc.key_mark(path + (first,))
        words = "; ".join(f"unknown key '{k}'{suggest(k, known) or ' (known: ' + ', '.join(known) + ')'}"
                          for k in extras)
        return Diagnostic(mark.file, mark.line, mark.column, card, first, ERROR, words)



@lru_cache(maxsize=None)
def schema_check(schema_name: str, item_def: str = "card") -> SchemaCheck:
    """A game's authoring schema, compiled once per process (compiling costs more than
    checking a deck)."""
    return SchemaCheck(schema_name, item_def)
