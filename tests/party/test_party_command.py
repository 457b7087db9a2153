"""`pugdeck party` from the command line: what it prints, what it refuses before serving,
and a real run of the console script (127.0.0.1 only) stopped with Ctrl-C."""

from __future__ import annotations

import os
import re
import select
import shutil
import signal
import subprocess
import sys
import time
import urllib.request

import pytest
from click.testing import CliRunner

from pugdeck.cli import main


def test_a_log_that_is_no_party_s_own_is_refused_before_anything_is_served(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    played = runner.invoke(main, ["play", "pug-you", "-p", "5", "--json"])
    assert played.exit_code == 0
    (tmp_path / "played.json").write_text(played.output, encoding="utf-8")
    result = runner.invoke(main, ["party", "--resume", "played.json", "--host", "127.0.0.1", "--no-browser"])
    assert result.exit_code == 1 and "only a party's own log resumes" in result.output
    (tmp_path / "broken.json").write_text('{"format": ', encoding="utf-8")
    result = runner.invoke(main, ["party", "--resume", "broken.json", "--host", "127.0.0.1", "--no-browser"])
    assert result.exit_code == 1 and "is not a JSON game log" in result.output
    assert "Traceback" not in result.output


def test_an_existing_log_is_not_overwritten(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "party-pug-you.json").write_text("{}", encoding="utf-8")
    result = CliRunner().invoke(main, ["party", "--host", "127.0.0.1", "--port", "0", "--no-browser"])
    assert result.exit_code == 1
    assert "party-pug-you.json exists: continue that party with --resume party-pug-you.json" in result.output
    assert (tmp_path / "party-pug-you.json").read_text(encoding="utf-8") == "{}"


def test_a_broken_deck_says_where_and_serves_nothing(tmp_path, monkeypatch, write_deck):
    deck = write_deck(files={"cards.yaml": "cards:\n  - id: x\n    kind: pug\n    turds: lots\n"})
    result = CliRunner().invoke(main, ["party", str(deck), "--host", "127.0.0.1", "--port", "0", "--no-browser"])
    assert result.exit_code == 1 and "deck/cards.yaml:" in result.output and "pugdeck party:" not in result.output


def test_the_filters_are_build_s_own():
    result = CliRunner().invoke(main, ["party", "--help"])
    built = CliRunner().invoke(main, ["build", "--help"])
    for option in ("--profile", "--customs", "--bots", "--port", "--host", "--no-browser", "--resume", "--log"):
        assert option in result.output
    build_filters = set(re.findall(r"--no-[a-z-]+|--max-[a-z-]+", built.output)) - {"--no-pdf"}
    assert build_filters and build_filters <= set(re.findall(r"--no-[a-z-]+|--max-[a-z-]+", result.output))


@pytest.mark.skipif(shutil.which("pugdeck") is None and not os.path.exists(os.path.join(os.path.dirname(
    sys.executable), "pugdeck")), reason="the console script is not installed")
@pytest.mark.parametrize("deck", [["pixelpug", "--bots", "1"], ["small"]], ids=["pixelpug", "too-small-starter"])
def test_the_installed_command_serves_the_party_and_stops_on_ctrl_c(tmp_path, deck):
    script = os.path.join(os.path.dirname(sys.executable), "pugdeck")
    if deck == ["small"]:  # too small for anyone: the set-up opens, so blue cards can rescue it
        assert subprocess.run([script, "init", "small"], cwd=tmp_path, capture_output=True).returncode == 0
    process = subprocess.Popen([script, "party", *deck, "--host", "127.0.0.1", "--port", "0", "--no-browser"],
                               cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        out, deadline = b"", time.monotonic() + 60
        while b"Ctrl-C stops" not in out:  # read from the pipe itself: a buffered reader would hide lines
            assert time.monotonic() < deadline and process.poll() is None, out
            if select.select([process.stdout], [], [], 1)[0]:
                out += os.read(process.stdout.fileno(), 65536)
        out = out.decode("utf-8")
        join = re.search(r"join: (http://127\.0\.0\.1:\d+/join/([2-9A-Z]{10}))", out)
        assert join and f"room code {join.group(2)}" in out
        assert "█" in out  # the QR code, in the terminal
        with urllib.request.urlopen(join.group(1), timeout=10) as page:  # noqa: S310 (127.0.0.1 only)
            assert f'data-code="{join.group(2)}"'.encode() in page.read()
        process.send_signal(signal.SIGINT)
        _rest, err = process.communicate(timeout=30)
        assert process.returncode == 0 and b"pugdeck party: stopped" in err
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert not list(tmp_path.glob("party-*.json"))  # nobody played: nothing to keep
