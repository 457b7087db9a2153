"""The deck an import would write, checked in a staging copy of the target folder.

The copy holds the folder's YAML and art with the new card files written over it, so the
ordinary checks (`validate`'s) see exactly the deck the import would leave behind; their
diagnostics are mapped back to the table (`table_locations`). The copy takes only what a
deck can use: regular files (a FIFO or a device in the folder is left out, never opened),
hard links where the file system allows (so big art costs nothing), and a file too big for
the deck's limits as an empty file of its size (sparse), so the check still names its size.
"""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from pathlib import Path

from pugdeck.authoring.images import MAX_IMAGE_BYTES
from pugdeck.authoring.loading import MAX_FILE_BYTES, display_path, gc_paused, load_deck
from pugdeck.building.deck_check import game_of
from pugdeck.core.diagnostics import ERROR, DeckError, Diagnostic
from pugdeck.importing.table import Table
from pugdeck.importing.table_locations import TableLocator

_YAML_SUFFIXES = (".yaml", ".yml")
_ART_SUFFIXES = (".png", ".jpg", ".jpeg")


def check_staged(into: Path, documents: dict[str, str], rows: dict[str, list[int]], table: Table,
                 columns: list[str]) -> list[Diagnostic]:
    """Check the deck as it would be after writing `documents` (text by path relative to `into`),
    in a copy; `rows[name]` are the table rows of the cards in `name`, in order."""
    with tempfile.TemporaryDirectory(prefix="pugdeck-import-") as tmp:
        staged = Path(tmp).resolve() / "deck"
        oversized: list[tuple[Path, int]] = []
        if into.is_dir():
            shutil.copytree(into, staged, symlinks=True, copy_function=_link_or_copy,
                            ignore=lambda folder, names: _left_out(folder, names, into, staged, oversized))
        staged.mkdir(parents=True, exist_ok=True)
        for path, size in oversized:
            with open(path, "wb") as placeholder:
                placeholder.truncate(size)
        locator = TableLocator(table, columns, staged, into)
        unwritable = []
        for name, text in documents.items():
            problem = _write(staged, name, text)
            if problem:
                unwritable.append(Diagnostic(display_path(staged / name), 0, 0, None, None, ERROR, problem))
        if unwritable:
            for name, text in documents.items():
                locator.add_unread(display_path(staged / name), rows.get(name, []), text)
            return sorted(locator.locate(d) for d in unwritable)
        # As `validate` does (building/deck_check.py): a clean deck is checked without
        # positions; only one with something to report is read again, with them.
        with gc_paused():
            try:
                loaded = load_deck(staged, positions=False)
                _deck, diagnostics = game_of(loaded).check_deck(loaded)
            except DeckError:
                diagnostics = [None]
            if not diagnostics:
                return []
            try:
                loaded = load_deck(staged)
                _deck, diagnostics = game_of(loaded).check_deck(loaded)
                documents_by_path = {d.path: d for d in loaded.documents}
            except DeckError as exc:
                diagnostics, documents_by_path = exc.diagnostics, {}
        for name in documents:
            doc = documents_by_path.get((staged / name).resolve())
            if doc is not None:
                locator.add_document(doc, rows.get(name, []))
            else:  # not read at all (a limit of the reader): located by its text
                locator.add_unread(display_path(staged / name), rows.get(name, []), documents[name])
        return sorted(locator.locate(d) for d in diagnostics)


def _write(staged: Path, name: str, text: str) -> str | None:
    """Write one new file into the copy, or say why it cannot be written there."""
    path = staged / name
    try:
        if not path.parent.resolve().is_relative_to(staged):
            return (f"'{_shown(name)}' would be written through a link to a folder outside the deck; "
                    "put the card files in the deck's own folders")
        if path.is_dir():
            return f"'{_shown(name)}' is a folder in the deck folder, not a card file"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.unlink(missing_ok=True)  # a hard or symbolic link to the real file: never write through it
        path.write_text(text, encoding="utf-8")
    except OSError as exc:  # a name too long for the file system, say
        return f"'{_shown(name)}' cannot be a card file: {(exc.strerror or str(exc)).lower()}"
    return None


def _shown(name: str) -> str:
    return name if len(name) <= 80 else name[:77] + "…"


def _left_out(folder: str, names: list[str], into: Path, staged: Path,
              oversized: list[tuple[Path, int]]) -> set[str]:
    """What the copy leaves out of `folder`: hidden names, what a deck cannot use, and special
    files; files over a limit are noted in `oversized`, to be staged as placeholders."""
    out = set()
    for name in names:
        path = Path(folder, name)
        try:
            info = path.lstat()
        except OSError:
            out.add(name)
            continue
        limit = _limit(name)
        if name.startswith("."):
            out.add(name)
        elif stat.S_ISLNK(info.st_mode) or stat.S_ISDIR(info.st_mode):
            continue  # a link is copied as a link (never followed here): the checks judge it
        elif not stat.S_ISREG(info.st_mode) or limit is None:
            out.add(name)
        elif info.st_size > limit:
            out.add(name)
            oversized.append((staged / path.relative_to(into), info.st_size))
    return out


def _limit(name: str) -> int | None:
    """The most a deck reads of a file so named; None for a file a deck never reads."""
    lower = name.lower()
    if lower.endswith(_YAML_SUFFIXES):
        return MAX_FILE_BYTES
    if lower.endswith(_ART_SUFFIXES):
        return MAX_IMAGE_BYTES
    return None


def _link_or_copy(source: str, target: str) -> None:
    try:
        os.link(source, target)  # the same file, no bytes copied: the checks only read it
    except OSError:
        shutil.copy2(source, target)
