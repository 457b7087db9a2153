"""The published JSON Schemas (this folder's *.schema.json) and checks against them."""

from __future__ import annotations

from pugdeck.authoring.diagnostics import ERROR, DeckError, Diagnostic
from pugdeck.authoring.schema_checks import message_for, named_schema

MAX_REPORTED = 50  # a wrong file of 10,000 cards need not print 10,000 lines


def validate_built(doc: object, source: str = "<built deck>") -> None:
    """Raise `DeckError` listing every way `doc` breaks the built-deck schema.

    The engine and other readers call this before trusting a built deck. A valid deck is
    confirmed by the compiled fast validator; only an invalid one pays for jsonschema's
    complete, located list of problems.
    """
    problems = []
    for error in named_schema("built").errors(doc):
        path = "/".join(str(p) for p in error.absolute_path)
        card = None
        if len(error.absolute_path) >= 2 and error.absolute_path[0] == "cards":
            item = doc["cards"][error.absolute_path[1]]
            card = item.get("id") if isinstance(item, dict) else None
        problems.append(Diagnostic(source, 0, 0, card, path or None, ERROR,
                                   f"{path or 'document'}: {message_for(error)}"))
    if problems:
        raise DeckError(problems[:MAX_REPORTED])
