"""`pugdeck serve --stdio`: the protocol over a pair of byte streams, one JSON object a line.

Only protocol lines reach the output stream: anything else the process would print
(warnings, a stray print in a library) is sent to stderr while serving. Every line gets its
answer and the loop goes on, whatever the line held; only the end of input, `quit` or a
frontend that stopped reading ends it.

Responses are strict JSON that any parser takes: no NaN or Infinity, no lone surrogates,
and UTF-8 in which the characters some line readers split on (U+0085, U+2028, U+2029) are
written as escapes, so a response is always exactly one line.
"""

from __future__ import annotations

import contextlib
import json
import sys
from typing import BinaryIO

from pugdeck.protocol.server import Server

MAX_LINE_BYTES = 64 * 2**20  # an inline built deck of 10,000 cards is ~3 MiB

# Line breaks to Python's str.splitlines and to JavaScript, beyond the ASCII ones json escapes.
_LINE_BREAKS = ((b"\xc2\x85", b"\\u0085"), (b"\xe2\x80\xa8", b"\\u2028"), (b"\xe2\x80\xa9", b"\\u2029"))


def serve(stdin: BinaryIO, stdout: BinaryIO, server: Server | None = None) -> int:
    """Answer every request line until `quit` or end of input; returns the number answered."""
    server = server or Server()
    answered = 0
    with contextlib.redirect_stdout(sys.stderr):
        while not server.finished:
            line = stdin.readline(MAX_LINE_BYTES + 1)
            if not line:
                break
            if len(line) > MAX_LINE_BYTES and not line.endswith(b"\n"):
                _skip_rest_of_line(stdin)
                response = {"id": None, "ok": False, "error": {
                    "code": "too_large", "message": f"request line over {MAX_LINE_BYTES // 2**20} MiB"}}
            elif not line.strip():
                continue  # blank lines are allowed between requests, and answered by nothing
            else:
                response = server.handle_line(line)
            try:
                stdout.write(encode(response))
                stdout.flush()
            except (BrokenPipeError, ConnectionResetError):  # the frontend has gone: nobody is left to answer
                break
            answered += 1
    return answered


def encode(response: dict) -> bytes:
    """One response line: compact strict JSON, UTF-8, nothing a line reader splits on.

    A response that cannot be written so (a bug let a NaN or a lone surrogate into it)
    becomes an `internal` error with the same id: the session goes on.
    """
    try:
        return _strict(response)
    except (ValueError, TypeError, RecursionError) as exc:  # UnicodeEncodeError is a ValueError
        print(f"pugdeck serve: a response could not be written as JSON: {exc!r}", file=sys.stderr)
        request_id = response.get("id") if isinstance(response, dict) else None
        error = {"code": "internal", "message": "internal error: the response could not be written "
                 "as strict JSON; the game is unchanged"}
        try:
            return _strict({"id": request_id, "ok": False, "error": error})
        except (ValueError, TypeError, RecursionError):
            return _strict({"id": None, "ok": False, "error": error})


def _strict(response: dict) -> bytes:
    text = json.dumps(response, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    data = text.encode("utf-8")  # strict: a lone surrogate raises here
    for raw, escaped in _LINE_BREAKS:
        if raw in data:
            data = data.replace(raw, escaped)  # these bytes only occur inside JSON strings
    return data + b"\n"


def _skip_rest_of_line(stdin: BinaryIO) -> None:
    while True:
        chunk = stdin.readline(MAX_LINE_BYTES)
        if not chunk or chunk.endswith(b"\n"):
            return
