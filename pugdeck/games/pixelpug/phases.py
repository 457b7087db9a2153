"""The words every PixelPug engine module shares: the phases of a match, who acts, and how a
round ends. A module of its own so that state, actions, effects and engine all import it and
none of them imports another to get a constant."""

from __future__ import annotations

from enum import StrEnum

from pugdeck.games.engine_kit import CHANCE, TERMINAL, IllegalAction

__all__ = ["CHANCE", "TERMINAL", "IllegalAction"]  # every engine's, from the engine kit


class Phase(StrEnum):
    """What the match waits for; its value is what `observation()["phase"]` reports, and
    the type of the one kind of action the phase takes."""

    DEAL = "deal"  # a chance step: the round's shuffle and first player
    PLAY = "play"  # the current player plays a card
    RPS = "rps"  # a rock-paper-scissors duel waits for a secret choice
    OVER = "over"  # the match is over


DEAL, PLAY, RPS, OVER = Phase  # the short names the engine modules use

ROUND_LIMIT = 100
"""A match that produced no champion after this many rounds (only possible with house-rule
decks whose rounds always tie) ends without one, so every game terminates."""

RPS_CHOICES = ("paper", "rock", "scissors")
"""A duel's secret choices, in the order `legal_actions()` lists them."""

# How a round was won (or not), as `State.results` and the statistics report it.
ELIMINATION = "elimination"  # the last player standing
DOG_FOOD = "dog-food"  # an Empty Bowl hit on the Dog Food holder
POINTS = "points"  # the single highest points total when the deck ran out
TIE = "tie"  # a points tie when the deck ran out: nobody wins the round
