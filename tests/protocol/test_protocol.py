"""The engine protocol (`pugdeck.protocol.server`): sessions for both games, bad requests, no damage."""

from __future__ import annotations

import io
import json

import pytest

from pugdeck.building.pipeline import build
from pugdeck.protocol.server import COMMANDS, Server
from pugdeck.protocol.stream import serve
from pugdeck.resources import bundled_deck

PUG_BOTS = {"1": "random", "2": "heuristic", "3": "random", "4": "heuristic"}


def ok(server: Server, **request) -> dict:
    response = server.handle({"id": 1, **request})
    assert response["ok"], response
    json.dumps(response)  # every response is JSON as it stands
    return response


def error_code(server: Server, request) -> str:
    response = server.handle_line(request) if isinstance(request, (str, bytes)) else server.handle(request)
    assert response["ok"] is False and set(response["error"]) == {"code", "message"}, response
    return response["error"]["code"]


def snapshot(server: Server, game: str) -> list:
    """Everything a frontend can ask about a game: must not change after a refused request."""
    state = ok(server, cmd="state", game=game)
    seats = range(state["players"])
    return [state, ok(server, cmd="log", game=game)["log"], ok(server, cmd="legal_actions", game=game),
            [ok(server, cmd="observation", game=game, seat=s)["observation"] for s in seats]]


def play_out(server: Server, game: str, pick=lambda legal: legal[0]) -> list[dict]:
    """Play every human seat with `pick` until the game ends; the apply responses."""
    responses = []
    to_act = ok(server, cmd="state", game=game)["to_act"]
    while to_act is not None:
        legal = ok(server, cmd="legal_actions", game=game)
        assert legal["seat"] == to_act and legal["actions"]
        response = ok(server, cmd="apply", game=game, seat=to_act, action=pick(legal["actions"]))
        responses.append(response)
        to_act = response["to_act"]
    return responses


def test_hello_names_the_games_their_bots_and_the_commands():
    hello = ok(Server(), cmd="hello")
    assert hello["protocol"] == "pugdeck-engine" and hello["version"] == 1
    assert hello["games"]["pug-you"]["bots"] == ["random", "heuristic"]
    assert "pixelpug" in hello["games"]
    assert {"new_game", "observation", "legal_actions", "apply", "replay", "quit"} <= set(hello["commands"])


def test_pug_you_session_with_one_person_and_four_bots():
    server = Server()
    new = ok(server, cmd="new_game", deck="pug-you", players=5, seed=7, bots=PUG_BOTS)
    assert new["game"] == "g1" and new["game_type"] == "pug-you" and new["humans"] == [0]
    # The shuffle and the bots' offers went by; seat 0 (active) now chooses an offer.
    assert [a["action"]["type"] for a in new["actions"]] == ["shuffle"] + ["offer"] * 4
    assert new["to_act"] == 0
    responses = play_out(server, "g1")
    final = responses[-1]
    assert final["terminal"] and final["to_act"] is None
    assert final["result"]["losers"] and len(final["result"]["scores"]) == 5
    for response in responses:
        assert response["actions"][0]["seat"] == 0  # the person's own action comes first
        for entry in response["actions"]:
            action = entry["action"]
            if action["type"] in ("shuffle", "offer", "vote"):
                assert action == {"type": action["type"]}  # face down: no card, no order
            assert entry["seat"] == 0 or entry["seat"] is None or str(entry["seat"]) in PUG_BOTS
    assert error_code(server, {"cmd": "apply", "game": "g1", "action": {"type": "offer"}}) == "game_over"
    scores = ok(server, cmd="scores", game="g1")
    assert scores["terminal"] and scores["scores"] == final["result"]["scores"]


def test_pixelpug_session_with_two_people_at_one_screen():
    server = Server()
    new = ok(server, cmd="new_game", deck="pixelpug", players=2, seed=3)
    assert new["humans"] == [0, 1] and new["actions"][0]["action"] == {"type": "deal", "first": 0}
    assert new["events"] == [{"event": "round", "round": 0, "first": 0}]
    seats_seen = set()

    def pick(legal):
        seats_seen.add(ok(server, cmd="state", game="g1")["to_act"])
        return legal[-1]

    responses = play_out(server, "g1", pick)
    assert seats_seen == {0, 1}
    result = responses[-1]["result"]
    assert result["champion"] in (0, 1) and max(result["scores"]) == 3
    for response in responses:
        for entry in response["actions"]:
            if entry["action"]["type"] == "rps":
                assert entry["action"] == {"type": "rps"}  # the choice is secret


def test_replay_rebuilds_the_game_from_its_log():
    server = Server()
    ok(server, cmd="new_game", deck="pixelpug", players=3, seed=11, bots={"1": "heuristic", "2": "random"})
    for _ in range(3):
        legal = ok(server, cmd="legal_actions", game="g1")["actions"]
        ok(server, cmd="apply", game="g1", action=legal[0])
    log = ok(server, cmd="log", game="g1")["log"]
    again = ok(server, cmd="replay", deck="pixelpug", players=3, seed=11, log=log,
               bots={"1": "heuristic", "2": "random"})
    assert again["game"] == "g2" and again["replayed"] == len(log) and again["actions"] == []
    for seat in range(3):
        assert (ok(server, cmd="observation", game="g2", seat=seat)["observation"]
                == ok(server, cmd="observation", game="g1", seat=seat)["observation"])
    bad = log[:-1] + [{"type": "play", "card": "nonsense"}]
    assert error_code(server, {"cmd": "replay", "deck": "pixelpug", "players": 3, "seed": 11,
                               "log": bad}) == "illegal_action"
    assert error_code(server, {"cmd": "state", "game": "g3"}) == "unknown_game"  # none opened


def test_a_built_deck_can_come_inline_or_from_a_file(tmp_path):
    doc = build(bundled_deck("pug-you")).doc
    (tmp_path / "deck.json").write_text(json.dumps(doc))
    server = Server(root=tmp_path)
    inline = ok(server, cmd="new_game", deck_doc=doc, players=6, seed=2, bots=PUG_BOTS)
    from_file = ok(server, cmd="new_game", deck=str(tmp_path / "deck.json"), players=6, seed=2, bots=PUG_BOTS)
    assert inline["actions"] == from_file["actions"]
    assert (ok(server, cmd="observation", game="g1", seat=0)["observation"]
            == ok(server, cmd="observation", game="g2", seat=0)["observation"])


BAD_REQUESTS = [
    ("{not json", "bad_json"),
    (b"\xff\xfe", "bad_json"),
    ("[1, 2]", "bad_request"),
    ({"cmd": "dance"}, "unknown_command"),
    ({"id": 5}, "unknown_command"),
    ({"cmd": "observation", "game": "g9", "seat": 0}, "unknown_game"),
    ({"cmd": "observation", "game": "g1", "seat": 7}, "bad_seat"),
    ({"cmd": "observation", "game": "g1", "seat": "0"}, "bad_seat"),
    ({"cmd": "legal_actions", "game": "g1", "seat": True}, "bad_seat"),
    ({"cmd": "apply", "game": "g1"}, "bad_request"),
    ({"cmd": "apply", "game": "g1", "action": "play"}, "bad_request"),
    ({"cmd": "apply", "game": "g1", "action": {"type": "vote", "card": "x", "nominee": 1}}, "illegal_action"),
    ({"cmd": "apply", "game": "g1", "action": {"type": "choose", "from": 0}}, "illegal_action"),
    ({"cmd": "apply", "game": "g1", "action": {"type": "choose", "from": 1, "extra": 1}}, "illegal_action"),
    ({"cmd": "apply", "game": "g1", "seat": 2, "action": {"type": "choose", "from": 1}}, "wrong_seat"),
    ({"cmd": "new_game", "deck": "pug-you", "players": 2}, "bad_deck"),
    ({"cmd": "new_game", "deck": "pug-you", "players": "5"}, "bad_request"),
    ({"cmd": "new_game", "deck": "pug-you", "players": 5, "seed": 1.5}, "bad_request"),
    ({"cmd": "new_game", "deck": "pug-you", "players": 5, "bots": {"9": "random"}}, "bad_seat"),
    ({"cmd": "new_game", "deck": "pug-you", "players": 5, "bots": {"1": "genius"}}, "bad_request"),
    ({"cmd": "new_game", "deck": "pug-you", "players": 5, "bots": ["random"]}, "bad_request"),
    ({"cmd": "new_game", "deck": "no/such/deck.json", "players": 5}, "bad_deck"),
    ({"cmd": "new_game", "deck_doc": {"format": "pugdeck-deck"}, "players": 5}, "bad_deck"),
    ({"cmd": "new_game", "deck_doc": [], "players": 5}, "bad_deck"),
    ({"cmd": "new_game", "players": 5}, "bad_request"),
    ({"cmd": "replay", "deck": "pug-you", "players": 5, "log": {}}, "bad_request"),
]


@pytest.mark.parametrize("request_, code", BAD_REQUESTS, ids=[str(r)[:60] for r, _ in BAD_REQUESTS])
def test_a_bad_request_gets_an_error_and_changes_nothing(request_, code):
    server = Server()
    ok(server, cmd="new_game", deck="pug-you", players=5, seed=7, bots=PUG_BOTS)
    before = snapshot(server, "g1")
    assert error_code(server, request_) == code
    assert snapshot(server, "g1") == before
    assert list(server.sessions) == ["g1"]


def test_the_request_id_comes_back_on_errors_too():
    server = Server()
    assert server.handle({"id": "abc", "cmd": "nope"})["id"] == "abc"
    assert server.handle_line('{"id": 9, "cmd": "hello"}')["id"] == 9
    assert server.handle_line("{")["id"] is None


def test_a_bug_in_a_bot_is_an_internal_error_and_the_game_is_unchanged():
    server = Server()
    ok(server, cmd="new_game", deck="pixelpug", players=2, seed=3, bots={"1": "random"})
    before = snapshot(server, "g1")

    class BrokenBot:
        wants_observation = False

        def choose(self, observation, legal):
            raise RuntimeError("boom")

    server.sessions["g1"].bots[1] = BrokenBot()
    legal = ok(server, cmd="legal_actions", game="g1")["actions"]
    assert error_code(server, {"cmd": "apply", "game": "g1", "action": legal[0]}) == "internal"
    assert snapshot(server, "g1") == before


def test_close_and_quit():
    server = Server()
    ok(server, cmd="new_game", deck="pixelpug", players=2)
    assert ok(server, cmd="close", game="g1") == {"id": 1, "ok": True, "closed": "g1"}
    assert error_code(server, {"cmd": "state", "game": "g1"}) == "unknown_game"
    assert ok(server, cmd="new_game", deck="pixelpug", players=2)["game"] == "g2"  # ids are not reused
    assert ok(server, cmd="quit")["bye"] and server.finished


def test_the_stream_answers_each_line_and_keeps_stdout_for_protocol_lines(monkeypatch, capsys):
    server = Server()
    original = Server.hello

    def chatty_hello(self, request):
        print("a stray print")  # must not reach the protocol stream
        return original(self, request)

    monkeypatch.setitem(COMMANDS, "hello", chatty_hello)
    out = io.BytesIO()
    requests = b'{"id": 1, "cmd": "hello"}\n\n  \nnot json\n{"id": 2, "cmd": "quit"}\n{"id": 3, "cmd": "hello"}\n'
    assert serve(io.BytesIO(requests), out, server) == 3
    lines = out.getvalue().decode().splitlines()
    assert [json.loads(line)["id"] for line in lines] == [1, None, 2]
    assert "a stray print" in capsys.readouterr().err


def test_an_overlong_line_is_refused_and_the_next_one_answered(monkeypatch):
    monkeypatch.setattr("pugdeck.protocol.stream.MAX_LINE_BYTES", 64)
    out = io.BytesIO()
    serve(io.BytesIO(b'{"cmd": "hello", "pad": "' + b"x" * 300 + b'"}\n{"id": 2, "cmd": "quit"}\n'), out)
    first, second = (json.loads(line) for line in out.getvalue().splitlines())
    assert first["error"]["code"] == "too_large" and second == {"id": 2, "ok": True, "bye": True}


@pytest.mark.parametrize("request_, code", [
    ({"cmd": "apply", "game": "g1", "action": {"type": "play", "card": "good-boy#1", "target": 5}}, "illegal_action"),
    ({"cmd": "apply", "game": "g1", "action": {"type": "rps", "choice": "rock"}}, "illegal_action"),
    ({"cmd": "apply", "game": "g1", "action": {"type": "deal", "order": [], "first": 0}}, "illegal_action"),
    ({"cmd": "apply", "game": "g1", "seat": 1, "action": {"type": "play", "card": "good-boy#1", "target": 1}},
     "wrong_seat"),
    ({"cmd": "observation", "game": "g1", "seat": 2}, "bad_seat"),
    ({"cmd": "new_game", "deck": "pixelpug", "players": 9}, "bad_deck"),
    ({"cmd": "new_game", "deck": "/dev/zero", "players": 2}, "bad_deck"),
])
def test_pixelpug_refusals_change_nothing(request_, code):
    server = Server()
    ok(server, cmd="new_game", deck="pixelpug", players=2, seed=3, bots={"1": "heuristic"})
    before = snapshot(server, "g1")
    assert error_code(server, request_) == code
    assert snapshot(server, "g1") == before


def test_a_deck_of_a_game_nobody_registered_is_a_bad_deck_naming_the_registered_games():
    doc = build(bundled_deck("pug-you")).doc
    response = Server().handle({"cmd": "new_game", "deck_doc": {**doc, "game": "chess"}, "players": 5})
    assert response["error"]["code"] == "bad_deck"
    assert "not a built deck of a game this server plays (" in response["error"]["message"]
    assert "pug-you" in response["error"]["message"] and "pixelpug" in response["error"]["message"]


def test_a_registered_game_is_served_through_its_spec_and_one_without_an_engine_refused(monkeypatch):
    from pugdeck.games.registry import registered
    from pugdeck.games.spec import GameSpec

    class CardDuel(GameSpec):
        id = "card-duel"
        title = "Card Duel"

    monkeypatch.setitem(registered(), CardDuel.id, CardDuel())
    server = Server()
    assert ok(server, cmd="hello")["games"]["card-duel"] == {"bots": ["random"]}
    doc = build(bundled_deck("pug-you")).doc
    response = server.handle({"cmd": "new_game", "deck_doc": {**doc, "game": "card-duel"}, "players": 2})
    assert response["error"] == {"code": "bad_deck", "message": "deck_doc: Card Duel has no engine"}
    assert server.sessions == {}


def test_bundled_deck_names_come_from_the_registry():
    from pugdeck.games.registry import registered

    names = [d for spec in registered().values() for d in spec.bundled_decks]
    response = Server().handle({"cmd": "new_game", "deck": "no-such-deck", "players": 2})
    assert response["error"]["code"] == "bad_deck"
    assert f"among the bundled decks ({', '.join(names)})" in response["error"]["message"]


@pytest.mark.parametrize("line, words", [
    ('{"cmd": "hello", "id": "\\ud800"}', "a lone surrogate in id"),
    ('{"cmd": "hello", "id": NaN}', "NaN is not a JSON number"),
    ('{"cmd": "hello", "id": 1e400}', "the number 1e400 is too large"),
    (b'{"cmd": "hello", "id": "\xed\xb0\x80"}', "not UTF-8 text"),
    ("[" * 70 + "]" * 70, "nested more than 64 deep"),
])
def test_a_line_that_is_not_strict_json_is_refused_and_the_server_goes_on(line, words):
    server = Server()
    response = server.handle_line(line)
    assert response["id"] is None and response["error"]["code"] == "bad_json"
    assert words in response["error"]["message"]
    assert server.handle_line('{"id": 2, "cmd": "hello"}')["ok"]


@pytest.mark.parametrize("line", [
    '{"id": 7, "cmd": "hello", "name": "\\udc00"}',
    b'{"id": "seven", "cmd": "new_game", "deck": "pug-you", "bots": {"\\ud800": "random"}}',
])
def test_a_lone_surrogate_outside_the_id_is_answered_with_the_requests_own_id(line):
    """A frontend matches answers by id: a request it can read the id of gets it back."""
    response = Server().handle_line(line)
    assert response["error"]["code"] == "bad_json" and "lone surrogate" in response["error"]["message"]
    assert response["id"] == (7 if isinstance(line, str) else "seven")


def test_a_missing_cmd_is_named_with_where_the_command_went():
    message = Server().handle({"id": 4, "command": "hello"})["error"]["message"]
    assert message.startswith("the request has no 'cmd'; the command goes in 'cmd', not 'command'; commands: hello")
    assert "unknown command None" not in Server().handle({"id": 5})["error"]["message"]


@pytest.mark.parametrize("key", ["²", "١", "1e0", " 1", "-1", "01" * 300, ""])
def test_a_bot_seat_that_is_not_plain_digits_is_a_bad_seat(key):
    response = Server().handle({"cmd": "new_game", "deck": "pixelpug", "players": 2, "bots": {key: "random"}})
    assert response["error"]["code"] == "bad_seat", response


def test_values_a_message_repeats_are_cut_short_and_printable():
    from pugdeck.protocol.errors import quoted

    assert quoted("x" * 500) == "'" + "x" * 80 + "…'"
    assert quoted("a\ud800b") == "'a\\ud800b'" and quoted(None) == "null" and quoted([1, 2]) == "[1, 2]"
    response = Server().handle({"cmd": "state", "game": "g" * 10_000})
    assert len(response["error"]["message"]) < 200


def test_a_response_that_is_not_strict_json_becomes_an_internal_error_with_its_id(monkeypatch):
    from pugdeck.protocol.stream import encode

    assert json.loads(encode({"id": 3, "ok": True, "score": float("nan")})) == {
        "id": 3, "ok": False, "error": {"code": "internal", "message": "internal error: the response could "
                                        "not be written as strict JSON; the game is unchanged"}}
    assert json.loads(encode({"id": 3, "ok": True, "text": "\udc00"}))["error"]["code"] == "internal"
    assert encode({"id": 1, "ok": True, "text": "a\u2028b"}) == b'{"id":1,"ok":true,"text":"a\\u2028b"}\n'


def test_a_bug_anywhere_in_a_request_is_an_internal_error_and_the_next_one_is_answered(monkeypatch):
    def broken(self, request):
        raise MemoryError("out of memory")

    monkeypatch.setitem(COMMANDS, "hello", broken)
    server = Server()
    response = server.handle_line('{"id": 8, "cmd": "hello"}')
    assert response["id"] == 8 and response["error"]["code"] == "internal"
    assert server.handle_line('{"id": 9, "cmd": "quit"}')["ok"]
