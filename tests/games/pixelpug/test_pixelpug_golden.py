"""Golden transcripts: seeded bot matches told in full. Any rule change shows up here.

Regenerate after an intended change with `PUGDECK_REGEN_GOLDEN=1 pytest tests/games/pixelpug`
and read the diff before committing it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pugdeck.games.pixelpug.bots import make_bots, play_game
from pugdeck.games.pixelpug.transcript import narrate

GOLDEN = Path(__file__).parent / "golden"
CASES = [(2, 1, "heuristic,random"), (3, 7, "heuristic,random,heuristic"), (4, 3, "random")]


@pytest.mark.parametrize("players,seed,bots", CASES)
def test_transcript_matches_the_golden_file(new_game, players, seed, bots):
    game = new_game(players, seed)
    state = play_game(game, make_bots(bots, game, seed))
    text = "\n".join(narrate(game, state.history())) + "\n"
    path = GOLDEN / f"pixelpug-{players}p-seed{seed}.txt"
    if os.environ.get("PUGDECK_REGEN_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")
