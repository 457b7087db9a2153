"""Work on a second core: a forked child computes something while the parent goes on.

Checking a large deck has parts that need only the loaded files (the near-duplicate search,
the print checks) beside parts that type the cards. A forked child sees the loaded deck
without copying or pickling it, does its part on the other core and sends back only its
small result, pickled through a pipe; for a 10,000-card deck that takes a third off the
time a user waits.

It forks only where that is safe and worth it: on Linux (macOS's system libraries do not
survive a fork without exec, and Windows has none), with no other thread running (a fork
copies a lock held by another thread, locked forever), and for work large enough to pay
for the fork. Anything else, or a child that fails for any reason, and the parent does the
work itself: the answer is the same either way, only the time differs.
"""

from __future__ import annotations

import os
import pickle
import sys
import threading
from typing import Callable, Generic, TypeVar

T = TypeVar("T")

MIN_CARDS = 2_000
"""Decks smaller than this are checked in one process: a fork and its copied memory pages
cost about as much as the work it would move (measured with benchmarks/bench_validate.py)."""


def can_fork() -> bool:
    return sys.platform.startswith("linux") and hasattr(os, "fork") and threading.active_count() == 1


class Later(Generic[T]):
    """`work()`'s result, computed by a forked child or, failing that, here when asked.

    Use it as a context manager, so that a parent leaving early (an exception, Ctrl-C)
    never leaves a child running or unreaped.
    """

    def __init__(self, work: Callable[[], T], worth_forking: bool):
        self._work = work
        self._pid = 0
        self._pipe = -1
        if worth_forking and can_fork():
            self._fork()

    def _fork(self) -> None:
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: work, send the pickled result, leave without cleanup
            status = 1
            try:
                os.close(read)
                payload = pickle.dumps(self._work(), protocol=pickle.HIGHEST_PROTOCOL)
                with os.fdopen(write, "wb") as pipe:
                    pipe.write(payload)
                status = 0
            except BaseException:  # noqa: BLE001 (the parent redoes the work and reports)
                pass
            finally:
                os._exit(status)  # no atexit handlers, no flushing of the parent's buffers
        os.close(write)
        self._pid, self._pipe = pid, read

    def result(self) -> T:
        """The result: the child's if it succeeded, else computed here."""
        if self._pid:
            with os.fdopen(self._pipe, "rb") as pipe:
                payload = pipe.read()
            self._pipe = -1
            _, status = os.waitpid(self._pid, 0)
            self._pid = 0
            if os.waitstatus_to_exitcode(status) == 0:
                try:
                    return pickle.loads(payload)
                except Exception:  # noqa: BLE001 (a truncated pipe: do the work here)
                    pass
        return self._work()

    def __enter__(self) -> "Later[T]":
        return self

    def __exit__(self, *exc_info) -> None:
        if self._pid:  # left without asking for the result: stop the child and reap it
            try:
                os.kill(self._pid, 9)
            except ProcessLookupError:
                pass
            os.waitpid(self._pid, 0)
            os.close(self._pipe)
            self._pid, self._pipe = 0, -1
