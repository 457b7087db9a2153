"""Snap as pugdeck sees it: an engine and the conformance suite's three questions, nothing
else — in particular no `public_action`: the default must hide the deal."""

from __future__ import annotations

from pugdeck.games.spec import GameSpec


class Snap(GameSpec):
    id = "snap"
    title = "Snap"
    summary = "flip your top card; match the one below to take the pile"

    def new_game(self, built_doc, players, seed=0, source="<deck>"):
        from plugin_game.pugdeck_snap.engine import Game  # noqa: PLC0415 (load on use)

        return Game(built_doc, players, seed, source=source)

    def illegal_action(self):
        from pugdeck.games.engine_kit import IllegalAction  # noqa: PLC0415

        return IllegalAction

    def action_order(self, action):
        return action["type"]

    def card_places(self, state):
        return [*state.box, *state.centre, *(c for pile in state.piles for c in pile),
                *(c for won in state.taken for c in won)]

    def hidden_cards(self, state, player):
        return set(state.box) | {card for pile in state.piles for card in pile}


GAME = Snap()


def snap_deck(pairs: int = 6) -> dict:
    """A built Snap deck: `pairs` values, two cards of each."""
    cards = [{"id": f"{value}-{copy}", "value": value} for value in range(1, pairs + 1) for copy in "ab"]
    return {"format": "pugdeck-deck", "game": "snap", "name": "snap", "cards": cards,
            "checked": {"playable_for": [2, 3, 4]}}
