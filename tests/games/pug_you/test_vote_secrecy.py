"""The secret vote: no observation lets a player match voters to vote cards (rules §3.5, §4).

The real test is `test_swapping_who_cast_which_vote_changes_no_observation`: two games that
differ only in which voter cast which vote card must look the same to every player who did
not cast one of the swapped votes, at every step to the end of the game.
"""

from __future__ import annotations

import pytest

from helpers.pug_you_decks import built_deck, scenario, turn
from pugdeck.games.pug_you.engine import Game
from pugdeck.games.pug_you.game import GAME
from pugdeck.games.rng import Rng


def test_vote_cards_are_discarded_in_card_order_per_nominee_not_in_voting_order():
    _game, state = scenario(turds={"s4-4": 2})
    # Voting order is 3, 4, 0; the cards are chosen so that it differs from card order.
    turn(state, 3, [1, 2], {3: (2, "s3-3#1"), 4: (1, "s4-4#1"), 0: (2, "s0-0#1")})
    obs = state.observation(1)
    assert obs["last_reveal"] == [{"nominee": 1, "turds": 2, "cards": ["s4-4#1"]},
                                  {"nominee": 2, "turds": 2, "cards": ["s0-0#1", "s3-3#1"]}]
    assert obs["discard_pile"] == ["s4-4#1", "s0-0#1", "s3-3#1"]  # the reveal's order


def _random_log(game: Game, seed: int) -> list[dict]:
    state, rng = game.new_initial_state(), Rng(f"secrecy/{seed}")
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[rng.below(len(legal))])
    return state.history()


def _vote_groups(game: Game, log: list[dict]) -> list[list[tuple[int, int]]]:
    """The votes of each question asked before the first reshuffle, as (log index, voter).

    Until the discard pile is first reshuffled no card in a hand has ever been face up, so
    relabelling the vote cards in the earlier actions changes nothing anyone could see.
    """
    state, groups, current = game.new_initial_state(), [], []
    for index, action in enumerate(log):
        reshuffled = any(e.public["event"] == "shuffle" and e.public["pile"] == "discard" for e in state.events)
        if action["type"] == "vote" and not reshuffled:
            current.append((index, state.current_player()))
        elif current:
            groups.append(current)
            current = []
        state.apply_action(action)
    return groups + [current] if current else groups


def _swapped(log: list[dict], group: list[tuple[int, int]], keep: int) -> list[dict] | None:
    """`log` with the votes of `group` passed round among the voters other than `keep`:
    each of them casts the next one's card on the next one's nominee. Every earlier action
    names the cards accordingly, so each voter holds the card it now casts. None when fewer
    than two votes can move."""
    moving = [index for index, voter in group if voter != keep]
    if len(moving) < 2:
        return None
    votes = [log[i] for i in moving]
    cast = {i: votes[(k + 1) % len(votes)] for k, i in enumerate(moving)}
    relabel = {votes[k]["card"]: votes[(k + 1) % len(votes)]["card"] for k in range(len(votes))}
    out = []
    for index, action in enumerate(log):
        if index in cast:
            out.append(dict(cast[index]))
        elif index < moving[0] and "order" in action:
            out.append({**action, "order": [relabel.get(c, c) for c in action["order"]]})
        elif index < moving[0] and "card" in action:
            out.append({**action, "card": relabel.get(action["card"], action["card"])})
        else:
            out.append(action)
    return out


def _observations(game: Game, log: list[dict], seat: int) -> list[dict]:
    """What `seat` sees after each action: its observation, the events as it sees them, and
    what the protocol tells every seat of the action."""
    state = game.new_initial_state()
    seen = [state.observation(seat)]
    for action in log:
        actor, start = state.current_player(), len(state.events)
        state.apply_action(action)  # raises if the swapped game were not a legal one
        seen.append(state.observation(seat))
        seen.append([event.view(seat) for event in state.events[start:]])
        seen.append(GAME.public_action(action, actor))
    return seen


@pytest.mark.parametrize("players", [5, 7, 10])
def test_swapping_who_cast_which_vote_changes_no_observation_and_no_event(players):
    game = Game(built_deck(), players, seed=0)
    checked = 0
    for seed in range(3):
        g = game.reseeded(seed)
        log = _random_log(g, seed)
        groups = _vote_groups(g, log)
        for observer in range(players):
            seen = _observations(g, log, observer)
            for group in (groups[0], groups[len(groups) // 2]):
                other = _swapped(log, group, keep=observer)
                if other is None:
                    continue
                # Two different games: the logs say who voted with what.
                assert [a for a in other if a["type"] == "vote"] != [a for a in log if a["type"] == "vote"]
                assert _observations(g, other, observer) == seen
                checked += 1
    assert checked == 3 * 2 * players  # every seat observed, two questions per game
