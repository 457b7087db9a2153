"""Profile files: a group's preferences saved as YAML, with the same fields as the flags."""

from __future__ import annotations

from pathlib import Path

from pugdeck.authoring.diagnostics import ERROR, DeckError, Diagnostic
from pugdeck.games.pug_you.filters import Preferences
from pugdeck.authoring.loading import Document, LoadError, load_document
from pugdeck.authoring.schema_checks import message_for, suggest
from pugdeck.schemas import shared_check


def load_profile(path: Path) -> tuple[Preferences, Document]:
    """Read and check a profile; customs paths become relative to the working directory."""
    try:
        doc = load_document(path)
    except LoadError as exc:
        raise DeckError([exc.diagnostic]) from None
    data = doc.data if doc.data is not None else {}
    problems = []
    for error in shared_check("profile").errors(data):
        where = tuple(error.absolute_path)
        if error.validator == "additionalProperties":
            known = error.schema["properties"]
            for key in (k for k in error.instance if k not in known):
                mark = doc.key_mark(where + (key,))
                problems.append(Diagnostic(mark.file, mark.line, mark.column, None, key, ERROR,
                                           f"unknown profile field '{key}'{suggest(key, known)}"))
            continue
        mark = doc.mark(where)
        problems.append(Diagnostic(mark.file, mark.line, mark.column, None,
                                   str(where[0]) if where else None, ERROR, message_for(error)))
    if problems:
        raise DeckError(problems)
    base = path.parent
    prefs = Preferences(
        no_red=data.get("no-red", False), no_yellow=data.get("no-yellow", False),
        no_green=data.get("no-green", False), no_mutts=data.get("no-mutts", False),
        savage=data.get("savage", False), strangers=data.get("strangers", False),
        max_thermometer=data.get("max-thermometer"),
        exclude=tuple(data.get("exclude", ())), exclude_tags=tuple(data.get("exclude-tag", ())),
        only_customs=data.get("only") == "customs", players=data.get("players"),
        blanks=data.get("blanks"), customs=tuple(str(base / c) for c in data.get("customs", ())),
    )
    return prefs, doc
