"""Benchmark rows for `pugdeck party`: a phone's action → every screen updated, on loopback.

The party server runs in a process of its own (this script with `--serve`, as `pugdeck
party` serves: the bundled Pug You! deck, its card pictures, a log written after every
action), so its CPU time and memory are its own (/proc). The phones and the shared screen
are asyncio clients of this process on 127.0.0.1 that do what the pages do: each holds the
room's event stream and, on every new version, asks for its own view (`/r/<code>/me` with
its token); the screen holds its stream, which carries its whole view. A whole game is
played: at each step the phone whose move it is sends its first choice, and the time from
sending it to the last screen holding the new version is one sample.

Rows: that latency's p50 and p95 with 10 phones (10 seats), against the baseline of one
loopback request for the smallest page asset in the same run; the server's CPU seconds per
game; its memory (RSS) at the start and the end of a whole game with 20 phones (10 seated,
10 watching) and the screen, which should be flat.

    python benchmarks/bench_party.py            # prints the table
    python benchmarks/bench_party.py --phones 20

Only 127.0.0.1 is ever connected to; every loop is bounded.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_P95_S = 0.200
SEATS = 10  # Pug You!'s most
MAX_ACTIONS = 2000  # a 10-player game has about 300; a bound, never reached
WAIT_S = 30.0


# --- the server process ------------------------------------------------------------------

def serve() -> None:
    """The party server for the benchmark: prints its port, code and key, serves until its
    input closes."""
    sys.path.insert(0, str(ROOT))
    import threading

    from pugdeck.building.pipeline import build
    from pugdeck.games.registry import game
    from pugdeck.live.server import bind
    from pugdeck.party.app import RateLimits
    from pugdeck.party.room import Room, card_pictures
    from pugdeck.party.server import PartyServer
    from pugdeck.party.table import PartyTable
    from pugdeck.resources import bundled_deck

    built = build(bundled_deck("pug-you"))
    work = tempfile.mkdtemp()
    table = PartyTable(game("pug-you"), built.doc, log_path=Path(work) / "party.json")
    room = Room(table)
    room.cards, room.pictures, _why = card_pictures(built)
    sock = bind("127.0.0.1", 0)
    port = sock.getsockname()[1]
    room.join_url = f"http://127.0.0.1:{port}/join/{room.code}"
    # Every client here is 127.0.0.1: one address's budget is the whole table's.
    server = PartyServer(room, sock, network=False,
                         limits=RateLimits(per_second=1e6, burst=1e6, streams=100, all_streams=200))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.01)
    print(json.dumps({"port": port, "code": room.code, "key": room.screen_key}), flush=True)
    sys.stdin.read()
    server.stop()
    thread.join(10)


# --- the clients -------------------------------------------------------------------------

async def http(port: int, method: str, path: str, body: dict | None = None,
               token: str | None = None) -> tuple[int, dict | bytes]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    data = json.dumps(body).encode() if body is not None else b""
    head = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Connection: close",
            f"Content-Length: {len(data)}"]
    if body is not None:
        head.append("Content-Type: application/json")
    if token:
        head.append(f"X-Seat-Token: {token}")
    writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + data)
    await writer.drain()
    raw = await asyncio.wait_for(reader.read(), WAIT_S)
    writer.close()
    header, _, payload = raw.partition(b"\r\n\r\n")
    status = int(header.split(b" ", 2)[1])
    if b"application/json" in header:
        return status, json.loads(payload)
    return status, payload


class Screen:
    """A page: the newest version it holds and when it got it."""

    def __init__(self):
        self.version, self.at = -1, 0.0
        self.state: dict = {}
        self.changed = asyncio.Event()

    def hold(self, version: int, state: dict) -> None:
        if version > self.version:
            self.version, self.at, self.state = version, time.perf_counter(), state
            self.changed.set()


async def follow(port: int, path: str, on_data) -> None:
    """Read an event stream, calling `on_data(value)` for each event's data."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    await writer.drain()
    try:
        while True:
            line = await reader.readline()
            if not line:
                return
            if line.startswith(b"data: "):
                await on_data(json.loads(line[6:]))
    finally:
        writer.close()


async def phone(port: int, code: str, token: str | None, screen: Screen) -> None:
    async def on_version(_value):
        _status, state = await http(port, "GET", f"/r/{code}/me", token=token)
        screen.hold(state["version"], state)
    await follow(port, f"/r/{code}/events", on_version)


async def shared_screen(port: int, key: str, screen: Screen) -> None:
    async def on_state(state):
        screen.hold(state["version"], state)
    await follow(port, f"/s/{key}/events", on_state)


async def until(screens: list[Screen], version: int) -> float:
    """When the last of `screens` held `version` (or a later one)."""
    deadline = time.perf_counter() + WAIT_S
    for screen in screens:
        while screen.version < version:
            screen.changed.clear()
            left = deadline - time.perf_counter()
            if left <= 0:
                raise TimeoutError(f"a screen stayed at version {screen.version}, not {version}")
            await asyncio.wait_for(screen.changed.wait(), left)
    return max(screen.at for screen in screens)


def proc_stats(pid: int) -> tuple[float, int]:
    """(CPU seconds, resident bytes) of process `pid`."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    cpu = (int(fields[11]) + int(fields[12])) / ticks
    rss = next(int(line.split()[1]) * 1024 for line in Path(f"/proc/{pid}/status").read_text().splitlines()
               if line.startswith("VmRSS:"))
    return cpu, rss


async def play(port: int, code: str, key: str, pid: int, phones: int) -> dict:
    tokens = []
    for seat in range(SEATS):
        status, answer = await http(port, "POST", f"/r/{code}/join", {"name": f"Phone {seat + 1}"})
        assert status == 200, answer
        tokens.append(answer["token"])
    seated = [Screen() for _ in range(SEATS)]
    watching = [Screen() for _ in range(phones - SEATS)]
    screen = Screen()
    tasks = [asyncio.create_task(phone(port, code, token, s)) for token, s in zip(tokens, seated)]
    tasks += [asyncio.create_task(phone(port, code, None, s)) for s in watching]
    tasks.append(asyncio.create_task(shared_screen(port, key, screen)))
    everyone = [*seated, *watching, screen]
    await asyncio.sleep(0.5)
    baseline = []
    for _ in range(50):
        start = time.perf_counter()
        await http(port, "GET", "/assets/common.js")
        baseline.append(time.perf_counter() - start)
    cpu_start, rss_start = proc_stats(pid)
    status, started = await http(port, "POST", f"/s/{key}/start", {})
    assert status == 200, started
    await until(everyone, started["version"])
    latencies, rss = [], [rss_start]
    for number in range(MAX_ACTIONS):
        mover = next((s for s in seated if s.state.get("my_move")), None)
        if mover is None:
            break
        choice = mover.state["view"]["choices"][0]["action"]
        sent = time.perf_counter()
        status, answer = await http(port, "POST", f"/r/{code}/act", {"id": f"bench-{number:06d}", "action": choice},
                                    tokens[seated.index(mover)])
        assert status == 200, answer
        latencies.append(await until(everyone, answer["version"]) - sent)
        if number % 20 == 0:
            rss.append(proc_stats(pid)[1])
    cpu_end, rss_end = proc_stats(pid)
    over = screen.state.get("view", {}).get("over")
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    if not over:
        raise RuntimeError("the game did not end")
    return {"latencies": latencies, "baseline": baseline, "cpu": cpu_end - cpu_start,
            "rss_start": rss_start, "rss_end": rss_end, "rss_max": max(rss + [rss_end]), "rss": rss}


def measure(phones: int) -> dict:
    if phones < SEATS:
        raise ValueError(f"at least {SEATS} phones: every seat is a phone")
    child = subprocess.Popen([sys.executable, __file__, "--serve"], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    try:
        ready = json.loads(child.stdout.readline())
        return asyncio.run(play(ready["port"], ready["code"], ready["key"], child.pid, phones))
    finally:
        child.stdin.close()
        try:
            child.wait(15)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def rows(quick: bool = False) -> list[tuple]:
    ten = measure(10)
    twenty = ten if quick else measure(20)
    base = statistics.median(ten["baseline"])
    p50, p95 = percentile(ten["latencies"], 0.5), percentile(ten["latencies"], 0.95)
    mb = 1024 * 1024
    return [
        ("party: one loopback request (baseline)", base, "s", "GET of a page asset, median of 50"),
        ("party: action → every screen, 10 phones, p50", p50,
         "s", f"{p50 / base:.1f}× baseline; {len(ten['latencies'])} actions of one whole game"),
        ("party: action → every screen, 10 phones, p95", p95,
         "s", f"target ≤ {TARGET_P95_S} s; {p95 / base:.1f}× baseline"),
        ("party: server CPU per game, 10 phones", ten["cpu"], "s",
         f"{ten['cpu'] / len(ten['latencies']) * 1000:.1f} ms per action, every screen served"),
        ("party: server memory, 20 phones, end of the game", twenty["rss_end"] / mb, "MB",
         f"{twenty['rss'][1] / mb:.1f} MB after the first 20 actions (the deal, every page's first view; "
         f"{twenty['rss_start'] / mb:.1f} MB before): flat over {len(twenty['latencies'])} actions"),
    ]


def main() -> None:
    if "--serve" in sys.argv:
        serve()
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, default=10)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    result = measure(args.phones)
    lat = result["latencies"]
    mb = 1024 * 1024
    print(f"{len(lat)} actions, {args.phones} phones + a shared screen")
    print(f"action → every screen: p50 {percentile(lat, 0.5) * 1000:.1f} ms, p95 {percentile(lat, 0.95) * 1000:.1f} ms,"
          f" max {max(lat) * 1000:.1f} ms (baseline request {statistics.median(result['baseline']) * 1000:.2f} ms)")
    print(f"server CPU {result['cpu']:.2f} s; memory {result['rss_start'] / mb:.1f} MB → "
          f"{result['rss_end'] / mb:.1f} MB (most {result['rss_max'] / mb:.1f} MB)")
    print("memory every 20 actions (MB): " + " ".join(f"{r / mb:.1f}" for r in result["rss"]))


if __name__ == "__main__":
    main()
