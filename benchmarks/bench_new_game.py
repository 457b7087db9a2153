"""What a fresh engine `Game` costs, against what it cost and against its floor (issue 26).

    python benchmarks/bench_new_game.py [--quick]

A party, `serve` and conformance start many games of one deck, each with
`GameSpec.new_game(doc, players, seed)`. The schema check of the built deck used to run in
every one (75 % of a fresh Game, 6× a whole 5-player Pug You! game); now a deck is checked
once (games/engine_input.py remembers what passed by content). Rows, per bundled game and
5 players, each the median over many Games in one run:
- a fresh Game of a deck checked before (what every game after the first costs now);
- a fresh Game of a deck never seen (the old cost of every game: the memory is emptied first);
- the floor: one whole game with random bots (dealing and playing it, no Game made).
Times are CPU time of this process (`time.process_time`).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

GAMES = ("pug-you", "pixelpug")
PLAYERS = 5


def _built_doc(game_id: str) -> dict:
    from pugdeck.building.pipeline import build
    from pugdeck.resources import bundled_deck

    return build(bundled_deck(game_id)).doc


def _per_call(work, calls: int, repeat: int) -> float:
    """Median milliseconds of one `work()` over `repeat` runs of `calls` calls."""
    runs = []
    for _ in range(repeat):
        start = time.process_time()
        for n in range(calls):
            work(n)
        runs.append((time.process_time() - start) / calls * 1e3)
    return statistics.median(runs)


def game_rows(game_id: str, calls: int, repeat: int) -> list[tuple]:
    """The three rows of one game."""
    from pugdeck.games.bots import play_game
    from pugdeck.games.engine_input import forget_checked_decks
    from pugdeck.games.registry import registered

    spec, doc = registered()[game_id], _built_doc(game_id)
    base = spec.new_game(doc, PLAYERS, 0)

    def checked_before(seed: int) -> None:
        spec.new_game(doc, PLAYERS, seed)

    def never_seen(seed: int) -> None:
        forget_checked_decks()
        spec.new_game(doc, PLAYERS, seed)

    def whole_game(seed: int) -> None:
        game = base.reseeded(seed)
        play_game(game, spec.make_bots("random", game, seed))

    now = _per_call(checked_before, calls, repeat)
    old = _per_call(never_seen, calls, repeat)
    floor = _per_call(whole_game, calls, repeat)
    forget_checked_decks()
    return [
        (f"{game_id} fresh Game, {PLAYERS} players, deck checked before", now, "ms",
         f"{now / old:.2f}× the old {old:.2f} ms; {now / floor:.2f}× one whole game"),
        (f"{game_id} fresh Game, {PLAYERS} players, deck never seen (old cost)", old, "ms",
         f"{old / floor:.2f}× one whole game"),
        (f"{game_id} one whole {PLAYERS}-player game, random bots (floor)", floor, "ms", ""),
    ]


def rows(quick: bool = False) -> list[tuple]:
    """Rows for benchmarks/run.py: (name, median, unit, baseline)."""
    repeat, calls = (1, 20) if quick else (5, 100)
    return [row for game_id in GAMES for row in game_rows(game_id, calls, repeat)]


def main() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    table = rows(quick="--quick" in sys.argv)
    width = max(len(r[0]) for r in table)
    for name, median, unit, note in table:
        print(f"{name.ljust(width)}  {median:>8.3f} {unit:<3} {note}")


if __name__ == "__main__":
    main()
