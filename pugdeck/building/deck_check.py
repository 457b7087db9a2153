"""Load a deck folder and check it with its game: the first two stages in one call."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from pugdeck.authoring.loading import LoadedDeck, gc_paused, load_deck
from pugdeck.core.diagnostics import ERROR, Diagnostic
from pugdeck.games.game_schemas import card_fields
from pugdeck.games.parts import MissingPart
from pugdeck.games.registry import registered
from pugdeck.games.spec import GameSpec


def game_id_of(loaded: LoadedDeck) -> str | None:
    """The `game:` deck.yaml names, or None when it names none (or not as text)."""
    data = loaded.root.data
    deck = data.get("deck") if isinstance(data, dict) else None
    value = deck.get("game") if isinstance(deck, dict) else None
    return value if isinstance(value, str) else None


def game_of(loaded: LoadedDeck) -> GameSpec:
    """The registered game a loaded deck is for.

    A deck that names no registered game is checked by the game whose card fields its
    cards use the most, whose schema then reports the wrong `game` among every other
    problem, all at once.
    """
    games = registered()
    named = games.get(game_id_of(loaded))
    if named is not None:
        return named
    keys = Counter(key for card in loaded.cards if isinstance(card.data, dict) for key in card.data)
    return max(games.values(), key=lambda spec: sum(keys[f] for f in card_fields(spec.id)))


def check_deck_at(path: Path, fast: bool = True) -> tuple[Any, list[Diagnostic]]:
    """Load and check a deck folder (or its deck.yaml): the typed deck or None, and diagnostics.

    With `fast`, the files are parsed without recording positions; a file's positions are
    recorded (it is parsed again) only when a problem in it is reported, so a clean deck never
    pays for positions it does not need, and the checks run once either way; a problem found
    later (by a build's drawing) is located the same way. Without `fast` every file's
    positions are recorded as it is read.
    Every check runs at once: an included file that cannot be read is reported with the
    rest of the deck's problems (`load_deck(partial=True)`). Raises `DeckError` only when
    deck.yaml cannot be read or parsed at all.
    """
    with gc_paused():
        return _check(load_deck(path, positions=not fast, partial=True))


def _check(loaded: LoadedDeck) -> tuple[Any, list[Diagnostic]]:
    try:
        deck, diagnostics = game_of(loaded).check_deck(loaded)
    except MissingPart as exc:  # a game that declares no checks: one sentence, at deck.yaml
        mark = loaded.root.mark(("deck", "game"))
        return None, [Diagnostic(mark.file, mark.line, mark.column, None, "game", ERROR, str(exc))]
    # A deck with a file left unread is never a deck to build, whatever a game's checks say.
    return (deck if loaded.whole else None), diagnostics

