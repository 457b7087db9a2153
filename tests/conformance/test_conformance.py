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


def test_a_plugin_game_without_a_public_action_of_its_own_leaks_no_deal():
    """Snap declares no `public_action`: the default hides its deal (every pile's order)."""
    from plugin_game.pugdeck_snap.game import GAME as SNAP
    from plugin_game.pugdeck_snap.game import snap_deck

    assert "public_action" not in type(SNAP).__dict__
    assert check_game(SNAP, snap_deck(), seeds=range(3)) > 0


def test_a_public_action_that_shows_the_deal_fails_the_suite():
    """The 0ca5078 default (the action as it is) sends the shuffled deck to every client."""
    from plugin_game.pugdeck_snap.game import Snap, snap_deck

    leaky = Snap()
    leaky.public_action = lambda action, seat: dict(action)
    with pytest.raises(ConformanceError, match="the public action names hidden cards"):
        check_game(leaky, snap_deck(), seeds=[0], players=[2])


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_showing_every_seat_the_private_part_of_events_fails_the_suite(games, game_id):
    """Face-down offers and votes, drawn cards, a hand looked at: a frontend that showed
    every seat every event whole would show hidden cards, and the suite says so."""
    spec = games[game_id]
    doc = build(spec.deck_folders()[0]).doc
    leaky = type(spec)()
    leaky.event_view = lambda event, seat: event.full()
    with pytest.raises(ConformanceError, match=r"event \d+ as (every seat|seat \d+) sees it names hidden cards"):
        # the most players: a hand looked at is hidden from a third seat, not from the two
        check_game(leaky, doc, seeds=range(5), players=[spec.player_counts(doc)[-1]])


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_a_public_action_that_shows_face_down_cards_fails_the_suite(games, game_id):
    """Each built-in game's secret fields (`GameSpec.secret_fields`) are what keeps its
    public actions clean: without them a shuffle, a deal or an offer shows hidden cards."""
    spec = games[game_id]
    doc = build(spec.deck_folders()[0]).doc
    leaky = type(spec)()
    leaky.secret_fields = {}
    leaky.public_action = lambda action, seat: dict(action)
    with pytest.raises(ConformanceError, match="the public action names hidden cards"):
        check_game(leaky, doc, seeds=[0], players=[spec.player_counts(doc)[0]])
