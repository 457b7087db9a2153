"""A built deck is checked against its schema once, not once per game (issue 26), and a
deck changed after its check is checked again: the memory of what passed cannot be fooled."""

from __future__ import annotations

import copy
import functools

import pytest

from pugdeck.building.pipeline import build
from pugdeck.core.diagnostics import DeckError
from pugdeck.games import engine_input
from pugdeck.games.registry import registered
from pugdeck.resources import bundled_deck

GAMES = ("pug-you", "pixelpug")


@functools.cache
def _bundled(game_id: str) -> dict:
    return build(bundled_deck(game_id)).doc


@pytest.fixture
def schema_checks(monkeypatch) -> list[str]:
    """The sources the schema validated, in order (every later test starts from no memory)."""
    engine_input.forget_checked_decks()
    seen: list[str] = []
    validate = engine_input.validate_built

    def counting(doc, source):
        seen.append(source)
        return validate(doc, source)

    monkeypatch.setattr(engine_input, "validate_built", counting)
    yield seen
    engine_input.forget_checked_decks()


@pytest.mark.parametrize("game_id", GAMES)
def test_many_games_of_one_deck_check_it_once(game_id, schema_checks):
    spec, doc = registered()[game_id], copy.deepcopy(_bundled(game_id))
    for seed in range(5):
        spec.new_game(doc, 5, seed, source="deck.json").new_initial_state()
    spec.new_game(copy.deepcopy(doc), 5, 9, source="again.json")  # the same content, another dict
    assert schema_checks == ["deck.json"]


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("change", [
    pytest.param(lambda doc: doc["cards"][0].__setitem__("id", 7), id="id-not-text"),
    pytest.param(lambda doc: doc["cards"][-1].pop("id"), id="card-without-id"),
    pytest.param(lambda doc: doc["deck"].__setitem__("name", 5), id="name-not-text"),
    pytest.param(lambda doc: doc.__setitem__("extra", 1), id="unknown-key"),
])
def test_a_deck_changed_after_its_check_is_refused(game_id, change, schema_checks):
    spec, doc = registered()[game_id], copy.deepcopy(_bundled(game_id))
    spec.new_game(doc, 5, 0, source="deck.json")
    change(doc)  # the same dict object, broken after it passed
    with pytest.raises(DeckError):
        spec.new_game(doc, 5, 0, source="deck.json")
    assert schema_checks == ["deck.json", "deck.json"]


def test_a_number_turned_into_true_is_checked_again(schema_checks):
    """`True == 1` in Python, and the schema refuses a boolean where it wants a number: a
    memory keyed by equality would let this deck through."""
    spec, doc = registered()["pug-you"], copy.deepcopy(_bundled("pug-you"))
    spec.new_game(doc, 5, 0, source="deck.json")
    card = next(card for card in doc["cards"] if card.get("badges") == 1)
    card["badges"] = True
    with pytest.raises(DeckError, match="badges"):
        spec.new_game(doc, 5, 0, source="deck.json")
