"""Atomic output: a file appears whole or not at all, and a batch of files all or none.

Each file is written to a temporary `.<name>.<random>.tmp` beside it and moved into place
with `os.replace` once every file of the batch is written and synced. A process killed in
between (kill -9, a power cut) leaves its temporaries behind; the next batch that writes the
same names into that folder removes them (`_writing_in`). A failure to write raises
`WriteError`, which the command line reports as `error: cannot write <path>: <reason>`.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows: stale temporaries are recognised by their age alone
    fcntl = None  # type: ignore[assignment]

# Where folders cannot be locked, only temporaries this old count as stale: a live batch
# moves its files into place within seconds of writing them.
STALE_AFTER_SECONDS = 15 * 60
_RANDOM = "[a-z0-9_]{8}"  # the random part of `tempfile.mkstemp`'s names
_TEMPORARY = re.compile(rf"\.{_RANDOM}\.tmp")  # what follows `.<name>` in a temporary's name


class WriteError(Exception):
    """An output could not be written; `reason` is the plain-language cause, without the path."""

    def __init__(self, path: Path, reason: str, action: str = "write") -> None:
        self.path, self.reason = path, reason
        super().__init__(f"cannot {action} {path}: {reason}")


def output_path(path: Path | str) -> Path:
    """Where an output named `path` will land, decided before anything is checked or made.

    A `..` is resolved now, with every symbolic link before it, and a `..` after a folder
    that does not exist yet is taken as the operating system will take it once that folder
    is made: `typo/../mydeck` is `mydeck`, `nothing/..` the current folder. Checking the
    spelled path would find nothing at `typo/../mydeck` (no `typo/`), and writing would
    then make `typo/` and replace `mydeck`'s files. A path without `..` means the same
    before and after its folders are made, so it is kept as spelled (messages quote it).
    A result under the current folder stays relative.
    """
    path = Path(path)
    if ".." not in path.parts:
        return path
    resolved = Path(os.path.realpath(path.parent if path.name != ".." else path))
    if path.name != "..":
        resolved /= path.name  # an output may be a link, replaced itself: not followed
    if not path.is_absolute():
        try:
            return resolved.relative_to(os.getcwd())
        except ValueError:
            pass
    return resolved


def write_files(outputs: dict[Path, bytes]) -> None:
    """Write every file via a temporary file in its folder and `os.replace`.

    All temporaries are written (and synced) before the first one is moved into place, so a
    failure while writing leaves every destination as it was and removes the folders this
    call made. Raises `WriteError` naming the file that could not be written.
    """
    with batch(outputs) as write:
        for path, data in outputs.items():
            write(path, data)


@contextmanager
def batch(paths: Iterable[Path]) -> Iterator[Callable[[Path, bytes], None]]:
    """A batch of files written one at a time and moved into place together.

    `paths` names every file of the batch up front (their folders are made, checked and
    locked first); the block calls `write(path, data)` once for each, as each is ready, so
    a caller holds one file's bytes at a time (10,000 card images need not sit in memory).
    When the block ends normally every file is moved into place; when it raises, or a
    write fails, none is, and the folders this batch made are removed again.
    """
    made: list[Path] = []
    targets: dict[Path, Path] = {}
    staged: dict[Path, tuple[str, Path]] = {}
    mode = 0o666 & ~_umask()  # mkstemp makes 0600 files; outputs are ordinary files
    path = Path()
    done = False

    def write(spelled: Path, data: bytes) -> None:
        nonlocal path
        path = spelled
        target = targets.get(spelled)
        if target is None or spelled in staged:
            raise ValueError(f"{spelled} is not a file of this batch, or was written twice")
        try:
            fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
            staged[spelled] = (tmp, target)
            os.chmod(tmp, mode)
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
        except OSError as exc:
            raise WriteError(spelled, _reason(exc)) from None

    try:
        with ExitStack() as locks:
            by_folder: dict[Path, list[str]] = {}
            for path in paths:
                target = targets[path] = output_path(path)
                made += _make_folders(target)
                _refuse_special(target)
                by_folder.setdefault(target.parent, []).append(target.name)
            for folder, names in by_folder.items():
                path = folder / names[0]
                locks.enter_context(_writing_in(folder, names))
            yield write
            missing = [p for p in targets if p not in staged]
            if missing:
                raise ValueError(f"{missing[0]} was named but never written")
            for spelled, (tmp, target) in staged.items():
                path = spelled  # named by the error, as the caller spelled it
                os.replace(tmp, target)
            staged.clear()
            done = True
    except OSError as exc:
        raise WriteError(path, _reason(exc)) from None
    finally:
        for tmp, _ in staged.values():
            _unlink(tmp)
        for folder in reversed(made if not done else ()):
            try:
                folder.rmdir()  # only if still empty
            except OSError:
                pass


def _refuse_special(path: Path) -> None:
    """An output may replace a file (or a link to one, the link itself), never a folder, a
    pipe or a device: `os.replace` would swap /dev/null, or the link /dev/stdout, for a
    regular file."""
    try:
        mode = path.stat().st_mode
    except (FileNotFoundError, NotADirectoryError):  # nothing there, or a dangling link
        return
    if stat.S_ISDIR(mode):
        raise WriteError(path, "it is a folder")
    if not stat.S_ISREG(mode):
        raise WriteError(path, "it is not a regular file (a pipe, a device or a socket)")


def _make_folders(path: Path) -> list[Path]:
    """Make the folder of `path` and any missing parents; the folders made, outermost first."""
    missing = []
    folder = path.parent
    while not folder.is_dir():
        if folder.is_symlink() and not folder.exists():
            raise WriteError(path, f"{folder} is a broken symbolic link")
        if folder.is_file():
            raise WriteError(path, f"{folder} is a file, not a folder")
        if folder.exists():
            raise WriteError(path, f"{folder} is not a folder")
        missing.append(folder)
        folder = folder.parent
    made = []
    for each in reversed(missing):
        try:
            each.mkdir()
        except FileExistsError:  # made meanwhile by another writer
            continue
        made.append(each)
    return made


@contextmanager
def _writing_in(folder: Path, names: list[str]) -> Iterator[None]:
    """Hold a shared lock on `folder` while writing into it, after removing the temporaries
    of `names` a killed writer left there.

    Writers hold `flock(LOCK_SH)` on the folder. One that gets `LOCK_EX` first is the only
    pugdeck writing there, so every temporary of its names is stale; it removes them and
    converts its lock to a shared one. A lock dies with its process, so a killed build
    never holds one. Where folders cannot be locked (Windows, some network file systems),
    or another writer is busy there, only temporaries older than `STALE_AFTER_SECONDS` go.
    """
    fd = _open_folder(folder)
    try:
        alone = _try_exclusive(fd)
        if alone is False:  # another writer is busy here: wait while it clears its stale files
            fcntl.flock(fd, fcntl.LOCK_SH)
        _remove_stale(folder, names, any_age=bool(alone))
        if alone:
            fcntl.flock(fd, fcntl.LOCK_SH)  # let other writers in
        yield
    finally:
        if fd is not None:
            os.close(fd)  # releases the lock


def _open_folder(folder: Path) -> int | None:
    if fcntl is None:
        return None
    try:
        return os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return None


def _try_exclusive(fd: int | None) -> bool | None:
    """True: locked by us alone; False: another writer holds it; None: no locking here."""
    if fd is None:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    except OSError:
        return None
    return True


def _remove_stale(folder: Path, names: list[str], any_age: bool) -> None:
    """Remove `.<name>.<random>.tmp` for these output names: every one, or only old ones."""
    old = time.time() - STALE_AFTER_SECONDS
    wanted = set(names)  # one pattern for all: 10,000 card images made 10,000 of them
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        if not (entry.name.startswith(".") and entry.name.endswith(".tmp")):
            continue
        name = entry.name[1:-13]  # `.` + name + `.` + 8 random characters + `.tmp`
        if name not in wanted or not _TEMPORARY.fullmatch(entry.name, len(name) + 1):
            continue
        try:
            if entry.is_file(follow_symlinks=False) and (
                    any_age or entry.stat(follow_symlinks=False).st_mtime < old):
                os.unlink(entry.path)
        except OSError:  # gone meanwhile, or not ours to remove: it does no harm
            pass


def _reason(exc: OSError) -> str:
    """What went wrong, in words: 'permission denied', 'no space left on device', …"""
    if isinstance(exc, IsADirectoryError):
        return "it is a folder"
    if exc.errno == errno.ENOTDIR:
        return "a folder on its path is a file"
    return (exc.strerror or str(exc)).lower()


def _unlink(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current
