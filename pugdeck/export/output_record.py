"""Exports delete only what they wrote: a record of our own outputs in each output folder.

An export that fills a folder of its own (`<out>/<name>/png/`, `…/print-shop-mpc/`,
`…/tts/`) records each file it wrote there, by its path from the deck's output folder
(`png/alpha-1.png`), with the sha256 of the bytes it wrote, in `<out>/<name>/.pugdeck-outputs.json`
(beside the image folders, not in them: a folder uploaded to a shop or opened in a viewer
holds only the images). The next export into that folder removes a file only if the record
lists it, this export did not write it again, it is still a regular file reached through
real folders (no link), and its bytes are still the ones we wrote. A user's own image in the
folder, or one of ours the user has edited, is never touched. A folder without a record
(written by an older pugdeck, or by hand) loses nothing.
"""

from __future__ import annotations

import fnmatch
import hashlib
import json
import os
import stat
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path, PurePosixPath

from pugdeck.atomic import WriteError, batch, write_files
from pugdeck.inputs import InputError, read_bytes

RECORD_NAME = ".pugdeck-outputs.json"
RECORD_FORMAT = "pugdeck-outputs"
MAX_RECORD_BYTES = 8 * 2**20  # ~80,000 file names: far more than any deck's images


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def read_record(folder: Path) -> dict[str, str]:
    """The files the last export recorded in `folder` (relative path → sha256); {} when
    there is no record or it is not one of ours (then nothing is ever removed)."""
    try:
        doc = json.loads(read_bytes(Path(folder) / RECORD_NAME, MAX_RECORD_BYTES))
    except (InputError, ValueError):
        return {}
    files = doc.get("files") if isinstance(doc, dict) and doc.get("format") == RECORD_FORMAT else None
    if not isinstance(files, dict):
        return {}
    return {name: digest for name, digest in files.items()
            if isinstance(name, str) and isinstance(digest, str) and _plain_relative(name)}


def record_bytes(files: Mapping[str, str]) -> bytes:
    """The record of `files` (path from the record's folder → sha256), sorted, so the same
    exports give the same bytes."""
    doc = {"format": RECORD_FORMAT,
           "about": "Files pugdeck wrote here; the next export removes only these.",
           "files": dict(sorted(files.items()))}
    return (json.dumps(doc, indent=1, ensure_ascii=False) + "\n").encode("utf-8")


def remove_stale(folder: Path, written: Mapping[Path, bytes] | Iterable[Path],
                 pattern: str = "*") -> list[Path]:
    """Remove the files a previous export recorded in `folder` that this one did not write
    (`written`: path → the bytes just written) and that match `pattern`, then record what
    this export wrote there (in the record beside `folder`, whose other folders' entries
    stay as they are). A card removed from the deck does not live on as an old image, and
    a file pugdeck did not write, or one changed since, stays. Returns what was removed.

    An export writes its record in the same batch as its files (`recorded_batch`); this is
    for files already written."""
    if not isinstance(written, Mapping):  # paths only: read back what was just written
        written = {Path(p): _read(Path(p)) for p in written}
    record, stale = updated_record(folder, {path: sha256(data) for path, data in written.items()}, pattern)
    write_files({record_path(folder): record})
    return remove_files(stale)


def record_path(folder: Path) -> Path:
    """The record that lists what an export wrote in `folder`: beside it."""
    return Path(folder).parent / RECORD_NAME


@contextmanager
def recorded_batch(folder: Path, paths: Iterable[Path], pattern: str = "*"
                   ) -> Iterator[Callable[[Path, bytes], None]]:
    """An atomic batch (`atomic.batch`) of `paths` whose last file is the record of what this
    export wrote in `folder`: the images and the record land together or not at all (a disk
    that fills after the images leaves none of them). Once they are in place, the files of
    an earlier export that this one did not write again are removed (`updated_record`)."""
    paths = list(paths)
    record = record_path(folder)
    digests: dict[Path, str] = {}
    with batch([*paths, record]) as write_one:
        def write(path: Path, data: bytes) -> None:
            write_one(path, data)
            digests[path] = sha256(data)
        yield write
        data, stale = updated_record(folder, digests, pattern)
        write_one(record, data)
    remove_files(stale)


def updated_record(folder: Path, written: Mapping[Path, str], pattern: str = "*") -> tuple[bytes, list[Path]]:
    """The record after an export wrote `written` (path → sha256) in `folder`, and the files
    an earlier export recorded there that this one did not write, that match `pattern` and
    that are still ours, unchanged (to remove once the new files are in place)."""
    folder = Path(folder)
    root, prefix = folder.parent, folder.name + "/"
    now = {prefix + name: digest for name, digest in _inside(folder, written).items()}
    record = read_record(root)
    stale = [root / name for name, digest in sorted(record.items())
             if name.startswith(prefix) and name not in now
             and fnmatch.fnmatch(PurePosixPath(name).name, pattern) and _ours_unchanged(root, name, digest)]
    kept = {name: digest for name, digest in record.items() if not name.startswith(prefix)}
    kept.update(now)
    return record_bytes(kept), stale


def remove_files(paths: Iterable[Path]) -> list[Path]:
    """Remove `paths` (stale images of ours); raises `WriteError` for one that cannot go."""
    removed = []
    for path in paths:
        try:
            path.unlink()
        except OSError as exc:
            raise WriteError(path, (exc.strerror or str(exc)).lower(), action="remove") from None
        removed.append(path)
    return removed


def _inside(folder: Path, written: Mapping[Path, str]) -> dict[str, str]:
    """`written`'s files under `folder`, by their path relative to it."""
    out = {}
    for path, data in written.items():
        try:
            relative = Path(path).relative_to(folder)
        except ValueError:
            continue  # beside the folder (the preview sheet): not this folder's to keep
        out[relative.as_posix()] = data
    return out


def _plain_relative(name: str) -> bool:
    """A name the record may hold: relative, no `..`, no empty or hidden parts (a record
    edited to say `../x` or `/etc/x` must not lead a removal out of the folder)."""
    parts = PurePosixPath(name).parts
    return bool(parts) and not name.startswith("/") and "\\" not in name and all(
        part not in ("", ".", "..") and not part.startswith(".") for part in parts)


def _ours_unchanged(folder: Path, name: str, digest: str) -> bool:
    """A regular file reached through real folders (no link: a link may lead anywhere)
    that still holds the bytes we recorded."""
    current = folder
    try:
        for part in PurePosixPath(name).parts[:-1]:
            current = current / part
            if not stat.S_ISDIR(os.lstat(current).st_mode):
                return False
        path = folder / name
        return stat.S_ISREG(os.lstat(path).st_mode) and sha256(path.read_bytes()) == digest
    except OSError:
        return False


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError:
        return b""
