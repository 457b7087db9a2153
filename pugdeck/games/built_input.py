"""What every engine does with its input before playing: check the built deck, and replay
a logged game. Engines read only built decks (DESIGN.md §4)."""

from __future__ import annotations

from typing import Iterable, NoReturn

from pugdeck.authoring.diagnostics import ERROR, DeckError, Diagnostic
from pugdeck.schemas import validate_built


def fail(source: str, field: str, message: str) -> NoReturn:
    # Line 0: a problem with the file as a whole, printed as "source: message".
    raise DeckError([Diagnostic(source, 0, 0, None, field, ERROR, message)])


def check_built(doc: object, game: str, title: str, source: str) -> None:
    """Raise `DeckError` unless `doc` is a valid built deck of `game` with unique card ids."""
    # Format and game first: a deck of another game is not "a broken deck of this one".
    if not isinstance(doc, dict) or doc.get("format") != "pugdeck-deck":
        fail(source, "format", "not a built pugdeck deck (expected format 'pugdeck-deck'); "
             "build one with `pugdeck build`")
    if doc.get("game") != game:
        fail(source, "game", f"this is a {doc.get('game')!r} deck, not a {title} deck")
    validate_built(doc, source)
    ids = [card["id"] for card in doc["cards"]]
    if len(set(ids)) != len(ids):
        fail(source, "cards", "card ids in a built deck must be unique")


def replay(game, actions: Iterable[dict]):
    """Apply a logged action list to a fresh state of `game`; raises the engine's
    `IllegalAction` on a bad log."""
    state = game.new_initial_state()
    for action in actions:
        state.apply_action(action)
    return state
