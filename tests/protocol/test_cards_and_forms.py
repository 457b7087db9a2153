"""The protocol's card texts (`cards`) and the seats' forms (`forms` in `new_game`/`replay`):
a seat learns the text of exactly the cards its observation names, never one hidden from
it; a form is one of the two, recorded and answered back; a bogus one is `bad_form`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pugdeck.games.conformance import strings_in
from pugdeck.games.registry import registered
from pugdeck.protocol.server import Server

SPANISH = Path(__file__).parents[1] / "language" / "decks"  # a root holding `spanish/`
BOTS = {"1": "random", "2": "heuristic"}


def ok(server: Server, **request) -> dict:
    response = server.handle({"id": 1, **request})
    assert response["ok"], response
    json.dumps(response, allow_nan=False)
    return response


def refused(server: Server, **request) -> dict:
    response = server.handle({"id": 1, **request})
    assert response["ok"] is False, response
    return response["error"]


def _spanish_game(server: Server, **fields) -> dict:
    return ok(server, cmd="new_game", deck="spanish", players=3, seed=5, bots=BOTS, **fields)


# --- forms --------------------------------------------------------------------------------

def test_each_seat_takes_its_form_and_the_game_and_log_answer_it_back():
    server = Server(root=SPANISH)
    game = _spanish_game(server, forms={"0": "feminine", "2": "masculine", "1": None})
    assert game["forms"] == {"0": "feminine", "2": "masculine"}  # null: both, as the card prints them
    assert ok(server, cmd="state", game=game["game"])["forms"] == game["forms"]
    log = ok(server, cmd="log", game=game["game"])
    assert log["forms"] == game["forms"]
    again = ok(server, cmd="replay", deck="spanish", players=3, seed=5, bots=BOTS, forms=log["forms"],
               log=log["log"])
    assert again["forms"] == game["forms"] and again["replayed"] == len(log["log"])
    assert _spanish_game(server)["forms"] == {}  # a game opened after it: its own, none


@pytest.mark.parametrize(("forms", "code", "words"), [
    ({"0": "femenina"}, "bad_form", "seat 0's form 'femenina' is not a form; give 'masculine' or 'feminine'"),
    ({"0": "Feminine"}, "bad_form", "is not a form"),
    ({"1": 1}, "bad_form", "seat 1's form 1 is not a form"),
    ({"0": ["feminine"]}, "bad_form", "is not a form"),
    ({"3": "feminine"}, "bad_seat", "form seat '3' must be a seat number from 0 to 2"),
    ({"٠": "feminine"}, "bad_seat", "form seat"),
    (["feminine"], "bad_request", "'forms' must map seat numbers to forms"),
    ("feminine", "bad_request", "'forms' must map seat numbers to forms"),
])
def test_a_bogus_form_is_refused_and_opens_no_game(forms, code, words):
    server = Server(root=SPANISH)
    error = refused(server, cmd="new_game", deck="spanish", players=3, bots=BOTS, forms=forms)
    assert error["code"] == code and words in error["message"], error
    assert server.sessions == {}
    assert _spanish_game(server)["game"] == "g1"  # no id was used up


def test_a_game_without_descriptives_in_forms_takes_none():
    error = refused(Server(), cmd="new_game", deck="pixelpug", players=2, forms={"0": "feminine"})
    assert error == {"code": "bad_form", "message": "PixelPug cards have no descriptives in forms: send no 'forms'"}
    assert ok(Server(), cmd="new_game", deck="pixelpug", players=2, forms={"0": None})["forms"] == {}


# --- cards --------------------------------------------------------------------------------

def test_a_seat_gets_the_texts_of_its_hand_with_both_forms():
    server = Server(root=SPANISH)
    game = _spanish_game(server, forms={"0": "feminine"})
    hand = ok(server, cmd="observation", game=game["game"], seat=0)["observation"]["hand"]
    cards = ok(server, cmd="cards", game=game["game"], seat=0)["cards"]
    assert set(hand) <= set(cards)
    for card in hand:
        assert cards[card] == _built_spanish_card(card)  # the built deck's entry, whole
    assert cards["detector#1"]["descriptive"] == {"masculine": "un pésimo mentiroso",
                                                  "feminine": "una pésima mentirosa"}


def test_asking_for_an_unseen_card_is_answered_alike_whether_it_exists_or_not():
    server = Server(root=SPANISH)
    game = _spanish_game(server)["game"]
    seen = ok(server, cmd="cards", game=game, seat=0)["cards"]
    hidden = next(card for card in _built_ids() if card not in seen)  # another hand, or the pile
    other = refused(server, cmd="cards", game=game, seat=0, ids=[hidden])
    nothing = refused(server, cmd="cards", game=game, seat=0, ids=["no-such-card#9"])
    assert other["code"] == nothing["code"] == "unseen_card"
    assert other["message"].replace(hidden, "X") == nothing["message"].replace("no-such-card#9", "X")
    mine = next(iter(seen))
    assert ok(server, cmd="cards", game=game, seat=0, ids=[mine, mine])["cards"] == {mine: seen[mine]}
    assert refused(server, cmd="cards", game=game, seat=0, ids=mine)["code"] == "bad_request"
    assert refused(server, cmd="cards", game=game, seat=5)["code"] == "bad_seat"


def test_without_a_seat_only_the_cards_every_seat_sees():
    server = Server()
    game = ok(server, cmd="new_game", deck="pug-you", players=5, seed=1,
              bots={"1": "random", "2": "heuristic", "3": "random", "4": "heuristic"})["game"]
    assert ok(server, cmd="cards", game=game)["cards"] == {}  # only hands so far
    chosen = ok(server, cmd="apply", game=game, action={"type": "choose", "from": 2})["events"][0]["card"]
    public = ok(server, cmd="cards", game=game)["cards"]
    assert list(public) == [chosen]  # read out: the table sees it now
    assert refused(server, cmd="cards", game=game, ids=[ok(server, cmd="observation", game=game, seat=0)
                                                       ["observation"]["hand"][0]])["code"] == "unseen_card"


@pytest.mark.parametrize(("deck", "players"), [("pug-you", 5), ("pixelpug", 3)])
def test_no_seat_ever_gets_a_text_hidden_from_it(deck, players):
    """Random games through the server, every seat asking `cards` after every step: nothing
    hidden from it (GameSpec.hidden_cards), everything its observation names."""
    spec = registered()[deck]
    for seed in range(2):
        server = Server()
        game = ok(server, cmd="new_game", deck=deck, players=players, seed=seed)["game"]
        session = server.sessions[game]
        entries = session.opened.deck.entries()
        steps = 0
        while ok(server, cmd="state", game=game)["to_act"] is not None and steps < 400:
            for seat in range(players):
                shown = ok(server, cmd="cards", game=game, seat=seat)["cards"]
                hidden = spec.hidden_cards(session.state, seat)
                assert not hidden & set(shown), (seed, steps, seat, sorted(hidden & set(shown))[:3])
                named = strings_in(session.state.observation(seat)) & set(entries)
                assert set(shown) == named
            legal = ok(server, cmd="legal_actions", game=game)["actions"]
            ok(server, cmd="apply", game=game, action=legal[(seed + steps) % len(legal)])
            steps += 1
        assert steps > 5


def _built_spanish() -> dict:
    from pugdeck.protocol.decks import built_folder

    return built_folder(SPANISH / "spanish" / "deck.yaml")[0]


def _built_spanish_card(card: str) -> dict:
    return next(c for c in _built_spanish()["cards"] if c["id"] == card)


def _built_ids() -> list[str]:
    return [c["id"] for c in _built_spanish()["cards"]]


# --- what is said aloud -------------------------------------------------------------------

ALL_BOTS = {"0": "heuristic", "1": "random", "2": "heuristic"}


def _whole_game(server: Server, forms: dict) -> list[dict]:
    """A Spanish game the bots play to its end in one request; its events."""
    game = ok(server, cmd="new_game", deck="spanish", players=3, seed=4, bots=ALL_BOTS, forms=forms)
    assert game["terminal"]
    return game["events"]


def test_each_scorer_says_its_line_in_its_own_form():
    from pugdeck.authoring.texts import descriptive_for

    server = Server(root=SPANISH)
    events = _whole_game(server, {"0": "feminine", "1": "masculine"})
    forms = {0: "feminine", 1: "masculine", 2: None}
    scores = [event for event in events if event["event"] == "score"]
    assert {event["seat"] for event in scores} == {0, 1, 2}
    two_forms = 0
    for event in scores:
        [said] = event["said"]
        descriptive = _built_spanish_card(event["card"]).get("descriptive")
        assert said["seat"] == event["seat"] and said["text"].startswith("Me llevo")
        if descriptive:
            assert said["text"].endswith(f"porque soy {descriptive_for(descriptive, forms[said['seat']])}.")
            two_forms += isinstance(descriptive, dict)
    assert two_forms >= 3
    [over] = [event for event in events if event["event"] == "over"]
    assert [line["seat"] for line in over["said"]] == ok(server, cmd="scores", game="g1")["losers"]
    assert all(line["text"].startswith("He perdido porque soy") for line in over["said"])
    assert not any("said" in event for event in events if event["event"] not in ("score", "over"))


def test_a_games_forms_are_its_own_though_games_of_one_deck_share_its_tables():
    server = Server(root=SPANISH)
    feminine = _whole_game(server, {"0": "feminine", "1": "feminine", "2": "feminine"})
    printed = _whole_game(server, {})  # the same deck and seat count: the prepared game is shared
    masculine = _whole_game(server, {"0": "masculine", "1": "masculine", "2": "masculine"})

    def lines(events):
        return " ".join(line["text"] for event in events for line in event.get("said", []))

    assert "porque soy una pésima mentirosa." in lines(feminine)
    assert "porque soy un/a pésimo/a mentiroso/a." in lines(printed)
    assert "porque soy un pésimo mentiroso." in lines(masculine)
    assert "/a " not in lines(feminine) + lines(masculine)
    assert lines(feminine) == lines(_whole_game(server, {"0": "feminine", "1": "feminine", "2": "feminine"}))


def test_pixelpug_says_nothing_aloud():
    game = ok(Server(), cmd="new_game", deck="pixelpug", players=3, seed=2,
              bots={"0": "random", "1": "heuristic", "2": "random"})
    assert game["terminal"] and not any("said" in event for event in game["events"])
