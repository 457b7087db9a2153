"""`atomic.write_files`: a batch of outputs all or none, failures as `WriteError`, and the
temporaries of a killed writer cleared by the next one."""

from __future__ import annotations

import errno
import os
import time
from pathlib import Path

import pytest

from pugdeck import atomic
from pugdeck.atomic import STALE_AFTER_SECONDS, WriteError, write_files


def test_a_batch_is_written_whole(tmp_path):
    write_files({tmp_path / "a.json": b"a", tmp_path / "sub" / "b.pdf": b"b"})
    assert (tmp_path / "a.json").read_bytes() == b"a"
    assert (tmp_path / "sub" / "b.pdf").read_bytes() == b"b"
    assert not list(tmp_path.rglob("*.tmp"))


def test_a_full_disk_leaves_every_earlier_output_and_no_temporary(tmp_path, monkeypatch):
    (tmp_path / "a.json").write_bytes(b"old a")
    (tmp_path / "b.pdf").write_bytes(b"old b")
    calls = []

    def fsync(fd):  # the second file does not fit
        calls.append(fd)
        if len(calls) == 2:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(atomic.os, "fsync", fsync)
    with pytest.raises(WriteError) as caught:
        write_files({tmp_path / "a.json": b"new a", tmp_path / "b.pdf": b"new b"})
    assert str(caught.value) == f"cannot write {tmp_path / 'b.pdf'}: no space left on device"
    assert (tmp_path / "a.json").read_bytes() == b"old a"
    assert (tmp_path / "b.pdf").read_bytes() == b"old b"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json", "b.pdf"]


def test_a_failed_batch_removes_the_folders_it_made(tmp_path, monkeypatch):
    def fsync(fd):
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    monkeypatch.setattr(atomic.os, "fsync", fsync)
    with pytest.raises(WriteError, match="input/output error"):
        write_files({tmp_path / "out" / "deep" / "a.json": b"a"})
    assert list(tmp_path.iterdir()) == []


def test_a_read_only_folder_is_a_write_error(tmp_path, monkeypatch):
    def mkstemp(**kwargs):  # what a folder without write permission does (tests may run as root)
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))

    monkeypatch.setattr(atomic.tempfile, "mkstemp", mkstemp)
    with pytest.raises(WriteError) as caught:
        write_files({tmp_path / "a.json": b"a"})
    assert str(caught.value) == f"cannot write {tmp_path / 'a.json'}: permission denied"


@pytest.mark.skipif(getattr(os, "geteuid", lambda: 0)() == 0, reason="root may write into a read-only folder")
def test_a_really_read_only_folder(tmp_path):
    tmp_path.chmod(0o555)
    try:
        with pytest.raises(WriteError, match="permission denied"):
            write_files({tmp_path / "a.json": b"a"})
    finally:
        tmp_path.chmod(0o755)


def test_an_output_under_a_regular_file(tmp_path):
    (tmp_path / "notes.txt").write_text("keep me")
    with pytest.raises(WriteError) as caught:
        write_files({tmp_path / "notes.txt" / "out" / "a.json": b"a"})
    assert str(caught.value) == (f"cannot write {tmp_path / 'notes.txt' / 'out' / 'a.json'}: "
                                 f"{tmp_path / 'notes.txt'} is a file, not a folder")
    assert (tmp_path / "notes.txt").read_text() == "keep me"


def test_an_output_that_is_a_folder(tmp_path):
    (tmp_path / "a.json").mkdir()
    (tmp_path / "b.json").write_bytes(b"old")
    with pytest.raises(WriteError, match="a.json: it is a folder"):
        write_files({tmp_path / "b.json": b"new", tmp_path / "a.json": b"a"})
    assert (tmp_path / "b.json").read_bytes() == b"old"


def test_a_pipe_or_a_device_is_never_replaced(tmp_path):
    os.mkfifo(tmp_path / "pipe")
    with pytest.raises(WriteError) as caught:
        write_files({tmp_path / "pipe": b"a"})
    assert str(caught.value) == (f"cannot write {tmp_path / 'pipe'}: it is not a regular file "
                                 "(a pipe, a device or a socket)")
    assert (tmp_path / "pipe").is_fifo()
    (tmp_path / "stdout").symlink_to(tmp_path / "pipe")  # like /dev/stdout in a pipeline
    with pytest.raises(WriteError, match="it is not a regular file"):
        write_files({tmp_path / "stdout": b"a"})
    assert (tmp_path / "stdout").is_symlink()


def test_a_link_is_replaced_not_followed(tmp_path):
    (tmp_path / "theirs.json").write_bytes(b"theirs")
    (tmp_path / "a.json").symlink_to(tmp_path / "theirs.json")
    write_files({tmp_path / "a.json": b"ours"})
    assert (tmp_path / "theirs.json").read_bytes() == b"theirs"
    assert (tmp_path / "a.json").read_bytes() == b"ours" and not (tmp_path / "a.json").is_symlink()


def stale(folder: Path, name: str, age: float = 0) -> Path:
    """A temporary as a writer killed before `os.replace` leaves it."""
    path = folder / f".{name}.k2j_x9ab.tmp"
    path.write_bytes(b"\0" * 1000)
    if age:
        then = time.time() - age
        os.utime(path, (then, then))
    return path


def test_a_killed_writers_temporaries_are_removed_by_the_next_write(tmp_path):
    left = [stale(tmp_path, "a.json"), stale(tmp_path, "b.pdf")]
    others = [stale(tmp_path, "other.json"), tmp_path / ".a.json.not-ours.tmp"]
    others[1].write_bytes(b"")
    write_files({tmp_path / "a.json": b"a", tmp_path / "b.pdf": b"b"})
    assert not any(p.exists() for p in left)
    assert all(p.exists() for p in others)  # only the temporaries of the names written


def test_a_live_writers_temporary_is_kept(tmp_path):
    """Another pugdeck writing into the folder holds a shared lock on it: its temporary
    may be about to be moved into place."""
    fcntl = pytest.importorskip("fcntl")
    fd = os.open(tmp_path, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_SH)
        live = stale(tmp_path, "a.json")
        abandoned = stale(tmp_path, "b.pdf", age=STALE_AFTER_SECONDS + 60)
        write_files({tmp_path / "a.json": b"a", tmp_path / "b.pdf": b"b"})
        assert live.exists()
        assert not abandoned.exists()  # too old to belong to a live batch
    finally:
        os.close(fd)
    write_files({tmp_path / "a.json": b"a"})
    assert not live.exists()
