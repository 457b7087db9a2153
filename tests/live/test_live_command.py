"""`pugdeck live` as a user runs it: a real process, its URL on stdout, Ctrl-C to stop."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from click.testing import CliRunner

from pugdeck.cli import main

ROOT = Path(__file__).resolve().parents[2]
WAIT_S = 30.0


def start(*args: str, cwd: Path) -> tuple[subprocess.Popen, str]:
    """`python -m pugdeck live --no-browser ARGS` and the URL it prints."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen([sys.executable, "-m", "pugdeck", "live", "--no-browser", *args], cwd=cwd,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    line = process.stdout.readline()
    if not line.startswith("pugdeck live: http://"):
        process.kill()
        raise AssertionError(f"no URL: {line!r} {process.communicate()}")
    return process, line.split()[2]


def stop(process: subprocess.Popen) -> tuple[int, str, str]:
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=WAIT_S)
    return process.returncode, out, err


def fetch(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=WAIT_S) as reply:
        return json.loads(reply.read())


def test_port_0_serves_on_a_free_port_and_ctrl_c_stops_cleanly(tmp_path):
    process, url = start("--port", "0", "pixelpug", cwd=tmp_path)
    try:
        assert url.startswith("http://127.0.0.1:") and not url.endswith(":0/")
        state = fetch(url + "status.json")
        assert state["ok"] is True and state["cards"] > 0
    finally:
        code, out, err = stop(process)
    assert code == 0, err
    assert "Traceback" not in err and "Aborted" not in err
    assert err.rstrip().endswith("pugdeck live: stopped")
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_a_deck_made_by_init_is_served_and_follows_its_saves(tmp_path):
    assert CliRunner().invoke(main, ["init", str(tmp_path / "ours")]).exit_code == 0
    process, url = start("--port", "0", "ours", cwd=tmp_path)
    try:
        assert fetch(url + "status.json")["ok"] is True
        card_file = sorted((tmp_path / "ours" / "cards").glob("*.yaml"))[0]
        text = card_file.read_text(encoding="utf-8")
        card_file.write_text(text.replace('question: "', 'question: "Edited: ', 1), encoding="utf-8")
        deadline = time.monotonic() + WAIT_S
        while fetch(url + "status.json")["version"] < 2:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        titles = [card["title"] for card in fetch(url + "view.json")["cards"]]
        assert any(title.startswith("Edited: ") for title in titles)
    finally:
        code, _out, err = stop(process)
    assert code == 0 and "Traceback" not in err
    assert not (tmp_path / "out").exists() and not (tmp_path / "ours" / "out").exists()  # nothing written


def test_a_host_other_than_loopback_is_warned_about(tmp_path):
    process, _url = start("--port", "0", "--host", "0.0.0.0", "pixelpug", cwd=tmp_path)
    code, _out, err = stop(process)
    assert code == 0
    assert "warning: --host 0.0.0.0 serves the deck and its page to every machine" in err


def test_a_port_in_use_is_a_one_line_error():
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        result = CliRunner().invoke(main, ["live", "--no-browser", "--port", str(port), "pixelpug"])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"error: cannot listen on 127.0.0.1:{port}: ")
    assert "Traceback" not in result.output


@pytest.mark.parametrize("port", ["-1", "65536", "http"])
def test_a_port_that_is_no_port_is_a_usage_error(port):
    result = CliRunner().invoke(main, ["live", "--no-browser", "--port", port])
    assert result.exit_code == 2 and "--port" in result.stderr


def test_sigterm_shuts_down_like_ctrl_c_and_ends_by_that_signal(tmp_path):
    process, url = start("--port", "0", "pixelpug", cwd=tmp_path)
    events = urllib.request.urlopen(url + "events", timeout=WAIT_S)  # an open page's stream
    try:
        assert events.readline()  # the stream is flowing
        time.sleep(0.5)  # uvicorn's signal handlers are in place once it serves
        process.send_signal(signal.SIGTERM)
        out, err = process.communicate(timeout=WAIT_S)
    finally:
        events.close()
    # uvicorn stops as for Ctrl-C, then raises SIGTERM again: the process ends by it (143 in
    # a shell), as a service manager expects, with no traceback and nothing written.
    assert process.returncode == -signal.SIGTERM, err
    assert "Traceback" not in err
    assert list(tmp_path.iterdir()) == []
