"""Bounded input: a file the user names is read only if it is a regular file, and only so far.

Every command reads what a user points it at (deck files, customs, profiles, tables, built
decks, transcripts) through `read_bytes`. A FIFO would block `open()` forever, `/dev/zero`
would be read until memory runs out, and a folder gives a confusing error; all three are
refused at once with a reason a user can act on.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path


class InputError(Exception):
    """A file could not be read; `reason` is the plain-language cause, without the path."""

    def __init__(self, path: Path, reason: str) -> None:
        self.path, self.reason = path, reason
        super().__init__(f"cannot read {path}: {reason}")


class TooLarge(InputError):
    """The file holds more than the reader's limit."""


def read_bytes(path: Path, limit: int) -> bytes:
    """The bytes of the regular file `path`, refused when it holds more than `limit` bytes.

    The file is opened without blocking (a FIFO opens at once instead of waiting for a
    writer) and checked with `fstat` on the open descriptor, so a file swapped for a pipe
    between a check and the read cannot hang us.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise InputError(path, _reason(exc)) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise InputError(path, f"it is {_kind(info.st_mode)}, not a regular file")
        if info.st_size > limit:
            raise TooLarge(path, f"it is {_size(info.st_size)}; the limit is {_size(limit)}")
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read(limit + 1)
    except OSError as exc:
        raise InputError(path, _reason(exc)) from None
    finally:
        os.close(fd)
    if len(data) > limit:  # grew between fstat and read
        raise TooLarge(path, f"it is larger than the limit of {_size(limit)}")
    return data


YAML_SUFFIXES = (".yaml", ".yml")


def named_with(path: Path, suffixes: tuple[str, ...]) -> bool:
    """Whether `path`, and the file it is a link to, end in one of `suffixes` (lowercase).

    Checked before reading a file that must be of one kind (a profile, a customs file):
    another file, such as /etc/passwd, is then never read, so no part of it can end up
    quoted in an error message.
    """
    try:
        target = path.resolve()
    except (OSError, RuntimeError):  # a link loop: reading it fails with its own message
        target = path
    return path.suffix.lower() in suffixes and target.suffix.lower() in suffixes


def _reason(exc: OSError) -> str:
    if isinstance(exc, FileNotFoundError):
        return "no such file"
    if isinstance(exc, IsADirectoryError):
        return "it is a folder, not a file"
    return (exc.strerror or str(exc)).lower()


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def _size(n: int) -> str:
    for unit, scale in (("MiB", 2**20), ("KiB", 2**10)):
        if n >= scale:
            return f"{n // scale} {unit}" if n % scale == 0 else f"{n / scale:.1f} {unit}"
    return f"{n} bytes"
