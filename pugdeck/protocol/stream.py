"""`pugdeck serve --stdio`: the protocol over a pair of byte streams, one JSON object a line.

Only protocol lines reach the output stream: anything else the process would print
(warnings, a stray print in a library) is sent to stderr while serving.
"""

from __future__ import annotations

import contextlib
import json
import sys
from typing import BinaryIO

from pugdeck.protocol.server import Server

MAX_LINE_BYTES = 64 * 2**20  # an inline built deck of 10,000 cards is ~3 MiB


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
            except BrokenPipeError:  # the frontend has gone: nobody is left to answer
                break
            answered += 1
    return answered


def encode(response: dict) -> bytes:
    """One response line: compact JSON, UTF-8, no raw line breaks inside."""
    return json.dumps(response, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"


def _skip_rest_of_line(stdin: BinaryIO) -> None:
    while True:
        chunk = stdin.readline(MAX_LINE_BYTES)
        if not chunk or chunk.endswith(b"\n"):
            return
