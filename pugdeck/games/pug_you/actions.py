"""Actions at the API edge: listing the legal ones and checking an incoming one.

An action is a small JSON-able dict, one kind per phase:

    {"type": "shuffle", "order": [card ids, top card first]}     chance
    {"type": "offer", "card": id}                                offer a card face down
    {"type": "choose", "from": seat}                             take the card that seat offered
    {"type": "ask", "card": id}                                  ask from own hand / own scored cards
    {"type": "nominate", "nominees": [seat, seat]}               ascending seats, never yourself
    {"type": "vote", "nominee": seat, "card": id}                a face-down vote
    {"type": "award", "nominee": seat}                           after a tie: who scores

At a shuffle `legal_actions()` lists the one order the game's seed draws for that shuffle;
`apply_action` accepts any order of the same cards, so a stacked deck or a log from another
source replays exactly.
"""

from __future__ import annotations

from itertools import repeat, starmap
from operator import mul

from pugdeck.games.rng import Rng

from pugdeck.games.pug_you import phases as st

_TYPE_OF_PHASE = ("shuffle", "offer", "choose", "nominate", "vote", "award", "ask", None)
_KEYS = {
    "shuffle": {"type", "order"}, "offer": {"type", "card"}, "choose": {"type", "from"},
    "nominate": {"type", "nominees"}, "vote": {"type", "nominee", "card"},
    "award": {"type", "nominee"}, "ask": {"type", "card"},
}


def _read_only(self, *args, **kwargs):
    raise TypeError("engine actions are shared and read-only; copy one with dict(action)")


class Action(dict):
    """An action the engine hands out: a plain dict to JSON, `==` and `dict()`, but read-only.

    Each game makes every possible action once (`ActionTable`) and hands out the same objects
    again, which keeps `legal_actions()` cheap; `phase` and `args` say what it does, so
    applying it needs only a legality check, no parsing.
    """

    __slots__ = ("phase", "args", "table")
    __setitem__ = __delitem__ = update = pop = popitem = clear = setdefault = __ior__ = _read_only

    def __init__(self, phase: int, args: tuple, fields: dict, table: "ActionTable"):
        dict.__init__(self, fields)
        self.phase, self.args, self.table = phase, args, table

    def __reduce__(self):  # pickle/copy as a plain dict: the object is engine-internal
        return (dict, (dict(self),))


class Seats(list):
    """A read-only list of seats (the `nominees` of a nominate action)."""

    __slots__ = ()
    __setitem__ = __delitem__ = append = extend = insert = pop = remove = clear = sort = \
        reverse = __iadd__ = __imul__ = _read_only

    def __reduce__(self):
        return (list, (list(self),))


class ActionTable:
    """Every non-chance action of one game, made once."""

    def __init__(self, game):
        ids, seats = game.ids, range(game.players)
        self.offer = [Action(st.OFFER, (c,), {"type": "offer", "card": i}, self) for c, i in enumerate(ids)]
        self.ask = [Action(st.ASK, (c,), {"type": "ask", "card": i}, self) for c, i in enumerate(ids)]
        self.choose = [Action(st.CHOOSE, (s,), {"type": "choose", "from": s}, self) for s in seats]
        self.award = [Action(st.AWARD, (s,), {"type": "award", "nominee": s}, self) for s in seats]
        self.vote = [[Action(st.VOTE, (n, c), {"type": "vote", "nominee": n, "card": i}, self)
                      for c, i in enumerate(ids)] for n in seats]
        self.nominate = [[Action(st.NOMINATE, (option,), {"type": "nominate", "nominees": Seats(option)}, self)
                          for option in options] for options in game.nomination_options]
        self.nominate_by_seats = [{a.args[0]: a for a in options} for options in self.nominate]


def shuffle_order(state) -> list[int]:
    """The order the game's seed draws for the next shuffle (top card first)."""
    pile = sorted(state.box if state.shuffle_pile == "deck" else state.discard)
    # One stream per shuffle, named by the game seed and the shuffle's number, so the outcome
    # depends on nothing a bot or a clone could disturb.
    draw = Rng(f"pug-you/{state.game.seed}/shuffle/{state.shuffles}").random_source
    # `Rng.shuffle`'s Fisher–Yates with its draws made in C: `int(draw() * n)` is exactly
    # `Rng.below(n)` for n < 2**53, and the draws come in the same order (n from the pile's
    # size down to 2), so the order is the same without a Python call for each of 100-odd cards.
    last = len(pile) - 1
    picks = map(int, map(mul, starmap(draw, repeat((), last)), range(last + 1, 1, -1)))
    for i, j in zip(range(last, 0, -1), picks):
        pile[i], pile[j] = pile[j], pile[i]
    return pile


def legal_actions(state) -> list[dict]:
    """The legal actions of `state` (see the module docstring), sorted and unique.

    This is `State.legal_actions`. The dicts are the engine's own read-only `Action`
    objects; `dict(action)` gives a copy to change.
    """
    # Most frequent phase first. Hands are sorted, so the actions come out sorted.
    phase, table = state.phase, state.game.actions
    if phase == st.OFFER:  # map over a bound __getitem__: cheaper than a comprehension's frame
        return list(map(table.offer.__getitem__, state.hands[state.cur]))
    if phase == st.VOTE:
        hand = state.hands[state.cur]
        votes = table.vote
        return [votes[n][c] for n in state.nominees for c in hand]
    if phase == st.NOMINATE:
        return list(table.nominate[state.active])
    if phase == st.CHOOSE:
        return [table.choose[s] for s, c in enumerate(state.offers) if c >= 0]
    if phase == st.AWARD:
        return [table.award[n] for n in state.tied]
    if phase == st.ASK:
        cards = state.hands[state.active]
        if state.question == 2:
            cards = sorted(cards + state.scored[state.active])
        return [table.ask[c] for c in cards]
    if phase == st.SHUFFLE:
        ids, order = state.game.ids, shuffle_order(state)
        action = {"type": "shuffle", "order": list(map(ids.__getitem__, order))}
        # Remembered so that applying this very object skips re-reading 100-odd ids.
        state.offered_shuffle = (action, tuple(action["order"]), order)
        return [action]
    return []


def illegal(state, action, why: str):
    return st.IllegalAction(f"illegal action {action!r} in phase "
                            f"{st.PHASE_NAMES[state.phase]!r}: {why}")


def _seat(state, action, value, allowed) -> int:
    if type(value) is not int or value not in allowed:
        raise illegal(state, action, f"seat must be one of {sorted(allowed)}")
    return value


def _card(state, action, value, zone: list[int]) -> int:
    card = state.game.index.get(value) if isinstance(value, str) else None
    if card is None or card not in zone:
        raise illegal(state, action, f"card {value!r} is not available here")
    return card


def parse(state, action):
    """Check an action that came from outside (JSON, a test, a copy) field by field; return
    (transition name, arguments, the action to log). `State.apply_action` takes the engine's
    own `Action` objects by a faster path."""
    if not isinstance(action, dict):
        raise st.IllegalAction(f"an action is a dict with a 'type', not {action!r}")
    kind = action.get("type")
    expected = _TYPE_OF_PHASE[state.phase]
    if expected is None:
        raise illegal(state, action, "the game is over")
    if kind != expected:
        raise illegal(state, action, f"expected a {expected!r} action")
    if action.keys() != _KEYS[kind]:
        raise illegal(state, action, f"a {kind!r} action has exactly the keys {sorted(_KEYS[kind])}")
    if kind == "vote":
        nominee = _seat(state, action, action["nominee"], state.nominees)
        card = _card(state, action, action["card"], state.hands[state.cur])
        return "do_vote", (nominee, card), state.game.actions.vote[nominee][card]
    if kind == "offer":
        card = _card(state, action, action["card"], state.hands[state.cur])
        return "do_offer", (card,), state.game.actions.offer[card]
    if kind == "choose":
        offered = [s for s, c in enumerate(state.offers) if c >= 0]
        seat = _seat(state, action, action["from"], offered)
        return "do_choose", (seat,), state.game.actions.choose[seat]
    if kind == "nominate":
        raw = action["nominees"]
        options = state.game.nomination_options[state.active]
        chosen = tuple(raw) if isinstance(raw, list) and all(type(s) is int for s in raw) else None
        if chosen not in options:
            raise illegal(state, action, f"nominate {state.game.rules.nominees} other seats, "
                           "ascending, never yourself")
        return "do_nominate", (chosen,), state.game.actions.nominate_by_seats[state.active][chosen]
    if kind == "award":
        seat = _seat(state, action, action["nominee"], state.tied)
        return "do_award", (seat,), state.game.actions.award[seat]
    if kind == "ask":
        zone = state.hands[state.active]
        if state.question == 2:
            zone = zone + state.scored[state.active]
        card = _card(state, action, action["card"], zone)
        return "do_ask", (card,), state.game.actions.ask[card]
    return "do_shuffle", (_order(state, action),), {"type": kind, "order": list(action["order"])}


def _order(state, action) -> list[int]:
    raw = action["order"]
    offered = state.offered_shuffle
    if offered is not None and action is offered[0] and tuple(raw) == offered[1]:
        return list(offered[2])
    pile = state.box if state.shuffle_pile == "deck" else state.discard
    index = state.game.index
    order = ([index.get(c) if isinstance(c, str) else None for c in raw]
             if isinstance(raw, list) else None)
    if order is None or len(order) != len(pile) or set(order) != set(pile):
        raise illegal(state, action, f"the order must list each of the {len(pile)} cards "
                       f"of the {state.shuffle_pile} pile exactly once")
    return order
