"""Deck folders → documents and cards with positions: includes, containment, limits.

The YAML itself is read by `pugdeck.authoring.yaml_text`; this module follows `include:`, keeps
every file's data with its positions, and gathers the cards of a deck.
"""

from __future__ import annotations

import gc
import hashlib
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, NamedTuple

from pugdeck.authoring.yaml_text import MAX_FILE_BYTES, MAX_FILES, LoadError, Mark, display_path, parse_yaml, read_text  # noqa: F401
from pugdeck.core.diagnostics import ERROR, WARNING, DeckError, Diagnostic, shortened

UNREAD = "<file>"  # the field of a problem that kept a whole file from being read


@dataclass
class Document:
    """One YAML file: its data, and the position of every value and mapping key in it."""

    path: Path
    display: str
    data: Any
    sha256: str
    # path → (line, column) of the value / of the mapping key
    marks: dict[tuple, tuple[int, int]] = field(default_factory=dict, repr=False)
    key_marks: dict[tuple, tuple[int, int]] = field(default_factory=dict, repr=False)
    # The text of a file read without positions (`positions=False`): they are recorded from
    # it, parsing it again, the first time one is asked for. A clean deck never pays for
    # them, and a deck with a problem is checked once, its diagnostics located as they are made.
    unplaced_text: str | None = field(default=None, repr=False, compare=False)

    def _place(self) -> None:
        if self.unplaced_text is not None:
            _data, self.marks, self.key_marks = parse_yaml(self.unplaced_text, self.display)
            self.unplaced_text = None

    def mark(self, path: tuple) -> Mark:
        """Where the value at `path` starts; the nearest enclosing value if it has no mark."""
        self._place()
        while path not in self.marks and path:
            path = path[:-1]
        line, column = self.marks.get(path, (1, 1))
        return Mark(self.display, line, column)

    def key_mark(self, path: tuple) -> Mark:
        """Where the key of the mapping entry at `path` starts (for unknown/duplicate keys)."""
        self._place()
        if path in self.key_marks:
            line, column = self.key_marks[path]
            return Mark(self.display, line, column)
        return self.mark(path)


def load_document(path: Path, display: str | None = None, positions: bool = True) -> Document:
    """Read and parse one YAML file; raises `LoadError` with a located message.

    `positions=False` puts off recording where each value is until one is asked for (see
    `Document.unplaced_text`)."""
    display = display or display_path(path)
    text, raw = read_text(path, display)
    data, marks, key_marks = parse_yaml(text, display, positions)
    unplaced = None if positions or marks else text
    return Document(path, display, data, hashlib.sha256(raw).hexdigest(), marks, key_marks, unplaced)


class SourceCard(NamedTuple):
    """A card as written: its raw mapping, the file it came from and its path in that file.
    (A tuple, not a frozen dataclass: the class costs a tenth as much to make at import.)"""

    data: Any
    doc: Document
    path: tuple

    def mark(self, field_name: str | None = None) -> Mark:
        return self.doc.mark(self.path + ((field_name,) if field_name else ()))

    def key_mark(self, field_name: str) -> Mark:
        return self.doc.key_mark(self.path + (field_name,))

    @property
    def id(self) -> str | None:
        value = self.data.get("id") if isinstance(self.data, dict) else None
        return value if isinstance(value, str) else None


@dataclass
class LoadedDeck:
    """A deck folder as written: `deck.yaml`, every included file, and all their cards."""

    folder: Path
    root: Document
    documents: list[Document]
    cards: list[SourceCard]
    diagnostics: list[Diagnostic]

    @property
    def whole(self) -> bool:
        """Whether every file the deck includes was read (`load_deck(partial=True)` leaves
        out a file that is not YAML, or not a mapping, with its problem in `diagnostics`)."""
        return not any(d.field == UNREAD for d in self.diagnostics)


@contextmanager
def gc_paused() -> Iterator[None]:
    """No cyclic garbage collection while a deck is loaded and checked.

    Loading makes hundreds of thousands of small containers, which keeps triggering the
    collector although none of them form cycles; pausing it makes a large deck load and
    check about 40% faster. Afterwards every tracked object goes straight to the oldest
    generation (frozen, then unfrozen: one list splice), or re-enabling would scan the
    survivors through the young generations at once. They stay in the collector's view:
    freezing alone kept them out of it for good, so whatever was garbage by then, or died
    in a cycle later, was never freed, and a long-running `serve` grew with every rebuild.
    The previous state is restored.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        gc.unfreeze()  # into the oldest generation, still collectable (see above)
        if was_enabled:
            gc.enable()


def find_deck_file(deck: Path) -> Path:
    return deck / "deck.yaml" if deck.is_dir() else deck


def load_deck(deck: Path, positions: bool = True, partial: bool = False) -> LoadedDeck:
    """Load a deck folder (or its deck.yaml) and every file it includes.

    Problems with includes are collected as diagnostics; a file that cannot be parsed at all
    raises `DeckError` carrying every such problem found. With `partial`, only a deck.yaml
    that cannot be read does: an included file that cannot is left out (the deck is not
    `whole`), so the rest of the deck is still checked and reported with it.
    """
    deck_file = find_deck_file(Path(deck))
    if not deck_file.is_file():
        raise DeckError([Diagnostic(display_path(deck_file), 1, 1, None, None, ERROR,
                                    "no deck here: expected a deck folder with deck.yaml, or a deck.yaml file")])
    # The folder is the one the user named (itself possibly a link), never the folder a
    # linked deck.yaml points into: that would make its includes and art relative to a
    # folder the user did not name. Such a link is refused like any other escape.
    folder = deck_file.absolute().parent.resolve()
    real = deck_file.resolve()
    if not real.is_relative_to(folder):
        raise DeckError([Diagnostic(display_path(deck_file), 1, 1, None, UNREAD, ERROR,
                                    f"'{deck_file.name}' is a link to a file outside the deck folder; "
                                    "copy the file into the folder instead")])
    diagnostics: list[Diagnostic] = []
    try:
        root = load_document(real, display_path(deck_file), positions)
    except LoadError as exc:
        raise DeckError([exc.diagnostic]) from None
    loaded = LoadedDeck(folder, root, [root], [], diagnostics)
    _collect(loaded, root, [root.path], positions)
    diagnostics += _files_left_out(loaded)
    unread = [d for d in diagnostics if d.field == UNREAD]
    if unread and (not partial or not isinstance(root.data, dict)):
        raise DeckError(diagnostics)
    return loaded


def _collect(loaded: LoadedDeck, doc: Document, chain: list[Path], positions: bool) -> None:
    """Gather the cards of `doc`, then follow its includes depth-first."""
    data = doc.data
    if not isinstance(data, dict):
        loaded.diagnostics.append(Diagnostic(doc.display, 1, 1, None, UNREAD, ERROR,
                                             "expected a mapping with 'cards:' (and, in deck.yaml, 'deck:')"))
        return
    cards = data.get("cards")
    if isinstance(cards, list):
        loaded.cards.extend(SourceCard(card, doc, ("cards", i)) for i, card in enumerate(cards))
    includes = data.get("include")
    if not isinstance(includes, list):
        return  # the schema reports a wrong type
    seen = {d.path for d in loaded.documents}
    for i, entry in enumerate(includes):
        if not isinstance(entry, str):
            continue
        shown = shortened(entry, 80)

        def report(message: str, i=i) -> None:
            mark = doc.mark(("include", i))  # only when needed: it may parse `doc` for positions
            loaded.diagnostics.append(Diagnostic(mark.file, mark.line, mark.column, None, "include",
                                                 ERROR, message))
        try:
            target = inside_folder(loaded.folder, entry)
            exists = target is not None and target.is_file()
        except (OSError, ValueError) as exc:  # a name too long for the file system, a NUL byte
            report(f"include '{shown}' is not a usable file name ({unusable_name(exc)})")
            continue
        if target is None:
            report(f"include '{shown}' is outside the deck folder; use a path inside it")
            continue
        if target in chain:
            report(f"include cycle: '{shown}' includes a file that includes it")
            continue
        if target in seen:
            report(f"'{shown}' is included twice; include each file once")
            continue
        if not exists:
            report(f"included file '{shown}' does not exist")
            continue
        if len(loaded.documents) >= MAX_FILES:
            report(f"more than {MAX_FILES} included files")
            return
        try:
            included = load_document(target, display_path(target), positions)
        except LoadError as exc:
            loaded.diagnostics.append(replace(exc.diagnostic, field=UNREAD))
            continue
        loaded.documents.append(included)
        seen.add(target)
        _collect(loaded, included, chain + [target], positions)


# A card folder is looked at up to this many entries: a warning is not worth a long scan.
MAX_LISTED = 1000


def _files_left_out(loaded: LoadedDeck) -> list[Diagnostic]:
    """A warning for each YAML file beside an included card file (cards/extra.yaml) that no
    `include:` names: its cards are silently not in the deck, which a new author does not
    expect. The deck folder itself is not looked at: profiles and customs files live there."""
    read = {d.path for d in loaded.documents}
    folders = sorted({d.path.parent for d in loaded.documents[1:]} - {loaded.folder})
    out = []
    for folder in folders:
        try:
            entries = sorted(p for _, p in zip(range(MAX_LISTED), folder.iterdir()))
        except OSError:
            continue
        for path in entries:
            if (path.suffix.lower() in (".yaml", ".yml") and path not in read
                    and not path.is_symlink() and path.is_file()):
                shown = path.relative_to(loaded.folder).as_posix()
                out.append(Diagnostic(display_path(path), 1, 1, None, "include", WARNING,
                                      f"no include: names this file, so its cards are not in the "
                                      f"deck; add '{shown}' to include: in deck.yaml, or move it "
                                      "out of the folder"))
    return out


def unusable_name(exc: OSError | ValueError) -> str:
    """Why the file system refused a name, in its words ("File name too long")."""
    return getattr(exc, "strerror", None) or str(exc)


def inside_folder(folder: Path, entry: str) -> Path | None:
    """The resolved file a relative path in the deck names, or None if it escapes the folder.

    Raises `OSError` or `ValueError` for a name the file system cannot take (over 255
    bytes, a NUL byte)."""
    candidate = Path(entry)
    if candidate.is_absolute():
        return None
    target = (folder / candidate).resolve()
    return target if target.is_relative_to(folder) else None


def named_file(folder: Path, entry: str, what: str, max_bytes: int) -> tuple[Path, Any] | str:
    """The file a deck names (art, a back image, a font: `what`, as the message starts) and
    its `stat()`, or what is wrong: outside the deck folder, missing, an unusable name, over
    `max_bytes`."""
    try:
        target = inside_folder(folder, entry)
        if target is None:
            return f"{what} is outside the deck folder; use a relative path inside it"
        if not target.is_file():
            return f"{what} does not exist"
        info = target.stat()
    except (OSError, ValueError) as exc:  # a name too long for the file system, a NUL byte
        return f"{what} is not a usable file name ({unusable_name(exc)})"
    if info.st_size > max_bytes:
        return f"{what} is larger than {max_bytes // 2**20} MiB"
    return target, info


def locate(diagnostics: list[Diagnostic], origins: Mapping[str, SourceCard]) -> list[Diagnostic]:
    """Give card problems found after validation (text fit, glyphs) their place in the YAML."""
    out = []
    for d in diagnostics:
        source = origins.get((d.card or "").split("#")[0])
        if source is not None and not d.line:
            mark = source.mark(d.field)
            d = replace(d, file=mark.file, line=mark.line, column=mark.column, card=source.id)
        out.append(d)
    return out
