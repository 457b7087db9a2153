"""What one player may see of a `State` (boardgame.io's `playerView`).

Public: scored cards, the discard pile, the active card once read out, who has offered or
voted, the revealed votes of the last question, pile sizes. Revealed vote cards, in the
reveal and on the discard pile, lie in card order, never in the public voting order, so
nothing tells who cast which (docs/rules-pug-you.md §3.5). Private: your own hand, your
own face-down offer and vote. Never shown: other hands, the draw pile's order, other
players' face-down offers and votes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pugdeck.games.pug_you.phases import AWARD, NO_CARD, OVER

if TYPE_CHECKING:  # type hints only: state imports this module
    from pugdeck.games.pug_you.state import State


def observe(state: State, player: int) -> dict:
    """`State.observation`: a JSON-able view of `state` for seat `player`, face-down and
    hidden cards hidden."""
    g = state.game
    if not 0 <= player < g.players:
        raise ValueError(f"no seat {player} in a {g.players}-player game")
    ids = g.ids

    def names(cards) -> list[str]:
        return [ids[c] for c in cards]

    has_active_card = state.active_card != NO_CARD
    my_vote = next(({"nominee": n, "card": ids[c]} for v, n, c in state.votes if v == player), None)
    return {
        "seat": player,
        "players": g.players,
        "phase": state.phase.value,
        "current_player": state.current,
        "active": state.active,
        "turn": state.turn + (state.phase != OVER),  # the turn in play, from 1; at the end, turns played
        "turns_total": g.turns_total if g.rules.badge_limit is None else None,
        "question": state.question,
        "hand_size": g.hand_size,
        "hand": names(state.hands[player]),
        "hand_sizes": [len(h) for h in state.hands],
        "draw_pile": len(state.draw),
        "discard_pile": names(state.discard),
        "scored": [names(pile) for pile in state.scored],
        "badges": state.scores(),
        "offered": [s for s, c in enumerate(state.offers) if c != NO_CARD],
        "my_offer": ids[state.offers[player]] if state.offers[player] != NO_CARD else None,
        "active_card": ids[state.active_card] if has_active_card else None,
        "active_card_from": state.active_source if has_active_card else None,
        "offered_by": state.offered_by if has_active_card else None,
        "nominees": list(state.nominees),
        "voted": [v for v, _n, _c in state.votes],
        "my_vote": my_vote,
        "tied": list(state.tied) if state.phase == AWARD else [],
        "last_reveal": last_reveal(state.events),
        "last_nominated_by": list(state.last_nominator),
        "ran_out": state.ran_out,
        "losers": state.losers(),
    }


def last_reveal(events: list) -> list[dict] | None:
    """The vote piles of the last reveal, from the event log: per nominee, without voters
    (the table mixes the cards before revealing, §3.5); None before the first reveal and
    once a reshuffle has put the discard pile, and those cards, face down again (§4)."""
    for event in reversed(events):  # a reveal is at most a turn's events back
        kind = event.kind  # the public part only where it is read: bots observe every move
        if kind == "reveal":
            return [{"nominee": pile["nominee"], "turds": pile["turds"], "cards": list(pile["cards"])}
                    for pile in event.public["piles"]]
        if kind == "shuffle" and event.public["pile"] != "deck":
            return None
    return None


def hidden_from(state: State, player: int) -> set[str]:
    """Card ids `player` must not see: other hands, the draw pile, others' face-down cards."""
    ids = state.game.ids
    hidden = {ids[c] for c in state.draw} | {ids[c] for c in state.box}
    for seat, hand in enumerate(state.hands):
        if seat != player:
            hidden.update(ids[c] for c in hand)
    hidden.update(ids[c] for s, c in enumerate(state.offers) if c != NO_CARD and s != player)
    hidden.update(ids[c] for v, _n, c in state.votes if v != player)
    return hidden
