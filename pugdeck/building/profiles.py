"""Profile files: a group's parameters saved as YAML, one field per flag (`no-red: true`).

The profile schema is derived from the parameter declarations (`profile_schema`); the copy
shipped as pugdeck/schemas/profile.schema.json, for editors and `pugdeck schema`, is written
by `python -m pugdeck.building.parameter_docs` and a test fails when it is out of date.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from pugdeck.authoring.loading import Document, LoadError, display_path, inside_folder, load_document
from pugdeck.authoring.schema_checks import Schema, message_for, suggest
from pugdeck.authoring.slugs import FORMAT as SLUG_FORMAT
from pugdeck.building.parameters import all_parameters, game_parameters, not_taken
from pugdeck.core.diagnostics import ERROR, DeckError, Diagnostic, shortened
from pugdeck.games.parameters import CHOICE, FILE, FLAG, INT, SLUG, TEXT, Parameter
from pugdeck.games.registry import registered
from pugdeck.games.spec import GameSpec
from pugdeck.inputs import YAML_SUFFIXES, named_with
from pugdeck.schemas import COMPILED

_ID = "https://pugdeck.invalid/schemas/profile.schema.json"


def profile_schema(games: Iterable[GameSpec] | None = None) -> dict:
    """The JSON Schema of a profile file: a field for each parameter of the games (default:
    the registered ones) and a `description`."""
    properties: dict[str, Any] = {"description": {
        "description": "What this profile is for, in a sentence.", "type": "string", "maxLength": 300}}
    for parameter in all_parameters(games):
        if parameter.in_profile:
            properties[parameter.profile_key] = _field(parameter)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": _ID,
        "title": "pugdeck group profile",
        "description": "A group's preferences, the same fields as the flags of `pugdeck build` "
                       "(--profile FILE). Flags given on the command line add to the profile.",
        "type": "object",
        "additionalProperties": False,
        "properties": properties,
    }


def described(parameter: Parameter) -> str:
    """The parameter in words for a reader of the docs or of a profile: its help without the
    notes --help needs (the value's form says it repeats), the default and the detail."""
    words, _, default = parameter.help.replace(" (repeatable)", "").partition(" [default: ")
    words = words.rstrip(".") + "."
    if default:
        words += f" Default: {default.rstrip('].')}."
    if parameter.kind == FILE and parameter.in_profile:
        words += " In a profile, relative to the profile file and inside its folder."
    return f"{words} {parameter.detail}".strip()


def _field(parameter: Parameter) -> dict:
    field: dict[str, Any] = {"description": described(parameter)}
    if parameter.kind == FLAG:
        field["type"] = "boolean"
    elif parameter.kind == INT:
        field.update(type="integer", minimum=parameter.minimum, maximum=parameter.maximum)
    elif parameter.kind == CHOICE:
        field["enum"] = list(parameter.choices)
    else:
        one: dict[str, Any] = {"type": "string"}
        if parameter.kind == TEXT and parameter.pattern:
            one["pattern"] = parameter.pattern
            if parameter.pattern == SLUG:  # the rest of the rule, which a pattern cannot say
                one["format"] = SLUG_FORMAT
        if parameter.kind == FILE:
            one["minLength"] = 1
        if parameter.item:
            one["description"] = parameter.item
        if not parameter.repeatable:
            return {**field, **one}
        field.update(type="array", items=one)
        if parameter.kind == TEXT:
            field["uniqueItems"] = True
    return field


def load_profile(path: Path, spec: GameSpec) -> tuple[dict[str, Any], Document]:
    """The parameters a profile gives (by name), checked for the deck's game, and the file;
    file paths in it become relative to the working directory.

    A profile is a YAML file, and one that is not is refused unread. The files it names
    must be in its own folder or below it: a profile from someone else cannot make a build
    read (and quote) a file elsewhere.
    """
    if not named_with(path, YAML_SUFFIXES):
        raise DeckError([Diagnostic(display_path(path), 0, 0, None, None, ERROR,
                                    "not a profile: a profile is a YAML file ending in .yaml or "
                                    ".yml; this file was not read")])
    try:
        doc = load_document(path)
    except LoadError as exc:
        raise DeckError([exc.diagnostic]) from None
    data = doc.data if doc.data is not None else {}
    problems = _schema_problems(doc, data)
    by_key = {p.profile_key: p for p in all_parameters() if p.in_profile}
    taken = {p.profile_key for p in game_parameters(spec)}
    values: dict[str, Any] = {}
    for key, value in (data.items() if isinstance(data, dict) and not problems else ()):
        parameter = by_key.get(key)
        if parameter is None:  # the description
            continue
        if key not in taken:
            mark = doc.key_mark((key,))
            problems.append(Diagnostic(mark.file, mark.line, mark.column, None, key, ERROR,
                                       not_taken(spec, parameter.name, as_profile_key=True)))
        elif parameter.kind == FILE:
            entries = list(enumerate(value)) if parameter.repeatable else [(None, value)]
            problems += _outside(doc, key, parameter, entries)
            files = tuple(str(path.parent / v) for _, v in entries)
            values[parameter.name] = files if parameter.repeatable else files[0]
        else:
            values[parameter.name] = tuple(value) if parameter.repeatable else value
    if problems:
        raise DeckError(problems)
    return values, doc


def located_in_profile(diagnostics: Iterable[Diagnostic], doc: Document,
                       flags: Mapping[str, Any]) -> list[Diagnostic]:
    """A refusal of a value the profile gave (an `exclude-tag` no card has, too many
    `players`) points at that value in the profile, not at a flag nobody typed.

    The game reports such a problem as a flag's (no file, `field` the parameter's key); it
    stays so when the command line gave the value too.
    """
    by_key = {p.profile_key: p for p in all_parameters() if p.in_profile}
    data = doc.data if isinstance(doc.data, dict) else {}
    out = []
    for d in diagnostics:
        parameter = by_key.get(d.field or "")
        if d.file or parameter is None or d.field not in data:
            out.append(d)
            continue
        value, flagged = data[d.field], flags.get(parameter.name)
        path: tuple = (d.field,)
        if isinstance(value, list):
            named = [i for i, v in enumerate(value) if f"'{v}'" in d.message]
            if not named or value[named[0]] in (flagged or ()):
                out.append(d)
                continue
            path = (d.field, named[0])
        elif flagged is not None and flagged != parameter.default:
            out.append(d)
            continue
        mark = doc.mark(path)
        message = d.message
        if message.startswith(parameter.flag):  # "--exclude-tag: …" → "exclude-tag: …"
            message = d.field + message[len(parameter.flag):]
        out.append(Diagnostic(mark.file, mark.line, mark.column, d.card, d.field, d.severity, message))
    return out


def _outside(doc: Document, key: str, parameter: Parameter,
             entries: list[tuple[int | None, str]]) -> list[Diagnostic]:
    """A problem for each file named at `key` that is not inside the profile's folder (an
    absolute path, `..`, or a link that leads out), located at the value."""
    folder = doc.path.parent.resolve()
    problems = []
    for index, entry in entries:
        if inside_folder(folder, entry) is not None:
            continue
        mark = doc.mark((key,) if index is None else (key, index))
        shown = entry if len(entry) <= 60 else entry[:60] + "…"
        problems.append(Diagnostic(mark.file, mark.line, mark.column, None, key, ERROR,
                                   f"'{shown}' is outside the profile's folder; a profile names only "
                                   f"files in its own folder or below it (give another file with "
                                   f"{parameter.flag} on the command line)"))
    return problems


@lru_cache(maxsize=2)
def _profile_check(game_ids: tuple[str, ...]) -> Schema:
    """The schema for the registered games; while they are the shipped ones, its validator
    is the precompiled one (pugdeck/schemas/compiled/profile.py)."""
    return Schema(profile_schema(), COMPILED / "profile.py")


def _schema_problems(doc: Document, data: Any) -> list[Diagnostic]:
    problems = []
    for error in _profile_check(tuple(registered())).errors(data):
        where = tuple(error.absolute_path)
        if error.validator == "additionalProperties":
            known = error.schema["properties"]
            for key in (k for k in error.instance if k not in known):
                mark = doc.key_mark(where + (key,))
                problems.append(Diagnostic(mark.file, mark.line, mark.column, None, key, ERROR,
                                           f"unknown profile field '{shortened(key, 80)}'{suggest(key, known)}"))
            continue
        mark = doc.mark(where)
        problems.append(Diagnostic(mark.file, mark.line, mark.column, None,
                                   str(where[0]) if where else None, ERROR, message_for(error)))
    return problems
