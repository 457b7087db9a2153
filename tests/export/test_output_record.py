"""Exports remove only what they wrote: a user's own file in an output folder survives, an
image of ours of a card no longer in the deck goes, and a record edited to point elsewhere
removes nothing outside the folder."""

from __future__ import annotations

import errno
import hashlib
import json
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from pugdeck.cli import main
from pugdeck.export.output_record import RECORD_NAME, read_record, remove_stale


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def write_deck(folder: Path, ids: list[str]) -> Path:
    lines = ["deck: {id: t, name: T, game: pug-you}", "cards:"]
    for card_id in ids:
        lines += [f"  - id: {card_id}", "    level: green", f'    question: "Who is {card_id}?"',
                  "    badges: 1", '    descriptive: "fine"', "    turds: 1", "    thermometer: 1"]
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "deck.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder


def test_export_png_keeps_a_users_own_png_and_removes_its_own_stale_one(tmp_path):
    deck, out = tmp_path / "deck", tmp_path / "out"
    assert run("export", "png", str(write_deck(deck, ["alpha", "beta"])), "--dpi", "36",
               "--out", str(out)).exit_code == 0
    folder = out / "t/png"
    (folder / "my-drawing.png").write_bytes(b"\x89PNG the user's own")
    assert set(read_record(out / "t")) >= {"png/alpha-1.png", "png/beta-1.png", "png/back.png"}
    result = run("export", "png", str(write_deck(deck, ["alpha"])), "--dpi", "36", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert (folder / "my-drawing.png").read_bytes() == b"\x89PNG the user's own"
    assert not (folder / "beta-1.png").exists()  # ours, of a card no longer in the deck
    assert (folder / "alpha-1.png").exists()
    assert "png/beta-1.png" not in read_record(out / "t")
    assert sorted(p.name for p in folder.iterdir()) == [  # the record sits beside the folder
        "alpha-1.png", "back.png", "my-drawing.png", "turd-1.png", "turd-2.png", "turn-overview.png"]


def test_an_image_of_ours_the_user_edited_is_kept(tmp_path):
    deck, out = tmp_path / "deck", tmp_path / "out"
    run("export", "png", str(write_deck(deck, ["alpha", "beta"])), "--dpi", "36", "--out", str(out))
    (out / "t/png/beta-1.png").write_bytes(b"retouched by hand")
    assert run("export", "png", str(write_deck(deck, ["alpha"])), "--dpi", "36",
               "--out", str(out)).exit_code == 0
    assert (out / "t/png/beta-1.png").read_bytes() == b"retouched by hand"


def test_a_folder_without_a_record_loses_nothing(tmp_path):
    folder = tmp_path / "png"
    folder.mkdir()
    (folder / "old.png").write_bytes(b"from an older pugdeck, or the user's")
    written = {folder / "new.png": b"new"}
    (folder / "new.png").write_bytes(b"new")
    assert remove_stale(folder, written, "*.png") == []
    assert (folder / "old.png").exists()
    assert json.loads((tmp_path / RECORD_NAME).read_text())["files"] == {
        "png/new.png": hashlib.sha256(b"new").hexdigest()}


def test_a_record_that_points_out_of_the_folder_removes_nothing_there(tmp_path):
    folder = tmp_path / "t/png"
    folder.mkdir(parents=True)
    outside = tmp_path / "precious.png"
    outside.write_bytes(b"precious")
    digest = hashlib.sha256(b"precious").hexdigest()
    (folder / "link").symlink_to(tmp_path)
    (tmp_path / "t" / RECORD_NAME).write_text(json.dumps({"format": "pugdeck-outputs", "files": {
        "png/../../precious.png": digest, str(outside): digest, "png/link/precious.png": digest,
        "png/.hidden/../../../precious.png": digest}}))
    assert remove_stale(folder, {}, "*") == []
    assert outside.read_bytes() == b"precious"


def test_a_record_that_is_not_ours_is_ignored(tmp_path):
    (tmp_path / RECORD_NAME).write_text("not json at all")
    assert read_record(tmp_path) == {}
    (tmp_path / RECORD_NAME).write_text('{"files": {"a.png": "00"}}')  # no format: not ours
    assert read_record(tmp_path) == {}


def test_print_shop_keeps_a_users_file_among_its_images(tmp_path):
    deck, out = tmp_path / "deck", tmp_path / "out"
    assert run("export", "print-shop", str(write_deck(deck, ["alpha", "beta"])), "--shop", "mpc",
               "--out", str(out)).exit_code == 0
    folder = out / "t/print-shop-mpc"
    (folder / "fronts/cover-art.png").write_bytes(b"mine")
    result = run("export", "print-shop", str(write_deck(deck, ["alpha"])), "--shop", "mpc",
                 "--out", str(out))
    assert result.exit_code == 0, result.output
    assert (folder / "fronts/cover-art.png").read_bytes() == b"mine"
    assert not (folder / "fronts/beta-1.png").exists()
    assert (folder / "fronts/alpha-1.png").exists() and (folder / "manifest.csv").exists()
    assert "print-shop-mpc/fronts/alpha-1.png" in read_record(out / "t")
    assert ".pugdeck-outputs.json" not in [p.name for p in folder.rglob("*")]


@pytest.mark.parametrize("export", [["png", "--dpi", "36"], ["print-shop", "--shop", "mpc", "--dpi", "150"],
                                    ["tts", "--base-url", "https://example.org/t/"]])
def test_a_disk_that_fills_before_the_record_leaves_no_new_image(tmp_path, monkeypatch, export):
    """The record is in the same batch as the images: when it cannot be written, no image
    lands either ("written whole or not at all"), and the earlier export stays as it was."""
    deck, out = write_deck(tmp_path / "deck", ["alpha", "beta"]), tmp_path / "out"
    assert run("export", *export, str(deck), "--out", str(out)).exit_code == 0
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    real_mkstemp = tempfile.mkstemp

    def mkstemp(*args, prefix="", **options):
        if prefix == f".{RECORD_NAME}.":
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_mkstemp(*args, prefix=prefix, **options)

    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    result = run("export", *export, str(write_deck(deck, ["alpha", "gamma"])), "--out", str(out))
    assert result.exit_code == 1, result.output
    assert result.stderr.startswith("error: cannot write ") and RECORD_NAME in result.stderr
    assert result.stderr.endswith(": no space left on device\n")
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
