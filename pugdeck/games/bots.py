"""Bots and the bot loop that every game shares: the one uniform random bot, building bots
for the seats from a spec such as "random,heuristic", and playing a game to its end.

A bot sees what a player sees: `choose(observation, legal)` gets `observation(seat)` (or
`None` when its `wants_observation` is false, which keeps random playouts fast) and the
legal actions, and returns one of them. It never touches a `State`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

from pugdeck.games.loop import advance
from pugdeck.games.rng import Rng


class RandomBot:
    """Picks uniformly among the legal actions, with its own seeded `Rng`.

    The game's id is part of the bot's seed, so two games' bots never share a random stream
    (and a game's golden transcripts depend only on its own id).
    """

    kind = "random"
    wants_observation = False

    def __init__(self, seat: int, seed: int | str, game_id: str):
        self.seat = seat
        self.rng = Rng(f"{game_id}-bot/{seed}/{seat}/random")
        self._draw = self.rng.random_source

    def choose(self, observation: dict | None, legal: list[dict]) -> dict:
        """One of `legal`, uniformly: the same pick as `rng.below(len(legal))` (exact for
        fewer than 2**53 actions) without its Python call, since a playout calls this every move."""
        return legal[int(self._draw() * len(legal))]


def seat_bots(spec: str | list[str], players: int, makers: dict[str, Callable[[int], object]]) -> list:
    """One bot per seat from a comma list of kinds (cycled over the seats).

    `makers` maps each kind the game offers to a `seat -> bot` function; an unknown kind
    raises `ValueError` naming the kinds there are.
    """
    kinds = [k.strip() for k in spec.split(",")] if isinstance(spec, str) else list(spec)
    unknown = sorted({k for k in kinds if k not in makers})
    if not kinds or unknown:
        raise ValueError(f"unknown bot kind(s) {unknown or ['']}; choose from {', '.join(makers)}")
    return [makers[kinds[seat % len(kinds)]](seat) for seat in range(players)]


def random_bots(game_id: str, spec: str | list[str], game, seed: int | str) -> list:
    """Random bots for every seat of `game`: the bots of a game that has none of its own."""
    return seat_bots(spec, game.players, {"random": lambda seat: RandomBot(seat, seed, game_id)})


def play_game(game: Any, bots: list, state: Any = None) -> Any:
    """Play to the end (games/loop.py): chance steps take the seed's outcome, seats ask
    their bots. Every seat needs a bot."""
    state = state or game.new_initial_state()
    deque(advance(state, bots, steps=False), maxlen=0)  # run the loop to its end
    if not state.is_terminal():
        raise ValueError("play_game needs a bot for every seat")
    return state
