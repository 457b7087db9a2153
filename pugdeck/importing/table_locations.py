"""Where in the table a problem found in the imported YAML came from.

`pugdeck import` checks the deck it would write with the ordinary checks, which report in
the YAML files they read: `staged/cards.yaml:12:5`. The importer wrote those files itself,
so it knows which table row each card came from, and which column each key: this maps the
diagnostic back to `cards.csv:ROW:COL`. A problem with a generated file as a whole (one too
large to read, say) goes to the first row of its cards, in the `file` column. Problems in
the deck's own, untouched files keep their place but get the real folder's name instead of
the staging copy's: a generated file is never named, since it was never written.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import replace
from pathlib import Path

from pugdeck.authoring.loading import Document, display_path
from pugdeck.core.diagnostics import Diagnostic
from pugdeck.export.csv_cards import FILE_COLUMN
from pugdeck.importing.table import Table

_KEY = re.compile(r"(?:- |  )([A-Za-z_][\w-]*):(?: |$)")


class TableLocator:
    """Maps diagnostics from the staging copy of a deck to the table and the real folder."""

    def __init__(self, table: Table, columns: list[str], staged: Path, into: Path):
        self.table = table
        self.columns = {name: i + 1 for i, name in enumerate(columns)}
        self.staged_prefix = display_path(staged)
        self.into_prefix = display_path(into)
        # display of a generated file → (card start lines, their rows), {(line, col): column}
        self.generated: dict[str, tuple[list[int], list[int], dict]] = {}
        # display of a generated file the checks could not read → (card start lines, their
        # rows), {line: column}
        self.unread: dict[str, tuple[list[int], list[int], dict[int, int]]] = {}

    def add_document(self, doc: Document, rows: list[int]) -> None:
        """A file the importer wrote: card `i` of it came from table row `rows[i]`."""
        starts = sorted((doc.marks.get(("cards", i), (0, 0))[0], row) for i, row in enumerate(rows))
        positions: dict[tuple[int, int], int] = {}
        # A problem with a card as a whole (a missing key) sits where the card starts, which
        # is also where its first key is: that key's column would mislead.
        card_starts = {doc.marks[("cards", i)] for i in range(len(rows)) if ("cards", i) in doc.marks}
        for marks in (doc.marks, doc.key_marks):
            for path, pos in marks.items():
                if len(path) >= 3 and path[0] == "cards" and path[2] in self.columns \
                        and pos not in card_starts:
                    positions.setdefault(pos, self.columns[path[2]])
        self.generated[doc.display] = ([line for line, _ in starts], [row for _, row in starts], positions)

    def add_unread(self, display: str, rows: list[int], text: str) -> None:
        """A file the importer wrote (`text`) that the checks could not read, so no positions:
        its cards are found in the text itself, which the importer wrote in block style (a
        card starts with `- ` after `cards:`, a key opens each of its lines)."""
        starts: list[int] = []
        keys: dict[int, int] = {}
        key = None
        in_cards = False
        for number, line in enumerate(text.splitlines(), 1):
            if not line.startswith((" ", "-")):
                in_cards = line.startswith("cards:")
                continue
            if not in_cards:
                continue
            if line.startswith("- "):
                starts.append(number)
            found = _KEY.match(line)
            key = found.group(1) if found else key
            if key in self.columns:
                keys[number] = self.columns[key]
        self.unread[display] = (starts[:len(rows)], rows[:len(starts)], keys)

    def locate(self, d: Diagnostic) -> Diagnostic:
        """`d` as the user should read it."""
        message = self._message(d.message)
        if d.file in self.unread:
            lines, rows, keys = self.unread[d.file]
            index = bisect_right(lines, d.line) - 1
            if index < 0:  # about the file as a whole: its first card's row, in the file column
                row = rows[0] if rows else 1
                column = self.columns.get(FILE_COLUMN, 1) if rows else 1
            else:
                row, column = rows[index], keys.get(d.line, self.columns.get("id", 1))
            return replace(d, file=self.table.display, line=row, column=column, message=message)
        where = self.generated.get(d.file)
        if where is None:
            return replace(d, file=self._real(d.file), message=message)
        lines, rows, positions = where
        index = bisect_right(lines, d.line) - 1
        if index < 0 or not d.line:
            # Before the first card: the file's top, which only the deck as a whole explains.
            return replace(d, file=self.table.display, line=1, column=1, message=message)
        column = positions.get((d.line, d.column)) or self.columns.get(d.field or "") \
            or self.columns.get("id", 1)
        return replace(d, file=self.table.display, line=rows[index], column=column, message=message)

    def _real(self, file: str) -> str:
        if file == self.staged_prefix or file.startswith(self.staged_prefix + "/"):
            return self.into_prefix + file[len(self.staged_prefix):]
        return file

    def _message(self, message: str) -> str:
        """References like "(first at staged/cards.yaml:12)" point into the table too."""
        if self.staged_prefix not in message:
            return message

        def place(match: re.Match) -> str:
            file, line = match.group(1), int(match.group(2))
            if file in self.unread:
                lines, rows, _ = self.unread[file]
                index = bisect_right(lines, line) - 1
                return f"{self.table.display}:{rows[max(index, 0)] if rows else 1}"
            where = self.generated.get(file)
            if where is None:
                return f"{self._real(file)}:{line}"
            lines, rows, _ = where
            index = bisect_right(lines, line) - 1
            return f"{self.table.display}:{rows[index] if index >= 0 else 1}"

        pattern = re.escape(self.staged_prefix) + r"(?:/[^\s:()]*)?"
        return re.sub(f"({pattern}):([0-9]+)", place, message)
