"""Writing outputs as a user meets it: a folder that cannot take them is one line on stderr
(`error: cannot write <path>: <reason>`, exit 1) with earlier outputs intact, `--name`
never leads outside `--out`, and `simulate --plot` makes no folders."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from pugdeck import atomic
from pugdeck.cli import main


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def full_disk(monkeypatch) -> None:
    def fsync(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(atomic.os, "fsync", fsync)


def test_build_on_a_full_disk_keeps_the_earlier_build(tmp_path, monkeypatch):
    assert run("build", "--out", str(tmp_path)).exit_code == 0
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    full_disk(monkeypatch)
    result = run("build", "--out", str(tmp_path))
    assert result.exit_code == 1
    assert result.stderr == f"error: cannot write {tmp_path / 'pug-you.json'}: no space left on device\n"
    assert result.stdout == ""
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before  # no temporaries either


def test_build_into_a_read_only_folder(tmp_path, monkeypatch):
    def mkstemp(**kwargs):  # as a folder without write permission answers (tests may run as root)
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))

    monkeypatch.setattr(atomic.tempfile, "mkstemp", mkstemp)
    result = run("build", "--no-pdf", "--out", str(tmp_path))
    assert result.exit_code == 1
    assert result.stderr == f"error: cannot write {tmp_path / 'pug-you.json'}: permission denied\n"
    assert list(tmp_path.iterdir()) == []


def test_build_out_under_a_regular_file(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    out = tmp_path / "notes.txt" / "out"
    result = run("build", "--no-pdf", "--out", str(out))
    assert result.exit_code == 1
    assert result.stderr == (f"error: cannot write {out / 'pug-you.json'}: "
                             f"{tmp_path / 'notes.txt'} is a file, not a folder\n")
    assert (tmp_path / "notes.txt").read_text() == "mine"


def test_export_csv_reports_a_write_error(tmp_path, monkeypatch):
    full_disk(monkeypatch)
    result = run("export", "csv", "-o", str(tmp_path / "cards.csv"))
    assert result.exit_code == 1
    assert result.stderr == f"error: cannot write {tmp_path / 'cards.csv'}: no space left on device\n"
    assert list(tmp_path.iterdir()) == []


def test_a_killed_builds_temporaries_are_removed_by_the_next_build(tmp_path):
    left = tmp_path / ".pug-you.pdf.k2j_x9ab.tmp"  # what kill -9 mid-write leaves
    left.write_bytes(b"\0" * 3_000_000)
    assert run("build", "--out", str(tmp_path)).exit_code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pug-you.json", "pug-you.pdf"]


@pytest.mark.parametrize("name, problem", [
    ("../x", "'../x' is a path; give a name without '/', '\\' or '..' (the files are written inside --out)"),
    ("/abs/x", "'/abs/x' is a path; give a name without '/', '\\' or '..' (the files are written inside --out)"),
    ("a\\b", "'a\\b' is a path; give a name without '/', '\\' or '..' (the files are written inside --out)"),
    ("..", "'..' is a path; give a name without '/', '\\' or '..' (the files are written inside --out)"),
    ("", "'' cannot name the files: use lowercase letters of any script, digits and '-', starting "
         "with a letter or digit (e.g. pug-you-ours)"),
    (".hidden", "'.hidden' cannot name the files: use lowercase letters of any script, digits and '-', starting "
                "with a letter or digit (e.g. pug-you-ours)"),
    ("a\0b", "'a\\x00b' cannot name the files: use lowercase letters of any script, digits and '-', starting "
             "with a letter or digit (e.g. pug-you-ours)"),
    ("My Deck", "'My Deck' cannot name the files: use lowercase letters of any script, digits and '-', starting "
                "with a letter or digit (e.g. pug-you-ours)"),
    ("x" * 101, "the name has 101 characters; the limit is 100"),
])
@pytest.mark.parametrize("command", [["build"], ["export", "png"], ["export", "tts"],
                                     ["export", "html"], ["preview"]])
def test_a_name_that_is_not_a_slug_is_a_usage_error(tmp_path, command, name, problem):
    out = tmp_path / "out"
    result = run(*command, "--name", name, "--out", str(out))
    assert result.exit_code == 2
    assert f"Error: Invalid value for '--name': {problem}\n" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_slug_name_names_the_files(tmp_path):
    result = run("build", "--no-pdf", "--name", "our-deck-2", "--out", str(tmp_path))
    assert result.exit_code == 0, result.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["our-deck-2.json"]


@pytest.fixture(scope="module")
def deck_json(tmp_path_factory) -> str:
    folder = tmp_path_factory.mktemp("built")
    assert run("build", "--no-pdf", "--out", str(folder)).exit_code == 0
    return str(folder / "pug-you.json")


def test_plot_into_a_missing_folder_is_refused_before_playing(tmp_path, deck_json):
    plot = tmp_path / "missing" / "dir" / "chart.png"
    result = run("simulate", deck_json, "-p", "5", "-g", "2", "--plot", str(plot))
    assert result.exit_code == 2
    assert (f"Error: Invalid value for '--plot': the folder {plot.parent} does not exist\n"
            in result.stderr)
    assert list(tmp_path.iterdir()) == []


def test_plot_under_a_regular_file_is_refused(tmp_path, deck_json):
    (tmp_path / "notes.txt").write_text("")
    result = run("simulate", deck_json, "-p", "5", "-g", "2", "--plot", str(tmp_path / "notes.txt" / "c.png"))
    assert result.exit_code == 2
    assert f"Invalid value for '--plot': {tmp_path / 'notes.txt'} is not a folder\n" in result.stderr


def test_plot_on_a_full_disk_is_a_write_error(tmp_path, deck_json, monkeypatch):
    full_disk(monkeypatch)
    plot = tmp_path / "chart.png"
    result = run("simulate", deck_json, "-p", "5", "-g", "2", "--plot", str(plot))
    assert result.exit_code == 1
    assert result.stderr == f"error: cannot write {plot}: no space left on device\n"
    assert list(tmp_path.iterdir()) == []


def test_plot_writes_the_chart(tmp_path, deck_json):
    plot = tmp_path / "chart.png"
    result = run("simulate", deck_json, "-p", "5", "-g", "2", "--json", "--plot", str(plot))
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["games"] == 2
    assert plot.read_bytes().startswith(b"\x89PNG")


def test_the_pipeline_refuses_a_name_that_would_leave_the_folder():
    from pugdeck.building.pipeline import build
    from pugdeck.resources import bundled_deck

    with pytest.raises(ValueError, match="the output name '../x' must be a slug"):
        build(bundled_deck("pug-you"), name="../x")


def test_stale_images_that_cannot_be_removed_are_reported(tmp_path, monkeypatch):
    from pugdeck.export.png import remove_stale

    (tmp_path / "old.png").write_bytes(b"")
    remove_stale(tmp_path, {tmp_path / "old.png": b""}, "*.png")  # recorded as ours

    def unlink(self, missing_ok=False):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))

    monkeypatch.setattr(Path, "unlink", unlink)
    with pytest.raises(atomic.WriteError) as caught:
        remove_stale(tmp_path, [], "*.png")
    assert str(caught.value) == f"cannot remove {tmp_path / 'old.png'}: permission denied"
