"""Atomic output: a file appears whole or not at all, and a batch of files all or none."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_files(outputs: dict[Path, bytes]) -> None:
    """Write every file via a temporary file in its folder and `os.replace`.

    All temporaries are written (and synced) before the first one is moved into place, so a
    failure while writing leaves every destination as it was.
    """
    staged: list[tuple[str, Path]] = []
    mode = 0o666 & ~_umask()  # mkstemp makes 0600 files; outputs are ordinary files
    try:
        for path, data in outputs.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
            staged.append((tmp, path))
            os.chmod(tmp, mode)
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
        for tmp, path in staged:
            os.replace(tmp, path)
        staged.clear()
    finally:
        for tmp, _ in staged:
            try:
                os.unlink(tmp)
            except FileNotFoundError:
                pass


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current
