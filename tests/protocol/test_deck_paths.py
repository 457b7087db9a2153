"""What a request's `deck` may name: a bundled deck, or a path under the server's root."""

from __future__ import annotations

import json
import os
import re

import pytest

from pugdeck.building.pipeline import build
from pugdeck.protocol import decks
from pugdeck.protocol.server import Server
from pugdeck.resources import bundled_deck

posix_only = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes and links are POSIX here")


@pytest.fixture(scope="module")
def pixelpug_doc() -> dict:
    return build(bundled_deck("pixelpug")).doc


@pytest.fixture
def layout(tmp_path, pixelpug_doc):
    """root/ (the server's) with a built deck, and outside/ beside it with things to probe."""
    root, outside = tmp_path / "root", tmp_path / "outside"
    (root / "decks").mkdir(parents=True)
    outside.mkdir()
    (root / "decks" / "pixelpug.json").write_text(json.dumps(pixelpug_doc), encoding="utf-8")
    (outside / "deck.json").write_text(json.dumps(pixelpug_doc), encoding="utf-8")
    (outside / "notes.json").write_text("not json", encoding="utf-8")
    (outside / "deck-folder").mkdir()
    (outside / "deck-folder" / "deck.yaml").write_text("deck: {id: x}\n", encoding="utf-8")
    return root, outside


def answer(server: Server, deck: str) -> dict:
    return server.handle({"id": 1, "cmd": "new_game", "deck": deck, "players": 2})


def refusal(server: Server, deck: str) -> str:
    response = answer(server, deck)
    assert response["ok"] is False and response["error"]["code"] == "bad_deck", response
    return response["error"]["message"]


def test_a_built_deck_under_the_root_opens_by_relative_or_absolute_path(layout):
    root, _ = layout
    server = Server(root=root)
    assert answer(server, "decks/pixelpug.json")["ok"]
    assert answer(server, str(root / "decks" / "pixelpug.json"))["ok"]
    assert answer(server, "decks/../decks/./pixelpug.json")["ok"]


def test_a_bundled_deck_opens_by_name_whatever_the_root(layout):
    root, _ = layout
    assert answer(Server(root=root), "pixelpug")["ok"]


@posix_only
def test_nothing_outside_the_root_is_opened_and_every_refusal_reads_the_same(layout):
    root, outside = layout
    os.mkfifo(outside / "pipe.json")  # opened, it would block the server for good
    (root / "decks" / "link.json").symlink_to(outside / "deck.json")  # a link out of the root
    (root / "link-folder").symlink_to(outside / "deck-folder")
    server = Server(root=root)
    probes = [str(outside / "deck.json"),  # exists, a valid deck
              str(outside / "notes.json"),  # exists, not JSON
              str(outside / "pipe.json"),  # a named pipe
              str(outside / "deck-folder"),  # a folder with a deck.yaml
              str(outside / "missing.json"),  # nothing there
              str(outside),  # a folder
              "/", "/etc/passwd", "/root", "../outside/deck.json", "decks/../../outside/deck.json",
              "decks/link.json", "link-folder", "a" * 5000, "no\0such"]
    messages = {re.sub(r"no deck called '.*?' under", "no deck called NAME under", refusal(server, name))
                for name in probes}
    assert messages == {"no deck called NAME under the server's root or among the bundled decks (pixelpug, pug-you)"}
    assert server.sessions == {}


def test_a_long_name_is_quoted_short(layout):
    root, _ = layout
    message = refusal(Server(root=root), "x" * 5000)
    assert len(message) < 250 and "xxxx…'" in message


@posix_only
def test_a_deck_folder_whose_deck_yaml_links_out_of_the_root_is_not_built(layout, monkeypatch):
    root, outside = layout
    (root / "trap").mkdir()
    (root / "trap" / "deck.yaml").symlink_to(outside / "deck-folder" / "deck.yaml")
    monkeypatch.setattr("pugdeck.building.pipeline.build", lambda *a, **k: pytest.fail("built a deck outside"))
    assert refusal(Server(root=root), "trap") == "'trap': its deck.yaml links out of the server's root"


@posix_only
def test_under_the_root_the_answer_says_what_is_wrong_without_blocking(layout):
    root, _ = layout
    os.mkfifo(root / "pipe.json")
    (root / "broken.json").write_text('{"cards": [1, 2', encoding="utf-8")
    (root / "empty-folder").mkdir()
    (root / "notes.txt").write_text("hello", encoding="utf-8")
    server = Server(root=root)
    assert refusal(server, "pipe.json") == "pipe.json: cannot read it: it is a named pipe, not a regular file"
    assert refusal(server, "broken.json").startswith("broken.json: not JSON: ")
    assert "is a folder without a deck.yaml" in refusal(server, "empty-folder")
    assert "'notes.txt' is not a deck; give a built deck (.json)" in refusal(server, "notes.txt")
    assert "no deck called 'missing.json' under the server's root" in refusal(server, "missing.json")


def test_a_deck_folder_is_built_from_its_own_files_without_walking_the_tree(tmp_path, monkeypatch):
    import shutil

    shutil.copytree(bundled_deck("pixelpug"), tmp_path / "my-deck")
    for n in range(50):  # clutter a walk would visit
        (tmp_path / "my-deck" / f"junk-{n}").mkdir()
    server = Server(root=tmp_path)
    assert answer(server, "my-deck")["ok"]

    def no_walk(*args, **kwargs):
        raise AssertionError("the deck folder was walked")

    monkeypatch.setattr("pathlib.Path.rglob", no_walk)
    monkeypatch.setattr("os.walk", no_walk)
    assert answer(server, "my-deck")["ok"]  # the same build, checked by its files' stamps


def test_an_edited_deck_folder_is_rebuilt_and_an_unchanged_one_is_not(tmp_path, monkeypatch):
    import shutil

    shutil.copytree(bundled_deck("pixelpug"), tmp_path / "my-deck")
    builds = []
    real_build = build

    def counting(path, *args, **kwargs):
        builds.append(path)
        return real_build(path, *args, **kwargs)

    monkeypatch.setattr("pugdeck.building.pipeline.build", counting)
    monkeypatch.setattr(decks, "_builds", type(decks._builds)())  # a fresh process
    server = Server(root=tmp_path)
    assert answer(server, "my-deck")["ok"] and answer(server, "my-deck")["ok"]
    assert len(builds) == 1
    deck_yaml = tmp_path / "my-deck" / "deck.yaml"
    deck_yaml.write_text(deck_yaml.read_text(encoding="utf-8") + "# edited\n", encoding="utf-8")
    assert answer(server, "my-deck")["ok"] and len(builds) == 2
