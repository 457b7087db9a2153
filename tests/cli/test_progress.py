"""Long work draws one kind of bar (cli/common.py), on a terminal only: never in a pipe, a
log file, --json or --quiet."""

from __future__ import annotations

import io
import sys

from pugdeck.cli.common import progress_bar, progress_steps


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_gets_a_bar_and_quiet_or_a_pipe_gets_none(monkeypatch):
    for stream, quiet, drawn in ((Terminal(), False, True), (Terminal(), True, False), (io.StringIO(), False, False)):
        monkeypatch.setattr(sys, "stderr", stream)
        with progress_bar(4, "Drawing cards", quiet=quiet) as advance:
            for done in range(1, 5):
                advance(done, 4)
        assert ("Drawing cards" in stream.getvalue()) is drawn, (type(stream).__name__, quiet)


def test_steps_count_up_to_the_total(monkeypatch):
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    with progress_steps(10, "Playing") as step:
        step(4)
        step(6)
    assert "100%" in terminal.getvalue()
