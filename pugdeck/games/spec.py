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

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:  # types only: the stages import these modules, not the other way round
    from pugdeck.authoring.diagnostics import Diagnostic
    from pugdeck.authoring.loading import LoadedDeck
    from pugdeck.games.built_deck import Built
    from pugdeck.games.events import Event
    from pugdeck.games.parameters import Parameter
    from pugdeck.render.fonts import FontSet
    from pugdeck.render.shapes import CardFace
    from pugdeck.render.strings import Strings
    from pugdeck.render.templates import Template


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


@dataclass(frozen=True)
class PdfInfo:
    """The PDF's document information, as a viewer's Properties dialog shows it."""

    title: str
    subject: str
    author: str = "pugdeck"
    names_paper: bool = True  # the subject ends with the sheet size (", A4")


@dataclass
class PrintRun:
    """What the generic PDF writer (render/pdf.py) draws for a deck: every front in print
    order with the name of its back, each distinct back once, and the pictures the game
    paints as forms (drawn once per document, placed on every card that shows them)."""

    fronts: Iterator[tuple[FaceInfo, CardFace]]  # lazy: faces are laid out as they print
    count: int  # how many fronts, for progress
    backs: dict[str, CardFace]  # back name → the back as drawn behind a front
    info: PdfInfo
    # Form keys whose picture is made of shapes (a card frame, a back's art) → the shapes.
    pictures: Callable[[tuple], CardFace | None] = lambda key: None
    # Form keys painted with canvas calls, by `key[0]`: painter(canvas, key, width, height).
    painters: dict[str, Callable[[Any, tuple, float, float], None]] = field(default_factory=dict)
    diagnostics: list = field(default_factory=list)  # filled while `fronts` is consumed


@dataclass
class Simulation:
    """What `GameSpec.simulate` played: the request, and the game's statistics per player
    count (its own summary objects, which only its `simulation_report` and `plot` read)."""

    deck: str | None  # the built deck's name
    games: int  # games per player count
    seed: int
    bots: str
    summaries: list = field(default_factory=list)


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

    # -- starting a deck (`pugdeck init`) -------------------------------------------------
    # A starter is a small deck folder in the game's folder, `starter/<language>/`, one per
    # language the game has sample card text in: deck.yaml (its `deck:` block with `id:`,
    # `name:` and `language:` lines, which init rewrites), card files of every kind, group
    # profiles in `profiles/`, a short README.md. Its YAML files carry no `$schema` line:
    # init writes the schemas beside the new deck and points every file at them.
    def starter_languages(self) -> tuple[str, ...]:
        """The languages the game's starter has card text in; () when it has no starter."""
        starters = self.folder / "starter"
        if not starters.is_dir():
            return ()
        return tuple(sorted(p.name for p in starters.iterdir() if (p / "deck.yaml").is_file()))

    def starter_folder(self, language: str) -> Path:
        """The starter whose card text is in `language`, else the English one (else the first):
        a deck in any language starts from sample cards its author then rewrites."""
        languages = self.starter_languages()
        if not languages:
            raise NotImplementedError(f"{self.title} has no starter deck to begin from; copy one "
                                      "of its decks instead (pugdeck games lists them)")
        fallback = "en" if "en" in languages else languages[0]
        return self.folder / "starter" / (language if language in languages else fallback)

    # -- building -------------------------------------------------------------------------
    def build_deck(self, deck: Any, params: Mapping[str, Any], *, name: str | None = None,
                   extra_sources: tuple[tuple[str, str, str], ...] = ()) -> Built:
        """The built deck for a group; raises `DeckError` with every problem. `params` maps
        the name of each of the game's parameters, shared ones included, to its value (the
        default when the group gave none): pugdeck/building/parameters.py."""
        raise NotImplementedError(f"{self.title} decks cannot be built")

    def deck_folders(self) -> list[Path]:
        """The folders of the game's bundled decks: under the package's `decks/` data; a game
        shipped as a package of its own returns folders it ships itself."""
        from pugdeck.resources import bundled_deck  # noqa: PLC0415 (only where decks are listed)

        return [bundled_deck(name) for name in self.bundled_decks]

    # -- printing -----------------------------------------------------------------------
    #: the template names the game's faces read (templates/<game>.yaml, docs/printing.md):
    #: a template naming any other region, text style or colour is an error, as is one
    #: missing any of these
    template_regions: ClassVar[tuple[str, ...]] = ()
    template_text_styles: ClassVar[tuple[str, ...]] = ()
    template_colors: ClassVar[tuple[str, ...]] = ()
    #: the fixed texts the game's faces print (a template's `strings:`, render/strings.py):
    #: key → the placeholders its text may use; the gallery's shared keys come on top
    template_strings: ClassVar[dict[str, tuple[str, ...]]] = {}

    def load_template(self, name: str | None, deck_folder: Path | None = None) -> Template:
        """The template `name` (the game's `default_template` when None) checked against
        the game's vocabulary: the deck folder's, else one in the game's own `templates/`
        folder, else pugdeck's bundled one; raises `DeckError` with located problems."""
        from pugdeck.render.template_lookup import resolve_template  # noqa: PLC0415 (printing only)
        from pugdeck.render.templates import Vocabulary  # noqa: PLC0415 (printing only)

        strings = tuple(self.template_strings.items())
        vocabulary = Vocabulary(self.template_regions, self.template_text_styles,
                                self.template_colors, strings)
        return resolve_template(name or self.default_template, deck_folder, vocabulary, self.folder)

    def strings(self, built: Built, template: Template | None = None) -> Strings:
        """The fixed texts of a built deck: its template's (`template`, else the one the deck
        names) in the deck's language, with the deck's own `strings:` over them."""
        from pugdeck.render.strings import deck_strings  # noqa: PLC0415 (printing only)

        deck = built.doc.get("deck", {})
        return deck_strings(template or self.load_template(deck.get("template"), built.folder), deck)

    def print_run(self, built: Built, template: Template, fonts: FontSet, bleed: float) -> PrintRun:
        """Every face of a built deck, laid out as shapes (render/shapes.py); `bleed` in points."""
        raise NotImplementedError(f"{self.title} card faces cannot be drawn yet")

    def faces(self, built: Built) -> list[FaceInfo]:
        """What `print_run` prints, in the same order, without drawing anything."""
        raise NotImplementedError(f"{self.title} card faces cannot be drawn yet")

    # -- exports --------------------------------------------------------------------------
    #: face kinds → section titles of the HTML gallery, in order
    kind_titles: ClassVar[dict[str, str]] = {}
    #: the colour tiers of `FaceInfo.level`, in the order the HTML gallery lists them
    levels: ClassVar[tuple[str, ...]] = ()
    #: when a card table's columns fit several games equally well, `pugdeck import` picks
    #: the one with the highest preference (then the first registered)
    import_preference: ClassVar[int] = 0

    def kind_title(self, kind: str, strings: Strings) -> str:
        """The gallery's title of a face kind in the deck's language; by default the
        English of `kind_titles`, else the kind itself."""
        return self.kind_titles.get(kind, kind)

    def level_title(self, level: str, strings: Strings) -> str:
        """The gallery's name of a colour tier in the deck's language (default: the word)."""
        return level.capitalize()

    #: face kinds printed blank, to be written on by hand: a virtual table (Tabletop
    #: Simulator) leaves them out, since nobody can write on a card there
    write_in_kinds: ClassVar[tuple[str, ...]] = ()

    def card_description(self, card: dict, strings: Strings) -> str:
        """A built card in one line of words, in the deck's language (`strings`: its fixed
        texts): what Tabletop Simulator shows when a player hovers over the card."""
        return str(card.get("id", ""))

    # -- engine (the shape of a Game and its States: games/state.py) --------------------
    #: whether `play --human NAME` can seat a person at the terminal (`play_human`)
    plays_in_terminal: ClassVar[bool] = False
    #: whether `simulate --plot FILE` can chart the statistics (`plot`)
    draws_charts: ClassVar[bool] = False

    def new_game(self, built_doc: dict, players: int, seed: int = 0, source: str = "<deck>") -> Any:
        """An OpenSpiel-shaped `Game` (`new_initial_state()`) read from a built deck; raises
        `DeckError` for a broken deck or a player count its rules do not allow."""
        raise NotImplementedError(f"{self.title} has no engine")

    def illegal_action(self) -> type[Exception]:
        """The exception the game's `State.apply_action` raises for an illegal action."""
        raise NotImplementedError(f"{self.title} has no engine")

    def bot_kinds(self) -> tuple[str, ...]:
        """Bots a seat may be, the first the default."""
        return ("random",)

    def make_bots(self, kinds: str | list[str], game: Any, seed: int | str) -> list:
        """One bot per seat of `game` from a comma list (or list) of kinds cycled over the
        seats; an unknown kind raises `ValueError`. A game without bots of its own gets the
        shared random bot, seeded with the game's id."""
        from pugdeck.games.bots import random_bots  # noqa: PLC0415 (engines load on play only)

        return random_bots(self.id, kinds, game, seed)

    def narrate(self, game: Any, log: list[dict], labels: list[str] | None = None) -> list[str]:
        """The readable transcript of a logged game, one line a step; `labels` are the
        seats' bot kinds (a log's `bots`)."""
        raise NotImplementedError(f"{self.title} has no transcript")

    def game_log(self, game: Any, state: Any, labels: list[str]) -> dict:
        """The machine-readable log of a finished game (`play --json`), `format` = log_format."""
        raise NotImplementedError(f"{self.title} has no machine log")

    def game_from_log(self, log: dict, source: str = "<log>") -> tuple[Any, list[dict], list[str]]:
        """(game, actions, seat labels) from a machine log; raises `DeckError` for a bad deck
        in it and `ValueError` for a bad log."""
        raise NotImplementedError(f"{self.title} has no machine log")

    def player_counts(self, built_doc: dict) -> list[int]:
        """The player counts a built deck is playable for (its `checked.playable_for`)."""
        return list(built_doc.get("checked", {}).get("playable_for", ()))

    def action_order(self, action: dict) -> Any:
        """The sort key of the documented order `State.legal_actions()` lists actions in."""
        raise NotImplementedError(f"{self.title} documents no order of its actions")

    def card_places(self, state: Any) -> list[str]:
        """The built id of every card, once for each place it sits in now (a correct state
        lists each card of the built deck exactly once): the conformance suite's census."""
        raise NotImplementedError(f"{self.title} does not list where its cards are")

    def hidden_cards(self, state: Any, player: int) -> set[str]:
        """Built ids of cards `player` must not see in `state.observation(player)` now:
        others' hands and face-down cards, the draw pile; not cards `player` was shown."""
        raise NotImplementedError(f"{self.title} does not say which cards are hidden")

    def play_human(self, game: Any, name: str, bots: str, read: Callable[[str, bool], str],
                   write: Callable[[str], None]) -> Any:
        """Play a game with the person `name` at seat 0 and `bots` at the others, showing
        them only seat 0's view; the final state. `read(prompt, secret)` returns the line
        they typed (`secret`: not echoed) and raises `EOFError` at the end of their input;
        `write` prints a line. `games/terminal.py` asks and checks the answers (`?` for the
        rules of the cards in hand, `back`, `quit`) and raises `LeftTheGame` when they leave."""
        raise NotImplementedError(f"playing in the terminal is not available for {self.title} decks")

    def simulate(self, built_doc: dict, counts: list[int], games: int, seed: int, bots: str,
                 jobs: int = 1, progress: Callable[[int], None] | None = None,
                 source: str = "<deck>") -> Simulation:
        """`games` seeded bot games per player count (`pugdeck simulate`); `progress(n)` after
        every `n` finished games. Raises `DeckError` or `ValueError` (bots) before playing."""
        raise NotImplementedError(f"{self.title} cannot be simulated")

    def simulation_report(self, run: Simulation, as_json: bool) -> str:
        """`simulate`'s statistics as text tables, or as a JSON document."""
        raise NotImplementedError(f"{self.title} cannot be simulated")

    def plot(self, run: Simulation, path: str) -> None:
        """`simulate`'s statistics as a PNG chart at `path`."""
        raise NotImplementedError(f"charts are not drawn for {self.title} decks")

    # -- protocol (docs/protocol.md) ------------------------------------------------------
    #: the game's secrecy rule: per action type, the fields the table may not see (a card
    #: played face down, a secret choice). Public actions leave them out and the engine's
    #: events (games/events.py `action_event`) keep them private to the seat that played.
    #: A chance outcome (a shuffle, a deal) shows only its type unless its type is listed
    #: here, then all but the listed fields.
    secret_fields: ClassVar[dict[str, tuple[str, ...]]] = {}

    def public_action(self, action: dict, seat: int | None) -> dict:
        """What every seat may see of `action`, which `seat` took (`CHANCE`, or None when
        unknown: treated as chance). By default: a chance outcome's type only, and a
        seat's move without its `secret_fields`."""
        kind = action.get("type")
        hidden = self.secret_fields.get(kind)
        if hidden is None:
            if seat is None or seat < 0:  # a chance outcome: the seed's secret
                return {"type": kind}
            return dict(action)
        return {key: value for key, value in action.items() if key not in hidden}

    def event_view(self, event: Event, seat: int | None) -> dict:
        """What `seat` sees of one of the engine's events (`seat=None`: what every seat
        sees): by default its public part, and its private part for the seats it names."""
        return event.view(seat)

    def result(self, state: Any) -> dict:
        """A finished (or running) game summed up for a frontend."""
        return {"scores": state.scores()}

    def __repr__(self) -> str:
        return f"<game {self.id}>"
