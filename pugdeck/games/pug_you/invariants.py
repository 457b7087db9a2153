"""Checks that must hold in every reachable state; random playouts call them at every step.

Kept out of the hot path: the engine never calls them itself, so benchmarks run without.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pugdeck.games.conformance import strings_in
from pugdeck.games.pug_you.observation import hidden_from
from pugdeck.games.pug_you.phases import AWARD, CHANCE, NO_CARD, NOMINATE, TERMINAL, VOTE

if TYPE_CHECKING:
    from pugdeck.games.pug_you.state import State


class InvariantBroken(AssertionError):
    """A state that the rules can never produce."""


def card_places(state: State) -> list[str]:
    """The id of every card once per place it sits in (a correct state lists each once)."""
    places = list(state.box) + state.draw + state.discard
    for hand in state.hands:
        places += hand
    for pile in state.scored:
        places += pile
    places += [c for c in state.offers if c != NO_CARD]
    places += [c for _v, _n, c in state.votes]
    if state.active_card != NO_CARD:
        places.append(state.active_card)
    ids = state.game.ids
    return [ids[card] for card in places]


def action_order(action: dict) -> tuple:
    """The documented order of legal actions: by seat(s), then by card id."""
    return (action["type"], list(action.get("nominees", ())), action.get("nominee", -1),
            action.get("from", -1), action.get("card", ""))


def check_invariants(state: State) -> None:
    """Raise `InvariantBroken` naming the first rule a state breaks."""
    g = state.game

    def ensure(condition: bool, message: str) -> None:
        if not condition:
            raise InvariantBroken(message)

    ensure(sorted(card_places(state)) == list(g.ids), "a card is missing or in two places")
    ensure(all(len(h) <= g.hand_size for h in state.hands), "a hand is above its size")
    ensure(all(h == sorted(h) for h in state.hands), "a hand is not kept sorted")
    ensure(state.scores() == [sum(g.badges[c] for c in pile) for pile in state.scored],
           "the badge totals disagree with the scored cards")
    legal = state.legal_actions()
    if state.is_terminal():
        ensure(legal == [] and state.current_player() == TERMINAL, "a finished game offers actions")
        ensure(bool(state.losers()), "a finished game has no loser")
        ensure(state.end_reason != "badge_limit" or max(state.printed_badges()) >= g.rules.badge_limit,
               "the badge limit ended a game in which nobody reached it")
    else:
        ensure(bool(legal), "no legal action before the end")
        ensure(state.current_player() == CHANCE or 0 <= state.current_player() < g.players,
               "current_player is not a seat")
        keys = [repr(sorted(a.items())) for a in legal]
        ensure(len(set(keys)) == len(keys), "legal actions repeat")
        ensure(legal == sorted(legal, key=action_order), "legal actions are not sorted")
    ensure(state.turn <= g.turns_total or g.rules.badge_limit is not None, "too many turns")
    if state.phase in (NOMINATE, VOTE, AWARD):
        ensure(state.active not in state.nominees, "the active player is nominated")
    for player in range(g.players):
        seen = strings_in(state.observation(player))
        leaked = seen & hidden_from(state, player)
        ensure(not leaked, f"seat {player} sees hidden cards {sorted(leaked)[:3]}")
