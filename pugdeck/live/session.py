"""The live deck: rebuilt on demand, its last good view kept whatever a save breaks.

A rebuild runs the same `build` as `pugdeck build` (with the command line's filters and the
page's toggles), then draws the faces whose key changed (card_images.py). A build that
fails, in checking or in drawing, leaves the last good view as it was and only replaces
the problems; the next good one replaces both. Rebuilds are serialised by a lock, so the
watcher and a filter toggle never build at once.
"""

from __future__ import annotations

import threading
import time
import traceback
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from pugdeck.building.parameters import all_parameters, game_parameters
from pugdeck.building.pipeline import build
from pugdeck.core.built_deck import Built
from pugdeck.core.diagnostics import ERROR, WARNING, DeckError, Diagnostic
from pugdeck.games.parameters import FILE, FLAG, Parameter
from pugdeck.games.registry import game
from pugdeck.inputs import InputError
from pugdeck.live.card_images import CardImage, draw_cards
from pugdeck.live.watch_list import read_files, watched_folders
from pugdeck.render.templates import forget_loaded_templates


@dataclass(frozen=True)
class View:
    """A good build and its pictures: what the page shows until the next good build."""

    built: Built
    cards: tuple[CardImage, ...]
    images: Mapping[str, bytes]  # key → PNG
    toggles: tuple[Parameter, ...]  # the game's on/off filters, offered on the page
    read: frozenset[Path]  # every file the build read


@dataclass(frozen=True)
class Timings:
    """How long the last rebuild took, in seconds, and when it was ready (`perf_counter`)."""

    build: float
    draw: float
    drawn: int  # pictures drawn anew
    ready: float


@dataclass(frozen=True)
class Snapshot:
    """The session's state after a rebuild, replaced whole: a reader in another thread (the
    server) never sees one rebuild's problems with another's cards."""

    version: int = 0  # grows with every rebuild, good or not
    ok: bool = False  # whether the last rebuild was good
    problems: tuple[Diagnostic, ...] = ()
    view: View | None = None  # the last good one
    timings: Timings | None = None  # of the last good one


class LiveSession:
    """One deck, built again whenever `rebuild` is called."""

    def __init__(self, deck: Path, given: Mapping[str, Any], profile: Path | None = None,
                 name: str | None = None):
        self.deck, self.profile, self.name = Path(deck), profile, name
        self.given = dict(given)
        self.snapshot = Snapshot()
        self._lock = threading.Lock()

    # The last snapshot's parts; read `snapshot` once to see several of one rebuild.
    version = property(lambda self: self.snapshot.version)
    ok = property(lambda self: self.snapshot.ok)
    problems = property(lambda self: self.snapshot.problems)
    view = property(lambda self: self.snapshot.view)
    timings = property(lambda self: self.snapshot.timings)

    @property
    def given_files(self) -> list[Path]:
        """Files the command line named (a profile, custom cards): watched with the deck."""
        files = [self.profile] if self.profile else []
        for parameter in all_parameters():
            if parameter.kind == FILE and parameter.name in self.given:
                value = self.given[parameter.name]
                files += [Path(v) for v in (value if isinstance(value, (list, tuple)) else [value])]
        return files

    def folders(self) -> list[Path]:
        """The folders the watcher follows."""
        folder = self.deck if self.deck.is_dir() else self.deck.parent
        return watched_folders(folder, self.given_files, self.view.built if self.view else None)

    def read(self) -> frozenset[Path] | None:
        """What the last good build read; None after a failed one (every change counts)."""
        return self.view.read if self.ok and self.view else None

    def rebuild(self) -> Timings | None:
        """Build and draw again; the new problems, and the new view if the build was good.
        Never raises for a broken deck: its problems are the result."""
        with self._lock:
            start = time.perf_counter()
            forget_loaded_templates()  # a template saved since the last build is read afresh
            drawn, built_at = None, start
            try:
                built = build(self.deck, self.given, profile=self.profile, name=self.name)
                built_at = time.perf_counter()
                previous = self.view.images if self.view else {}
                drawn = draw_cards(built, previous)
            except DeckError as exc:
                problems = exc.diagnostics
            except InputError as exc:  # a profile or customs file that cannot be read
                problems = [Diagnostic(str(exc.path), 0, 0, None, None, ERROR, str(exc))]
            except Exception as exc:  # a bug must not end the loop: report it, keep serving
                traceback.print_exc()
                problems = [Diagnostic("", 0, 0, None, None, ERROR,
                                       f"the rebuild failed unexpectedly ({type(exc).__name__}: {exc}); "
                                       "this is a bug in pugdeck, please report it")]
            last = self.snapshot
            if drawn is None:
                self.snapshot = replace(last, version=last.version + 1, ok=False, problems=tuple(problems))
                return None
            spec = game(built.doc["game"])
            toggles = tuple(p for p in game_parameters(spec) if p.kind == FLAG)
            images = {card.key: card.png for card in drawn.cards}
            view = View(built, drawn.cards, images, toggles, read_files(built, self.given_files))
            warnings = [Diagnostic("", 0, 0, None, None, WARNING, text) for text in built.warnings]
            end = time.perf_counter()
            timings = Timings(built_at - start, end - built_at, drawn.drawn, end)
            self.snapshot = Snapshot(last.version + 1, True, (*sorted(built.diagnostics), *warnings),
                                     view, timings)
            return timings

    def set_toggles(self, values: Mapping[str, bool]) -> None:
        """Turn the page's filters on or off (by parameter name); the next rebuild uses them.
        Raises `ValueError` for a name that is no toggle of the deck's game."""
        known = {p.name for p in self.view.toggles} if self.view else set()
        unknown = [name for name in values if name not in known]
        if unknown or not all(isinstance(v, bool) for v in values.values()):
            raise ValueError(f"expected on/off values of {', '.join(sorted(known)) or 'no filter'}")
        with self._lock:  # not while a rebuild reads them
            for name, on in values.items():
                if on:
                    self.given[name] = True
                else:
                    self.given.pop(name, None)
