"""A person's form at a party (issue 23): a deck whose descriptives come in two forms
("un niño grande" / "una niña grande") offers the choice on the join form; the seat then
hears its own lines in its form, the party's log keeps it and `--resume` restores it."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from helpers.party_harness import Running
from pugdeck.building.pipeline import build
from pugdeck.games.registry import bundled_decks, game
from pugdeck.party.room import Room
from pugdeck.party.table import PartyTable, Refused

VERBENA = Path(__file__).resolve().parents[2] / "docs" / "examples" / "verbena"  # Spanish, two-form descriptives
SEED = 5  # a game in which Ana scores two-form cards and loses: her closing line says them


@pytest.fixture(scope="module")
def verbena():
    return build(VERBENA).doc


def play(doc: dict, forms: dict[str, str | None], log_path: Path | None = None) -> PartyTable:
    """A whole game of four people who pick among their choices with a seeded generator."""
    table = PartyTable(game(doc["game"]), doc, seed=SEED, log_path=log_path)
    tokens = [table.join(name, form)[1] for name, form in forms.items()]
    table.start()
    chooser = random.Random(SEED)
    for number in range(3000):
        seat = table.to_act()
        if seat is None:
            break
        table.act(tokens[seat], chooser.choice(table.phone(seat)["choices"])["action"], f"move-{number:06d}")
    assert table.state.is_terminal()
    return table


def two_form_scored(table: PartyTable, seat: int):
    return [d for d in (table.game.card(c).descriptive for c in table.state.observation(seat)["scored"][seat])
            if hasattr(d, "feminine")]


def test_a_seat_that_joins_in_the_feminine_hears_its_lines_in_the_feminine(verbena):
    table = play(verbena, {"Ana": "feminine", "Bo": "masculine", "Chidi": None, "Dee": None})
    assert table.game.forms == {0: "feminine", 1: "masculine"}
    mine = two_form_scored(table, 0)
    assert mine, "the seeded game must have Ana score a card with two forms"
    speech = table.phone(0)["info"][-1]
    assert speech.startswith("Pierdes con")
    for descriptive in mine:
        assert descriptive.feminine in speech and descriptive.masculine not in speech
    screen_line = next(line for line in table.screen()["end"] if line.startswith("Ana"))
    assert all(d.feminine in screen_line for d in mine)

    # The same game with no form taken: both forms as the card prints them ("un/a …"), not hers.
    undecided = play(verbena, {"Ana": None, "Bo": "masculine", "Chidi": None, "Dee": None})
    said = undecided.phone(0)["info"][-1]
    assert said.startswith("Pierdes con") and not any(d.feminine in said for d in mine)


def test_the_log_keeps_the_forms_and_resume_restores_them(verbena, tmp_path):
    log_path = tmp_path / "party.json"
    table = play(verbena, {"Ana": "feminine", "Bo": "masculine", "Chidi": None, "Dee": None}, log_path)
    log = json.loads(log_path.read_text(encoding="utf-8"))
    assert log["party"]["forms"] == ["feminine", "masculine", None, None]
    resumed = PartyTable.resume(log, "party.json", None)
    assert resumed.game.forms == {0: "feminine", 1: "masculine"}
    assert resumed.phone(0)["info"] == table.phone(0)["info"]

    log["party"]["forms"] = ["feminine", "neuter", None, None]
    with pytest.raises(ValueError, match="party.json: the `party` block's forms, seat 2: a form is one of"):
        PartyTable.resume(log, "party.json", None)
    log["party"]["forms"] = ["feminine"]
    with pytest.raises(ValueError, match="one form or null per seat"):
        PartyTable.resume(log, "party.json", None)


def test_the_join_form_offers_forms_only_when_the_deck_has_them_and_refuses_others(verbena):
    server = Running(Room(PartyTable(game(verbena["game"]), verbena)))
    try:
        code = server.room.code
        status, _headers, body = server.request("GET", f"/r/{code}/me")
        offered = json.loads(body)
        assert status == 200 and offered["forms"] == ["masculine", "feminine"]
        assert offered["words"]["texts"]["form_feminine"] == "femenino"
        for bogus in ("neuter", "Feminine", 1, ["feminine"], {"form": "feminine"}):
            status, answer = server.post(f"/r/{code}/join", {"name": "Ana", "form": bogus})
            assert status == 400 and answer["error"]["code"] == "bad_form", bogus
        assert server.room.table.seats == []
        status, answer = server.post(f"/r/{code}/join", {"name": "Ana", "form": "feminine"})
        assert status == 200 and server.room.table.seats[0].form == "feminine"
        status, answer = server.post(f"/r/{code}/join", {"name": "Bo", "form": None})
        assert status == 200 and server.room.table.seats[1].form is None
    finally:
        server.stop()

    english = build(bundled_decks()["pug-you"]).doc  # one form per descriptive: nothing to choose
    table = PartyTable(game(english["game"]), english)
    assert table.forms == ()
    with pytest.raises(Refused, match="one form: send no form"):
        table.join("Ana", "feminine")
