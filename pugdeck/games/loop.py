"""The one game loop: chance steps and bots play until a person must act or the game ends.

Every driver of an engine — `bots.play_game`, `simulate`, the protocol server, `play
--human`, the conformance suite, the party mode — runs `advance`, so "chance takes the
seed's outcome, a bot chooses from its seat's observation" is written once. A person's
move is not the loop's: the caller applies it (`apply_move`) and calls `advance` again.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, NamedTuple

from pugdeck.games.engine_kit import CHANCE


class Step(NamedTuple):
    """One applied action: who took it (`CHANCE` for a chance outcome), the action (one of
    the legal actions, as it was applied), and the events it appended to `state.events`,
    its consequences included, in order."""

    seat: int
    action: dict
    events: list


def advance(state: Any, bots: Sequence[Any], steps: bool = True) -> Iterator[Step | None]:
    """Apply chance outcomes and bot choices to `state`, yielding a `Step` after each, until
    the game is over or a seat whose bot is `None` (a person) is to act.

    `bots` has one bot or `None` per seat; a bot is asked `choose(observation, legal)`,
    with `observation(seat)` only when its `wants_observation` is true. The state changes in
    place; a caller that stops iterating early leaves it after the last yielded step. With
    `steps` false it yields None instead: a caller that only plays on (`bots.play_game`)
    makes no `Step` to throw away (a tenth of a random playout's time).
    """
    # Bound methods held in locals: this loop is the whole of a random playout's overhead.
    current, legal_actions, apply, observe, over = (
        state.current_player, state.legal_actions, state.apply_action, state.observation,
        state.is_terminal)
    events = getattr(state, "events", ())  # appended to, never replaced; () for a game without
    new = tuple.__new__  # a Step in one C call: NamedTuple's own `__new__` is Python
    choosers = [None if bot is None else bot.choose for bot in bots]
    looks = [bot is not None and bot.wants_observation for bot in bots]
    while not over():
        seat = current()
        start = len(events)
        if seat == CHANCE:
            action = legal_actions()[0]  # the seed's outcome is the one legal action
        else:
            choose = choosers[seat]
            if choose is None:
                return  # a person's turn
            action = choose(observe(seat) if looks[seat] else None, legal_actions())
        apply(action)
        yield new(Step, (seat, action, events[start:])) if steps else None


def apply_move(state: Any, action: dict) -> Step:
    """Apply a person's `action` for the seat to act (an illegal one raises the game's
    `IllegalAction` and changes nothing); the `Step` it made, as `advance` yields them."""
    events = getattr(state, "events", ())
    seat, start = state.current_player(), len(events)
    state.apply_action(action)
    return Step(seat, action, events[start:])
