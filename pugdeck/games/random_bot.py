"""The uniform random bot, the same for every game: it needs only the legal actions."""

from __future__ import annotations

from pugdeck.rng import Rng


class RandomBot:
    """Picks uniformly among the legal actions, with its own seeded `Rng`.

    Each game subclasses it to name itself: the name is part of the bot's seed, so two
    games' bots never share a random stream.
    """

    kind = "random"
    wants_observation = False
    game = "game"

    def __init__(self, seat: int, seed: int | str):
        self.seat = seat
        self.rng = Rng(f"{self.game}-bot/{seed}/{seat}/random")

    def choose(self, observation: dict | None, legal: list[dict]) -> dict:
        """One of `legal`, uniformly."""
        return legal[self.rng.below(len(legal))]
