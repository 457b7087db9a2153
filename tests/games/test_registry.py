"""The registry finds games the way `importlib.metadata` finds entry points."""

from __future__ import annotations

import importlib.metadata
import sys

import pytest

from pugdeck.games import registry
from pugdeck.games.spec import GameSpec


def test_the_entry_points_read_are_the_ones_importlib_metadata_finds():
    ours = registry.declared_entry_points(registry.GROUP)
    theirs = [(e.name, f"{e.module}:{e.attr}") for e in importlib.metadata.entry_points(group=registry.GROUP)]
    assert sorted(ours) == sorted(theirs)
    assert {"pug-you", "pixelpug"} <= {name for name, _ in ours}


@pytest.fixture
def site(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "path", [str(tmp_path / "first"), str(tmp_path / "second"), *sys.path])
    registry.refresh()
    yield tmp_path
    registry.refresh()


def _distribution(folder, name: str, text: str, kind: str = "dist-info") -> None:
    info = folder / f"{name}-1.0.{kind}"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(text, encoding="utf-8")


def test_a_distribution_on_the_path_registers_its_game_and_the_first_copy_counts(site):
    module = site / "first" / "tiny_game.py"
    _distribution(site / "first", "tiny_game",
                  "# a comment\n[console_scripts]\ntiny = tiny_game:main\n\n"
                  "[pugdeck.games]\n tiny = tiny_game:GAME [extra]\n")
    _distribution(site / "second", "Tiny.Game", "[pugdeck.games]\nshadowed = tiny_game:OTHER\n")
    module.write_text("from pugdeck.games.spec import GameSpec\n\n\nclass Tiny(GameSpec):\n"
                      "    id = 'tiny'\n    title = 'Tiny'\n\n\nGAME = Tiny()\n", encoding="utf-8")
    assert ("tiny", "tiny_game:GAME") in registry.declared_entry_points(registry.GROUP)
    assert ("shadowed", "tiny_game:OTHER") not in registry.declared_entry_points(registry.GROUP)
    assert isinstance(registry.game("tiny"), GameSpec)
    assert sorted(registry.declared_entry_points(registry.GROUP)) == sorted(
        (e.name, f"{e.module}:{e.attr}") for e in importlib.metadata.entry_points(group=registry.GROUP))
    sys.modules.pop("tiny_game", None)


def test_an_entry_point_that_is_no_game_is_refused(site):
    (site / "first").mkdir()
    (site / "first" / "not_a_game.py").write_text("GAME = 42\n", encoding="utf-8")
    _distribution(site / "first", "not_a_game", "[pugdeck.games]\nbroken = not_a_game:GAME\n")
    with pytest.raises(TypeError, match="not a GameSpec"):
        registry.registered()
    sys.modules.pop("not_a_game", None)


def test_an_unknown_game_names_the_registered_ones():
    with pytest.raises(registry.UnknownGame, match="registered: .*pug-you"):
        registry.game("pug-yu")
