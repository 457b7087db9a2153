"""The built deck: its envelope (docs/architecture.md), its byte-stable serialisation, and
`Built`, the built deck in memory that building hands to printing and the exports."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pugdeck import __version__

FORMAT = "pugdeck-deck"
FORMAT_VERSION = 1


def source_block(files: list[tuple[str, str, str]]) -> dict:
    """`source` from (role, path, sha256) triples, with one fingerprint over all of them."""
    digest = hashlib.sha256()
    for role, path, sha in files:
        digest.update(f"{role}\0{path}\0{sha}\n".encode())
    return {"files": [{"path": path, "role": role, "sha256": sha} for role, path, sha in files],
            "sha256": digest.hexdigest()}


def built_doc(*, game: str, name: str, deck: dict, rules: dict, filters: dict, source: dict,
              checked: dict, components: list, cards: list) -> dict:
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "generator": f"pugdeck {__version__}",
        "game": game,
        "name": name,
        "deck": deck,
        "rules": rules,
        "filters": filters,
        "source": source,
        "checked": checked,
        "components": components,
        "cards": cards,
    }


def dumps(doc: dict) -> bytes:
    """The file's bytes: UTF-8, key order as built, final newline.

    Two-space indent, except that each card (and component) sits on one line: a diff then
    shows one line per changed card, and json's C encoder (which `indent` turns off) does
    the bulk of the work, 3× faster on a 10,000-card deck. The bytes are made in pieces and
    joined once: building the text whole and then encoding it held four copies of it at
    once, the peak of a 10,000-card build's memory.
    """
    pieces = [b"{\n"]
    for n, (key, value) in enumerate(doc.items()):
        if n:
            pieces.append(b",\n")
        pieces.append(f"  {json.dumps(key)}: ".encode())
        if key in _ONE_PER_LINE and isinstance(value, list) and value:
            pieces.append(b"[\n    ")
            pieces += [(b",\n    " if i else b"") + _ONE_LINE.encode(item).encode()
                       for i, item in enumerate(value)]
            pieces.append(b"\n  ]")
        else:
            pieces.append(json.dumps(value, indent=2, ensure_ascii=False).replace("\n", "\n  ").encode())
    pieces.append(b"\n}\n")
    return b"".join(pieces)


_ONE_PER_LINE = ("cards", "components")
_ONE_LINE = json.JSONEncoder(ensure_ascii=False)  # reused: json.dumps builds one per call


ENVELOPE = ("format", "format_version", "game", "name", "deck", "rules", "filters", "source",
            "checked", "components", "cards")  # every key `built_doc` writes but `generator`


@dataclass(frozen=True)
class Built:
    """A built deck in memory: the JSON document and what printing needs besides it.

    The contract every consumer relies on: `doc` has every key of `ENVELOPE` (`deck` and
    `rules` mappings, `cards` and `components` lists), which is checked once, here, so
    printing and the exports read it through the accessors below without defending each
    key again. A game's `build_deck` makes it with `built_doc`; a document read from a file
    is checked against the built-deck schema before it is trusted (games/engine_input.py).
    """

    doc: dict
    name: str
    folder: Path  # the deck folder: `art:` paths are relative to it
    blanks: int = 0  # blank customs to print; they are never in `doc`
    # The blanks' own ids, in print order (`en-blanco-1`), so the page and the manifests
    # name a blank as its deck does; a printed blank past them is `blank-<n>`.
    blank_ids: tuple[str, ...] = ()
    summary: str = ""
    warnings: list[str] = field(default_factory=list)
    diagnostics: list = field(default_factory=list)  # validation warnings (Diagnostics)
    # card id → where it was written, to locate problems found while drawing
    origins: Mapping[str, Any] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        problem = envelope_problem(self.doc)
        if problem:
            raise TypeError(f"not a built deck: {problem} (make it with core.built_deck.built_doc)")

    @property
    def game(self) -> str:
        """The id of the game that plays and prints it."""
        return self.doc["game"]

    @property
    def deck(self) -> dict:
        """The `deck` block: id, name, version, language, template, any backs and strings."""
        return self.doc["deck"]

    @property
    def template(self) -> str | None:
        """The template the deck names (None: its game's default)."""
        return self.deck.get("template")

    @property
    def title(self) -> str:
        """What people call the deck: its `deck.name`, else the built deck's name."""
        return self.deck.get("name") or self.name

    @property
    def rules(self) -> dict:
        return self.doc["rules"]

    @property
    def cards(self) -> list[dict]:
        """One mapping per physical card, copies expanded."""
        return self.doc["cards"]

    @property
    def components(self) -> list[dict]:
        return self.doc["components"]


def envelope_problem(doc: object) -> str | None:
    """What keeps `doc` from being a built deck's envelope, in words; None when nothing does."""
    if not isinstance(doc, dict):
        return f"a {type(doc).__name__}, not a mapping"
    missing = [key for key in ENVELOPE if key not in doc]
    if missing:
        return f"it lacks {', '.join(missing)}"
    for key, kind in (("deck", dict), ("rules", dict), ("cards", list), ("components", list)):
        if not isinstance(doc[key], kind):
            return f"its {key} is a {type(doc[key]).__name__}, not a {kind.__name__}"
    if not isinstance(doc["game"], str):
        return "its game is no text"
    return None
