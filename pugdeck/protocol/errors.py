"""The error a request can raise: it becomes `{"ok": false, "error": {code, message}}`."""

from __future__ import annotations


class ProtocolError(Exception):
    """A request the server refuses; becomes `{"ok": false, "error": {code, message}}`."""

    def __init__(self, code: str, message: str):
        self.code = code
        super().__init__(message)
