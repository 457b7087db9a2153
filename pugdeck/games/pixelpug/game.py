"""PixelPug as pugdeck's stages see it: the `GameSpec` registered as `pugdeck.games:pixelpug`.

Its identity and template words are written here; its parts are named, and the base class
imports each when a stage first calls it, so a stage pays only for what it uses (validate
never loads the engine, play never loads reportlab).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import ClassVar

from pugdeck.games.pixelpug.fixed_texts import KIND_KEYS, STRINGS
from pugdeck.games.pixelpug.secrecy import SECRET_FIELDS
from pugdeck.games.spec import GameSpec, Simulation

HERE = "pugdeck.games.pixelpug"


class PixelPug(GameSpec):
    id = "pixelpug"
    title = "PixelPug"
    summary = "draw one, play one: a small elimination game for 2–6 players, first to 3 rounds"
    folder = Path(__file__).resolve().parent
    bundled_decks = ("pixelpug",)
    default_template = "pixelpug"
    log_format = "pugdeck-pixelpug-log"
    parameters = ()  # only the shared --exclude and --players: the deck is one balanced set

    parts: ClassVar[dict[str, str]] = {
        "checks": f"{HERE}.checks:CHECKS",
        "build_deck": f"{HERE}.build:build_deck",
        "print_run": f"{HERE}.faces.print_run:print_run",
        "faces": f"{HERE}.faces.print_run:faces",
        "new_game": f"{HERE}.engine:Game",
        "bot_kinds": f"{HERE}.bots:BOT_KINDS",
        "make_bots": f"{HERE}.bots:make_bots",
        "action_order": f"{HERE}.actions:action_key",
        "game_from_log": f"{HERE}.transcript:game_from_log",
        "play_in_terminal": f"{HERE}.terminal:play_in_terminal",
        "party_view": f"{HERE}.party_view",
    }

    # -- printing: PixelPug's template words (templates/pixelpug.yaml, docs/printing.md) ----
    template_regions = ("name", "art", "text", "coins", "points")
    template_text_styles = ("name", "text", "points")
    template_colors = ("attack", "plain", "paper", "ink", "coin", "coin_edge", "back",
                       "treats_back", "back_accent")
    template_strings = STRINGS  # fixed_texts.py: the backs' titles and the points labels

    # -- exports --------------------------------------------------------------------------
    kind_titles: ClassVar[dict[str, str]] = {
        "action": "Actions", "attack": "Red attacks", "treat": "Treats"}
    kind_keys = KIND_KEYS

    def card_description(self, card: dict, strings) -> str:
        return str(card.get("text") or "")  # the card's rules text, as printed

    # -- engine ---------------------------------------------------------------------------
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

    # -- reports --------------------------------------------------------------------------
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


GAME = PixelPug()
