"""A deck too small for any number of players (the 11-card `pugdeck init` starter) opens
its set-up all the same (issue 24): the screen says how many cards are missing, Start is
refused until they are there, and blue cards written on the phones can make it playable."""

from __future__ import annotations

from helpers.party_harness import Running
from helpers.party_setup import starter_room
from pugdeck.party.documents import screen_state


def test_a_deck_too_small_for_anyone_opens_its_set_up_and_blue_cards_rescue_it(tmp_path):
    room, deck = starter_room(tmp_path)
    assert (room.table.fewest, room.table.most) == (5, 10)  # the rules' seats, until it plays
    setup = screen_state(room)["setup"]
    assert setup["playability"]["text"] == "too small for any number of players; for 5 you need 23 more cards"
    server = Running(room)
    try:
        code, key = room.code, room.screen_key
        tokens = [server.post(f"/r/{code}/join", {"name": name})[1]["token"]
                  for name in ("Ana", "Bo", "Chidi", "Dee", "Eli")]
        status, answer = server.post(f"/s/{key}/start", {})
        assert status == 409 and answer["error"]["code"] == "unplayable"
        assert "5 need 23 more cards" in answer["error"]["message"] and not room.table.started
        for n in range(23):  # five phones, at most five cards each within the check budget
            card = {"question": f"Who would keep {n + 2} goldfish in the bathtub?", "level": "green",
                    "badges": 1, "descriptive": f"the keeper of {n + 2} fish", "turds": 1, "thermometer": 1}
            status, answer = server.post(f"/r/{code}/blue", {"card": card}, tokens[n % 5])
            assert status == 200 and answer["accepted"], answer
        for card in list(room.blue.cards):
            status, answer = server.post(f"/s/{key}/blue", {"id": card.id, "approve": True})
            assert status == 200, answer
        assert answer["setup"]["playability"]["text"] == "playable for 5"
        status, answer = server.post(f"/s/{key}/start", {})
        assert status == 200 and answer["started"], answer
        assert sum(c["id"].startswith("party-blue-") for c in room.table.doc["cards"]) == 23
        assert (deck / "party-customs.yaml").read_text(encoding="utf-8").count("id: party-blue-") == 23
    finally:
        server.stop()
