"""What every engine is made of, written once: the seat values of `current_player()`, the
error for an illegal action, the read-only actions engines hand out, and the readers that
check an incoming action's fields.

An engine imports these names instead of defining its own, so a frontend catching
`IllegalAction` or comparing `current_player()` with `CHANCE` works the same for every game.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any, NoReturn

#: `current_player()` while the next action is chance's (a shuffle, a deal): the one legal
#: action is the seed's outcome
CHANCE = -1
#: `current_player()` once the game is over (OpenSpiel's value)
TERMINAL = -4


class IllegalAction(ValueError):
    """An action that is not legal here; the state is left unchanged."""


def _read_only(self, *args, **kwargs) -> NoReturn:
    raise TypeError("engine actions are read-only; copy one with dict(action)")


class Action(dict):
    """An action an engine hands out: a plain dict to JSON, `==` and `dict()`, but read-only.

    An engine hands out the same objects again and again (and may log them), so changing
    one would change every place it appears; its mutating methods raise instead.
    """

    __slots__ = ()
    __setitem__ = __delitem__ = update = pop = popitem = clear = setdefault = __ior__ = _read_only

    def __reduce__(self):  # copy and pickle as a plain dict, which the copy may change
        return (dict, (dict(self),))


class FrozenList(list):
    """A read-only list inside an `Action` (nominees, a shuffle's order)."""

    __slots__ = ()
    __setitem__ = __delitem__ = append = extend = insert = pop = remove = clear = sort = \
        reverse = __iadd__ = __imul__ = _read_only

    def __reduce__(self):
        return (list, (list(self),))


class EngineState:
    """What every engine's `State` shares (games/state.py): `current`, the seat to act,
    and `phase`, "over" once the game is; `apply`, the short name of `apply_action`."""

    __slots__ = ()

    def current_player(self) -> int:
        """The seat to act, `CHANCE` at a chance step, `TERMINAL` once the game is over."""
        return self.current

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def is_chance_node(self) -> bool:
        return self.current == CHANCE

    def apply(self, action: dict) -> None:
        self.apply_action(action)


def read_seat(value: object, allowed: Collection[int], name: str = "seat") -> int:
    """`value` as a seat among `allowed`; else `IllegalAction` ("`name` must be one of
    [...]"). A seat is a plain int (not a bool, not a float, not a list)."""
    if type(value) is not int or value not in allowed:
        raise IllegalAction(f"{name} must be one of {sorted(allowed)}")
    return value


def read_card(value: object, index: Mapping[str, int], zone: Collection[int] | None = None,
              where: str = "available here") -> int:
    """The number of the card whose id is `value` (`index`: id → number), one of `zone`
    when given; else `IllegalAction` ("card ... is not `where`"). An id is a string: a list
    or a number is refused, never looked up (it may not even be hashable)."""
    card = index.get(value) if isinstance(value, str) else None
    if card is None or (zone is not None and card not in zone):
        raise IllegalAction(f"card {value!r} is not {where}")
    return card


def same_game(one: Any, other: Any) -> bool:
    """Whether two engine `Game`s play the same game: the very object, or the same deck
    (card ids), player count, seed and rules, as a game read again from a log is. States
    compare equal only within the same game (`State.__eq__` of both engines)."""
    return one is other or (one.ids, one.players, one.seed, one.rules) == (
        other.ids, other.players, other.seed, other.rules)
