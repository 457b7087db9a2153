"""Benchmark rows for `pugdeck live`: a save of a card file → its new picture on the page.

A copy of the bundled Pug You! deck is served by the live server (in a thread of this
process, as `pugdeck live` serves it); a client listens on `/events` as the page does. Each
round saves one card's question changed, the way editors save (a temporary file renamed
over the card file), and waits for the pushed update and then the changed card's picture.
The total is the save to the picture's last byte; its parts are the watcher (the save seen
and its burst closed, `loop.STEP_MS`), the rebuild (`build`), the drawing of the changed
card (a PDF of that card alone, rasterised), and the push (the state to JSON, the event
to the page, the picture fetched).

    python benchmarks/bench_live.py            # prints the table
    python benchmarks/bench_live.py --repeat 3

`rows()` returns (name, median, unit, note) tuples for the combined table (`run.py`).
"""

from __future__ import annotations

import argparse
import http.client
import json
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_S = 0.5
CARD_FILE = "cards/green.yaml"


def _events(port: int, received: list, stop: threading.Event) -> None:
    """Listen on /events; append (perf_counter, state) for every update."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", "/events")
    reply = connection.getresponse()
    while not stop.is_set():
        line = reply.fp.readline()
        if not line:
            return
        if line.startswith(b"data: "):
            received.append((time.perf_counter(), json.loads(line[6:])))


def _get(port: int, path: str) -> bytes:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", path)
    body = connection.getresponse().read()
    connection.close()
    return body


def measure(repeat: int) -> dict[str, list[float]]:
    # Imported here: `main()` puts this checkout on sys.path first.
    from pugdeck.live.server import LiveServer, bind
    from pugdeck.live.session import LiveSession
    from pugdeck.resources import bundled_deck

    parts: dict[str, list[float]] = {k: [] for k in ("total", "watch", "build", "draw", "push")}
    with tempfile.TemporaryDirectory() as work:
        deck = Path(shutil.copytree(bundled_deck("pug-you"), Path(work) / "deck"))
        session = LiveSession(deck, {})
        session.rebuild()
        sock = bind("127.0.0.1", 0)
        port = sock.getsockname()[1]
        server = LiveServer(session, sock)
        threading.Thread(target=server.run, daemon=True).start()
        while not server.started:
            time.sleep(0.01)
        received: list = []
        stop = threading.Event()
        threading.Thread(target=_events, args=(port, received, stop), daemon=True).start()
        while not received:
            time.sleep(0.01)
        card_file = deck / CARD_FILE
        original = card_file.read_text(encoding="utf-8")
        for round_ in range(repeat):
            time.sleep(0.3)  # a save of its own, not part of the last one's burst
            version = session.version
            question = f'question: "Round {round_}: who '
            text = original.replace('question: "Who ', question, 1)
            temporary = card_file.with_name(f".{card_file.name}.tmp~")
            saved = time.perf_counter()
            temporary.write_text(text, encoding="utf-8")
            temporary.replace(card_file)
            while not received or received[-1][1]["version"] <= version:
                time.sleep(0.001)
            arrived, state = received[-1]
            changed = [c for c in state["cards"] if c["title"].startswith(f"Round {round_}: who ")]
            if len(changed) != 1 or not state["ok"]:
                raise RuntimeError(f"round {round_}: expected one changed card, got {len(changed)}")
            _get(port, changed[0]["src"])
            shown = time.perf_counter()
            timings = session.timings
            parts["total"].append(shown - saved)
            parts["build"].append(timings.build)
            parts["draw"].append(timings.draw)
            parts["push"].append(shown - timings.ready)
            parts["watch"].append(shown - saved - timings.build - timings.draw - (shown - timings.ready))
            if timings.drawn != 1:
                raise RuntimeError(f"round {round_}: {timings.drawn} cards drawn, expected 1")
        stop.set()
        server.stop()
    return parts


def rows(quick: bool = False) -> list[tuple]:
    parts = measure(3 if quick else 9)
    median = {k: statistics.median(v) for k, v in parts.items()}
    return [
        ("live: save → changed card on the page (bundled deck)", median["total"], "s",
         f"target ≤ {TARGET_S} s; median of {len(parts['total'])} saves, max {max(parts['total']):.3f}"),
        ("live: … watcher (save seen, burst closed)", median["watch"], "s", "watchfiles, step 50 ms"),
        ("live: … rebuild", median["build"], "s", "the build of `pugdeck build`"),
        ("live: … render of the changed card", median["draw"], "s", "one card's PDF, rasterised"),
        ("live: … push", median["push"], "s", "state to JSON, the event, the picture fetched"),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=9)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    parts = measure(args.repeat)
    for name, values in parts.items():
        print(f"{name:6} median {statistics.median(values):.3f} s  "
              f"({', '.join(f'{v:.3f}' for v in values)})")


if __name__ == "__main__":
    main()
