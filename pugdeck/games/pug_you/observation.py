"""What one player may see of a `State` (boardgame.io's `playerView`).

Public: scored cards, the discard pile, the active card once read out, who has offered or
voted, the revealed votes of the last question, pile sizes. Private: your own hand, your
own face-down offer and vote. Never shown: other hands, the draw pile's order, other
players' face-down offers and votes.
"""

from __future__ import annotations

from pugdeck.games.pug_you import state as st


def observe(state, player: int) -> dict:
    """A JSON-able view of `state` for seat `player`."""
    g = state.game
    if not 0 <= player < g.players:
        raise ValueError(f"no seat {player} in a {g.players}-player game")
    ids = g.ids
    name = ids.__getitem__  # map(name, cards) is the cheapest way to turn card numbers into ids
    my_vote = next(({"nominee": n, "card": ids[c]} for v, n, c in state.votes if v == player), None)
    return {
        "seat": player,
        "players": g.players,
        "phase": st.PHASE_NAMES[state.phase],
        "current_player": state.cur,
        "active": state.active,
        "turn": state.turn + (state.phase != st.OVER),
        "turns_total": g.turns_total if g.rules.badge_limit is None else None,
        "question": state.question,
        "hand_size": g.hand_size,
        "hand": list(map(name, state.hands[player])),
        "hand_sizes": [len(h) for h in state.hands],
        "draw_pile": len(state.draw),
        "discard_pile": list(map(name, state.discard)),
        "scored": [list(map(name, pile)) for pile in state.scored],
        "badges": state.scores(),
        "offered": [s for s, c in enumerate(state.offers) if c >= 0],
        "my_offer": ids[state.offers[player]] if state.offers[player] >= 0 else None,
        "active_card": ids[state.active_card] if state.active_card >= 0 else None,
        "active_card_from": state.active_source if state.active_card >= 0 else None,
        "offered_by": state.offered_by if state.active_card >= 0 else None,
        "nominees": list(state.nominees),
        "voted": [v for v, _n, _c in state.votes],
        "my_vote": my_vote,
        "tied": list(state.tied) if state.phase == st.AWARD else [],
        "last_reveal": None if state.last_reveal is None else [
            # Vote cards are shown per nominee without their voters: the rulebook lets the
            # table mix them up before revealing, and the engine always does.
            {"nominee": n, "turds": w, "cards": list(map(name, cards))}
            for n, w, cards in state.last_reveal
        ],
        "last_nominated_by": list(state.last_nominator),
        "ran_out": state.ran_out,
        "losers": state.losers(),
    }


def hidden_from(state, player: int) -> set[str]:
    """Card ids `player` must not see: other hands, the draw pile, others' face-down cards."""
    ids = state.game.ids
    hidden = {ids[c] for c in state.draw} | {ids[c] for c in state.box}
    for seat, hand in enumerate(state.hands):
        if seat != player:
            hidden.update(ids[c] for c in hand)
    hidden.update(ids[c] for s, c in enumerate(state.offers) if c >= 0 and s != player)
    hidden.update(ids[c] for v, _n, c in state.votes if v != player)
    return hidden
