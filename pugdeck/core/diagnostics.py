"""Errors as values: every problem found in a deck carries where it is and what to change.

Checks collect `Diagnostic`s instead of raising, so a user sees every error of a deck at once.
`DeckError` carries a batch of them up to the command line, which prints them and exits 1;
`describe` says what a wrong value is, the same way in every stage's messages.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass
from typing import Any

ERROR = "error"
WARNING = "warning"

# What a message must not show raw: control characters (a tab, a line break, an escape
# sequence that drives the terminal), the line and paragraph separators, which end a line in
# editors and JSON readers, and the bidirectional overrides, which can make a line read
# differently from what it holds. A diagnostic is one line; these are shown as escapes.
# A pattern, compiled (and kept by `re`'s cache) on first use: compiling a class above U+00FF
# costs ~2.6 M instructions, and most commands never escape a message.
_UNSAFE = "[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]"
# What text (card text, any value of a deck file, of a built deck) may not hold at all: the
# same, but the tab and the line break. A deck could otherwise reverse or split the lines
# `play` prints; right-to-left text needs none of them (the marks U+200E/U+200F stay).
UNSAFE_IN_TEXT = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
# Longer messages lose their middle (`bounded`): checks quote values `shortened`, this is
# the net for any that does not.
MAX_MESSAGE = 1000
_NAMED = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}


def _escape(char: str) -> str:
    code = ord(char)
    return _NAMED.get(char) or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")


def escaped(text: str | None) -> str | None:
    """`text` with every character that could break or disguise a line shown as an escape
    (U+2028 as `\\u2028`, a line break as `\\n`)."""
    if not text or text.isprintable():  # the quick yes: none of them is printable
        return text
    return re.sub(_UNSAFE, lambda m: _escape(m.group()), text)


def unsafe_in_text(char: str) -> str:
    """Why `char` (an `UNSAFE_IN_TEXT` one) is refused in text, and what to do instead."""
    code = ord(char)
    if code < 0x2028:
        return f"control character U+{code:04X} in text; remove it"
    if code in (0x2028, 0x2029):
        return (f"U+{code:04X} ({'line' if code == 0x2028 else 'paragraph'} separator) in text: "
                "it splits the line a terminal shows; remove it, or write a line break")
    return (f"U+{code:04X} (a bidirectional control) in text: it makes a terminal show the "
            "line in another order than it is written; remove it")


def bounded(message: str) -> str:
    """A message of at most about `MAX_MESSAGE` characters: the middle of a longer one (a
    5,000-digit value quoted whole) is left out, the start and the advice at the end kept."""
    if len(message) <= MAX_MESSAGE:
        return message
    head, tail = message[:MAX_MESSAGE * 6 // 10], message[-MAX_MESSAGE * 3 // 10:]
    return f"{head}…({len(message) - len(head) - len(tail):,} characters left out)…{tail}"


def shortened(text: str, limit: int = 40) -> str:
    """User text quoted in a message, cut at `limit` characters (a 5,000-digit number, a
    2 MB line): the message stays one readable line."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


# JSON's type names as a deck author reads them.
TYPE_NAMES = {
    "string": "text", "integer": "a whole number", "number": "a number", "boolean": "true or false",
    "array": "a list", "object": "a mapping", "null": "empty (null)",
}


def describe(value: Any) -> str:
    """How a wrong value reads in a message: its type and (short) text."""
    kind = TYPE_NAMES.get(_json_type(value), type(value).__name__)
    if isinstance(value, (dict, list)) or value is None:
        return kind
    if isinstance(value, bool):  # "not true", not "not true or false true"
        return json.dumps(value)
    shown = json.dumps(value, ensure_ascii=False)
    return f"{kind} {shown[:40] + '…' if len(shown) > 40 else shown}"


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object" if isinstance(value, dict) else type(value).__name__



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
        """`file:line:col: card 'id': message`, warnings marked as such; one line, whatever
        the deck's text holds (see `escaped`)."""
        file = escaped(self.file)
        # Line 0: a problem with a whole file (a built deck) or with no file at all (flags).
        if self.line:
            where = f"{file}:{self.line}:{self.column}: "
        else:
            where = f"{file}: " if file else ""
        card = f"card '{escaped(shortened(self.card, 80))}': " if self.card else ""  # an id may be 5,000 x's
        mark = "warning: " if self.severity == WARNING else ""
        return f"{where}{mark}{card}{bounded(escaped(self.message))}"

    def as_json(self) -> dict:
        """The diagnostic as a JSON object, its text escaped as in `format`."""
        data = asdict(self)
        for key in ("file", "card", "field", "message"):
            data[key] = escaped(data[key])
        data["message"] = bounded(data["message"])
        return data


class DeckError(Exception):
    """One or more errors that stop the pipeline; each is a located `Diagnostic`."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = sorted(diagnostics)
        super().__init__("\n".join(d.format() for d in self.diagnostics))


def errors_in(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    return [d for d in diagnostics if d.is_error()]
