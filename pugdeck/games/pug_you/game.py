"""Pug You! as pugdeck's stages see it: the `GameSpec` registered as `pugdeck.games:pug-you`.

Each method imports the module that does the work when it is first called, so a stage pays
only for what it uses (validate never loads the engine, play never loads reportlab).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from pugdeck.games.pug_you import description  # a few lines of plain code: nothing to defer
from pugdeck.games.pug_you.fixed_texts import KIND_KEYS, LEVEL_KEYS, STRINGS
from pugdeck.games.pug_you.parameters import PARAMETERS
from pugdeck.games.pug_you.secrecy import SECRET_FIELDS
from pugdeck.games.spec import FaceInfo, GameSpec, PrintRun, Simulation

if TYPE_CHECKING:  # types only
    from pugdeck.authoring.diagnostics import Diagnostic
    from pugdeck.games.built_deck import Built


class PugYou(GameSpec):
    id = "pug-you"
    title = "Pug You!"
    summary = "party game for 5–10 players: questions, nominations and votes weighed in turds"
    folder = Path(__file__).resolve().parent
    bundled_decks = ("pug-you",)
    default_template = "pug-you"
    log_format = "pugdeck-pug-you-log"

    # -- authoring ------------------------------------------------------------------------
    def check_deck(self, loaded) -> tuple[Any, list[Diagnostic]]:
        from pugdeck.games.pug_you.checks import check_deck  # noqa: PLC0415 (see module docstring)

        return check_deck(loaded)

    # -- building -------------------------------------------------------------------------
    parameters = PARAMETERS  # beside the shared --exclude and --players

    def build_deck(self, deck, params, *, name=None, extra_sources=()) -> Built:
        from pugdeck.games.pug_you.build import build_deck  # noqa: PLC0415

        return build_deck(deck, params, name=name, extra_sources=extra_sources)

    # -- printing -----------------------------------------------------------------------
    # Pug You!'s template words (templates/pug-you.yaml, docs/printing.md).
    template_regions = ("dots", "thermometer", "turds", "portrait", "question", "badges",
                        "descriptive")
    template_text_styles = ("question", "descriptive", "title", "reference")
    template_colors = ("green", "yellow", "red", "pink", "blue", "paper", "ink", "muted", "turd",
                       "turd_highlight", "badge", "badge_edge", "mutt_badge", "thermometer",
                       "back", "back_accent")
    template_strings = STRINGS  # fixed_texts.py: the texts of the back, turd, blank and reference cards

    def print_run(self, built, template, fonts, bleed) -> PrintRun:
        from pugdeck.games.pug_you.faces.print_run import print_run  # noqa: PLC0415 (reportlab)

        return print_run(built, template, fonts, bleed)

    def faces(self, built) -> list[FaceInfo]:
        from pugdeck.games.pug_you.faces.print_run import faces  # noqa: PLC0415 (reportlab)

        return faces(built)

    # -- engine ---------------------------------------------------------------------------
    draws_charts = True
    plays_in_terminal = True

    def new_game(self, built_doc: dict, players: int, seed: int = 0, source: str = "<deck>") -> Any:
        from pugdeck.games.pug_you.engine import Game  # noqa: PLC0415

        return Game(built_doc, players, seed, source=source)

    def illegal_action(self) -> type[Exception]:
        from pugdeck.games.pug_you.state import IllegalAction  # noqa: PLC0415

        return IllegalAction

    def bot_kinds(self) -> tuple[str, ...]:
        from pugdeck.games.pug_you.bots import BOT_KINDS  # noqa: PLC0415

        return tuple(BOT_KINDS)

    def make_bots(self, kinds, game, seed) -> list:
        from pugdeck.games.pug_you.bots import make_bots  # noqa: PLC0415

        return make_bots(kinds, game, seed)

    def action_order(self, action) -> Any:
        from pugdeck.games.pug_you.invariants import action_order  # noqa: PLC0415

        return action_order(action)

    def card_places(self, state) -> list[str]:
        from pugdeck.games.pug_you.invariants import card_places  # noqa: PLC0415

        ids = state.game.ids
        return [ids[card] for card in card_places(state)]

    def hidden_cards(self, state, player) -> set[str]:
        from pugdeck.games.pug_you.observation import hidden_from  # noqa: PLC0415

        return hidden_from(state, player)

    def narrate(self, game, log, labels=None) -> list[str]:
        from pugdeck.games.pug_you.transcript import narrate  # noqa: PLC0415

        return narrate(game, log, labels)

    def game_log(self, game, state, labels) -> dict:
        from pugdeck.games.pug_you.transcript import game_log  # noqa: PLC0415

        return game_log(game, state, labels)

    def game_from_log(self, log, source="<log>") -> tuple[Any, list[dict], list[str]]:
        from pugdeck.games.pug_you.transcript import game_from_log  # noqa: PLC0415

        return game_from_log(log, source)

    def play_human(self, game, name, bots, read, write) -> Any:
        from pugdeck.games.pug_you.terminal import play_in_terminal  # noqa: PLC0415

        names = [name] + [f"Bot {seat}" for seat in range(1, game.players)]
        return play_in_terminal(game, 0, names, bots, read, write)

    def simulate(self, built_doc, counts, games, seed, bots, jobs=1, progress=None, source="<deck>") -> Simulation:
        from pugdeck.games.pug_you.simulate import simulate  # noqa: PLC0415

        summaries = simulate(built_doc, counts, games, seed, bots, jobs, progress, source=source)
        return Simulation(built_doc.get("name"), games, seed, bots, summaries)

    def simulation_report(self, run, as_json) -> str:
        if as_json:
            return json.dumps({"deck": run.deck, "games": run.games, "seed": run.seed, "bots": run.bots,
                               "summaries": [s.as_json() for s in run.summaries]}, indent=2)
        from pugdeck.games.pug_you.simulate_report import text_report  # noqa: PLC0415

        return "\n".join(text_report(run.summaries, run.games, run.seed, run.bots))

    def plot(self, run, path) -> None:
        from pugdeck.games.pug_you.simulate_report import plot_summaries  # noqa: PLC0415

        plot_summaries(run.summaries, path)

    # -- protocol (docs/protocol.md) ------------------------------------------------------
    secret_fields = SECRET_FIELDS  # secrecy.py: offers, votes and shuffles are face down

    def result(self, state) -> dict:
        return {"scores": state.scores(), "scores_are": "badges (most badges loses)",
                "losers": state.losers(), "end": state.end_reason or None}

    # -- exports --------------------------------------------------------------------------
    kind_titles: ClassVar[dict[str, str]] = {
        "pug": "Pugs", "mutt": "Healthy mutts", "custom": "Written customs",
        "blank": "Blank customs", "turd": "Turd cards", "overview": "Turn overview"}
    levels = ("green", "yellow", "red")
    import_preference = 1  # the first game pugdeck had: a table of bare `id`s still means it

    def kind_title(self, kind: str, strings) -> str:
        return strings.text(KIND_KEYS[kind]) if kind in KIND_KEYS else super().kind_title(kind, strings)

    def level_title(self, level: str, strings) -> str:
        return strings.text(LEVEL_KEYS[level]) if level in LEVEL_KEYS else super().level_title(level, strings)

    write_in_kinds = ("blank",)  # the blank blue customs

    def card_description(self, card: dict, strings) -> str:
        return description.card_description(card, strings)


GAME = PugYou()
