"""The decks a server holds: each read (or built) once, shared by every game opened from
it, and all of them bounded together.

A request names its deck as `deck_doc` (a built deck inline) or `deck` (a path under the
server's root or a bundled deck's name: `deck_paths.py`). Games opened from the same deck
share one parsed document, and games of one player count share the engine's tables (a
`Game` that offers `reseeded(seed)`, as both engines do, is prepared once and copied per
game): a 10,000-card deck costs its ~30 MB once, not per game.

What the server holds is counted in cards: every deck it keeps counts its cards once, and
once more for each player count its games are prepared for; every open game counts one
card in `STATE_SHARE` of its deck (its state), or its whole deck again when its engine
cannot share tables. A request that would go past `MAX_HELD_CARDS` first makes room by
forgetting decks no open game uses, else is refused (`server_full`) and changes nothing.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pugdeck.core.diagnostics import DeckError
from pugdeck.games import json_input
from pugdeck.games.registry import bundled_decks, registered
from pugdeck.games.spec import GameSpec
from pugdeck.inputs import InputError, read_bytes
from pugdeck.protocol.deck_paths import Located, locate
from pugdeck.protocol.errors import MAX_QUOTED, ProtocolError

# Measured on a 10,000-card Pug You! deck: parsed ~11 MB, the tables for one player count
# ~17-19 MB, an open game's state ~0.17 MB. So a card held is ~1.1-1.9 KB, and the bound
# ~750 MB; a state is ~17 bytes a card, counted generously as 1/32 of a card (~45 bytes).
MAX_HELD_CARDS = 500_000
STATE_SHARE = 32
MAX_UNUSED_DECKS = 8  # decks no open game uses, kept for the next `new_game`


@dataclass(eq=False)
class HeldDeck:
    """One deck the server holds: its document and its prepared games, shared read-only."""

    key: tuple  # what the deck's content is known by (a file's stamp, an inline doc's hash)
    name: str  # for messages: the client's own name for it
    doc: Any
    cards: int
    games: dict[int, Any] = field(default_factory=dict)  # players → the prepared game
    users: int = 0  # open games
    _entries: dict | None = field(default=None, repr=False)

    def held(self) -> int:
        return self.cards * (1 + len(self.games))

    def entries(self) -> dict[str, Any]:
        """Card id → the card's entry in the built deck, in deck order (read once: `cards`)."""
        if self._entries is None:
            cards = self.doc.get("cards") if isinstance(self.doc, dict) else None
            self._entries = {}
            for card in cards if isinstance(cards, list) else ():
                if isinstance(card, dict) and isinstance(card.get("id"), str):
                    self._entries.setdefault(card["id"], card)
        return self._entries


@dataclass(frozen=True)
class Opened:
    """A game opened from a held deck, and what it adds to the count while it is open."""

    deck: HeldDeck
    kind: GameSpec
    game: Any
    cost: int


class DeckStore:
    """The decks of one server, under one root."""

    def __init__(self, root: Path | str, max_cards: int = MAX_HELD_CARDS) -> None:
        self.root = Path(os.path.realpath(root))
        self.max_cards = max_cards
        self._decks: OrderedDict[tuple, HeldDeck] = OrderedDict()  # least recently used first
        self._open_cost = 0  # what the open games' states add

    def held_cards(self) -> int:
        """Cards held now, as the module docstring counts them."""
        return sum(deck.held() for deck in self._decks.values()) + self._open_cost

    def open_game(self, request: dict, players: int, seed: int) -> Opened:
        """A new game of the request's deck; `ProtocolError` for a deck that cannot be read
        or played, or when there is no room. The game counts only once `attach`ed."""
        deck = self._deck(request)
        game_id = deck.doc.get("game") if isinstance(deck.doc, dict) else None
        kind = registered().get(game_id) if isinstance(game_id, str) else None
        if kind is None:
            raise ProtocolError("bad_deck", f"{deck.name}: not a built deck of a game this server plays "
                                f"({', '.join(sorted(registered()))})")
        state_cost = deck.cards // STATE_SHARE + 1
        prepared = deck.games.get(players)
        self._make_room(deck, state_cost + (0 if prepared else deck.cards))
        cost = state_cost
        try:
            if prepared is None:
                prepared = kind.new_game(deck.doc, players, seed, source=deck.name)
                if callable(getattr(prepared, "reseeded", None)):
                    deck.games[players] = prepared
                else:  # an engine that cannot share: the game is its own
                    cost += deck.cards
            game = prepared.reseeded(seed) if players in deck.games else prepared
        except DeckError as exc:
            raise ProtocolError("bad_deck", "; ".join(d.format() for d in exc.diagnostics[:10])) from None
        except NotImplementedError as exc:  # a registered game this server cannot play (no engine)
            raise ProtocolError("bad_deck", f"{deck.name}: {exc}") from None
        self._keep(deck)
        return Opened(deck, kind, game, cost)

    def attach(self, opened: Opened) -> None:
        """An opened game is now open: it counts until `detach`."""
        opened.deck.users += 1
        self._open_cost += opened.cost

    def detach(self, opened: Opened) -> None:
        """A game was closed: its deck may be forgotten once no open game uses it."""
        opened.deck.users -= 1
        self._open_cost -= opened.cost
        self._forget_unused(keep=MAX_UNUSED_DECKS)

    # --- the deck a request names --------------------------------------------------------

    def _deck(self, request: dict) -> HeldDeck:
        if ("deck" in request) == ("deck_doc" in request):
            raise ProtocolError("bad_request", "give the deck either as 'deck' (a path or a bundled "
                                "deck's name) or as 'deck_doc' (a built deck object), not both")
        if "deck_doc" in request:
            doc = request["deck_doc"]
            if not isinstance(doc, dict):
                raise ProtocolError("bad_deck", "'deck_doc' must be a built deck object")
            text = json.dumps(doc, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
            key = ("inline", hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest())
            return self._decks.get(key) or _held(key, "deck_doc", doc)
        name = request["deck"]
        if not isinstance(name, str) or not name:
            raise ProtocolError("bad_request", "'deck' must be a path or a bundled deck's name")
        shown = name if len(name) <= MAX_QUOTED else name[:MAX_QUOTED] + "…"
        located = locate(name, self.root, bundled_decks())
        return self._read(located, shown) if located.built else self._build(located, shown)

    def _read(self, located: Located, name: str) -> HeldDeck:
        try:
            info = os.stat(located.path)
        except OSError:
            info = None
        key = ("file", str(located.path), info and (info.st_mtime_ns, info.st_size, info.st_ino))
        if info is not None and key in self._decks:
            return self._decks[key]
        try:
            data = read_bytes(located.path, json_input.MAX_BUILT_BYTES)
            doc = json_input.loads(data, check_text=False)  # the engine names a card's bad text
        except InputError as exc:
            raise ProtocolError("bad_deck", f"{name}: cannot read it: {exc.reason}") from None
        except ValueError as exc:
            raise ProtocolError("bad_deck", f"{name}: not JSON: {exc}") from None
        return _held(key, name, doc)

    def _build(self, located: Located, name: str) -> HeldDeck:
        doc, stamp = built_folder(located.path)
        key = ("built", str(located.path), stamp)
        return self._decks.get(key) or _held(key, name, doc)

    # --- the bound -----------------------------------------------------------------------

    def _keep(self, deck: HeldDeck) -> None:
        # An earlier version of the same file that no game uses will not be asked for again.
        for key in [key for key, held in self._decks.items()
                    if key[:2] == deck.key[:2] and key != deck.key and not held.users]:
            del self._decks[key]
        self._decks[deck.key] = deck
        self._decks.move_to_end(deck.key)
        self._forget_unused(keep=MAX_UNUSED_DECKS + 1)  # this one may not be used after all

    def _forget_unused(self, keep: int) -> None:
        unused = [key for key, deck in self._decks.items() if not deck.users]
        for key in unused[:max(0, len(unused) - keep)]:
            del self._decks[key]

    def _make_room(self, deck: HeldDeck, adds: int) -> None:
        if deck.key not in self._decks:
            adds += deck.cards
        for key in [key for key, held in self._decks.items() if not held.users and held is not deck]:
            if self.held_cards() + adds <= self.max_cards:
                return
            del self._decks[key]  # least recently used first
        if self.held_cards() + adds > self.max_cards:
            in_use = sum(1 for held in self._decks.values() if held.users)
            raise ProtocolError("server_full", f"this game would take the server past the {self.max_cards:,} "
                                f"cards it may hold (it holds {self.held_cards():,}, in {in_use} decks "
                                f"open games use); close games you no longer play")


def _held(key: tuple, name: str, doc: Any) -> HeldDeck:
    cards = doc.get("cards") if isinstance(doc, dict) else None
    return HeldDeck(key, name, doc, len(cards) if isinstance(cards, list) else 1)


# --- deck folders, built once while their files stay as they were ---------------------------

# Deck folders whose last build is kept, for every server in the process (tests start many):
# the last 8, or fewer when they hold more than 100,000 cards together.
MAX_BUILDS, MAX_BUILD_CARDS = 8, 100_000
_builds: OrderedDict[Path, tuple[tuple, Any]] = OrderedDict()  # deck file → (stamp, doc)


def built_folder(deck_file: Path) -> tuple[Any, tuple]:
    """The built deck of `deck_file` (no filters) and the stamp of the files it was built
    from: rebuilt only when one of them changed (building checks every text against the
    fonts, a third of a second for the bundled deck: a frontend starting game after game
    pays it once). Only the files the last build read are looked at, never the folder."""
    from pugdeck.building.pipeline import build  # noqa: PLC0415 (only when a deck folder is named)

    cached = _builds.get(deck_file)
    if cached is not None and _stamp(deck_file, cached[0]) == cached[0]:
        _builds.move_to_end(deck_file)
        return cached[1], cached[0]
    try:
        doc = build(deck_file).doc
    except DeckError as exc:
        raise ProtocolError("bad_deck", "; ".join(d.format() for d in exc.diagnostics[:10])) from None
    files = tuple((entry["path"], None) for entry in doc["source"]["files"] if entry["role"] == "deck")
    stamp = _stamp(deck_file, files)
    if _unchanged_since_built(deck_file, doc):  # else edited while building: not kept
        _builds[deck_file] = (stamp, doc)
        while len(_builds) > MAX_BUILDS or (len(_builds) > 1 and _build_cards() > MAX_BUILD_CARDS):
            _builds.popitem(last=False)
    return doc, stamp


def _build_cards() -> int:
    return sum(len(doc["cards"]) for _stamp, doc in _builds.values())


def _stamp(deck_file: Path, files: tuple) -> tuple:
    """(path, (mtime, size)) of each file, None for one that is gone."""
    out = []
    for path, _ in files:
        try:
            info = os.stat(deck_file.parent / path)
            out.append((path, (info.st_mtime_ns, info.st_size)))
        except OSError:
            out.append((path, None))
    return tuple(out)


def _unchanged_since_built(deck_file: Path, doc: dict) -> bool:
    """Whether every file still has the sha256 the build recorded for it."""
    for entry in doc["source"]["files"]:
        if entry["role"] != "deck":
            continue
        try:
            data = read_bytes(deck_file.parent / entry["path"], json_input.MAX_BUILT_BYTES)
        except InputError:
            return False
        if hashlib.sha256(data).hexdigest() != entry["sha256"]:
            return False
    return True
