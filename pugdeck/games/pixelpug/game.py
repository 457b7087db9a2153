"""PixelPug as pugdeck's stages see it: the `GameSpec` registered as `pugdeck.games:pixelpug`.

Each method imports the module that does the work when it is first called, so a stage pays
only for what it uses (validate never loads the engine, play never loads reportlab).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from pugdeck.games.pixelpug.fixed_texts import KIND_KEYS, STRINGS
from pugdeck.games.pixelpug.secrecy import SECRET_FIELDS
from pugdeck.games.spec import FaceInfo, GameSpec, PrintRun, Simulation

if TYPE_CHECKING:  # types only
    from pugdeck.authoring.diagnostics import Diagnostic
    from pugdeck.games.built_deck import Built


class PixelPug(GameSpec):
    id = "pixelpug"
    title = "PixelPug"
    summary = "draw one, play one: a small elimination game for 2–6 players, first to 3 rounds"
    folder = Path(__file__).resolve().parent
    bundled_decks = ("pixelpug",)
    default_template = "pixelpug"
    log_format = "pugdeck-pixelpug-log"

    # -- authoring ------------------------------------------------------------------------
    def check_deck(self, loaded) -> tuple[Any, list[Diagnostic]]:
        from pugdeck.games.pixelpug.checks import check_deck  # noqa: PLC0415 (see module docstring)

        return check_deck(loaded)

    # -- building -------------------------------------------------------------------------
    parameters = ()  # only the shared --exclude and --players: the deck is one balanced set

    def build_deck(self, deck, params, *, name=None, extra_sources=()) -> Built:
        from pugdeck.games.pixelpug.build import build_deck  # noqa: PLC0415

        return build_deck(deck, params, name=name, extra_sources=extra_sources)

    # -- printing -----------------------------------------------------------------------
    # PixelPug's template words (templates/pixelpug.yaml, docs/printing.md).
    template_regions = ("name", "art", "text", "coins", "points")
    template_text_styles = ("name", "text", "points")
    template_colors = ("attack", "plain", "paper", "ink", "coin", "coin_edge", "back",
                       "treats_back", "back_accent")
    template_strings = STRINGS  # fixed_texts.py: the backs' titles and the points labels

    def print_run(self, built, template, fonts, bleed) -> PrintRun:
        from pugdeck.games.pixelpug.faces.print_run import print_run  # noqa: PLC0415 (reportlab)

        return print_run(built, template, fonts, bleed)

    def faces(self, built) -> list[FaceInfo]:
        from pugdeck.games.pixelpug.faces.print_run import faces  # noqa: PLC0415 (reportlab)

        return faces(built)

    # -- engine ---------------------------------------------------------------------------
    plays_in_terminal = True

    def new_game(self, built_doc: dict, players: int, seed: int = 0, source: str = "<deck>") -> Any:
        from pugdeck.games.pixelpug.engine import Game  # noqa: PLC0415

        return Game(built_doc, players, seed, source=source)

    def illegal_action(self) -> type[Exception]:
        from pugdeck.games.pixelpug.state import IllegalAction  # noqa: PLC0415

        return IllegalAction

    def bot_kinds(self) -> tuple[str, ...]:
        from pugdeck.games.pixelpug.bots import BOT_KINDS  # noqa: PLC0415

        return tuple(BOT_KINDS)

    def make_bots(self, kinds, game, seed) -> list:
        from pugdeck.games.pixelpug.bots import make_bots  # noqa: PLC0415

        return make_bots(kinds, game, seed)

    def action_order(self, action) -> Any:
        from pugdeck.games.pixelpug.actions import action_key  # noqa: PLC0415

        return action_key(action)

    def card_places(self, state) -> list[str]:
        ids = state.game.ids
        return [ids[card] for zone in state.zones().values() for card in zone]

    def hidden_cards(self, state, player) -> set[str]:
        from pugdeck.games.conformance import strings_in  # noqa: PLC0415
        from pugdeck.games.pixelpug.observation import hidden_from  # noqa: PLC0415

        # Hidden now but shown to `player` before stays in its view legitimately: what its
        # events name (cards played face up, a hand it looked at, swapped or stared down, a
        # card fished or given in public) and the hands a finished round's result showed,
        # since shuffled back into the deck. tests/games/pixelpug checks the events themselves.
        observed = state.observation(player)
        seen = strings_in([observed["events"], observed["results"]])
        return hidden_from(state, player) - seen

    def narrate(self, game, log, labels=None) -> list[str]:
        from pugdeck.games.pixelpug.transcript import narrate  # noqa: PLC0415

        # A transcript names each seat by number and bot kind: "P1 (heuristic)".
        names = None if labels is None else [f"P{seat} ({kind})" for seat, kind in enumerate(labels)]
        return narrate(game, log, names)

    def game_log(self, game, state, labels) -> dict:
        from pugdeck.games.pixelpug.transcript import game_log  # noqa: PLC0415

        return game_log(state, labels)

    def game_from_log(self, log, source="<log>") -> tuple[Any, list[dict], list[str]]:
        from pugdeck.games.pixelpug.transcript import game_from_log  # noqa: PLC0415

        return game_from_log(log, source)

    def play_human(self, game, name, bots, read, write) -> Any:
        from pugdeck.games.pixelpug.terminal import play_in_terminal  # noqa: PLC0415

        names = [name] + [f"Bot {seat}" for seat in range(1, game.players)]
        return play_in_terminal(game, 0, names, bots, read, write)

    def simulate(self, built_doc, counts, games, seed, bots, jobs=1, progress=None, source="<deck>") -> Simulation:
        # One process: a match is short, and `jobs` never changes the numbers anyway.
        from pugdeck.games.pixelpug.simulate import simulate  # noqa: PLC0415

        if any(kind.strip() not in self.bot_kinds() for kind in bots.split(",")):
            raise ValueError(f"choose bots from {', '.join(self.bot_kinds())}")
        matches = [self.new_game(built_doc, players, seed, source) for players in counts]
        return Simulation(built_doc.get("name"), games, seed, bots,
                          [simulate(match, games, seed, bots, progress) for match in matches])

    def simulation_report(self, run, as_json) -> str:
        from pugdeck.games.pixelpug.simulate import text_report  # noqa: PLC0415

        if as_json:
            return json.dumps({"deck": run.deck, "game": self.id, "games": run.games, "seed": run.seed,
                               "bots": run.bots, "summaries": run.summaries}, indent=2)
        return "\n".join(text_report(run.summaries))

    # -- protocol (docs/protocol.md) ------------------------------------------------------
    secret_fields = SECRET_FIELDS  # secrecy.py: the deal's order and a duel choice

    def result(self, state) -> dict:
        return {"scores": state.scores(), "scores_are": "round wins",
                "round_wins_needed": state.game.rules.round_wins,
                "champion": state.champion() if state.is_terminal() else None}

    # -- exports --------------------------------------------------------------------------
    kind_titles: ClassVar[dict[str, str]] = {
        "action": "Actions", "attack": "Red attacks", "treat": "Treats"}

    def kind_title(self, kind: str, strings) -> str:
        return strings.text(KIND_KEYS[kind]) if kind in KIND_KEYS else super().kind_title(kind, strings)

    def card_description(self, card: dict, strings) -> str:
        return str(card.get("text") or "")  # the card's rules text, as printed


GAME = PixelPug()
