"""What every game's deck has in common: deck.yaml's `deck:` block, the input files, and
card problems located in them. Each game's `model` and `checks` build on these."""

# No `from __future__ import annotations`: it makes NamedTuples dearer (render/shapes.py).

from typing import NamedTuple

from pugdeck.authoring.diagnostics import ERROR, Diagnostic
from pugdeck.authoring.loading import Document, LoadedDeck, SourceCard
from pugdeck.authoring.schema_checks import SchemaCheck


class DeckInfo(NamedTuple):  # not a dataclass: see render/shapes.py
    """The `deck:` block of deck.yaml, defaults filled in (the template: the game's own)."""

    id: str
    name: str
    game: str
    version: str = "1.0.0"
    language: str = "en"
    template: str = ""
    # deck.yaml's `strings:`: fixed texts the deck restates over its template's (render/strings.py)
    strings: tuple[tuple[str, str], ...] = ()

    @classmethod
    def from_yaml(cls, block: dict, game: str, strings: dict | None = None) -> "DeckInfo":
        return cls(**{"game": game, "template": game, **block,
                      "strings": tuple((strings or {}).items())})

    def as_json(self) -> dict:
        """The built deck's `deck` block (`strings` only when the deck restates any)."""
        out = {"id": self.id, "name": self.name, "version": self.version,
               "language": self.language, "template": self.template}
        if self.strings:
            out["strings"] = dict(self.strings)
        return out


class SourceFile(NamedTuple):  # not a dataclass: see render/shapes.py
    """One input file of the deck and the sha256 of its bytes."""

    path: str  # relative to the deck folder, '/'-separated
    sha256: str


def sources_of(loaded: LoadedDeck) -> tuple[SourceFile, ...]:
    return tuple(SourceFile(doc.path.relative_to(loaded.folder).as_posix(), doc.sha256)
                 for doc in loaded.documents)


def card_id_of(item) -> str | None:
    """A card's id if it has a usable one (for messages about a card that is otherwise broken)."""
    value = item.get("id") if isinstance(item, dict) else None
    return value if isinstance(value, str) else None


def located(source: SourceCard, field: str | tuple, message: str, severity: str = ERROR,
            key: bool = False) -> Diagnostic:
    """A problem with a card's field (a name, or a path into it), at its value or its key."""
    path = field if isinstance(field, tuple) else (field,)
    where = source.path + path
    mark = source.doc.key_mark(where) if key else source.doc.mark(where)
    name = next((p for p in reversed(path) if isinstance(p, str)), None)
    return Diagnostic(mark.file, mark.line, mark.column, source.id, name, severity, message)


def file_role(doc: Document, is_root: bool) -> list[Diagnostic]:
    """deck.yaml says what the deck is; included files only hold cards."""
    data = doc.data
    if not isinstance(data, dict):
        return []
    out = []
    if is_root and "deck" not in data:
        mark = doc.mark(())
        out.append(Diagnostic(mark.file, mark.line, mark.column, None, "deck", ERROR,
                              "deck.yaml needs a 'deck:' block with id, name and game"))
    for key in ("deck", "strings", "rules"):
        if not is_root and key in data:
            mark = doc.key_mark((key,))
            out.append(Diagnostic(mark.file, mark.line, mark.column, None, key, ERROR,
                                  f"'{key}:' belongs in deck.yaml, not in an included card file"))
    return out


def check_files(loaded: LoadedDeck, schema: SchemaCheck) -> list[Diagnostic]:
    """What loading found, then every file against the game's schema and its role."""
    diagnostics = list(loaded.diagnostics)
    for doc in loaded.documents:
        diagnostics += schema.check(doc, item_id=card_id_of)
        diagnostics += file_role(doc, is_root=doc is loaded.root)
    return diagnostics
