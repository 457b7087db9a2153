"""Errors as values: every problem found in a deck carries where it is and what to change.

Checks collect `Diagnostic`s instead of raising, so a user sees every error of a deck at once.
`DeckError` carries a batch of them up to the command line, which prints them and exits 1.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

ERROR = "error"
WARNING = "warning"


@dataclass(frozen=True, order=True)
class Diagnostic:
    file: str
    line: int
    column: int
    card: str | None
    field: str | None
    severity: str
    message: str

    def is_error(self) -> bool:
        return self.severity == ERROR

    def format(self) -> str:
        """`file:line:col: card 'id': message`, warnings marked as such."""
        # Problems with flags or whole builds have no place in a file (line 0).
        where = f"{self.file}:{self.line}:{self.column}: " if self.line else ""
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
