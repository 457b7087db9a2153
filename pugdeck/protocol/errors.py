"""The error a request can raise, and how a message quotes what a client sent."""

from __future__ import annotations

import json
from typing import Any

MAX_QUOTED = 80  # characters of a client's value a message repeats


class ProtocolError(Exception):
    """A request the server refuses; becomes `{"ok": false, "error": {code, message}}`."""

    def __init__(self, code: str, message: str):
        self.code = code
        super().__init__(message)


def quoted(value: Any) -> str:
    """A client's value as a message repeats it: short (a 5,000-character name is cut),
    printable (a lone surrogate is shown as its escape) and JSON-like (`null`, not `None`)."""
    if isinstance(value, str):
        text = value.encode("utf-8", "backslashreplace").decode("utf-8")
        return "'" + (text if len(text) <= MAX_QUOTED else text[:MAX_QUOTED] + "…") + "'"
    try:
        text = json.dumps(value, ensure_ascii=True)
    except (TypeError, ValueError, RecursionError):
        text = type(value).__name__
    return text if len(text) <= MAX_QUOTED else text[:MAX_QUOTED] + "…"
