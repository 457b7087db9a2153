"""The bundled PixelPug deck, built in memory, and stacked deals for scenario tests.

`stacked(game, top, first)` deals a round from a deck whose top cards are `top` (card ids,
first drawn first): with one starting card each, seat `first` gets top[0], the next seat
clockwise top[1], …, and `first`'s turn draw is top[players]. The rest of the deck follows
in id order, so a scenario names only the cards it is about.
"""

from __future__ import annotations

import pytest

from pugdeck.building.pipeline import build
from pugdeck.games.pixelpug.engine import Game
from pugdeck.games.pixelpug.game import GAME
from pugdeck.render.fonts import font_set
from pugdeck.resources import bundled_deck


@pytest.fixture(scope="session")
def template():
    """The bundled PixelPug template, as the faces are drawn from it."""
    return GAME.load_template(None)


@pytest.fixture(scope="session")
def fonts(template):
    return font_set(template.fonts)


@pytest.fixture(scope="session")
def built_doc() -> dict:
    return build(bundled_deck("pixelpug")).doc


@pytest.fixture
def new_game(built_doc):
    """`new_game(players, seed=0)` → a `Game` of the bundled deck."""
    games: dict[int, Game] = {}

    def make(players: int, seed: int = 0) -> Game:
        if players not in games:
            games[players] = Game(built_doc, players, 0)
        return games[players].reseeded(seed)

    return make


def stacked(game: Game, top: list[str], first: int = 0, bottom: list[str] = ()) -> list[str]:
    """A deal order: `top` first, then every other main-pile card, `bottom` drawn last."""
    rest = [game.ids[c] for c in sorted(game.main)
            if game.ids[c] not in top and game.ids[c] not in bottom]
    return list(top) + rest + list(bottom)


@pytest.fixture
def deal(new_game):
    """`deal(players, top, first=0, bottom=(), state=None)` → a state after a stacked deal."""
    def make(players: int, top: list[str], first: int = 0, bottom: list[str] = (), state=None):
        if state is None:
            state = new_game(players).new_initial_state()
        order = stacked(state.game, top, first, bottom)
        state.apply_action({"type": "deal", "order": order, "first": first})
        return state

    return make


def small_doc(built_doc: dict, main: list[str]) -> dict:
    """The built deck with only these main-pile cards (the Treats stay): a short round."""
    cards = [c for c in built_doc["cards"] if c["id"] in main or c["pile"] == "treats"]
    return {**built_doc, "cards": cards}


@pytest.fixture
def small_game(built_doc):
    """`small_game(players, main)` → a `Game` whose deck holds only the `main` card ids."""
    return lambda players, main: Game(small_doc(built_doc, main), players, 0)
