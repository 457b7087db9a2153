"""The live page's web application (Starlette): a fixed set of routes over memory.

Nothing is read from disk on request: the page and its script are read once at start, the
cards' pictures and the built deck are the session's, so no path a request names can reach
a file (`/cards/<key>.png` looks its key up in the last good view). Requests must name the
loopback address as their host unless the server was started for the network, so another
site cannot reach the page through a DNS name pointed at 127.0.0.1; a filter change must be
JSON (which a page of another origin cannot send without asking first).
"""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from pugdeck.core.built_deck import dumps
from pugdeck.live.documents import page_state, status
from pugdeck.live.loop import LiveLoop, update_message

HERE = Path(__file__).parent
LOOPBACK_NAMES = ["127.0.0.1", "localhost"]
KEY = re.compile(r"[0-9a-f]{32}")
KEEP_ALIVE_S = 15.0  # a comment line now and then, so a proxy or the browser keeps the stream
MAX_FILTER_BODY = 4096
SECURITY = {
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; "
                               "img-src 'self'; connect-src 'self'; frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",
}
FRESH = {**SECURITY, "Cache-Control": "no-store"}


def live_app(loop: LiveLoop, network: bool = False) -> Starlette:
    """The application serving `loop`'s session; `network` accepts any Host header."""
    files = {name: (HERE / name).read_bytes() for name in ("page.html", "page.js", "page.css")}
    session = loop.session

    async def page(request: Request) -> Response:
        return Response(files["page.html"], media_type="text/html; charset=utf-8", headers=FRESH)

    async def script(request: Request) -> Response:
        return Response(files["page.js"], media_type="text/javascript; charset=utf-8", headers=FRESH)

    async def style(request: Request) -> Response:
        return Response(files["page.css"], media_type="text/css; charset=utf-8", headers=FRESH)

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
                yield "retry: 1000\n\n" + update_message(page_state(session))
                while not loop.stop.is_set():
                    try:
                        message = await asyncio.wait_for(queue.get(), KEEP_ALIVE_S)
                    except TimeoutError:
                        yield ": still here\n\n"
                        continue
                    if message is None:  # the server is stopping
                        return
                    yield message
            finally:
                loop.forget(queue)
        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={**FRESH, "X-Accel-Buffering": "no"})

    async def filters(request: Request) -> Response:
        if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
            return JSONResponse({"error": "send the filters as application/json"}, status_code=415)
        body = await request.body()
        if len(body) > MAX_FILTER_BODY:
            return JSONResponse({"error": "too large"}, status_code=413)
        try:
            session.set_toggles(_json_object(body))
        except ValueError as exc:
            return JSONResponse({"error": str(exc)}, status_code=400)
        await loop.rebuild()
        return JSONResponse(status(session), headers=FRESH)

    routes = [
        Route("/", page), Route("/page.js", script), Route("/page.css", style),
        Route("/favicon.ico", no_icon),
        Route("/status.json", status_json), Route("/view.json", view_json),
        Route("/deck.json", deck_json), Route("/events", events),
        Route("/cards/{key}.png", card), Route("/filters", filters, methods=["POST"]),
    ]
    hosts = ["*"] if network else LOOPBACK_NAMES
    return Starlette(routes=routes, middleware=[Middleware(TrustedHostMiddleware, allowed_hosts=hosts)])


def _json_object(body: bytes) -> dict:
    try:
        value = json.loads(body)
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise ValueError("the body is not JSON") from None
    if not isinstance(value, dict):
        raise ValueError("expected a JSON object of filter names and true/false")
    return value
