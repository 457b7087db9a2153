"""Blue cards survive the server (issue 24): every card, waiting or approved, is written
atomically beside the customs file, and a party started again in the same folder takes
them up; a cards file the party did not write, or one that is not its own, is left alone."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from helpers.party_harness import Running
from helpers.party_setup import setup_room
from pugdeck.building.pipeline import build
from pugdeck.games.registry import bundled_decks
from pugdeck.party.blue import MAX_KEPT_BYTES

CARDS = [{"question": f"Who would name a boat after {name}?", "level": "yellow", "badges": 2,
          "descriptive": f"the {name} fan", "turds": 2, "thermometer": 2} for name in ("a pug", "a pie", "a fog")]


@pytest.fixture
def deck(tmp_path) -> Path:
    return shutil.copytree(bundled_decks()["pug-you"], tmp_path / "deck")


def _ids(cards) -> list[tuple[str, bool]]:
    return [(c.id, c.approved) for c in cards]


def test_cards_waiting_and_approved_survive_a_restart(deck):
    server = Running(setup_room(deck, deck))
    try:
        code, key = server.room.code, server.room.screen_key
        _status, ana = server.post(f"/r/{code}/join", {"name": "Ana"})
        for card in CARDS:
            assert server.post(f"/r/{code}/blue", {"card": card}, ana["token"])[1]["accepted"]
        server.post(f"/s/{key}/blue", {"id": "party-blue-2", "approve": True})
        before = _ids(server.room.blue.cards)
    finally:
        server.stop()  # the server goes; nobody approved cards 1 and 3
    kept = json.loads((deck / "party-customs.cards.json").read_text(encoding="utf-8"))
    assert [c["id"] for c in kept["cards"]] == ["party-blue-1", "party-blue-2", "party-blue-3"]

    again = Running(setup_room(deck, deck))  # the same command, started again
    try:
        blue = again.room.blue
        assert blue.path == deck / "party-customs.yaml" and _ids(blue.cards) == before
        assert [c.by for c in blue.cards] == ["Ana"] * 3 and all(c.picture for c in blue.cards)
        assert blue.cards[0].fields == CARDS[0]
        expected = build(deck, {"customs": (str(deck / "party-customs.yaml"),)})
        assert again.room.setup.built.doc["cards"] == expected.doc["cards"]  # the approved card plays
        code, key = again.room.code, again.room.screen_key
        status, screen = again.post(f"/s/{key}/blue", {"id": "party-blue-3", "approve": True})
        assert status == 200 and "customs 2" in screen["setup"]["summary"]
        status, _h, png = again.request("GET", screen["blue"]["cards"][0]["src"])
        assert status == 200 and png.startswith(b"\x89PNG")
        _status, bo = again.post(f"/r/{code}/join", {"name": "Bo"})
        assert again.post(f"/r/{code}/blue", {"card": CARDS[0]}, bo["token"])[1]["id"] == "party-blue-4"
    finally:
        again.stop()


@pytest.mark.parametrize("kept", [b"not json", b'{"format": "something else", "cards": []}',
                                  b'{"format": "pugdeck-party-blue-cards", "cards": [{"id": "../x", "by": "A",'
                                  b' "approved": false, "fields": {}}]}',
                                  b'{"format": "pugdeck-party-blue-cards", "cards": [{"id": "party-blue-1", "by": "A",'
                                  b' "approved": false, "fields": {"art": "/etc/passwd"}}]}',
                                  b" " * (MAX_KEPT_BYTES + 1)], ids=["junk", "other", "id", "field", "huge"])
def test_a_cards_file_that_is_not_a_party_s_own_is_left_alone(deck, kept):
    (deck / "party-customs.cards.json").write_bytes(kept)
    room = setup_room(deck, deck)
    assert room.blue.path.name == "party-customs-2.yaml" and room.blue.cards == []
    assert (deck / "party-customs.cards.json").read_bytes() == kept


def test_a_customs_file_a_party_did_not_write_is_not_taken_up(deck):
    (deck / "party-customs.yaml").write_text("cards: []\n", encoding="utf-8")
    (deck / "party-customs.cards.json").write_text('{"format": "pugdeck-party-blue-cards", "cards": []}',
                                                   encoding="utf-8")
    assert setup_room(deck, deck).blue.path.name == "party-customs-2.yaml"
