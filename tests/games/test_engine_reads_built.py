"""Engines take the typed built deck (`core.built_deck.Built`) straight from a build, or its
document as read from a file; either way the deck is checked before anything is read."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pugdeck.building.pipeline import build
from pugdeck.core.diagnostics import DeckError
from pugdeck.games.registry import game
from pugdeck.resources import bundled_deck


@pytest.mark.parametrize(("deck", "players"), [("pug-you", 5), ("pixelpug", 3)])
def test_a_build_plays_as_built_and_as_its_document(deck, players):
    built = build(bundled_deck(deck))
    spec = game(built.game)
    from_built = spec.new_game(built, players, seed=4).new_initial_state()
    from_doc = spec.new_game(built.doc, players, seed=4).new_initial_state()
    while not from_built.is_terminal():
        action = from_built.legal_actions()[-1]
        from_built.apply_action(action)
        from_doc.apply_action(action)
    assert from_built == from_doc and from_built.scores() == from_doc.scores()


def test_a_built_deck_changed_after_its_build_is_checked_again():
    built = build(bundled_deck("pug-you"))
    broken = [{**built.cards[0], "turds": "three"}, *built.cards[1:]]
    with pytest.raises(DeckError, match="turds"):
        game("pug-you").new_game(replace(built, doc={**built.doc, "cards": broken}), 5)
