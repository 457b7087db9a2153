"""docs/protocol.md describes every field of both games' observations and every PixelPug
event type, and its examples are observations as the engines give them: a frontend written
from the page alone reads every field."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pugdeck.building.pipeline import build
from pugdeck.games.bots import play_game
from pugdeck.games.registry import game
from pugdeck.resources import bundled_deck

DOC = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text(encoding="utf-8")
SECTIONS = {"pug-you": "### Pug You!", "pixelpug": "### PixelPug"}


def _section(game_id: str) -> str:
    start = DOC.index(SECTIONS[game_id])
    end = DOC.index("\n## ", start) if game_id == "pixelpug" else DOC.index("### PixelPug", start)
    return DOC[start:end]


def _documented_fields(game_id: str) -> list[str]:
    table = _section(game_id).split("```json", 1)[0]
    return re.findall(r"^\| `([a-z_]+)` \|", table, re.M)


def _played(game_id: str, players: int, seed: int):
    spec = game(game_id)
    new_game = spec.new_game(build(bundled_deck(game_id)).doc, players, seed)
    return new_game, play_game(new_game, spec.make_bots("random", new_game, seed))


@pytest.mark.parametrize(("game_id", "players"), [("pug-you", 5), ("pixelpug", 3)])
def test_every_observation_field_is_documented_in_order(game_id, players):
    new_game, _final = _played(game_id, players, 1)
    state = new_game.new_initial_state()
    fields = list(state.observation(0))
    assert _documented_fields(game_id) == fields


@pytest.mark.parametrize(("game_id", "players"), [("pug-you", 5), ("pixelpug", 3)])
def test_the_example_is_an_observation_with_every_field(game_id, players):
    example = json.loads(_section(game_id).split("```json", 1)[1].split("```", 1)[0])
    new_game, _final = _played(game_id, players, 1)
    assert list(example) == list(new_game.new_initial_state().observation(0))


def test_every_pixelpug_event_type_is_documented():
    table = DOC[DOC.index("**PixelPug events**"):]
    documented = set(re.findall(r"^\| `([a-z-]+)` \|", table, re.M))
    seen: set[str] = set()
    for seed in range(12):
        _game, final = _played("pixelpug", 4, seed)
        seen |= {event.view(None)["event"] for event in final.events}
    assert seen <= documented, seen - documented
    assert len(seen) >= 10  # the games above meet most kinds of event
