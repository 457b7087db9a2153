"""Fixtures of the live tests: a server to start (stopped after the test), decks to edit."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.live_server import Running
from pugdeck.live.session import LiveSession

THREE = ("Who sings in the shower?", "Who naps at work?", "Who eats the last biscuit?")


@pytest.fixture
def small_deck(write_deck, valid_card, cards_file) -> Path:
    """deck/cards.yaml with three green cards, `card-0` to `card-2` (questions: `THREE`)."""
    cards = [{**valid_card, "id": f"card-{n}", "question": q} for n, q in enumerate(THREE)]
    return write_deck(files={"cards.yaml": cards_file(*cards)})


@pytest.fixture
def serve():
    """`serve(deck, given={}, profile=None)` → a `Running` server, stopped after the test."""
    running: list[Running] = []

    def start(deck: Path, given: dict | None = None, profile: Path | None = None, network: bool = False):
        running.append(Running(LiveSession(deck, given or {}, profile=profile), network))
        return running[-1]
    yield start
    for server in running:
        server.stop()
