"""What one player may see of a PixelPug `State` (boardgame.io's `playerView`).

Public: discard piles (played cards are face up), cards discarded out of the round, lives, who is out, who is in the
Doghouse, pile sizes, hand sizes, round wins, every play with its target and named card, the
outcome of guesses and duels. Private: your own hand, the cards you draw, a hand you looked
at, the hands in a swap or a Stare Down you took part in, your own duel choice while the
duel is on. Never shown: other hands, the deck's order, the other duel choice before both
are in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pugdeck.games.events import views

if TYPE_CHECKING:
    from pugdeck.games.pixelpug.state import State




def observe(state: State, player: int) -> dict:
    """A JSON-able view of `state` for seat `player`."""
    g = state.game
    if not 0 <= player < g.players:
        raise ValueError(f"no seat {player} in a {g.players}-player game")
    ids = g.ids
    duel = None
    if state.rps:
        attacker, defender, first_choice, _card = state.rps
        duel = {"attacker": attacker, "defender": defender,
                "your_choice": first_choice if player == attacker else None,
                "waiting_for": state.current}
    return {
        "game": "pixelpug",
        "seat": player,
        "players": g.players,
        "phase": state.phase.value,
        "current_player": state.current,
        "round": state.round,
        "turn": state.turn,
        "round_wins": list(state.round_wins),
        "round_wins_needed": g.rules.round_wins,
        "lives": list(state.lives),
        "alive": list(state.alive),
        "doghouse": list(state.doghouse),
        "deck_size": len(state.deck),
        "treats_left": len(state.treats),
        "hand": [ids[c] for c in state.hands[player]],
        "hand_sizes": [len(h) for h in state.hands],
        "discards": [[ids[c] for c in pile] for pile in state.discards],
        "flushed": [ids[c] for c in state.flushed],
        "points": state.points(player),
        "duel": duel,
        "events": views(state.events, player, state.round_events_from),
        "results": [_public_result(r, player) for r in state.results],
        "champion": state.champion() if state.is_terminal() else None,
    }


def _public_result(result: dict, player: int) -> dict:
    """A finished round as `player` saw it: hands are shown when counted for points and when
    their holder went out; a hand that won otherwise stays hidden (None)."""
    counted = result["how"] in ("points", "tie")
    hands = [hand if counted or seat == player or result["points"][seat] is None else None
             for seat, hand in enumerate(result["hands"])]
    return {**result, "hands": hands}


def hidden_from(state: State, player: int) -> set[str]:
    """Card ids `player` must not see now: other hands, the deck, the main pile between rounds.

    A hand `player` looked at earlier may still hold some of them: `player` saw those
    legitimately, which is why the invariant tests compare against cards newly hidden.
    """
    ids = state.game.ids
    hidden = {ids[c] for c in state.deck} | {ids[c] for c in state.box}
    for seat, hand in enumerate(state.hands):
        if seat != player:
            hidden.update(ids[c] for c in hand)
    return hidden
