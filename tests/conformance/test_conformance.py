"""The conformance suite (pugdeck/games/conformance.py) for every registered game's bundled
decks, with the example third game installed as a package of its own."""

from __future__ import annotations

import pytest

from helpers.highcard import highcard_installed
from pugdeck.building.pipeline import build
from pugdeck.games import registry
from pugdeck.games.conformance import ConformanceError, check_game

BUILT_IN = registry.game_ids()


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    """Every registered game, the installed third one included."""
    with highcard_installed(tmp_path_factory.mktemp("site")):
        yield registry.registered()


@pytest.mark.parametrize("game_id", [*BUILT_IN, "highcard"])
def test_every_game_passes_the_conformance_suite(games, game_id):
    spec = games[game_id]
    assert spec.deck_folders(), f"{game_id} bundles no deck"
    for folder in spec.deck_folders():
        doc = build(folder).doc
        counts = spec.player_counts(doc)
        # The fewest and the most players: the smallest and the largest deals and tables.
        assert check_game(spec, doc, seeds=range(2), players=sorted({counts[0], counts[-1]})) > 0


def test_the_registry_lists_the_installed_game_beside_ours(games):
    assert list(games) == [*BUILT_IN, "highcard"]


def test_a_broken_engine_fails_the_suite(games):
    """The suite catches a game whose observation shows another seat's hand."""
    spec = games["highcard"]
    doc = build(spec.deck_folders()[0]).doc
    leaky = type(spec)()
    leaky.hidden_cards = lambda state, player: set(state.deck) | {
        card for hand in state.hands for card in hand}
    with pytest.raises(ConformanceError, match="sees hidden cards"):
        check_game(leaky, doc, seeds=[0], players=[2])
