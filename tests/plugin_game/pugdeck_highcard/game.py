"""High Card as pugdeck sees it: the `GameSpec` this package registers as
`pugdeck.games:highcard`. It uses nothing of pugdeck but its public interface."""

from __future__ import annotations

import json
from pathlib import Path
from typing import ClassVar

from pugdeck.games.spec import GameSpec

FOLDER = Path(__file__).resolve().parent


class HighCard(GameSpec):
    id = "highcard"
    title = "High Card"
    summary = "deal two cards each, play one face up: the highest card wins"
    folder = FOLDER
    bundled_decks = ("highcard",)
    default_template = "highcard"
    log_format = "highcard-log"
    kind_titles: ClassVar[dict[str, str]] = {"number": "Numbers"}

    parts: ClassVar[dict[str, str]] = {
        "checks": "pugdeck_highcard.checks:CHECKS",
        "build_deck": "pugdeck_highcard.build:build_deck",
        "print_run": "pugdeck_highcard.faces:print_run",
        "faces": "pugdeck_highcard.faces:faces",
        "new_game": "pugdeck_highcard.engine:Game",
        "illegal_action": "pugdeck_highcard.engine:IllegalAction",
        "narrate": "pugdeck_highcard.engine:narrate",
        "simulate": "pugdeck_highcard.engine:simulate",
    }

    # -- building -------------------------------------------------------------------------
    def deck_folders(self) -> list[Path]:
        # Shipped in this package, not in pugdeck's data: `pugdeck build highcard` finds it.
        return [FOLDER / "decks" / name for name in self.bundled_decks]

    # -- printing -----------------------------------------------------------------------
    # High Card's template words (deck/templates/highcard.yaml).
    template_regions = ("value", "name")
    template_text_styles = ("value", "name")
    template_colors = ("frame", "paper", "ink", "back", "back_accent")

    # -- exports --------------------------------------------------------------------------
    def card_description(self, card: dict, strings) -> str:
        return f"{card['name']}: worth {card['value']}"

    # -- engine ---------------------------------------------------------------------------
    def action_order(self, action):
        return (action["type"], action.get("card", ""))

    def card_places(self, state):
        return [card for zone in state.zones().values() for card in zone]

    def hidden_cards(self, state, player):
        hidden = set(state.deck)
        for seat, hand in enumerate(state.hands):
            if seat != player:
                hidden.update(hand)
        return hidden

    def game_log(self, game, state, labels):
        return {"format": self.log_format, "deck": game.doc, "players": game.players,
                "seed": game.seed, "seats": labels, "actions": state.history()}

    def game_from_log(self, log, source="<log>"):
        game = self.new_game(log["deck"], log["players"], log["seed"], source=source)
        return game, log["actions"], log["seats"]

    def simulation_report(self, run, as_json):
        if as_json:
            return json.dumps({"deck": run.deck, "game": self.id, "games": run.games,
                               "seed": run.seed, "bots": run.bots, "counts": run.summaries},
                              indent=2)
        return "\n".join(f"{row['players']} players: {row['games']} games, the winner's card "
                         f"averaged {row['winning_value']:.2f}" for row in run.summaries)

    # -- protocol (docs/protocol.md) ------------------------------------------------------
    def result(self, state) -> dict:
        return {"scores": state.scores(), "scores_are": "wins", "winner": state.winner}


GAME = HighCard()
