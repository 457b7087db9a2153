"""Where in the table a problem found in the imported YAML came from.

`pugdeck import` checks the deck it would write with the ordinary checks, which report in
the YAML files they read: `staged/cards.yaml:12:5`. The importer wrote those files itself,
so it knows which table row each card came from, and which column each key: this maps the
diagnostic back to `cards.csv:ROW:COL`. Problems in the deck's own, untouched files keep
their place but get the real folder's name instead of the staging copy's.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import replace
from pathlib import Path

from pugdeck.authoring.diagnostics import Diagnostic
from pugdeck.authoring.loading import Document, display_path
from pugdeck.importing.table import Table


class TableLocator:
    """Maps diagnostics from the staging copy of a deck to the table and the real folder."""

    def __init__(self, table: Table, columns: list[str], staged: Path, into: Path):
        self.table = table
        self.columns = {name: i + 1 for i, name in enumerate(columns)}
        self.staged_prefix = display_path(staged)
        self.into_prefix = display_path(into)
        # display of a generated file → (card start lines, their rows), {(line, col): column}
        self.generated: dict[str, tuple[list[int], list[int], dict]] = {}

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

    def locate(self, d: Diagnostic) -> Diagnostic:
        """`d` as the user should read it."""
        message = self._message(d.message)
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
            where = self.generated.get(file)
            if where is None:
                return f"{self._real(file)}:{line}"
            lines, rows, _ = where
            index = bisect_right(lines, line) - 1
            return f"{self.table.display}:{rows[index] if index >= 0 else 1}"

        pattern = re.escape(self.staged_prefix) + r"(?:/[^\s:()]*)?"
        return re.sub(f"({pattern}):([0-9]+)", place, message)
