"""The conventions of the tools our users come from (git, Click): a mistyped command gets a
suggestion, `--help` shows each command's whole first sentence, a taken port says how to get
another, and the licence pyproject names is in the checkout."""

from __future__ import annotations

import re
import socket
import tomllib
from pathlib import Path

from click.testing import CliRunner

from pugdeck.cli import COMMANDS, main

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_a_mistyped_command_gets_the_nearest_one():
    result = run("buidl", "--no-red")
    assert result.exit_code == 2
    assert "No such command 'buidl'. Did you mean 'build'?" in result.stderr
    assert "Did you mean" not in run("zzzz").stderr  # nothing near: no guess


def test_top_level_help_cuts_no_summary_short():
    text = run("--help").stdout.split("Commands:", 1)[1]
    assert "..." not in text
    for name in COMMANDS:
        assert re.search(rf"^  {name} ", text, re.M), name
    flat = " ".join(text.split())
    assert "Build DECK for a group: out/<name>.json (the built deck) and out/<name>.pdf." in flat


def test_a_taken_port_is_said_once_with_the_way_out(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = run("live", "pixelpug", "--port", str(port), "--no-browser")
    assert result.exit_code == 1
    assert result.stderr.count(str(port)) == 1 and "while attempting" not in result.stderr
    assert "--port 0" in result.stderr


def test_the_licence_pyproject_names_is_in_the_checkout():
    licence = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["license"]
    assert licence == "MIT"
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
