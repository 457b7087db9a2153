"""The live page's web application (Starlette): a fixed set of routes over memory.

Nothing is read from disk on request: the page and its script are read once at start, the
cards' pictures and the built deck are the session's, so no path a request names can reach
a file (`/cards/<key>.png` looks its key up in the last good view). Requests must name the
loopback address as their host unless the server was started for the network, so another
site cannot reach the page through a DNS name pointed at 127.0.0.1; a filter change must be
JSON (which a page of another origin cannot send without asking first). `Guard` wraps the
whole application, so every answer (Starlette's own 404 and 405, a refused host, a refused
body) carries the security headers.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import re
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from pugdeck.core.built_deck import dumps
from pugdeck.live.documents import page_state, status
from pugdeck.live.loop import LiveLoop, update_message

HERE = Path(__file__).parent
LOOPBACK_NAMES = ("localhost",)  # and every loopback address, written as one (`host_is_loopback`)
KEY = re.compile(r"[0-9a-f]{32}")
KEEP_ALIVE_S = 15.0  # seconds between comment lines on an idle event stream (`event_stream`)
MAX_FILTER_BODY = 4096
SECURITY = {
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; "
                               "img-src 'self'; connect-src 'self'; frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",
}
FRESH = {**SECURITY, "Cache-Control": "no-store"}
_SECURITY_RAW = [(name.lower().encode("latin-1"), value.encode("latin-1")) for name, value in SECURITY.items()]


def live_app(loop: LiveLoop, network: bool = False) -> Starlette:
    """The application serving `loop`'s session; `network` accepts any Host header."""
    session = loop.session

    def served(name: str, media_type: str):
        data = (HERE / name).read_bytes()

        async def file(request: Request) -> Response:
            return Response(data, media_type=f"{media_type}; charset=utf-8", headers=FRESH)
        return file

    async def no_icon(request: Request) -> Response:
        return Response(status_code=204, headers=SECURITY)  # browsers ask; a 404 would be logged

    async def status_json(request: Request) -> Response:
        return JSONResponse(status(session), headers=FRESH)

    async def view_json(request: Request) -> Response:
        return JSONResponse(page_state(session), headers=FRESH)

    async def deck_json(request: Request) -> Response:
        view = session.view  # once: a rebuild may replace it meanwhile
        if view is None:
            return JSONResponse({"error": "no good build yet: see /status.json"}, status_code=404,
                                headers=FRESH)
        return Response(dumps(view.built.doc), media_type="application/json", headers=FRESH)

    async def card(request: Request) -> Response:
        key = request.path_params["key"]
        view = session.view
        png = view.images.get(key) if view and KEY.fullmatch(key) else None
        if png is None:
            return Response("no such card picture (it changed: reload the page's state)\n",
                            status_code=404, media_type="text/plain", headers=SECURITY)
        # A key is a content hash: the picture behind it never changes.
        return Response(png, media_type="image/png",
                        headers={**SECURITY, "Cache-Control": "max-age=31536000, immutable"})

    async def events(request: Request) -> Response:
        queue = loop.listen()

        async def stream():
            try:
                async for line in event_stream(queue, update_message(page_state(session)), lambda line: line,
                                               loop.stop.is_set):
                    yield line
            finally:
                loop.forget(queue)
        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={**FRESH, "X-Accel-Buffering": "no"})

    async def filters(request: Request) -> Response:
        if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
            return JSONResponse({"error": "send the filters as application/json"}, status_code=415)
        body = await bounded_body(request, MAX_FILTER_BODY)
        if body is None:
            return JSONResponse({"error": f"too large: at most {MAX_FILTER_BODY} bytes"}, status_code=413)
        try:
            session.set_toggles(_json_object(body))
        except ValueError as exc:
            return JSONResponse({"error": str(exc)}, status_code=400)
        await loop.rebuild()
        return JSONResponse(status(session), headers=FRESH)

    routes = [
        Route("/", served("page.html", "text/html")), Route("/page.js", served("page.js", "text/javascript")),
        Route("/page.css", served("page.css", "text/css")),
        Route("/favicon.ico", no_icon),
        Route("/status.json", status_json), Route("/view.json", view_json),
        Route("/deck.json", deck_json), Route("/events", events),
        Route("/cards/{key}.png", card), Route("/filters", filters, methods=["POST"]),
    ]
    return Guard(Starlette(routes=routes), network)


class Guard:
    """The ASGI layer around the live app (and the party's): a request that does not name
    this machine as its host (unless the server is for the network) is answered 400 before
    any route sees it, and every response, whoever made it, carries the security headers
    (`SECURITY`, where the response did not set its own)."""

    def __init__(self, app, network: bool) -> None:
        self.app, self.network = app, network

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_guarded(message) -> None:
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _value in message.get("headers", [])}
                message = {**message, "headers": [*message.get("headers", []),
                                                  *(h for h in _SECURITY_RAW if h[0] not in present)]}
            await send(message)

        if not self.network and not host_is_loopback(Headers(scope=scope).get("host", "")):
            response = Response("Invalid host header", status_code=400, media_type="text/plain")
            await response(scope, receive, send_guarded)
            return
        await self.app(scope, receive, send_guarded)


def host_is_loopback(host_header: str) -> bool:
    """Whether a Host header names this machine: `localhost` or a loopback address (127.0.0.2,
    `[::1]`), with or without a port. A DNS name (what a rebinding attack uses) never does."""
    host = host_header.strip().lower()
    if host.startswith("["):  # [::1]:8000
        end = host.find("]")
        rest = host[end + 1:] if end > 0 else "?"
        if rest and not re.fullmatch(r":[0-9]{1,5}", rest):
            return False
        host = host[1:end]
    elif host.count(":") == 1:  # 127.0.0.2:8000; more colons is a bare IPv6 address
        host, port = host.split(":")
        if not re.fullmatch(r"[0-9]{1,5}", port):
            return False
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


async def event_stream(queue: asyncio.Queue, first: str, message: Callable[[Any], str],
                       stopped: Callable[[], bool]) -> AsyncIterator[str]:
    """A Server-Sent Event stream (the live page's, the party's screens'): `first`, then
    `message(item)` for each item put on `queue` (of several put meanwhile, the last only:
    each is a whole state or version), a comment line now and then so a proxy or the
    browser keeps the stream, until an item is None (the server is stopping) or `stopped()`."""
    yield "retry: 1000\n\n" + first
    while not stopped():
        try:
            item = await asyncio.wait_for(queue.get(), KEEP_ALIVE_S)
        except TimeoutError:
            yield ": still here\n\n"
            continue
        while item is not None and not queue.empty():
            item = queue.get_nowait()
        if item is None:
            return
        yield message(item)


async def bounded_body(request: Request, limit: int) -> bytes | None:
    """The request's body, or None as soon as its declared length or the bytes read pass
    `limit`: a 300 MB post is refused unread, not read whole and then measured."""
    declared = request.headers.get("content-length")
    if declared is not None and (not re.fullmatch(r"[0-9]{1,20}", declared) or int(declared) > limit):
        return None
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            return None
    return bytes(body)


def _json_object(body: bytes) -> dict:
    try:
        value = json.loads(body)
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise ValueError("the body is not JSON") from None
    if not isinstance(value, dict):
        raise ValueError("expected a JSON object of filter names and true/false")
    return value
