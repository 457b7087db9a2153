"""High Card as pugdeck sees it: the `GameSpec` this package registers as
`pugdeck.games:highcard`. It uses nothing of pugdeck but its public interface."""

from __future__ import annotations

import json
from pathlib import Path
from typing import ClassVar

from pugdeck.games.spec import GameSpec, Simulation

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

    # -- authoring ------------------------------------------------------------------------
    def check_deck(self, loaded):
        from pugdeck_highcard.checks import check_deck  # noqa: PLC0415 (load on use)

        return check_deck(loaded)

    # -- building -------------------------------------------------------------------------
    def deck_folders(self) -> list[Path]:
        # Shipped in this package, not in pugdeck's data: `pugdeck build highcard` finds it.
        return [FOLDER / "decks" / name for name in self.bundled_decks]

    def build_deck(self, deck, params, *, name=None, extra_sources=()):
        from pugdeck_highcard.build import build_deck  # noqa: PLC0415

        return build_deck(deck, params, name=name, extra_sources=extra_sources)

    # -- printing -----------------------------------------------------------------------
    # High Card's template words (deck/templates/highcard.yaml).
    template_regions = ("value", "name")
    template_text_styles = ("value", "name")
    template_colors = ("frame", "paper", "ink", "back", "back_accent")

    def print_run(self, built, template, fonts, bleed):
        from pugdeck_highcard.faces import print_run  # noqa: PLC0415

        return print_run(built, template, fonts, bleed)

    def faces(self, built):
        from pugdeck_highcard.faces import faces  # noqa: PLC0415

        return faces(built)

    # -- exports --------------------------------------------------------------------------
    def card_description(self, card: dict, strings) -> str:
        return f"{card['name']}: worth {card['value']}"

    # -- engine ---------------------------------------------------------------------------
    def new_game(self, built_doc, players, seed=0, source="<deck>"):
        from pugdeck_highcard.engine import Game  # noqa: PLC0415

        return Game(built_doc, players, seed, source=source)

    def illegal_action(self):
        from pugdeck_highcard.engine import IllegalAction  # noqa: PLC0415

        return IllegalAction

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

    def narrate(self, game, log, labels=None):
        from pugdeck_highcard.engine import narrate  # noqa: PLC0415

        return narrate(game, log, labels)

    def game_log(self, game, state, labels):
        return {"format": self.log_format, "deck": game.doc, "players": game.players,
                "seed": game.seed, "seats": labels, "actions": state.history()}

    def game_from_log(self, log, source="<log>"):
        game = self.new_game(log["deck"], log["players"], log["seed"], source=source)
        return game, log["actions"], log["seats"]

    def simulate(self, built_doc, counts, games, seed, bots, jobs=1, progress=None,
                 source="<deck>"):
        from pugdeck_highcard.engine import simulate  # noqa: PLC0415

        # One process: `jobs` never changes the numbers, and a game is a handful of steps.
        rows = simulate(self, built_doc, counts, games, seed, bots, progress, source)
        return Simulation(built_doc.get("name"), games, seed, bots, rows)

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
