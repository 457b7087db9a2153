"""Errors as values: every problem found in a deck carries where it is and what to change.

Checks collect `Diagnostic`s instead of raising, so a user sees every error of a deck at once.
`DeckError` carries a batch of them up to the command line, which prints them and exits 1.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

ERROR = "error"
WARNING = "warning"


@dataclass(frozen=True)
class Diagnostic:
    file: str
    line: int
    column: int
    card: str | None
    field: str | None
    severity: str
    message: str

    def __lt__(self, other: Diagnostic) -> bool:
        """Sorted by place, then card and field (a missing one first), then text."""
        return self._key() < other._key()

    def _key(self) -> tuple:
        return (self.file, self.line, self.column, self.card or "", self.field or "",
                self.severity, self.message)

    def is_error(self) -> bool:
        return self.severity == ERROR

    def format(self) -> str:
        """`file:line:col: card 'id': message`, warnings marked as such."""
        # Line 0: a problem with a whole file (a built deck) or with no file at all (flags).
        if self.line:
            where = f"{self.file}:{self.line}:{self.column}: "
        else:
            where = f"{self.file}: " if self.file else ""
        card = f"card '{self.card}': " if self.card else ""
        mark = "warning: " if self.severity == WARNING else ""
        return f"{where}{mark}{card}{self.message}"

    def as_json(self) -> dict:
        return asdict(self)


class DeckError(Exception):
    """One or more errors that stop the pipeline; each is a located `Diagnostic`."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = sorted(diagnostics)
        super().__init__("\n".join(d.format() for d in self.diagnostics))


def errors_in(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    return [d for d in diagnostics if d.is_error()]
