"""Bots that play Pug You! through the public API only: an observation and the legal actions.

A bot never touches a `State`; the driver (`play_game`) hands it `observation(seat)` (or
`None` for bots that don't look, which keeps random playouts fast) and `legal_actions()`.
Card facts (badges, turds) come from the deck's public card list, like a player reading a
card. Each bot owns a seeded `Rng`, so a game with the same seed plays the same.
"""

from __future__ import annotations

from pugdeck.games.bots import RandomBot, play_game, seat_bots  # noqa: F401 (RandomBot, play_game: the bots API)
from pugdeck.games.pug_you.engine import CardInfo, Game
from pugdeck.games.pug_you.game import GAME
from pugdeck.games.rng import Rng

BOT_KINDS = ("random", "heuristic")


class HeuristicBot:
    """A plausible, spiteful player.

    Offers its cards with the most badges; as active player nominates whoever last
    nominated it plus the badge leader; votes with its heaviest card for whoever last
    nominated it, else for the nominee with fewer badges (spreading the blame keeps it off
    the top); after a tie it re-asks its own worst scored card to get rid of it.
    """

    kind = "heuristic"
    wants_observation = True

    def __init__(self, seat: int, seed: int | str, cards: dict[str, CardInfo]):
        self.seat = seat
        self.cards = cards
        self.rng = Rng(f"pug-you-bot/{seed}/{seat}/heuristic")

    def choose(self, observation: dict, legal: list[dict]) -> dict:
        """One of `legal`, by the rule for its kind of action (all legal actions share one)."""
        kind = legal[0]["type"]
        pick = getattr(self, f"_{kind}", None)
        return pick(observation, legal) if pick else legal[self.rng.below(len(legal))]

    def _badges(self, action: dict) -> int:
        return self.cards[action["card"]].badges

    def _offer(self, obs: dict, legal: list[dict]) -> dict:
        # Most badges first; among equals keep the heavy cards for voting.
        return max(legal, key=lambda a: (self._badges(a), -self.cards[a["card"]].turds))

    def _choose(self, obs: dict, legal: list[dict]) -> dict:
        # Offers are face down: only who offered is known, so any pick is a guess.
        return legal[self.rng.below(len(legal))]

    def _ask(self, obs: dict, legal: list[dict]) -> dict:
        scored = set(obs["scored"][self.seat])
        # Re-asking a scored card takes its badges off us; a scored mutt is worth keeping.
        return max(legal, key=lambda a: (a["card"] in scored and self._badges(a) > 0,
                                         self._badges(a)))

    def _nominate(self, obs: dict, legal: list[dict]) -> dict:
        badges = obs["badges"]
        avenger = obs["last_nominated_by"][self.seat]
        active = obs["active_card"]
        mutt = active is not None and self.cards[active].badges < 0

        def appeal(action: dict) -> tuple:
            seats = action["nominees"]
            revenge = avenger in seats and not mutt
            total = sum(badges[s] for s in seats)
            # A badge card goes to the leaders; a mutt (it removes badges) to the trailers.
            return (revenge, -total if mutt else total, self.rng.random())

        return max(legal, key=appeal)

    def _vote(self, obs: dict, legal: list[dict]) -> dict:
        badges = obs["badges"]
        avenger = obs["last_nominated_by"][self.seat]
        nominees = obs["nominees"]
        if avenger in nominees:
            target = avenger
        else:
            target = min(nominees, key=lambda s: (badges[s], s))
        mine = [a for a in legal if a["nominee"] == target]
        return max(mine, key=lambda a: (self.cards[a["card"]].turds, -self._badges(a)))

    def _award(self, obs: dict, legal: list[dict]) -> dict:
        badges = obs["badges"]
        avenger = obs["last_nominated_by"][self.seat]
        for action in legal:
            if action["nominee"] == avenger:
                return action
        return min(legal, key=lambda a: (badges[a["nominee"]], a["nominee"]))


def make_bots(spec: str | list[str], game: Game, seed: int | str) -> list[RandomBot | HeuristicBot]:
    """Bots for every seat from a comma list such as "random,heuristic" (cycled over seats)."""
    cards = game.cards_by_id
    return seat_bots(spec, game.players, {
        "random": lambda seat: RandomBot(seat, seed, GAME.id),
        "heuristic": lambda seat: HeuristicBot(seat, seed, cards),
    })
