"""What every engine does with its input before playing: find the game a built deck is for,
check the deck, read its rules, and replay a logged game. Engines read only built decks,
never deck folders (docs/architecture.md).

A built deck is untrusted (a file anyone may edit, or a protocol request), and the schema
leaves some of what an engine relies on unsaid: `rules` is any object there, and text may
hold lone surrogates that cannot be printed. So every check an engine needs ends in a
`DeckError` naming the card or the rule: `play` exits 1 with it, `serve` answers `bad_deck`.
"""

from __future__ import annotations

import hashlib
import pickle
import threading
from collections import Counter, OrderedDict
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from pugdeck.core.built_deck import FORMAT as BUILT_FORMAT
from pugdeck.core.built_deck import Built
from pugdeck.core.diagnostics import ERROR, DeckError, Diagnostic, describe
from pugdeck.games.game_schemas import validate_built
from pugdeck.games.json_input import lone_surrogate_path, shown_path, unsafe_text_path
from pugdeck.games.registry import registered

if TYPE_CHECKING:  # types only
    from pugdeck.games.spec import GameSpec


#: `read_rules`: a rule the deck must give (no default)
REQUIRED = object()


def fail(source: str, field: str, message: str, card: str | None = None) -> NoReturn:
    # Line 0: a problem with the file as a whole, printed as "source: [card 'id': ]message".
    raise DeckError([Diagnostic(source, 0, 0, card, field, ERROR, message)])


def built_game(doc: object, source: str) -> GameSpec:
    """The registered game that plays the built deck `doc`; raises `DeckError` when `doc` is
    no built deck, or a deck of a game nobody registered."""
    _check_format(doc, source)
    game = doc.get("game")
    spec = registered().get(game) if isinstance(game, str) else None
    if spec is None:
        fail(source, "game", f"no registered game plays {doc.get('game')!r} decks "
             f"(registered: {', '.join(sorted(registered()))}); see `pugdeck games`")
    return spec


def _check_format(doc: object, source: str) -> None:
    if not isinstance(doc, dict) or doc.get("format") != BUILT_FORMAT:
        fail(source, "format", f"not a built pugdeck deck (expected format {BUILT_FORMAT!r}); "
             "build one with `pugdeck build`")


def read_built(deck: Built | dict, game: str, title: str, source: str) -> Built:
    """The built deck an engine plays, checked (`check_built`): a `Built` as it is, a
    document read from a file or a request wrapped in one. What the schema guarantees an
    engine reads without defending it again (a card's fields, their types)."""
    check_built(deck.doc if isinstance(deck, Built) else deck, game, title, source)
    return deck if isinstance(deck, Built) else Built(deck, deck["name"], Path())


def check_built(doc: object, game: str, title: str, source: str) -> None:
    """Raise `DeckError` unless `doc` is a valid built deck of `game` with unique card ids.

    A document that passed once is not checked again: party, serve and conformance start
    many games of one deck, and the schema check was 75 % of a fresh `Game` (issue 26).
    What passed is remembered by content, not by identity, so a dict changed after its
    check (a card's badges set to `True`) is checked afresh.
    """
    # Format and game first: a deck of another game is not "a broken deck of this one".
    _check_format(doc, source)
    if doc.get("game") != game:
        fail(source, "game", f"this is a {doc.get('game')!r} deck, not a {title} deck")
    fingerprint = _fingerprint(doc)
    if fingerprint is not None and _PASSED.seen(fingerprint):
        return
    _check_text(doc, source)  # first: the schema's messages quote the values they refuse
    validate_built(doc, source)
    ids = [card["id"] for card in doc["cards"]]
    if len(set(ids)) != len(ids):
        duplicate = next(card_id for card_id, n in Counter(ids).items() if n > 1)
        fail(source, "cards", "card ids in a built deck must be unique; this one appears more than once",
             card=duplicate)
    if fingerprint is not None:
        _PASSED.add(fingerprint)


def _fingerprint(doc: dict) -> bytes | None:
    """A digest of the document's content and of every value's type; None when it cannot
    be taken (then the deck is simply checked every time).

    A pickle, not JSON text or `==`: `==` takes `True` for `1`, and JSON writes a key `1`
    as `"1"`, where the schema refuses the one and not the other. A pickle records every
    value with its type, so two documents with one fingerprint are the same to the schema.
    It costs 1/13 of the check it saves (the bundled Pug You! deck).
    """
    try:
        return hashlib.sha256(pickle.dumps(doc, protocol=pickle.HIGHEST_PROTOCOL)).digest()
    except (pickle.PicklingError, TypeError, AttributeError, ValueError, RecursionError):
        return None


class _Passed:
    """The fingerprints of the last few documents that passed `check_built`, most recent
    last; a lock, because a server may open games from several threads."""

    KEPT = 64  # decks: a server holds a few, a test run a few dozen

    def __init__(self) -> None:
        self._digests: OrderedDict[bytes, None] = OrderedDict()
        self._lock = threading.Lock()

    def seen(self, digest: bytes) -> bool:
        with self._lock:
            if digest not in self._digests:
                return False
            self._digests.move_to_end(digest)
            return True

    def add(self, digest: bytes) -> None:
        with self._lock:
            self._digests[digest] = None
            while len(self._digests) > self.KEPT:
                self._digests.popitem(last=False)

    def clear(self) -> None:
        """Forget every deck (benchmarks measure the first check with it)."""
        with self._lock:
            self._digests.clear()


_PASSED = _Passed()
forget_checked_decks = _PASSED.clear


def _check_text(doc: dict, source: str) -> None:
    """Every string of the deck is valid Unicode (a lone surrogate cannot be printed) and
    holds nothing that would disguise a line `play` prints (`json_input.UNSAFE_TEXT`)."""
    path = lone_surrogate_path(doc)
    if path is not None:
        where = shown_path(path)
        fail(source, where, f"{where}: text must be valid Unicode; it holds a lone surrogate (a "
             "\\ud800-style escape without its pair)", card=_card_at(doc, path))
    unsafe = unsafe_text_path(doc)
    if unsafe is not None:
        path, char = unsafe
        where = shown_path(path)
        fail(source, where, f"{where}: text holds U+{ord(char):04X}, a control character that would "
             "change the lines a terminal shows (reorder, split or overwrite them); remove it",
             card=_card_at(doc, path))


def _card_at(doc: dict, path: tuple) -> str | None:
    """The id of the card `path` leads into, when it is one to name."""
    if len(path) >= 2 and path[0] == "cards" and isinstance(path[1], int):
        entry = doc["cards"][path[1]]
        card_id = entry.get("id") if isinstance(entry, dict) else None
        if isinstance(card_id, str) and lone_surrogate_path(card_id) is None and unsafe_text_path(card_id) is None:
            return card_id
    return None


def read_rules(built: Built, source: str, fields: Mapping[str, tuple]) -> dict[str, Any]:
    """The whole-number rules of a built deck: `fields` maps a dotted name ("players.min")
    to (lowest, highest, default) — the default `REQUIRED`, or the value an older deck that
    leaves the rule out plays with (None: the rule may also be null). The bounds are what
    the engine can play: no 10⁹ rounds, no hand of 0, no nominees beyond the table."""
    rules = built.rules  # a mapping: the envelope says so
    out: dict[str, Any] = {}
    for name, (low, high, default) in fields.items():
        *parents, last = name.split(".")
        value = rules
        for key in parents:  # e.g. `players` of players.min: a mapping, or absent when optional
            value = value.get(key)
            if value is None and default is not REQUIRED:
                value = {}
            elif not isinstance(value, dict):
                fail(source, f"rules.{key}", f"rules.{key} must be a mapping, not {describe(value)}")
        if last not in value:
            if default is REQUIRED:
                fail(source, f"rules.{name}", f"the rules block lacks rules.{name}")
            out[name] = default
            continue
        number = value[last]
        if number is None and default is None:
            out[name] = None
        elif type(number) is not int or not low <= number <= high:
            fail(source, f"rules.{name}", f"rules.{name} must be a whole number from {low} to {high}"
                 f"{' or null' if default is None else ''}, not {describe(number)}")
        else:
            out[name] = number
    return out


def log_fields(log: dict, source: str) -> tuple[Any, int, int, list, list[str]]:
    """(deck, players, seed, actions, seat labels) of a game's machine log, in the shape both
    log formats share; `ValueError` saying what is wrong (a log is a file anyone may edit)."""
    missing = [key for key in ("deck", "players", "seed", "bots", "actions") if key not in log]
    if missing:
        raise ValueError(f"{source}: the game log lacks {', '.join(missing)}")
    players, seed, labels, actions = log["players"], log["seed"], log["bots"], log["actions"]
    if type(players) is not int or type(seed) is not int:
        raise ValueError(f"{source}: the game log's players and seed must be whole numbers")
    if not isinstance(actions, list):
        raise ValueError(f"{source}: the game log's actions must be a list")
    if not (isinstance(labels, list) and len(labels) == players and all(isinstance(b, str) for b in labels)):
        raise ValueError(f"{source}: the game log's bots must list one bot name per seat ({players})")
    return log["deck"], players, seed, actions, labels


def replay(game: Any, actions: Iterable[dict]) -> Any:
    """Apply a logged action list to a fresh state of `game`; raises the engine's
    `IllegalAction` on a bad log."""
    state = game.new_initial_state()
    for action in actions:
        state.apply_action(action)
    return state
