"""What every engine does with its input before playing: find the game a built deck is for,
check the deck, and replay a logged game. Engines read only built decks, never deck
folders (docs/architecture.md)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NoReturn

from pugdeck.authoring.diagnostics import ERROR, DeckError, Diagnostic
from pugdeck.games.built_deck import FORMAT as BUILT_FORMAT
from pugdeck.games.registry import registered
from pugdeck.schemas import validate_built

if TYPE_CHECKING:  # types only
    from pugdeck.games.spec import GameSpec


def fail(source: str, field: str, message: str) -> NoReturn:
    # Line 0: a problem with the file as a whole, printed as "source: message".
    raise DeckError([Diagnostic(source, 0, 0, None, field, ERROR, message)])


def built_game(doc: object, source: str) -> GameSpec:
    """The registered game that plays the built deck `doc`; raises `DeckError` when `doc` is
    no built deck, or a deck of a game nobody registered."""
    _check_format(doc, source)
    spec = registered().get(doc.get("game"))
    if spec is None:
        fail(source, "game", f"no registered game plays {doc.get('game')!r} decks "
             f"(registered: {', '.join(sorted(registered()))}); see `pugdeck games`")
    return spec


def _check_format(doc: object, source: str) -> None:
    if not isinstance(doc, dict) or doc.get("format") != BUILT_FORMAT:
        fail(source, "format", f"not a built pugdeck deck (expected format {BUILT_FORMAT!r}); "
             "build one with `pugdeck build`")


def check_built(doc: object, game: str, title: str, source: str) -> None:
    """Raise `DeckError` unless `doc` is a valid built deck of `game` with unique card ids."""
    # Format and game first: a deck of another game is not "a broken deck of this one".
    _check_format(doc, source)
    if doc.get("game") != game:
        fail(source, "game", f"this is a {doc.get('game')!r} deck, not a {title} deck")
    validate_built(doc, source)
    ids = [card["id"] for card in doc["cards"]]
    if len(set(ids)) != len(ids):
        fail(source, "cards", "card ids in a built deck must be unique")


def replay(game: Any, actions: Iterable[dict]) -> Any:
    """Apply a logged action list to a fresh state of `game`; raises the engine's
    `IllegalAction` on a bad log."""
    state = game.new_initial_state()
    for action in actions:
        state.apply_action(action)
    return state
