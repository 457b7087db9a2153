"""`pugdeck live` prints its address before the first build, which takes seconds on a large
deck, and `--quiet` keeps the rebuild lines to itself."""

from __future__ import annotations

from click.testing import CliRunner

from pugdeck.cli import main
from pugdeck.live.session import LiveSession


def test_the_address_comes_before_the_first_build(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)

    def interrupted_build(self):  # stopped with Ctrl-C while the first build runs
        raise KeyboardInterrupt

    monkeypatch.setattr(LiveSession, "rebuild", interrupted_build)
    result = CliRunner().invoke(main, ["live", "pixelpug", "--port", "0", "--no-browser"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("pugdeck live: http://127.0.0.1:")
    assert result.stderr.rstrip().endswith("pugdeck live: stopped")
