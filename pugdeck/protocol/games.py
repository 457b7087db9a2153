"""What the engine protocol needs to know about each game, and nothing more.

The protocol (`protocol.py`) drives every engine through the shared OpenSpiel-like shape;
this table adds the few things a shape cannot say: which exception means "illegal", which
bots a seat may be, what of an action everyone at the table may see, and how a result is
summed up. A new game adds one entry here.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable

from pugdeck.games.rng import Rng


class RandomBot:
    """Picks uniformly among the legal actions: for games without bots of their own."""

    kind = "random"
    wants_observation = False

    def __init__(self, seat: int, seed: int | str, game: str):
        self.rng = Rng(f"{game}-protocol-bot/{seed}/{seat}")

    def choose(self, observation: dict | None, legal: list[dict]) -> dict:
        return legal[self.rng.below(len(legal))]


@dataclass(frozen=True)
class ProtocolGame:
    """One game as the protocol sees it."""

    name: str
    package: str  # pugdeck.games.<game>, with engine.py (Game, replay) and state.py (IllegalAction)
    public_action: Callable[[dict], dict]
    result: Callable[[Any], dict]
    public_events: Callable[[Any, int], list[dict]]
    event_count: Callable[[Any], int]

    @property
    def engine(self):
        return importlib.import_module(self.package + ".engine")

    @property
    def illegal(self) -> type[Exception]:
        return importlib.import_module(self.package + ".state").IllegalAction

    def bot_kinds(self) -> tuple[str, ...]:
        bots = self._bots_module()
        return tuple(bots.BOT_KINDS) if bots else ("random",)

    def make_bots(self, kinds: dict[int, str], game, seed: int) -> dict[int, Any]:
        """A bot for each seat in `kinds` (seat → kind), seeded by the game's seed."""
        bots = self._bots_module()
        if bots is None:
            return {seat: RandomBot(seat, seed, self.name) for seat in kinds}
        # The game's own factory fills every seat; the seats that are people are dropped.
        every_seat = [kinds.get(seat, bots.BOT_KINDS[0]) for seat in range(game.players)]
        made = bots.make_bots(every_seat, game, seed)
        return {seat: made[seat] for seat in kinds}

    def _bots_module(self):
        try:
            return importlib.import_module(self.package + ".bots")
        except ModuleNotFoundError:
            return None


def _pug_you_public(action: dict) -> dict:
    # Offers and votes are face-down cards; a shuffle's order is the draw pile's secret.
    if action["type"] in ("shuffle", "offer", "vote"):
        return {"type": action["type"]}
    return dict(action)


def _pug_you_result(state) -> dict:
    return {"scores": state.scores(), "scores_are": "badges (most badges loses)",
            "losers": state.losers(), "end": state.end_reason or None}


def _pixelpug_public(action: dict) -> dict:
    if action["type"] == "deal":
        return {"type": "deal", "first": action["first"]}
    if action["type"] == "rps":
        return {"type": "rps"}  # the duel's outcome shows in the events, the choice does not
    return dict(action)


def _pixelpug_result(state) -> dict:
    return {"scores": state.scores(), "scores_are": "round wins", "round_wins_needed":
            state.game.rules.round_wins, "champion": state.champion() if state.is_terminal() else None}


def _pixelpug_events(state, start: int) -> list[dict]:
    from pugdeck.games.pixelpug.observation import visible_events  # noqa: PLC0415

    return visible_events(state, -1, start)  # seat -1 sees only what every seat sees


GAMES: dict[str, ProtocolGame] = {
    "pug-you": ProtocolGame("pug-you", "pugdeck.games.pug_you", _pug_you_public, _pug_you_result,
                            public_events=lambda state, start: [], event_count=lambda state: 0),
    "pixelpug": ProtocolGame("pixelpug", "pugdeck.games.pixelpug", _pixelpug_public, _pixelpug_result,
                             public_events=_pixelpug_events, event_count=lambda state: len(state.events)),
}
