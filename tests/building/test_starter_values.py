"""Each starter's cards that are cards of the bundled deck carry the bundled deck's values:
the sample deck a new designer copies from plays as the balanced game does."""

from __future__ import annotations

import pytest
import yaml

from pugdeck.games.registry import game, game_ids
from pugdeck.resources import bundled_deck

# What a card is worth in play (its text is the starter's own, in its language).
GAME_VALUES = ("kind", "level", "badges", "turds", "thermometer", "points", "attack")


def _cards(folder) -> list[dict]:
    cards: list[dict] = []
    for path in sorted((folder / "cards").glob("*.yaml")):
        cards += yaml.safe_load(path.read_text(encoding="utf-8"))["cards"]
    return cards


def _values(card: dict) -> dict:
    values = {key: card[key] for key in GAME_VALUES if key in card}
    values["ops"] = [step["op"] for step in card.get("effect", [])]  # the step names, no card ids
    return values


def _title(card: dict) -> str | None:
    return card.get("name", card.get("question"))


def _starters():
    for game_id in game_ids():
        spec = game(game_id)
        for language in spec.starter_languages():
            yield game_id, language


@pytest.mark.parametrize(("game_id", "language"), list(_starters()))
def test_a_starter_card_of_the_bundled_deck_has_its_values(game_id, language):
    spec = game(game_id)
    bundled = {card["id"]: card for card in _cards(bundled_deck(spec.bundled_decks[0]))}
    english, starter = _cards(spec.starter_folder("en")), _cards(spec.starter_folder(language))
    assert len(starter) == len(english), "a translated starter has the English one's cards, in order"
    # The same card: its id and its printed title or question (a Pug You! sample is the
    # starter's own card, written for it, even where an id is also the bundled deck's).
    shared = [(ours, bundled[theirs["id"]]) for ours, theirs in zip(starter, english)
              if theirs["id"] in bundled and _title(theirs) == _title(bundled[theirs["id"]])]
    assert shared or game_id != "pixelpug"  # every PixelPug starter card is a bundled card
    for ours, theirs in shared:
        assert _values(ours) == _values(theirs), (language, ours["id"])


def _texts(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _texts(item)
    elif isinstance(value, list):
        for item in value:
            yield from _texts(item)


@pytest.mark.parametrize(("game_id", "language"), list(_starters()))
def test_a_starter_prints_no_escape_as_it_is(game_id, language):
    # YAML decodes "\u202f" only in a double-quoted string: unquoted, a card would print
    # the six characters, as the French "Bon chien\u202f!" once did.
    for card in _cards(game(game_id).starter_folder(language)):
        for text in _texts(card):
            assert "\\u" not in text and "\\x" not in text, (language, card["id"], text)
