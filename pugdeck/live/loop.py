"""The live loop: saves in → one rebuild per burst of saves → the new state pushed out.

The watcher is watchfiles (Rust's `notify`: inotify on Linux, FSEvents on macOS), which
groups the events of a burst: an editor's write to a temporary file and rename over the
card file arrive as one batch, so they give one rebuild. A rebuild runs in a worker thread,
so the server answers the page meanwhile; saves made during a rebuild are collected by the
watcher and give the next one. Each page listening on `/events` has a queue of its own.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable

import anyio
from watchfiles import awatch

from pugdeck.live.documents import page_state
from pugdeck.live.session import LiveSession, Timings
from pugdeck.live.watch_list import SaveFilter, concerns

# watchfiles waits this long after a change for more before handing the batch over; an
# editor's save (temporary file, rename) takes a few milliseconds, a careful one 20-30.
STEP_MS = 50
MAX_BURST_MS = 1600  # a batch is handed over at the latest after this much steady change


def update_message(state: dict) -> str:
    """One Server-Sent Event: `event: update`, the page's state as one line of JSON."""
    data = json.dumps(state, ensure_ascii=False, separators=(",", ":"))
    return f"id: {state['version']}\nevent: update\ndata: {data}\n\n"


class LiveLoop:
    """The session, the pages listening to it, and the watcher that drives it."""

    def __init__(self, session: LiveSession):
        self.session = session
        self.listeners: set[asyncio.Queue[str | None]] = set()
        self.stop = asyncio.Event()
        self._rebuilding = asyncio.Lock()
        self.on_rebuild: Callable[[LiveSession], None] | None = None  # the command reports here

    def listen(self) -> asyncio.Queue[str | None]:
        queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.listeners.add(queue)
        return queue

    def forget(self, queue: asyncio.Queue) -> None:
        self.listeners.discard(queue)

    def push(self) -> None:
        """The session's state to every listening page."""
        message = update_message(page_state(self.session))
        for queue in self.listeners:
            queue.put_nowait(message)

    async def rebuild(self) -> Timings | None:
        """Rebuild in a worker thread, then push; one at a time."""
        async with self._rebuilding:
            timings = await anyio.to_thread.run_sync(self.session.rebuild)
            self.push()
            if self.on_rebuild is not None:
                self.on_rebuild(self.session)
            return timings

    async def watch(self) -> None:
        """Rebuild after each batch of saves that concerns the deck, until `stop` is set."""
        while not self.stop.is_set():
            folders = self.session.folders()
            async for changes in awatch(*folders, watch_filter=SaveFilter(), step=STEP_MS,
                                        debounce=MAX_BURST_MS, stop_event=self.stop):
                if concerns((path for _change, path in changes), self.session.read()):
                    await self.rebuild()
                    if self.session.folders() != folders:
                        break  # the deck now reads a template elsewhere: watch that folder too

    def close(self) -> None:
        """End the watcher and every page's stream (each queue gets None)."""
        self.stop.set()
        for queue in self.listeners:
            queue.put_nowait(None)

