"""The party server as a hostile network sees it: raw HTTP to 127.0.0.1, and the ASGI app
called with a made-up client address for what a machine on the Wi-Fi would get."""

from __future__ import annotations

import asyncio
import json
import uuid

import pytest

from helpers.party_harness import Running, bundled_room
from pugdeck.party.app import MAX_BODY, RateLimits, party_app


@pytest.fixture
def running():
    servers = []

    def start(deck: str = "pug-you", limits: RateLimits | None = None, **room):
        servers.append(Running(bundled_room(deck, **room), limits))
        return servers[-1]
    yield start
    for server in servers:
        server.stop()


def call_app(app, path: str, client: str, host: str = "192.168.1.5:8000") -> tuple[int, dict, bytes]:
    """One GET through the ASGI app as if it came from `client` (no socket at all)."""
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET",
             "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"",
             "root_path": "", "headers": [(b"host", host.encode())], "client": (client, 50000),
             "server": ("192.168.1.5", 8000)}
    sent = []

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message):
        sent.append(message)

    asyncio.run(app(scope, receive, send))
    start = next(m for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return start["status"], {k.decode(): v.decode() for k, v in start["headers"]}, body


def test_the_shared_screen_is_this_machine_s_only_unless_its_key_is_known():
    room = bundled_room("pug-you")
    app = party_app(room, network=True)
    status, _headers, body = call_app(app, "/", client="192.168.1.23")
    assert status == 403 and room.code.encode() not in body and room.screen_key.encode() not in body
    status, _headers, body = call_app(app, f"/screen/{room.screen_key}", client="192.168.1.23")
    assert status == 200 and f'data-key="{room.screen_key}"'.encode() in body
    status, _headers, body = call_app(app, "/", client="127.0.0.1")
    assert status == 200 and room.screen_key.encode() in body
    assert call_app(app, f"/s/{room.screen_key}x/qr.svg", client="192.168.1.23")[0] == 404


def test_pages_carry_the_strict_headers_and_only_loopback_host_names_reach_a_local_party(running):
    server = running()
    status, headers, body = server.request("GET", f"/join/{server.room.code}")
    assert status == 200 and f'data-code="{server.room.code}"'.encode() in body
    assert "script-src 'self'" in headers["content-security-policy"] and "'unsafe-inline'" not in \
        headers["content-security-policy"]
    assert headers["x-content-type-options"] == "nosniff" and headers["referrer-policy"] == "no-referrer"
    status, _headers, _body = server.request("GET", f"/join/{server.room.code}", headers={"Host": "evil.example"})
    assert status == 400  # a DNS name pointed at 127.0.0.1 gets nothing from a party on this machine only


@pytest.mark.parametrize("path", ["/assets/../table.py", "/assets/%2e%2e%2ftable.py", "/assets/table.py",
                                  "/cards/../../etc/passwd.png", "/cards/" + "0" * 32 + ".png",
                                  "/join/../assets/party.css"])
def test_no_path_from_the_network_reaches_a_file(running, path):
    server = running()
    status, _headers, body = server.request("GET", path)
    assert status == 404 and b"import" not in body and b"root:" not in body


def test_a_wrong_code_finds_nothing_and_an_address_that_keeps_guessing_is_shut_out(running):
    server = running(limits=RateLimits(wrong_codes=5, shut_out_s=60))
    code = server.room.code
    for guess in range(5):
        status, _headers, _body = server.request("GET", f"/join/{guess:010d}")
        assert status == 404
    # even the right code is refused now, for a while: a guesser cannot go on
    assert server.request("GET", f"/join/{code}")[0] == 429


def test_requests_past_the_budget_are_refused(running):
    server = running(limits=RateLimits(per_second=0.001, burst=5))
    statuses = [server.request("GET", "/assets/party.css")[0] for _ in range(8)]
    assert statuses[:5] == [200] * 5 and set(statuses[5:]) == {429}


def test_bodies_are_bounded_strict_json_objects(running):
    server = running()
    code = server.room.code
    headers = {"Content-Type": "application/json"}
    status, _h, body = server.request("POST", f"/r/{code}/join", b'{"name": "' + b"x" * MAX_BODY + b'"}', headers)
    assert status == 413
    assert server.request("POST", f"/r/{code}/join", b'{"name": "Ana"}', {"Content-Type": "text/plain"})[0] == 415
    for bad in (b'{"name": NaN}', b'["Ana"]', b'{"name": "\\ud800"}', b"\xff", b'{"name": "Ana"'):
        status, _h, body = server.request("POST", f"/r/{code}/join", bad, headers)
        assert status == 400, bad
    assert server.room.table.seats == []  # nothing of it joined anyone


def test_names_are_checked_and_a_name_is_taken_once(running):
    server = running()
    code = server.room.code
    assert server.post(f"/r/{code}/join", {"name": "  Ana \n"})[0] == 200
    status, answer = server.post(f"/r/{code}/join", {"name": "ana"})
    assert status == 409 and answer["error"]["code"] == "name_taken"
    for name in ("", "x" * 25, "A\u202eB", 7):
        assert server.post(f"/r/{code}/join", {"name": name})[0] == 400
    assert server.room.table.names == ["Ana"]


def join_all(server, names):
    code = server.room.code
    tokens = [server.post(f"/r/{code}/join", {"name": name})[1]["token"] for name in names]
    assert server.post(f"/s/{server.room.screen_key}/start", {})[0] == 200
    return tokens


def me(server, token):
    status, _headers, body = server.request("GET", f"/r/{server.room.code}/me", headers={"X-Seat-Token": token})
    assert status == 200
    return json.loads(body)


def test_a_phone_sees_its_own_hand_only_and_the_screen_no_hand_at_all(running):
    server = running()
    tokens = join_all(server, ["Ana", "Bo", "Chidi", "Dee", "Eli"])
    table = server.room.table
    for seat, token in enumerate(tokens):
        state = me(server, token)
        assert state["seat"] == seat and state["view"]["hand"] == table.state.observation(seat)["hand"]
        assert set(state["cards"]) <= set(state["view"]["hand"]) | set(state["view"]["scored"])
        others = set().union(*(table.state.observation(s)["hand"] for s in range(5) if s != seat))
        assert not others & set(json.dumps(state).split('"'))


def test_the_screen_stream_carries_no_hand(running):
    server = running()
    join_all(server, ["Ana", "Bo", "Chidi", "Dee", "Eli"])
    table = server.room.table
    from pugdeck.party.documents import screen_state

    text = json.dumps(screen_state(server.room))
    every_hand = set().union(*(table.state.observation(s)["hand"] for s in range(5)))
    assert not every_hand & set(text.split('"'))


def test_a_player_who_leaves_is_replaced_by_a_bot_and_the_game_goes_on(running):
    server = running()
    tokens = join_all(server, ["Ana", "Bo", "Chidi", "Dee", "Eli"])
    table = server.room.table
    leaving = table.to_act()
    assert server.post(f"/r/{server.room.code}/leave", {}, token=tokens[leaving])[0] == 200
    assert table.seats[leaving].is_bot and table.to_act() != leaving
    assert me(server, tokens[leaving])["joined"] is False  # the old token holds nothing now
    other = next(s for s in range(5) if not table.seats[s].is_bot and s != table.to_act())
    assert server.post(f"/s/{server.room.screen_key}/bot", {"seat": other})[0] == 200
    assert table.seats[other].is_bot


def test_a_resumed_party_gives_each_person_their_seat_back_by_name(running, tmp_path):
    log = tmp_path / "party.json"
    server = running(log_path=log)
    tokens = join_all(server, ["Ana", "Bo", "Chidi", "Dee", "Eli"])
    table = server.room.table
    for _ in range(12):
        seat = table.to_act()
        choice = me(server, tokens[seat])["view"]["choices"][0]
        status, _answer = server.post(f"/r/{server.room.code}/act", {"id": uuid.uuid4().hex,
                                                                     "action": choice["action"]}, tokens[seat])
        assert status == 200
    history = table.state.history()
    kept = json.loads(log.read_text(encoding="utf-8"))
    assert kept["actions"] == history and kept["party"] == {"names": table.names, "people": [0, 1, 2, 3, 4]}

    from pugdeck.party.room import Room
    from pugdeck.party.table import PartyTable

    resumed = PartyTable.resume(kept, str(log), log)
    assert resumed.state.history() == history and resumed.names == table.names
    again = Running(Room(resumed))
    try:
        state = json.loads(again.request("GET", f"/r/{again.room.code}/me")[2])
        assert state["joined"] is False and [s["name"] for s in state["claimable"]] == table.names
        status, answer = again.post(f"/r/{again.room.code}/claim", {"seat": 1, "name": "Bo"})
        assert status == 200
        assert me(again, answer["token"])["view"]["hand"] == table.state.observation(1)["hand"]
        assert again.post(f"/r/{again.room.code}/claim", {"seat": 1, "name": "Bo"})[0] == 409  # once
        assert again.post(f"/r/{again.room.code}/claim", {"seat": 2, "name": "Bo"})[0] == 409
    finally:
        again.stop()


def test_a_log_that_cannot_be_written_does_not_stop_the_game(running, tmp_path, capfd):
    blocked = tmp_path / "a-file"
    blocked.write_text("", encoding="utf-8")
    server = running(log_path=blocked / "party.json")  # a folder that is a file: no log
    tokens = join_all(server, ["Ana", "Bo", "Chidi", "Dee", "Eli"])
    table = server.room.table
    for _ in range(2):
        seat = table.to_act()
        choice = me(server, tokens[seat])["view"]["choices"][0]
        assert server.post(f"/r/{server.room.code}/act", {"id": uuid.uuid4().hex, "action": choice["action"]},
                           tokens[seat])[0] == 200
    assert capfd.readouterr().err.count("warning: the game's log is not kept") == 1  # said once
