"""The set-up screen's routes (docs/party.md, "Before Start"): the host's changes, blue
cards from the phones, the printouts and the profile. Each is the shared screen's (its key)
but a phone's blue card (its room code and seat token), under app.py's rules: strict JSON
bodies of at most MAX_BODY bytes, the request budgets, the same headers."""

from __future__ import annotations

import secrets
from typing import Any
from urllib.parse import quote, urlsplit

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from pugdeck.building.pipeline import pdf_stem
from pugdeck.party.room import Room
from pugdeck.party.setup import back_offset
from pugdeck.party.table import Refused


def setup_routes(room: Room, right, screen_action, room_action, error, headers: dict) -> list[Route]:
    """The routes; `right(given, secret, request)` checks a key or code, `screen_action` and
    `room_action` wrap a body's work as app.py does for the game's own routes, `error` is
    its error answer and `headers` its security headers."""
    table = room.table
    # The TTS save's images, served to Tabletop Simulator at /tts/<token>/<name> from memory:
    # the last save downloaded, under a token of its own (it opens nothing else).
    tts = {"token": secrets.token_urlsafe(12), "images": {}}

    def tts_base() -> str:
        parts = urlsplit(room.join_url)  # the address the phones reach, as the terminal printed it
        if not parts.scheme or not parts.netloc:
            raise Refused("no_address", "the party has no address to serve the images at", 409)
        return f"{parts.scheme}://{parts.netloc}/tts/{tts['token']}/"

    def no_setup() -> None:
        if room.setup is None:
            raise Refused("no_setup", "this party plays a resumed game: there is nothing to set up", 409)
        if table.started:
            raise Refused("started", "the game has started: the deck is set", 409)

    def tailor(body: dict) -> None:
        no_setup()
        room.setup.change(body)
        table.changed()

    def save_profile(body: dict) -> None:
        no_setup()
        room.saved = room.setup.save_profile(body).name
        table.changed()

    def blue_cards() -> Any:
        no_setup()
        if room.blue is None:
            raise Refused("no_blue_cards", "this deck's game has no blue cards to write", 409)
        return room.blue

    def write_blue(body: dict, token: str) -> dict:
        cards = blue_cards()
        seat = table.seat_of(token)
        preview = body.get("preview", False) is True
        answer = cards.write(table.seats[seat].name, body.get("card"), preview=preview)
        if not preview:
            table.changed()
        return answer

    def decide_blue(body: dict) -> None:
        blue_cards().decide(body)
        table.changed()

    async def download(request: Request) -> Response:
        """A printout of the deck as set up, the bytes the command line writes."""
        if not right(request.path_params["key"], room.screen_key, request):
            return error("no_room", "no such screen", 404)
        what, query = request.path_params["what"], request.query_params
        try:
            if room.setup is None:
                raise Refused("no_setup", "a resumed game has no set-up to print", 409)
            setup = room.setup
            if what == "pdf":
                offset = back_offset(query.get("x"), query.get("y"))
                paper, duplex = query.get("paper", "a4"), query.get("duplex", "long")
                data = await run_in_threadpool(setup.pdf, paper, duplex, offset)
                name, kind = f"{pdf_stem(setup.built.name, paper, duplex)}.pdf", "application/pdf"  # build's name
            elif what == "tts":
                data, tts["images"] = await run_in_threadpool(setup.tts_zip, tts_base())
                name, kind = f"{setup.built.name}-tts.zip", "application/zip"
            elif what == "print-shop":
                shop = query.get("shop", "")
                data = await run_in_threadpool(setup.print_shop_zip, shop)
                name, kind = f"{setup.built.name}-print-shop-{shop}.zip", "application/zip"
            else:
                raise Refused("not_found", "no such printout", 404)
        except Refused as refused:
            return error(refused.code, str(refused), refused.status)
        disposition = f"attachment; filename=\"{name.encode('ascii', 'replace').decode()}\"; " \
                      f"filename*=UTF-8''{quote(name)}"
        return Response(data, media_type=kind, headers={**headers, "Content-Disposition": disposition})

    async def tts_image(request: Request) -> Response:
        """An image of the TTS save last downloaded, for Tabletop Simulator to fetch."""
        if not right(request.path_params["token"], tts["token"], request):
            return error("not_found", "no such image", 404)
        image = tts["images"].get(request.path_params["name"])
        if image is None:
            return error("not_found", "no such image", 404)
        return Response(image, media_type="image/jpeg", headers=headers)

    return [
        Route("/tts/{token}/{name}", tts_image),
        Route("/s/{key}/setup", screen_action(tailor), methods=["POST"]),
        Route("/s/{key}/profile", screen_action(save_profile), methods=["POST"]),
        Route("/s/{key}/download/{what}", download),
        Route("/s/{key}/blue", screen_action(decide_blue), methods=["POST"]),
        Route("/r/{code}/blue", room_action(write_blue), methods=["POST"]),
    ]
