"""The party server in a thread of the test process (127.0.0.1 only, a free port), raw HTTP
to it, and browser tabs in separate contexts of one headless chromium (each tab a phone or
the shared screen, with its own storage, as separate devices have)."""

from __future__ import annotations

import base64
import json
import threading
import time
from pathlib import Path

from helpers.devtools_browser import DevToolsPipe
from helpers.live_server import Running as LiveRunning
from pugdeck.building.pipeline import build
from pugdeck.games.registry import bundled_decks, game
from pugdeck.live.server import bind
from pugdeck.party.app import RateLimits
from pugdeck.party.room import Room, card_pictures
from pugdeck.party.server import PartyServer
from pugdeck.party.table import PartyTable

WAIT_S = 20.0
_PICTURES: dict[str, tuple] = {}  # deck → drawn pictures: drawing them once per test run


def bundled_room(deck: str, bots: int = 0, log_path: Path | None = None, seed: int = 0) -> Room:
    built = build(bundled_decks()[deck])
    table = PartyTable(game(built.doc["game"]), built.doc, bots=bots, log_path=log_path, seed=seed)
    return dressed(Room(table), built, deck)


def dressed(room: Room, built, deck: str) -> Room:
    if deck not in _PICTURES:
        _PICTURES[deck] = card_pictures(built)
    room.cards, room.pictures, _why = _PICTURES[deck]
    return room


class Running:
    """A party server for `room` until `stop()`."""

    def __init__(self, room: Room, limits: RateLimits | None = None):
        self.room = room
        self.host = "127.0.0.1"  # what live's `get`, borrowed below, connects to
        self.sock = bind(self.host, 0)
        self.port = self.sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        room.join_url = f"{self.url}/join/{room.code}"
        room.screen_url = f"{self.url}/screen/{room.screen_key}"
        self.server = PartyServer(room, self.sock, network=False, limits=limits)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + WAIT_S
        while not self.server.started:
            assert time.monotonic() < deadline, "the party server did not start"
            time.sleep(0.02)

    def request(self, method: str, path: str, body: bytes | None = None,
                headers: dict | None = None) -> tuple[int, dict, bytes]:
        """The status, headers and body for `path` sent as written (live's raw HTTP)."""
        return LiveRunning.get(self, path, dict(headers or {}), method, body)

    def post(self, path: str, value, token: str | None = None) -> tuple[int, dict]:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["X-Seat-Token"] = token
        status, _headers, body = self.request("POST", path, json.dumps(value).encode(), headers)
        return status, json.loads(body)

    def stop(self) -> None:
        self.server.stop()
        self.thread.join(WAIT_S)
        assert not self.thread.is_alive(), "the party server did not stop"
        self.sock.close()


class Tab:
    """One page in a browser context of its own, on the shared DevTools pipe."""

    def __init__(self, pipe: DevToolsPipe, width: int, height: int, mobile: bool):
        self.pipe = pipe
        context = pipe.call("Target.createBrowserContext", {}, browser=True)["browserContextId"]
        target = pipe.call("Target.createTarget", {"url": "about:blank", "browserContextId": context},
                           browser=True)["targetId"]
        self.session = pipe.call("Target.attachToTarget", {"targetId": target, "flatten": True},
                                 browser=True)["sessionId"]
        for domain in ("Runtime", "Page"):
            self.call(f"{domain}.enable")
        self.metrics = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile}
        self.call("Emulation.setDeviceMetricsOverride", self.metrics)

    def call(self, method: str, params: dict | None = None) -> dict:
        self.pipe.session = self.session
        return self.pipe.call(method, params)

    # The pipe's own, run through this tab's session (`call`).
    evaluate = DevToolsPipe.evaluate

    def wait_until(self, expression: str, timeout: float = WAIT_S):
        return DevToolsPipe.wait_until(self, expression, timeout)

    def open(self, url: str) -> None:
        self.call("Page.navigate", {"url": url})
        self.wait_until(f"location.href === {json.dumps(url)} && document.readyState === 'complete'")

    def reload(self) -> None:
        self.evaluate("window.beforeReload = true")
        self.call("Page.reload")
        self.wait_until("window.beforeReload === undefined && document.readyState === 'complete'")

    def click(self, selector: str) -> None:
        """A real mouse click (pressed and released) on the middle of the first element
        `selector` finds, scrolled into view first."""
        self.call("Page.bringToFront")  # input goes to the page in front, as on a real device
        box = self.wait_until(
            f"(() => {{ const e = document.querySelector({json.dumps(selector)}); if (!e || e.disabled) return null;"
            " e.scrollIntoView({block: 'center'}); const r = e.getBoundingClientRect();"
            " return r.width > 0 ? {x: r.x + r.width / 2, y: r.y + r.height / 2} : null; })()")
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", {"type": kind, "x": box["x"], "y": box["y"],
                                                   "button": "left", "clickCount": 1})

    def type_text(self, selector: str, text: str) -> None:
        self.click(selector)
        self.call("Input.insertText", {"text": text})

    def screenshot(self, path: Path, full: bool = False) -> Path:
        """The viewport as a PNG; `full`: the whole page, the viewport made as tall as the
        page for the picture and put back after it (a taller viewport would move every
        button the next click measures)."""
        height = self.evaluate("document.documentElement.scrollHeight") if full else None
        if full:
            self.call("Emulation.setDeviceMetricsOverride", {**self.metrics, "height": max(height, self.metrics["height"])})
        try:
            data = self.call("Page.captureScreenshot", {"format": "png"})["data"]
        finally:
            if full:
                self.call("Emulation.setDeviceMetricsOverride", self.metrics)
        Path(path).write_bytes(base64.b64decode(data))
        return Path(path)
