"""Small verbs for scenario tests: play a card, fight a duel, read a hand by card ids."""

from __future__ import annotations


def play(state, card, target=None, name=None):
    action = {"type": "play", "card": card}
    if target is not None:
        action["target"] = target
    if name is not None:
        action["name"] = name
    state.apply_action(action)


def duel(state, attacker_choice, defender_choice):
    state.apply_action({"type": "rps", "choice": attacker_choice})
    state.apply_action({"type": "rps", "choice": defender_choice})


def ids(state, seat):
    return [state.game.ids[c] for c in state.hands[seat]]
