"""The one interface every stage calls: what a game is, to pugdeck.

Modelled on OpenSpiel's `GameType` (a game declares what it is and builds its states) and
boardgame.io's game object (setup, moves and what each player may see, declared in one
place). A game is a folder `pugdeck/games/<game>/` whose `game.py` defines a subclass and
an instance `GAME`; `pyproject.toml` registers it under the entry-point group
`pugdeck.games` (see `registry.py`), so a package of its own can add a game the same way.

Stages ask the registry for the `GameSpec` and call these methods. A game keeps its
identity here (id, title, summary, languages, bundled decks, template words) and declares
its parts as `"module:attribute"` strings in `parts` (games/parts.py), imported when first
called: `validate` never loads a renderer or an engine, a game's `game.py` is a declaration,
and a part it lacks is a sentence ("High Card cannot print"), never a traceback.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from pugdeck.core.built_deck import Built
from pugdeck.core.diagnostics import ERROR, DeckError, Diagnostic
from pugdeck.games.parts import PARTS, MissingPart, Simulation, load_part

if TYPE_CHECKING:  # types only: the stages import these modules, not the other way round
    from pugdeck.authoring.loading import LoadedDeck
    from pugdeck.games.deck_checks import CheckedDeck
    from pugdeck.games.events import Event
    from pugdeck.games.parameters import Parameter
    from pugdeck.render.fonts import FontSet
    from pugdeck.render.print_run import FaceInfo, PrintRun
    from pugdeck.render.strings import Strings
    from pugdeck.render.templates import Template


class GameSpec:
    """One registered game: subclasses set the class attributes and declare `parts` (or
    override a method); a method whose part the game lacks raises `MissingPart`."""

    #: a key of games/parts.py `PARTS` → "module:attribute" of what does the work
    parts: ClassVar[Mapping[str, str]] = {}

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

    def part(self, name: str) -> Any:
        """The declared part `name`, imported on first use; else `MissingPart`."""
        loaded = self.__dict__.setdefault("_loaded_parts", {})
        if name not in loaded:
            path = self.parts.get(name)
            if path is None:
                raise MissingPart(f"{self.title} {PARTS[name]}")
            loaded[name] = load_part(path)
        return loaded[name]

    def has(self, name: str) -> bool:
        """Whether the game declares the part `name` or overrides the method of that name."""
        return name in self.parts or getattr(type(self), name, None) is not getattr(GameSpec, name, None)

    # -- authoring: schemas in the game's `schemas/` (composed by games/game_schemas.py) ----
    def authoring_schema_path(self) -> Path:
        """The JSON Schema of the game's deck files (deck.yaml and included card files); its
        `deck.game` lists this game's id, widened to every registered id when published."""
        return self.folder / "schemas" / "authoring.schema.json"

    def built_cards_schema_path(self) -> Path:
        """The game's part of the built-deck schema: its `properties` constrain the built
        deck's `rules`, `components` and `cards`, its `$defs` are its shapes. Optional: a
        game without one has its built cards checked only as a list."""
        return self.folder / "schemas" / "built.schema.json"

    def check_deck(self, loaded: LoadedDeck) -> tuple[CheckedDeck | None, list[Diagnostic]]:
        """The typed deck (None when it has errors) and every diagnostic (schema, rules, print
        checks): the one check skeleton (games/deck_checks.py) with the game's `checks`."""
        from pugdeck.games.deck_checks import check_deck  # noqa: PLC0415 (the checks load on use)
        from pugdeck.games.game_schemas import game_check  # noqa: PLC0415

        printing = self if self.prints else None
        return check_deck(loaded, self.part("checks"), game_check(self.id), self.id, printing)

    # -- starting a deck (`pugdeck init`) -------------------------------------------------
    # A starter is a deck folder `starter/<language>/` in the game's folder, one per language
    # the game has sample text in (docs/architecture.md, "add a game": what it holds).
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
        default when the group gave none): pugdeck/building/parameters.py. Anything but a
        `Built` is the game's mistake, reported as one sentence, not a traceback later."""
        built = self.part("build_deck")(deck, params, name=name, extra_sources=extra_sources)
        if not isinstance(built, Built):
            raise DeckError([Diagnostic("", 0, 0, None, "game", ERROR,
                                        f"{self.title} broke pugdeck's game contract: its build_deck "
                                        f"returned a {type(built).__name__}, not a "
                                        "pugdeck.core.built_deck.Built")])
        return built

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

    @property
    def prints(self) -> bool:
        """Whether the game prints (a `print_run` part): only then a PDF and print checks."""
        return self.has("print_run")

    def load_template(self, name: str | None, deck_folder: Path | None = None) -> Template:
        """The template `name` (the game's `default_template` when None) checked against
        the game's vocabulary: the deck folder's, else one in the game's own `templates/`
        folder, else pugdeck's bundled one; raises `DeckError` with located problems. (The
        commands that print ask `prints` first: a game that cannot print says so.)"""
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

        return deck_strings(template or self.load_template(built.template, built.folder), built.deck)

    def print_run(self, built: Built, template: Template, fonts: FontSet, bleed: float) -> PrintRun:
        """Every face of a built deck, laid out as shapes (render/shapes.py); `bleed` in points."""
        return self.part("print_run")(built, template, fonts, bleed)

    def faces(self, built: Built) -> list[FaceInfo]:
        """What `print_run` prints, in the same order, without drawing anything."""
        return self.part("faces")(built)

    # -- exports --------------------------------------------------------------------------
    #: face kinds → section titles of the HTML gallery, in order
    kind_titles: ClassVar[dict[str, str]] = {}
    #: face kinds and colour tiers → the template string keys of their titles in the deck's
    #: language (`kind_title`, `level_title`); a kind without one is titled in English
    kind_keys: ClassVar[dict[str, str]] = {}
    level_keys: ClassVar[dict[str, str]] = {}
    #: the colour tiers of `FaceInfo.level`, in the order the HTML gallery lists them
    levels: ClassVar[tuple[str, ...]] = ()
    #: when a card table's columns fit several games equally well, `pugdeck import` picks
    #: the one with the highest preference (then the first registered)
    import_preference: ClassVar[int] = 0

    def kind_title(self, kind: str, strings: Strings) -> str:
        """The gallery's title of a face kind in the deck's language (`kind_keys`), else the
        English of `kind_titles`, else the kind itself."""
        if kind in self.kind_keys:
            return strings.text(self.kind_keys[kind])
        return self.kind_titles.get(kind, kind)

    def level_title(self, level: str, strings: Strings) -> str:
        """The gallery's name of a colour tier in the deck's language (`level_keys`), else
        the word."""
        if level in self.level_keys:
            return strings.text(self.level_keys[level])
        return level.capitalize()

    #: face kinds printed blank, to be written on by hand: a virtual table (Tabletop
    #: Simulator) leaves them out, since nobody can write on a card there
    write_in_kinds: ClassVar[tuple[str, ...]] = ()

    def card_description(self, card: dict, strings: Strings) -> str:
        """A built card in one line of words, in the deck's language (`strings`: its fixed
        texts): what Tabletop Simulator shows when a player hovers over the card; the card's
        id for a game that declares no `card_description`."""
        if "card_description" in self.parts:
            return self.part("card_description")(card, strings)
        return str(card.get("id", ""))

    # -- engine (the shape of a Game and its States: games/state.py) --------------------
    @property
    def plays_in_terminal(self) -> bool:
        """Whether `play --human NAME` can seat a person at the terminal (`play_human`)."""
        return self.has("play_in_terminal") or self.has("play_human")

    @property
    def draws_charts(self) -> bool:
        """Whether `simulate --plot FILE` can chart the statistics (`plot`)."""
        return self.has("plot")

    def new_game(self, built_doc: dict, players: int, seed: int = 0, source: str = "<deck>") -> Any:
        """An OpenSpiel-shaped `Game` (`new_initial_state()`) read from a built deck; raises
        `DeckError` for a broken deck or a player count its rules do not allow."""
        return self.part("new_game")(built_doc, players, seed, source=source)

    def illegal_action(self) -> type[Exception]:
        """The exception the game's `State.apply_action` raises for an illegal action: the
        engine kit's `IllegalAction` (games/engine_kit.py), unless the game declares its own."""
        if "illegal_action" in self.parts:
            return self.part("illegal_action")
        from pugdeck.games.engine_kit import IllegalAction  # noqa: PLC0415 (engines load on play only)

        return IllegalAction

    def bot_kinds(self) -> tuple[str, ...]:
        """Bots a seat may be, the first the default."""
        return tuple(self.part("bot_kinds")) if "bot_kinds" in self.parts else ("random",)

    def make_bots(self, kinds: str | list[str], game: Any, seed: int | str) -> list:
        """One bot per seat from a comma list (or list) of kinds cycled over the seats (an
        unknown kind: `ValueError`); random ones for a game without bots of its own."""
        if "make_bots" in self.parts:
            return self.part("make_bots")(kinds, game, seed)
        from pugdeck.games.bots import random_bots  # noqa: PLC0415 (engines load on play only)

        return random_bots(self.id, kinds, game, seed)

    def narrate(self, game: Any, log: list[dict], labels: list[str] | None = None) -> list[str]:
        """The readable transcript of a logged game, one line a step; `labels` are the
        seats' bot kinds (a log's `bots`)."""
        return self.part("narrate")(game, log, labels)

    def game_log(self, game: Any, state: Any, labels: list[str]) -> dict:
        """The machine-readable log of a finished game (`play --json`), `format` = log_format."""
        return self.part("game_log")(game, state, labels)

    def game_from_log(self, log: dict, source: str = "<log>") -> tuple[Any, list[dict], list[str]]:
        """(game, actions, seat labels) from a machine log; raises `DeckError` for a bad deck
        in it and `ValueError` for a bad log."""
        return self.part("game_from_log")(log, source)

    def player_counts(self, built_doc: dict) -> list[int]:
        """The player counts a built deck is playable for (its `checked.playable_for`)."""
        return list(built_doc.get("checked", {}).get("playable_for", ()))

    def action_order(self, action: dict) -> Any:
        """The sort key of the documented order `State.legal_actions()` lists actions in."""
        return self.part("action_order")(action)

    def card_places(self, state: Any) -> list[str]:
        """The built id of every card, once for each place it sits in now (a correct state
        lists each card of the built deck exactly once): the conformance suite's census."""
        return self.part("card_places")(state)

    def hidden_cards(self, state: Any, player: int) -> set[str]:
        """Built ids of cards `player` must not see in `state.observation(player)` now:
        others' hands and face-down cards, the draw pile; not cards `player` was shown."""
        return self.part("hidden_cards")(state, player)

    def play_human(self, game: Any, name: str, bots: str, read: Callable[[str, bool], str],
                   write: Callable[[str], None]) -> Any:
        """Play a game with the person `name` at seat 0 and `bots` at the others, showing
        them only seat 0's view; the final state. `read(prompt, secret)` returns the line
        they typed (`secret`: not echoed) and raises `EOFError` at the end of their input;
        `write` prints a line. `games/terminal.py` asks and checks the answers (`?` for the
        rules of the cards in hand, `back`, `quit`) and raises `LeftTheGame` when they leave.
        The game's `play_in_terminal(game, seat, names, bots, read, write)` part plays it."""
        names = [name] + [f"Bot {seat}" for seat in range(1, game.players)]
        return self.part("play_in_terminal")(game, 0, names, bots, read, write)

    def simulate(self, built_doc: dict, counts: list[int], games: int, seed: int, bots: str,
                 jobs: int = 1, progress: Callable[[int], None] | None = None,
                 source: str = "<deck>") -> Simulation:
        """`games` seeded bot games per player count (`pugdeck simulate`); `progress(n)` after
        every `n` finished games. Raises `DeckError` or `ValueError` (bots) before playing.
        The game's `simulate(spec, built_doc, counts, games, seed, bots, jobs, progress,
        source)` part returns the summaries."""
        summaries = self.part("simulate")(self, built_doc, counts, games, seed, bots, jobs, progress, source)
        return Simulation(built_doc.get("name"), games, seed, bots, summaries)

    def simulation_report(self, run: Simulation, as_json: bool) -> str:
        """`simulate`'s statistics as text tables, or as a JSON document."""
        return self.part("simulation_report")(self, run, as_json)

    def plot(self, run: Simulation, path: str) -> None:
        """`simulate`'s statistics as a PNG chart at `path`."""
        self.part("plot")(run.summaries, path)

    def party_view(self) -> Any:
        """What `pugdeck party`'s pages show of the game: a module (docs/party.md)."""
        return self.part("party_view")

    # -- protocol (docs/protocol.md) ------------------------------------------------------
    #: the secrecy rule: per action type, the fields the table may not see (a face-down
    #: card, a secret choice), left out of public actions and private in the engine's events
    #: (events.action_event). An unlisted chance outcome shows only its type.
    secret_fields: ClassVar[dict[str, tuple[str, ...]]] = {}

    def public_action(self, action: dict, seat: int | None) -> dict:
        """What every seat may see of `action`, which `seat` took (`CHANCE`; None, unknown,
        counts as chance): all but its `secret_fields`; an unlisted chance outcome's type."""
        kind = action.get("type")
        hidden = self.secret_fields.get(kind)
        if hidden is None:
            return {"type": kind} if seat is None or seat < 0 else dict(action)
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
