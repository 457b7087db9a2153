"""A party room: its table, its secrets (the join code, the shared screen's key), the card
pictures phones are shown, and the screens listening for changes.

The pictures are the printed faces (`live.card_images.draw_cards`, the PDF's own layout),
drawn once when the room opens, keyed by content hash: the only bytes a card request can
reach. A deck whose pictures cannot be drawn (a resumed log whose art is elsewhere) is
played with the cards' words instead.
"""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import dataclass, field
from typing import Any

from pugdeck.core.built_deck import Built
from pugdeck.core.diagnostics import DeckError
from pugdeck.party.guests import Refused, room_code
from pugdeck.party.table import PartyTable


@dataclass(frozen=True)
class Picture:
    """A played card as a page shows it: its picture's key (None: no picture) and its words."""

    key: str | None
    title: str
    text: str


def card_pictures(built: Built) -> tuple[dict[str, Picture], dict[str, bytes], str | None]:
    """(card id → Picture, key → PNG, the reason there are none or None)."""
    from pugdeck.live.card_images import draw_cards  # noqa: PLC0415 (reportlab, pdfium)

    try:
        drawn = draw_cards(built, {})
    except (DeckError, OSError) as exc:
        return {}, {}, str(exc)
    cards = {c.face.card_id: Picture(c.key, c.face.title, c.face.text) for c in drawn.cards if c.face.played}
    return cards, {c.key: c.png for c in drawn.cards if c.face.played}, None


@dataclass
class Room:
    table: PartyTable
    join_url: str = ""
    screen_url: str = ""
    code: str = field(default_factory=room_code)
    screen_key: str = field(default_factory=lambda: secrets.token_urlsafe(18))
    cards: dict[str, Picture] = field(default_factory=dict)
    pictures: dict[str, bytes] = field(default_factory=dict)
    listeners: set = field(default_factory=set)
    stopping: bool = False
    setup: Any = None  # a party.setup.Setup while the host may still tailor the deck
    played: Any = None  # the Built deck the pictures were drawn for
    saved: str | None = None  # the profile file the set-up was saved as last
    blue: Any = None  # a party.blue.BlueCards when the deck's game has blue cards to write

    def start(self) -> None:
        """Start the game with the deck as set up (its pictures drawn again if it changed)."""
        if self.setup is not None and not self.table.started:
            built = self.setup.built
            if self.setup.problems:
                raise Refused("unbuilt", "the set-up does not build: " + "; ".join(self.setup.problems), 409)
            self.table.use_deck(built.doc)
            if built is not self.played:
                self.cards, self.pictures, _why_not = card_pictures(built)
                self.played = built
        self.table.start()

    def listen(self) -> asyncio.Queue:
        queue: asyncio.Queue = asyncio.Queue()
        self.listeners.add(queue)
        return queue

    def forget(self, queue: asyncio.Queue) -> None:
        self.listeners.discard(queue)

    def changed(self) -> None:
        """Tell every stream the game's new version."""
        for queue in self.listeners:
            queue.put_nowait(self.table.version)

    async def watch(self) -> None:
        """Nothing to watch: a party changes by its requests alone (the server runs this
        beside uvicorn, as it runs live's watcher)."""

    def close(self) -> None:
        """End every stream (the server is stopping)."""
        self.stopping = True
        for queue in self.listeners:
            queue.put_nowait(None)

    def card(self, card_id: str) -> dict:
        picture = self.cards.get(card_id)
        if picture is None:
            return {"id": card_id, "src": None, "title": card_id, "text": ""}
        return {"id": card_id, "src": f"/cards/{picture.key}.png" if picture.key else None,
                "title": picture.title, "text": picture.text}
