"""Actions handed out and logged: what is logged is exactly what was played.

`legal_actions()` hands out the engine's own read-only dicts, and the log keeps the engine's
own copy of each move it read, so nothing a caller does to a dict (before or after applying
it) can make the log disagree with the game.
"""

from __future__ import annotations

import copy
import json

import pytest

from helpers.pug_you_decks import built_deck
from pugdeck.games.pug_you.engine import Game, replay


def _until(state, kind: str):
    while state.legal_actions()[0]["type"] != kind:
        state.apply_action(state.legal_actions()[0])
    return state.legal_actions()


@pytest.mark.parametrize("kind", ["shuffle", "offer", "choose", "nominate", "vote"])
def test_a_handed_out_action_cannot_be_changed(kind):
    state = Game(built_deck(), 5, seed=1).new_initial_state()
    action = _until(state, kind)[0]
    before = json.dumps(action)
    for field in list(action):
        with pytest.raises(TypeError):
            action[field] = "something else"
    with pytest.raises(TypeError):
        action.update(type="offer")
    with pytest.raises(TypeError):
        del action["type"]
    for value in action.values():
        if isinstance(value, list):
            with pytest.raises(TypeError):
                value.append(value[0])
            with pytest.raises(TypeError):
                value.reverse()
    with pytest.raises(AttributeError):  # nothing besides its fields says what it plays
        action.args = (0,)
    assert json.dumps(action) == before


def test_a_copy_changed_after_apply_leaves_the_log_as_played():
    game = Game(built_deck(), 6, seed=5)
    state = game.new_initial_state()
    played = []
    while not state.is_terminal():
        legal = state.legal_actions()
        mine = copy.deepcopy(legal[len(played) % len(legal)])  # a plain, changeable dict
        played.append(copy.deepcopy(mine))
        state.apply_action(mine)
        # Change everything in the caller's dict once it has been played.
        for field, value in mine.items():
            if isinstance(value, list):
                value.reverse()
                value.append(value[0] if value else 0)
            elif field != "type":
                mine[field] = "changed"
    assert state.history() == played
    assert replay(game, played) == state
    assert replay(game, state.history()) == state


def test_the_handed_out_objects_applied_directly_log_what_was_played():
    game = Game(built_deck(), 7, seed=2)
    state = game.new_initial_state()
    played = []
    while not state.is_terminal():
        legal = state.legal_actions()
        action = legal[-1]
        played.append(json.loads(json.dumps(action)))  # a snapshot taken before the play
        state.apply_action(action)
    assert state.history() == played
    assert replay(game, played) == state


def test_history_hands_out_copies_that_the_caller_may_change():
    game = Game(built_deck(), 5, seed=3)
    state = game.new_initial_state()
    for _ in range(30):
        state.apply_action(state.legal_actions()[0])
    history = state.history()
    for entry in history:
        for value in entry.values():
            if isinstance(value, list):
                value.clear()
        entry["type"] = "changed"
    assert replay(game, state.history()) == state
    assert all(entry["type"] != "changed" for entry in state.history())


def test_an_offer_plays_the_card_its_dict_names():
    # The card named in the dict is the one that leaves the hand: nothing but the dict's
    # fields decides what is played.
    state = Game(built_deck(), 5, seed=1).new_initial_state()
    legal = _until(state, "offer")
    seat = state.current_player()
    state.apply_action(legal[1])
    assert state.observation(seat)["my_offer"] == legal[1]["card"]
    assert legal[1]["card"] not in state.observation(seat)["hand"]
    assert state.history()[-1] == {"type": "offer", "card": legal[1]["card"]}


def test_an_engine_action_not_listed_at_this_position_is_read_in_full_and_refused():
    """A listed action is applied without its checks again (`State.listed`); the engine's
    own objects for moves that are not legal here are still refused, whoever lists them."""
    from pugdeck.games.pug_you.state import IllegalAction

    state = Game(built_deck(), 5, seed=2).new_initial_state()
    legal = _until(state, "offer")
    table, hand = state.game.actions, state.hands[state.current]
    elsewhere = next(table.offer[c] for c in range(len(table.offer)) if c not in hand)
    legal.append(elsewhere)  # the caller's list is the caller's: the engine kept its own
    before = state.clone()
    with pytest.raises(IllegalAction):
        state.apply_action(elsewhere)
    assert state == before
    state.apply_action(legal[0])
    with pytest.raises(IllegalAction):  # listed a move ago, and that card is gone now
        state.apply_action(legal[0])
