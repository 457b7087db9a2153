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

from helpers.pug_you_decks import built_deck, card
from pugdeck.games.pug_you.bots import make_bots, play_game
from pugdeck.games.pug_you.engine import Game
from pugdeck.games.pug_you.transcript import narrate

GOLDEN = Path(__file__).parent / "golden"
CASES = [(1, 5), (2, 7), (3, 10)]  # (seed, players)


def dry_deck() -> dict:
    """Seven cards, hands of one: runs dry, so the silent-case rules all show up."""
    return built_deck([card(f"c-{i:02d}", turds=1 + i % 3) for i in range(7)], hand_size=1,
                      large_group=None)


def transcript(seed: int, players: int, doc: dict | None = None) -> str:
    game = Game(doc or built_deck(), players, seed)
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


def test_golden_transcript_of_a_deck_that_runs_dry():
    path = GOLDEN / "dry-seed-3-players-5.txt"
    text = transcript(3, 5, dry_deck())
    if os.environ.get("PUGDECK_REGENERATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert "Nobody can offer" in text and "no question is left to ask" in text
    assert text == path.read_text(encoding="utf-8"), f"{path.name} changed; see this module's docstring"
