"""JSON Schema checks that report like a compiler: located, plain-spoken, all at once.

Every game validates its files through `SchemaCheck`. Cards are checked one by one with a
validator compiled once by fastjsonschema (fast, but stops at the first problem); only a card
that fails is re-checked by jsonschema, which lists every problem with its path. A valid
10,000-card deck therefore never pays for jsonschema's slower, exhaustive walk.

Which schema a file follows, and how the published ones are composed, is `pugdeck.schemas`'s
business: this module checks data against the schema it is given.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import json
from collections.abc import Callable, Iterable
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import fastjsonschema

from pugdeck.authoring.slugs import ASCII_SLUG_PATTERN, FORMAT, SLUG_PATTERN, is_slug, slug_message
from pugdeck.core.diagnostics import ERROR, TYPE_NAMES, Diagnostic, describe, shortened

if TYPE_CHECKING:  # types only: checking built JSON (engines) must not load the YAML reader
    from pugdeck.authoring.loading import Document

# The formats our schemas assert beyond what a `pattern` can say, for both validators.
FORMATS = {FORMAT: is_slug}

_UNKNOWN_SHOWN = 5  # unknown keys named in one message; the rest are counted


def suggest(word: str, options: Iterable[str]) -> str:
    """' — did you mean 'x'?' when something close exists, else ''."""
    import difflib  # noqa: PLC0415 (only a deck with a misspelt key needs it)

    # Only text can be close to text: an enum may also allow null (a built card's `level`).
    close = difflib.get_close_matches(word, [o for o in options if isinstance(o, str)], n=1, cutoff=0.6)
    return f"; did you mean '{close[0]}'?" if close else ""


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
        text = f"{subject} must be {' or '.join(TYPE_NAMES.get(w, w) for w in wanted)}, not {describe(value)}"
        # YAML 1.1 reads an unquoted no/yes/on/off as a boolean and 42 as a number.
        if "string" in wanted and isinstance(value, bool):
            return text + "; YAML reads an unquoted yes/no/on/off as true or false: put the text in quotes"
        if "string" in wanted and isinstance(value, (int, float)):
            return text + "; put the text in quotes"
        return text
    if kind == "enum":
        # Only a text option can be close to text: `nominees: two` gets no hint from 1 or 2.
        hint = suggest(value, [d for d in detail if isinstance(d, str)]) if isinstance(value, str) else ""
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
    if (kind == "pattern" and detail == SLUG_PATTERN) or (kind == "format" and detail == FORMAT):
        return slug_message(subject, value, describe(value))
    if kind == "pattern":
        if detail == ASCII_SLUG_PATTERN:
            return (f"{subject} must be a slug (lowercase letters a-z, digits and '-', starting with a "
                    f"letter or digit), not {describe(value)}")
        if detail == "^#[0-9A-Fa-f]{6}$":  # template and back colours
            return f"{subject} must be a colour as #RRGGBB, such as #4A2F5C, not {describe(value)}"
        return f"{subject} has the wrong form: {describe(value)}"
    if kind == "required":
        missing = [k for k in detail if k not in value]
        return f"missing {', '.join(repr(k) for k in missing)}"
    if kind == "uniqueItems":
        return f"{subject} lists the same entry twice"
    if kind in ("maxItems", "minItems"):
        return f"{subject} must have {'at most' if kind == 'maxItems' else 'at least'} {detail} entries"
    if kind == "anyOf" and error.context:
        return message_for(chosen_alternative(error))
    # jsonschema's own words quote the whole value, which may be a 2 MB mapping.
    return shortened(error.message, 200)


def chosen_alternative(error):  # noqa: ANN001, ANN201 (jsonschema's ValidationError)
    """Of a value that fits none of `anyOf`'s alternatives (a descriptive: one text, or its
    two forms), the error of the alternative of the value's own type: "missing 'feminine'"
    for a mapping, not "must be text"."""
    same_type = [e for e in error.context if e.validator != "type"]
    return min(same_type or error.context, key=lambda e: len(e.absolute_path))


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


def compile_fast(schema: dict, precompiled: Path | None = None) -> Callable[[Any], Any]:
    """A fastjsonschema validator for one of our draft 2020-12 schemas; it raises
    `fastjsonschema.JsonSchemaException` on the first problem — callers re-run jsonschema
    for the full, located list.

    `precompiled` is the module generated ahead of time for this schema (`python -m
    pugdeck.schemas.compiled`): compiling at run time costs a build of a small deck a
    quarter of its time. A missing or stale module (a plug-in game's schema, say) is
    compiled here instead, so it costs time, never correctness.
    """
    fast = draft07(schema)
    if precompiled is not None:
        module = _load_module(precompiled)
        if module is not None and getattr(module, "SCHEMA_SHA256", None) == schema_digest(fast):
            # Generated code takes the format checks as an argument; the default is none.
            return functools.partial(module.validate, custom_formats=FORMATS)
    # use_default=False: fastjsonschema would otherwise write defaults into the data.
    return fastjsonschema.compile(fast, use_default=False, formats=FORMATS)


def _load_module(path: Path) -> ModuleType | None:
    """The generated module at `path` (by file: a game's folder need not be a package)."""
    if not path.is_file():
        return None
    spec = importlib.util.spec_from_file_location(f"pugdeck_precompiled_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except ImportError:  # generated by a fastjsonschema we lack
        return None
    return module


def precompiled_path(folder: Path, part: str) -> Path:
    """Where the validator generated for one part of a file's schema lives."""
    return folder / f"compiled_{part}.py"


def file_parts(schema: dict, item_def: str = "card", items_key: str = "cards") -> dict[str, dict]:
    """The schemas `SchemaCheck` validates a file with, by part: "file" (the top level, its
    items emptied) and `item_def` (one item).

    A file is checked item by item; its top level is checked with the list emptied, so the
    top's validator leaves the item schema out (compiling it twice would cost a small deck
    a visible share of its build).
    """
    properties = {**schema["properties"], items_key: {"type": "array"}}
    defs = {k: v for k, v in schema.get("$defs", {}).items() if k != item_def}
    top = {**schema, "properties": properties, "$defs": defs}
    item = {**schema["$defs"][item_def], "$defs": schema["$defs"]}
    return {"file": top, item_def: item}


class Schema:
    """One schema, two validators: a compiled fast one that says yes or no, and jsonschema,
    loaded only for data that fails, to list every problem with its path."""

    def __init__(self, schema: dict, precompiled: Path | None = None, *,
                 confirm: Callable[[Any], Any] | None = None):
        self.schema = schema
        #: raises `fastjsonschema.JsonSchemaException` at the first problem of the data. A
        #: caller may give its own, stricter than `schema` but never more lenient: data it
        #: refuses is judged again by `schema`, data it passes is not.
        self.confirm = confirm or compile_fast(schema, precompiled)
        self._full = None

    def errors(self, data: Any) -> list:
        """Every `jsonschema.ValidationError` of `data`; [] when it is valid."""
        try:
            self.confirm(data)
            return []
        except fastjsonschema.JsonSchemaException:
            pass
        if self._full is None:
            import jsonschema  # noqa: PLC0415 (about 0.1 s to import: only for bad data)

            formats = jsonschema.FormatChecker(formats=())
            for name, test in FORMATS.items():
                formats.checks(name)(test)
            self._full = jsonschema.Draft202012Validator(self.schema, format_checker=formats)
        return _one_per_slug(list(self._full.iter_errors(data)))


def _one_per_slug(errors: list) -> list:
    """The errors without a slug's `pattern` error where its `format` error says the same
    (a value both refuse would be reported twice)."""
    formats = {tuple(e.absolute_path) for e in errors if e.validator == "format"}
    return [e for e in errors if not (e.validator == "pattern" and e.validator_value == SLUG_PATTERN
                                      and tuple(e.absolute_path) in formats)]


class SchemaCheck:
    """A compiled schema for one kind of file, checked item by item for speed.

    `precompiled_in` is the folder of the validators generated for its parts
    (`precompiled_path`); without one, both parts are compiled here. `fast_schema`, when
    given, is what those validators check: a stricter schema (a game's file as written,
    where `schema` is that file as published) whose refusals `schema` judges again."""

    def __init__(self, schema: dict, item_def: str = "card", items_key: str = "cards",
                 precompiled_in: Path | None = None, fast_schema: dict | None = None):
        self.items_key = items_key
        parts = file_parts(schema, item_def, items_key)
        fast = file_parts(fast_schema, item_def, items_key) if fast_schema else parts
        self.top, self.item = (
            Schema(parts[part], confirm=compile_fast(
                fast[part], precompiled_path(precompiled_in, part) if precompiled_in else None))
            for part in ("file", item_def))

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

    def problem_paths(self, doc: Document) -> set[tuple]:
        """Where in the file, outside its items, the schema finds a problem: the paths of the
        values at fault (`("rules", "players", "min")`; `("deck",)` for a key it misses).
        Checks that read a part of a valid-looking file ask whether that part is sound."""
        data = doc.data
        if isinstance(data, dict) and isinstance(data.get(self.items_key), list):
            data = {**data, self.items_key: []}
        return {tuple(error.absolute_path) for error in self.top.errors(data)}

    def _diagnostic(self, doc: Document, base: tuple, error, card: str | None) -> Diagnostic:
        if error.validator == "anyOf" and error.context:
            error = chosen_alternative(error)
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
        words = "; ".join(f"unknown key '{shortened(k)}'{suggest(k, known) or ' (known: ' + ', '.join(known) + ')'}"
                          for k in extras[:_UNKNOWN_SHOWN])
        if len(extras) > _UNKNOWN_SHOWN:
            words += f"; and {len(extras) - _UNKNOWN_SHOWN:,} more unknown keys"
        return Diagnostic(mark.file, mark.line, mark.column, card, first, ERROR, words)

