"""The live server over real HTTP: the documented endpoints, nothing outside them, and a save
on disk that reaches the page as one pushed update."""

from __future__ import annotations

import http.client
import json
import time

import pytest

from helpers.live_server import Running, save_like_an_editor
from pugdeck.core.built_deck import dumps
from pugdeck.live.session import LiveSession


def test_status_and_deck_json_are_as_documented(serve, small_deck):
    server = serve(small_deck)
    state = server.json("/status.json")
    assert set(state) == {"ok", "version", "cards", "problems"}
    assert state["ok"] is True and state["cards"] == 3 and state["version"] == 1
    assert set(state["problems"][0]) == {"file", "line", "column", "card", "message", "severity"}
    status, headers, body = server.get("/deck.json")
    assert status == 200 and headers["content-type"] == "application/json"
    assert body == dumps(server.session.view.built.doc)
    assert json.loads(body)["format"] == "pugdeck-deck"


def test_every_card_has_one_picture_and_the_page_loads(serve, small_deck):
    server = serve(small_deck)
    view = server.json("/view.json")
    for card in view["cards"]:
        status, headers, body = server.get(card["src"])
        assert status == 200 and headers["content-type"] == "image/png" and body.startswith(b"\x89PNG")
        assert "immutable" in headers["cache-control"]
    status, headers, body = server.get("/")
    assert status == 200 and b'<script src="/page.js"' in body
    assert "script-src 'self'" in headers["content-security-policy"]
    assert server.get("/page.js")[0] == 200 and server.get("/page.css")[0] == 200


TRAVERSALS = ["/../deck.yaml", "/cards/../deck.yaml", "/cards/%2e%2e/%2e%2e/deck.yaml",
              "/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/cards/..%2f..%2fdeck.yaml.png",
              "//etc/passwd", "/cards//etc/passwd.png", "/cards/%2Fetc%2Fpasswd.png",
              "/cards/%00.png", "/cards/deck.yaml%00.png", "/deck.yaml", "/cards.yaml",
              "/deck/cards.yaml", "/page.html", "/app.py", "/cards/" + "0" * 32 + ".png",
              "/cards/" + "A" * 32 + ".png", "/status.json/../deck.yaml", "/%5c..%5cdeck.yaml"]


@pytest.mark.parametrize("path", TRAVERSALS)
def test_nothing_outside_the_servers_own_outputs_is_served(serve, small_deck, path):
    server = serve(small_deck)
    status, _headers, body = server.get(path)
    assert status == 404, (path, body[:200])
    assert b"cards:" not in body and b"root:" not in body and b"deck:" not in body


def test_an_absolute_url_in_the_request_line_reaches_nothing_either(serve, small_deck):
    server = serve(small_deck)
    for target in (f"http://127.0.0.1:{server.port}/../deck.yaml", f"file://{small_deck}/deck.yaml"):
        status, _headers, body = server.get(target)
        assert status in (400, 404) and b"cards:" not in body


def test_requests_must_name_this_machine_as_their_host(serve, small_deck):
    server = serve(small_deck)
    assert server.get("/status.json", {"Host": "evil.example"})[0] == 400
    assert server.get("/status.json", {"Host": f"localhost:{server.port}"})[0] == 200


def test_a_server_started_for_the_network_takes_any_host(serve, small_deck):
    server = serve(small_deck, network=True)
    assert server.get("/status.json", {"Host": "deck.example:8000"})[0] == 200


def test_filters_are_posted_as_json_and_rebuild(serve, small_deck):
    server = serve(small_deck)
    json_type = {"Content-Type": "application/json"}
    assert server.get("/filters", {"Content-Type": "text/plain"}, "POST", b'{"no_green": true}')[0] == 415
    assert server.get("/filters", dict(json_type), "POST", b"[1]")[0] == 400
    assert server.get("/filters", dict(json_type), "POST", b'{"rm -rf": true}')[0] == 400
    assert server.get("/filters")[0] == 405
    status, _headers, body = server.get("/filters", dict(json_type), "POST", b'{"no_green": true}')
    assert status == 200 and json.loads(body)["cards"] == 0 and json.loads(body)["version"] == 2


def test_an_editors_save_gives_one_rebuild_and_the_new_text(serve, small_deck):
    server = serve(small_deck)
    path = small_deck / "cards.yaml"
    text = path.read_text(encoding="utf-8")
    save_like_an_editor(path, text.replace("Who naps at work?", "Who naps in meetings?"))
    state = server.wait_for_version(1)
    time.sleep(0.5)  # any second rebuild of the same save would have started by now
    assert server.json("/status.json")["version"] == state["version"] == 2
    titles = [card["title"] for card in server.json("/view.json")["cards"]]
    assert "Who naps in meetings?" in titles and "Who naps at work?" not in titles


def test_a_broken_save_is_reported_and_the_fix_recovers(serve, small_deck):
    server = serve(small_deck)
    path = small_deck / "cards.yaml"
    text = path.read_text(encoding="utf-8")
    cards = server.json("/view.json")["cards"]
    save_like_an_editor(path, text.replace("badges: 1", "badges: many", 1))
    state = server.wait_for_version(1)
    assert state["ok"] is False
    errors = [p for p in state["problems"] if p["severity"] == "error"]
    assert [(p["file"], p["line"], p["column"], p["card"]) for p in errors] == [("deck/cards.yaml", 6, 13, "card-0")]
    assert server.json("/view.json")["cards"] == cards  # the last good cards, still served
    assert server.get(cards[0]["src"])[0] == 200
    save_like_an_editor(path, text)
    assert server.wait_for_version(2)["ok"] is True


def test_a_file_the_deck_does_not_read_gives_no_rebuild(serve, small_deck):
    server = serve(small_deck)
    (small_deck / "notes.txt").write_text("ideas for later", encoding="utf-8")
    time.sleep(0.6)
    assert server.json("/status.json")["version"] == 1
    (small_deck / "cards.yaml").touch()  # read by the deck: rebuilt
    server.wait_for_version(1)


def test_the_event_stream_pushes_the_state_then_each_update(serve, small_deck):
    server = serve(small_deck)
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    connection.request("GET", "/events")
    reply = connection.getresponse()
    assert reply.status == 200 and reply.getheader("content-type").startswith("text/event-stream")

    def next_update() -> dict:
        lines = []
        while not lines or lines[-1] != b"":
            lines.append(reply.fp.readline().rstrip(b"\r\n"))
            if lines[-1] == b"" and not any(line.startswith(b"data: ") for line in lines):
                lines = []
        data = next(line for line in lines if line.startswith(b"data: "))
        return json.loads(data[len(b"data: "):])

    assert next_update()["version"] == 1
    path = small_deck / "cards.yaml"
    save_like_an_editor(path, path.read_text(encoding="utf-8").replace("Who naps at work?", "Who naps?"))
    update = next_update()
    assert update["version"] == 2 and "Who naps?" in [card["title"] for card in update["cards"]]
    connection.close()


@pytest.mark.parametrize("host", ["::1", "127.0.0.2"])
def test_a_loopback_address_given_to_host_is_answered_under_the_address_it_prints(small_deck, host):
    """`live --host ::1` printed http://[::1]:PORT/ and then answered 400 to every request."""
    server = Running(LiveSession(small_deck, {}), host=host)
    try:
        assert server.url.startswith(f"http://{'[::1]' if host == '::1' else host}:")
        status, _headers, body = server.get("/status.json")  # Host: as the printed URL says
        assert status == 200, body
        assert server.get("/status.json", {"Host": "evil.example"})[0] == 400
        assert server.get("/status.json", {"Host": "[::1].evil.example"})[0] == 400
    finally:
        server.stop()


@pytest.mark.parametrize(("path", "method", "headers", "body", "code"), [
    ("/no-such-page", "GET", {}, None, 404),  # Starlette's own
    ("/filters", "GET", {}, None, 405),  # Starlette's own
    ("/status.json", "GET", {"Host": "evil.example"}, None, 400),  # the host check
    ("/filters", "POST", {"Content-Type": "text/plain"}, b"{}", 415),
    ("/filters", "POST", {"Content-Type": "application/json"}, b"[1]", 400),
    ("/filters", "POST", {"Content-Type": "application/json"}, b" " * 5000, 413),
    ("/status.json", "GET", {}, None, 200),
])
def test_every_response_carries_the_security_headers(serve, small_deck, path, method, headers, body, code):
    server = serve(small_deck)
    status, got, _body = server.get(path, dict(headers), method, body)
    assert status == code
    assert got.get("content-security-policy", got.get("Content-Security-Policy", "")).startswith("default-src 'none'")
    assert {name.lower(): value for name, value in got.items()}["x-content-type-options"] == "nosniff"
    assert {name.lower(): value for name, value in got.items()}["referrer-policy"] == "no-referrer"


def test_a_filter_body_past_the_limit_is_refused_before_it_is_read(serve, small_deck):
    """A 300 MB `Content-Length` is answered 413 at once, before a byte of the body is sent."""
    server = serve(small_deck)
    connection = _filters_post(server, {"Content-Length": str(300 * 2**20)})
    try:  # and no body sent: a server that reads it first would wait for it
        reply = connection.getresponse()
        assert reply.status == 413
        assert b"at most 4096 bytes" in reply.read()
    finally:
        connection.close()
    assert server.get("/status.json")[0] == 200


def test_a_filter_body_that_grows_past_the_limit_while_read_is_refused(serve, small_deck):
    """Chunked, with no length declared: counted as it comes."""
    server = serve(small_deck)
    connection = _filters_post(server, {"Transfer-Encoding": "chunked"})
    try:
        chunk = b" " * 3000
        for _ in range(2):
            connection.send(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        reply = connection.getresponse()  # no final chunk sent: refused while it still grows
        assert reply.status == 413
    finally:
        connection.close()


def _filters_post(server, headers: dict) -> http.client.HTTPConnection:
    """A connection that has sent a JSON `POST /filters` head with `headers`, and no body yet."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    connection.putrequest("POST", "/filters", skip_host=True)
    connection.putheader("Host", f"127.0.0.1:{server.port}")
    connection.putheader("Content-Type", "application/json")
    for name, value in headers.items():
        connection.putheader(name, value)
    connection.endheaders()
    return connection
