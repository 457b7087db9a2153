"""Is the deck big enough? The card count a full game needs, derived from the rules.

A card leaves circulation for good each time it is scored; voting cards come back through
the discard pile. So before the last turn's refill every hand must be full while all the
earlier questions lie scored in front of the players:

    needed(P) = P × hand_size(P) + (questions per game − 1)

Tie questions score extra cards; they are not counted, which is what `margin` is for. With
the badge-limit variant the game lasts until someone's printed badges reach the limit; every
scored card but a mutt prints at least one badge, and mutts count only in the final scoring
(docs/rules-pug-you.md §6), so at most P × (limit − 1) + 1 cards plus every mutt are scored.
"""

# No `from __future__ import annotations`: it makes NamedTuples dearer (render/shapes.py).

from typing import NamedTuple

from pugdeck.games.pug_you.model import LEVELS, Deck, Rules

# Shares after filtering that make a game feel off.
MAX_MUTT_SHARE = 0.12
MIN_LEVEL_SHARE = 0.15


class PlayerCheck(NamedTuple):  # not a dataclass: see render/shapes.py
    players: int
    cards: int
    needed: int

    @property
    def margin(self) -> int:
        return self.cards - self.needed

    @property
    def playable(self) -> bool:
        return self.margin >= 0

    def as_json(self) -> dict:
        return {"players": self.players, "playable": self.playable, "cards": self.cards,
                "needed": self.needed, "margin": self.margin}


def questions_per_game(rules: Rules, players: int, mutts: int = 0) -> int:
    """The most questions that score a new card; `mutts` is how many the deck holds."""
    if rules.badge_limit is not None:
        return players * (rules.badge_limit - 1) + 1 + mutts
    return players * rules.rounds


def cards_needed(rules: Rules, players: int, mutts: int = 0) -> int:
    return players * rules.hand_size_for(players) + questions_per_game(rules, players, mutts) - 1


def check_players(deck: Deck) -> list[PlayerCheck]:
    """One check per player count the rules allow."""
    cards = sum(c.copies for c in deck.playable)
    mutts = sum(c.copies for c in deck.playable if c.kind == "mutt")
    return [PlayerCheck(p, cards, cards_needed(deck.rules, p, mutts))
            for p in range(deck.rules.players_min, deck.rules.players_max + 1)]


def balance_warnings(deck: Deck) -> list[str]:
    """Warnings about a lopsided mix of levels or mutts after filtering."""
    played = deck.playable
    total = sum(c.copies for c in played)
    if not total:
        return []
    out = []
    mutts = sum(c.copies for c in played if c.kind == "mutt")
    if mutts / total > MAX_MUTT_SHARE:
        out.append(f"mutts are {mutts / total:.0%} of the deck ({mutts} of {total}); scores will "
                   f"drift low — consider --no-mutts")
    by_level = {level: sum(c.copies for c in played if c.level == level) for level in LEVELS}
    present = {level: n for level, n in by_level.items() if n}
    levelled = sum(present.values())
    if len(present) >= 2:
        for level, n in present.items():
            if n / levelled < MIN_LEVEL_SHARE:
                out.append(f"{level} cards are only {n / levelled:.0%} of the levelled cards "
                           f"({n} of {levelled}); drop them with --no-{level} or add more")
    return out
