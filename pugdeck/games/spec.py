"""The one interface every stage calls: what a game is, to pugdeck.

Modelled on OpenSpiel's `GameType` (a game declares what it is and builds its states) and
boardgame.io's game object (setup, moves and what each player may see, declared in one
place). A game is a folder `pugdeck/games/<game>/` whose `game.py` defines a subclass and
an instance `GAME`; `pyproject.toml` registers it under the entry-point group
`pugdeck.games` (see `registry.py`), so a package of its own can add a game the same way.

Stages never import a game's modules: they ask the registry for the `GameSpec` and call
these methods. Each method imports the game module that does the work when it is called, so
`pugdeck validate` never loads a renderer or an engine (docs/architecture.md).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:  # types only: the stages import these modules, not the other way round
    from pugdeck.authoring.diagnostics import Diagnostic
    from pugdeck.authoring.loading import LoadedDeck
    from pugdeck.games.built_deck import Built
    from pugdeck.games.parameters import Parameter
    from pugdeck.render.shapes import CardFace


@dataclass(frozen=True)
class FaceInfo:
    """One printed card front as the exports see it (PNG files, the HTML gallery, TTS)."""

    card_id: str  # the built card id, or e.g. `blank-1` for a printed-only card
    kind: str  # the game's own word (`kind_titles` names them for people)
    level: str | None  # a colour tier, for games that have one
    title: str  # what a viewer reads first: a question, a card name
    text: str  # every word printed on the card, for searching
    played: bool  # part of the played deck (the built JSON's `cards`)
    back: str  # the name of its back in `PrintRun.backs` (also the back's file stem)


@dataclass
class PrintRun:
    """What the generic PDF writer draws for a deck: every front in print order with the
    name of its back, each distinct back once, and any picture the game paints as a form."""

    fronts: Iterator[tuple[FaceInfo, CardFace]]  # lazy: faces are laid out as they print
    count: int  # how many fronts, for progress
    backs: dict[str, CardFace]  # back name → its art, card-sized (bleed included)
    pictures: Callable[[tuple], CardFace | None] = lambda key: None  # form keys the game draws
    diagnostics: list = field(default_factory=list)  # filled while `fronts` is consumed


class GameSpec:
    """One registered game. Subclasses set the class attributes and implement the methods;
    a method a game does not support raises `NotImplementedError` with a sentence a user
    can read (the stage reports it as an error, exit 1)."""

    #: the `game:` of deck.yaml and of the built deck, e.g. "card-duel"
    id: ClassVar[str]
    #: the game's name as people write it, for messages
    title: ClassVar[str]
    #: one line for `pugdeck games`
    summary: ClassVar[str] = ""
    #: the folder holding the game's modules and schemas
    folder: ClassVar[Path]
    #: bundled decks (folders under the package's `decks/` data) that play this game
    bundled_decks: ClassVar[tuple[str, ...]] = ()
    #: the template a deck uses when it names none
    default_template: ClassVar[str] = ""
    #: group parameters of `build` and the exports, beyond the shared ones (parameters.py)
    parameters: ClassVar[tuple[Parameter, ...]] = ()
    #: the `format` of the game's machine-readable play logs (`play --json`, `replay`)
    log_format: ClassVar[str] = ""

    # -- authoring ------------------------------------------------------------------------
    # A game's schemas are files in its folder's `schemas/`; `pugdeck.schemas` composes the
    # published ones and `python -m pugdeck.schemas.compiled` generates their validators
    # there (`compiled_*.py`) for the games shipped with pugdeck. A plug-in's are compiled
    # at first use.
    def authoring_schema_path(self) -> Path:
        """The JSON Schema of the game's deck files (deck.yaml and included card files); its
        `deck.game` lists this game's id, widened to every registered id when published."""
        return self.folder / "schemas" / "authoring.schema.json"

    def built_cards_schema_path(self) -> Path:
        """The game's part of the built-deck schema: its `properties` constrain the built
        deck's `rules`, `components` and `cards`, its `$defs` are its shapes. Optional: a
        game without one has its built cards checked only as a list."""
        return self.folder / "schemas" / "built.schema.json"

    def check_deck(self, loaded: LoadedDeck) -> tuple[Any, list[Diagnostic]]:
        """The typed deck (None when it has errors) and every diagnostic: schema, game rules
        and print checks (text fit, glyphs), so `validate` reports what `build` would."""
        raise NotImplementedError(f"{self.title} decks cannot be checked")

    # -- building -------------------------------------------------------------------------
    def build_deck(self, deck: Any, params: Any, *, name: str | None = None,
                   extra_sources: tuple[tuple[str, str, str], ...] = ()) -> Built:
        """The built deck for a group's parameters; raises `DeckError` with every problem."""
        raise NotImplementedError(f"{self.title} decks cannot be built")

    # -- printing -----------------------------------------------------------------------
    #: template regions and text styles the game's faces read (templates/<game>.yaml)
    template_regions: ClassVar[tuple[str, ...]] = ()
    template_text_styles: ClassVar[tuple[str, ...]] = ()

    def print_run(self, built: Built, template: Any, fonts: Any, bleed: float) -> PrintRun:
        """Every face of a built deck, laid out as shapes (render/shapes.py)."""
        raise NotImplementedError(f"{self.title} decks cannot be printed")

    def faces(self, built: Built) -> list[FaceInfo]:
        """What `print_run` prints, in the same order, without drawing anything."""
        raise NotImplementedError(f"{self.title} decks cannot be printed")

    # -- exports --------------------------------------------------------------------------
    #: face kinds → section titles of the HTML gallery, in order
    kind_titles: ClassVar[dict[str, str]] = {}

    def card_description(self, card: dict) -> str:
        """A built card in one line of words (Tabletop Simulator's description)."""
        return str(card.get("id", ""))

    # -- engine ---------------------------------------------------------------------------
    def new_game(self, built_doc: dict, players: int, seed: int = 0, source: str = "<deck>") -> Any:
        """An OpenSpiel-shaped `Game` (`new_initial_state()`) read from a built deck."""
        raise NotImplementedError(f"{self.title} has no engine")

    def illegal_action(self) -> type[Exception]:
        """The exception the game's `State.apply_action` raises for an illegal action."""
        raise NotImplementedError(f"{self.title} has no engine")

    def bot_kinds(self) -> tuple[str, ...]:
        """Bots a seat may be, the first the default."""
        return ("random",)

    def make_bots(self, kinds: list[str], game: Any, seed: int | str) -> list:
        """One bot per seat of `game`, of the given kinds."""
        from pugdeck.games.bots import random_bots  # noqa: PLC0415 (engines load on play only)

        return random_bots(self.id, kinds, game, seed)

    def narrate(self, game: Any, log: list[dict], labels: list[str] | None = None) -> list[str]:
        """The readable transcript of a logged game, one line a step."""
        raise NotImplementedError(f"{self.title} has no transcript")

    def game_log(self, game: Any, state: Any, labels: list[str]) -> dict:
        """The machine-readable log of a finished game (`play --json`), `format` = log_format."""
        raise NotImplementedError(f"{self.title} has no machine log")

    def game_from_log(self, log: dict, source: str = "<log>") -> tuple[Any, list[dict], list[str]]:
        """(game, actions, seat labels) from a machine log; raises `DeckError` when it is bad."""
        raise NotImplementedError(f"{self.title} has no machine log")

    def simulate(self, built_doc: dict, counts: list[int], games: int, seed: int, bots: str) -> Any:
        """Statistics of many seeded games per player count (`pugdeck simulate`)."""
        raise NotImplementedError(f"{self.title} cannot be simulated")

    def simulation_report(self, summary: Any, as_json: bool) -> str:
        """`simulate`'s summary as text, or as a JSON document."""
        raise NotImplementedError(f"{self.title} cannot be simulated")

    # -- protocol (docs/protocol.md) ------------------------------------------------------
    def public_action(self, action: dict) -> dict:
        """What every seat may see of an action (hidden choices removed)."""
        return dict(action)

    def result(self, state: Any) -> dict:
        """A finished (or running) game summed up for a frontend."""
        return {"scores": state.scores()}

    def public_events(self, state: Any, start: int) -> list[dict]:
        """Events from index `start` as every seat sees them; [] for a game without events."""
        return []

    def event_count(self, state: Any) -> int:
        return 0

    def __repr__(self) -> str:
        return f"<game {self.id}>"
