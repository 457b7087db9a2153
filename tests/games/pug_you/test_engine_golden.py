"""Golden transcripts: three seeded games whose text must not change by accident.

They use the test factory's deck (not the bundled one), so only a rule change, a bot change
or a transcript change moves them. To accept an intended change, regenerate and review the
diff:

    PUGDECK_REGENERATE_GOLDEN=1 pytest tests/games/pug_you/test_engine_golden.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from conftest import built_deck
from pugdeck.games.pug_you.bots import make_bots, play_game
from pugdeck.games.pug_you.engine import Game
from pugdeck.games.pug_you.transcript import narrate

GOLDEN = Path(__file__).parent / "golden"
CASES = [(1, 5), (2, 7), (3, 10)]  # (seed, players)


def transcript(seed: int, players: int) -> str:
    game = Game(built_deck(), players, seed)
    bots = make_bots("random,heuristic", game, seed)
    state = play_game(game, bots)
    return "\n".join(narrate(game, state.history(), [b.kind for b in bots])) + "\n"


@pytest.mark.parametrize("seed,players", CASES)
def test_golden_transcript(seed, players):
    path = GOLDEN / f"seed-{seed}-players-{players}.txt"
    text = transcript(seed, players)
    if os.environ.get("PUGDECK_REGENERATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), f"{path.name} changed; see this module's docstring"
