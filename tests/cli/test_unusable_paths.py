"""A path the system cannot even look at (too long, under a folder that may not be searched)
is answered with one sentence by every command that takes one: exit 1, no traceback."""

from __future__ import annotations

import errno
import pathlib

import pytest
from click.testing import CliRunner

from pugdeck.cli import main

LONG = "a" * 300  # past NAME_MAX (255): the system refuses to look it up at all


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("args", [
    ["validate", LONG], ["validate", f"{LONG}/deck.yaml"], ["build", LONG], ["export", "png", LONG],
    ["export", "csv", LONG], ["init", LONG], ["live", LONG], ["play", LONG, "--players", "5"],
    ["simulate", LONG, "--players", "5", "--games", "1"],
], ids=lambda args: " ".join(a[:8] for a in args))
def test_a_file_name_too_long_is_one_sentence(in_tmp, args):
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    [line] = result.stderr.splitlines()
    assert line.startswith("error: cannot use aaaa") and line.endswith("…: file name too long")
    assert len(line) < 120  # the path is shortened, not quoted whole
    assert list(in_tmp.iterdir()) == []


def test_a_path_under_a_folder_that_may_not_be_searched_is_one_sentence(in_tmp, monkeypatch):
    # As root every folder may be searched, so the refusal the system gives is staged here.
    real_stat = pathlib.Path.stat

    def stat(self, **options):
        if "locked" in self.parts[:-1]:
            raise PermissionError(errno.EACCES, "Permission denied", str(self))
        return real_stat(self, **options)

    monkeypatch.setattr(pathlib.Path, "stat", stat)
    result = CliRunner().invoke(main, ["validate", "locked/deck"])
    assert result.exit_code == 1, result.output
    assert result.stderr == "error: cannot use locked/deck: permission denied\n"
