"""Pug You! as pugdeck's stages see it: the `GameSpec` registered as `pugdeck.games:pug-you`.

Its identity and template words are written here; its parts are named, and the base class
imports each when a stage first calls it, so a stage pays only for what it uses (validate
never loads the engine, play never loads reportlab).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import ClassVar

from pugdeck.games.pug_you.fixed_texts import KIND_KEYS, LEVEL_KEYS, STRINGS
from pugdeck.games.pug_you.parameters import PARAMETERS
from pugdeck.games.pug_you.secrecy import SECRET_FIELDS
from pugdeck.games.spec import GameSpec, Simulation

HERE = "pugdeck.games.pug_you"


class PugYou(GameSpec):
    id = "pug-you"
    title = "Pug You!"
    summary = "party game for 5–10 players: questions, nominations and votes weighed in turds"
    folder = Path(__file__).resolve().parent
    bundled_decks = ("pug-you",)
    default_template = "pug-you"
    log_format = "pugdeck-pug-you-log"
    parameters = PARAMETERS  # beside the shared --exclude and --players

    parts: ClassVar[dict[str, str]] = {
        "checks": f"{HERE}.checks:CHECKS",
        "build_deck": f"{HERE}.build:build_deck",
        "print_run": f"{HERE}.faces.print_run:print_run",
        "faces": f"{HERE}.faces.print_run:faces",
        "card_description": f"{HERE}.description:card_description",
        "new_game": f"{HERE}.engine:Game",
        "bot_kinds": f"{HERE}.bots:BOT_KINDS",
        "make_bots": f"{HERE}.bots:make_bots",
        "action_order": f"{HERE}.invariants:action_order",
        "card_places": f"{HERE}.invariants:card_places",
        "hidden_cards": f"{HERE}.observation:hidden_from",
        "narrate": f"{HERE}.transcript:narrate",
        "game_log": f"{HERE}.transcript:game_log",
        "game_from_log": f"{HERE}.transcript:game_from_log",
        "spoken": f"{HERE}.transcript:spoken",
        "play_in_terminal": f"{HERE}.terminal:play_in_terminal",
        "plot": f"{HERE}.simulate_report:plot_summaries",
        "party_view": f"{HERE}.party_view",
    }

    # -- printing: Pug You!'s template words (templates/pug-you.yaml, docs/printing.md) -----
    template_regions = ("dots", "thermometer", "turds", "portrait", "question", "badges",
                        "descriptive")
    template_text_styles = ("question", "descriptive", "title", "reference")
    template_colors = ("green", "yellow", "red", "pink", "blue", "paper", "ink", "muted", "turd",
                       "turd_highlight", "badge", "badge_edge", "mutt_badge", "thermometer",
                       "back", "back_accent")
    template_strings = STRINGS  # fixed_texts.py: the texts of the back, turd, blank and reference cards

    # -- exports --------------------------------------------------------------------------
    kind_titles: ClassVar[dict[str, str]] = {
        "pug": "Pugs", "mutt": "Healthy mutts", "custom": "Written customs",
        "blank": "Blank customs", "turd": "Turd cards", "overview": "Turn overview"}
    kind_keys = KIND_KEYS
    levels = ("green", "yellow", "red")
    level_keys = LEVEL_KEYS
    import_preference = 1  # the first game pugdeck had: a table of bare `id`s still means it
    write_in_kinds = ("blank",)  # the blank blue customs

    # -- reports --------------------------------------------------------------------------
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

    # -- protocol (docs/protocol.md) ------------------------------------------------------
    secret_fields = SECRET_FIELDS  # secrecy.py: offers, votes and shuffles are face down

    def result(self, state) -> dict:
        return {"scores": state.scores(), "scores_are": "badges (most badges loses)",
                "losers": state.losers(), "end": state.end_reason or None}


GAME = PugYou()
