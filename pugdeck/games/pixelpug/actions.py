"""Actions at the API edge: listing the legal ones and checking an incoming one.

An action is a small JSON-able dict:

    {"type": "deal", "order": [card ids, top first], "first": seat}    chance, each round
    {"type": "play", "card": id}                                       no target to choose
    {"type": "play", "card": id, "target": seat}                       a targeted card
    {"type": "play", "card": id, "target": seat, "name": kind}         Go Fisch, Nip
    {"type": "rps", "choice": "paper" | "rock" | "scissors"}           a secret duel choice

A targeted card with no valid target (every opponent out of the round, or in the Doghouse
against a red card) is played without one and does nothing. At a deal `legal_actions()`
lists the one outcome the game's seed draws; `apply_action` accepts any order and first
seat, so a stacked deck or a log from another source replays exactly.

The action dicts `legal_actions()` returns are shared between calls (built once per game,
which keeps random playouts above 100,000 actions a second): read them, copy before changing.
"""

from __future__ import annotations

from pugdeck.games.pixelpug import state as st
from pugdeck.games.pixelpug.effects import RPS_CHOICES

_KEYS = {"deal": ({"type", "order", "first"},),
         "play": ({"type", "card"}, {"type", "card", "target"}, {"type", "card", "target", "name"}),
         "rps": ({"type", "choice"},)}


RPS_ACTIONS = tuple({"type": "rps", "choice": c} for c in RPS_CHOICES)
RPS_BY_ID = {id(a): a["choice"] for a in RPS_ACTIONS}  # module constants: the ids stay theirs


def deal_outcome(state) -> tuple[list[int], int]:
    """The shuffle and starting seat the game's seed draws for the coming round."""
    order, first, _ids = state.game.deal(state.round)
    return list(order), first


class Table:
    """What one seat may play in one situation (who is in the round, who is in the Doghouse).

    `groups[mode]` are the seats a card of `Game.target_mode` `mode` may target: () for 0
    (no target), then anyone in the round (yourself included), others in it, others not in
    the Doghouse, you or anyone not in the Doghouse. `plays[card]` are the card's play dicts
    there. Made once per game and situation, so listing and checking plays is indexing.
    """

    __slots__ = ("groups", "plays")

    def __init__(self, game, seat: int, alive: tuple[bool, ...], doghouse: tuple[bool, ...]):
        # Loops rather than generators: a game builds many of these (dozens of situations
        # with four players, each a table per seat).
        anyone, others, unprotected, red_anyone = [], [], [], []
        for s in range(game.players):
            if alive[s]:
                anyone.append(s)
                if s != seat:
                    others.append(s)
                    if not doghouse[s]:
                        unprotected.append(s)
                # A red "target player" card: yourself, or anyone not in the Doghouse.
                if s == seat or not doghouse[s]:
                    red_anyone.append(s)
        self.groups = ((), tuple(anyone), tuple(others), tuple(unprotected), tuple(red_anyone))
        modes, options = game.target_mode, game.play_options
        plays = []
        for card in range(len(game.cards)):
            group = self.groups[modes[card]]
            plays.append(options[card].get(group) or _options(game, card, group))
        self.plays = tuple(plays)


def tables(state) -> tuple[Table, ...]:
    """Each seat's `Table` now: kept per state in `targets_cache` (reset to None whenever
    someone goes out or into or out of the Doghouse) and per game by situation, since both
    lookups happen at every action. All seats' tables at once: after a reset one lookup
    serves every seat's next turn."""
    found = state.targets_cache
    if found is None:
        g = state.game
        found = g.tables.get(state.situation)  # an int: cheaper to look up than the two lists
        if found is None:
            alive, doghouse = tuple(state.alive), tuple(state.doghouse)
            found = g.tables[state.situation] = tuple(Table(g, seat, alive, doghouse)
                                                      for seat in range(g.players))
        state.targets_cache = found
    return found


def table(state, seat: int) -> Table:
    """`seat`'s `Table` now (see `tables`)."""
    return tables(state)[seat]


def targets_for(state, seat: int, card: int) -> tuple[int, ...]:
    """The seats `seat` may choose for `card` (empty: played without effect, or no target)."""
    return table(state, seat).groups[state.game.target_mode[card]]


def legal_actions(state) -> list[dict]:
    """The legal actions of `state` (see the module docstring), sorted and unique.

    (`State.legal_actions` lists plays itself, the common case, and calls this for the rest,
    of which a deal is the most common.)"""
    phase = state.phase
    if phase == st.DEAL:
        order, first, order_ids = state.game.deal(state.round)
        action = {"type": "deal", "order": list(order_ids), "first": first}
        # Remembered with a copy of its own: applying this very dict, still equal to the copy,
        # skips re-checking it (State.apply_action).
        state.offered_deal = (action, {"type": "deal", "order": list(order_ids), "first": first},
                              order, state.round)
        return [action]
    if phase == st.PLAY:
        plays = table(state, state.cur).plays
        return [action for card in state.hands[state.cur] for action in plays[card]]
    if phase == st.RPS:
        return list(RPS_ACTIONS)
    return []


def _options(g, card: int, targets: tuple[int, ...]) -> tuple[dict, ...]:
    """The plays of `card` at these targets, built once per game: they never change.

    Each dict is also remembered with its parsed form, so `State.apply_action` can accept a
    dict that `legal_actions()` handed out after checking only that it is still legal: the
    card is in hand and the seat's table still offers this very tuple of plays for it.
    """
    card_id = g.ids[card]
    if not targets:
        options = [({"type": "play", "card": card_id}, None, None)]
    elif g.names_kind[card]:
        options = [({"type": "play", "card": card_id, "target": t, "name": k}, t, g.kind_index[k])
                   for t in targets for k in g.nameable[card]]
    else:
        options = [({"type": "play", "card": card_id, "target": t}, t, None) for t in targets]
    plays = g.play_options[card][targets] = tuple(action for action, _t, _k in options)
    for action, target, kind in options:
        g.parsed_plays[id(action)] = (card, target, kind, plays)
    return plays


def action_key(action: dict) -> tuple:
    """The order `legal_actions()` lists actions in (card, target, name; choices by name)."""
    return (action.get("card", ""), action.get("target", -1), action.get("name", ""),
            action.get("choice", ""))


def _illegal(state, action, why: str):
    return st.IllegalAction(f"illegal action {action!r} in phase "
                            f"{st.PHASE_NAMES[state.phase]!r}: {why}")


def parse(state, action):
    """Check `action` against `state`; return (the arguments of the phase's transition, the
    copy to log): ((card, target, kind), …) for a play, ((choice,), …) for a duel choice,
    ((order, first), …) for a deal.

    (`State.apply_action` first tries the actions `legal_actions()` hands out, by identity.)"""
    if not isinstance(action, dict):
        raise st.IllegalAction(f"an action is a dict with a 'type', not {action!r}")
    kind = action.get("type")
    phase = state.phase
    expected = ("deal", "play", "rps", None)[phase]
    if expected is None:
        raise _illegal(state, action, "the match is over")
    if kind != expected:
        raise _illegal(state, action, f"expected a {expected!r} action")
    if set(action) not in _KEYS[kind]:
        raise _illegal(state, action, f"unexpected keys {sorted(action)}")
    if kind == "play":
        return _parse_play(state, action)
    if kind == "rps":
        choice = action["choice"]
        if choice not in RPS_CHOICES:
            raise _illegal(state, action, f"choice must be one of {', '.join(RPS_CHOICES)}")
        return (choice,), {"type": "rps", "choice": choice}
    return _parse_deal(state, action)


def _parse_play(state, action):
    g, seat = state.game, state.cur
    card = g.index.get(action["card"]) if isinstance(action["card"], str) else None
    if card is None or card not in state.hands[seat]:
        raise _illegal(state, action, f"card {action['card']!r} is not in your hand")
    targets = targets_for(state, seat, card)
    target = action.get("target")
    if targets:
        if type(target) is not int or target not in targets:
            raise _illegal(state, action, f"target must be one of {targets}")
    elif target is not None:
        raise _illegal(state, action, "this card has no valid target here; play it without one")
    named = None
    if targets and g.names_kind[card]:
        name = action.get("name")
        if name not in g.nameable[card]:
            raise _illegal(state, action, f"name must be one of {', '.join(g.nameable[card])}")
        named = g.kind_index[name]
    elif "name" in action:
        raise _illegal(state, action, "this card names no card")
    logged = {"type": "play", "card": action["card"]}
    if target is not None:
        logged["target"] = target
    if named is not None:
        logged["name"] = action["name"]
    return (card, target, named), logged


def _parse_deal(state, action):
    g = state.game
    raw, first = action["order"], action["first"]
    order = [g.index.get(c) for c in raw] if isinstance(raw, list) else None
    if order is None or len(order) != len(state.box) or set(order) != set(state.box):
        raise _illegal(state, action, f"the order must list each of the {len(state.box)} "
                       "cards of the game deck exactly once")
    if type(first) is not int or not 0 <= first < g.players:
        raise _illegal(state, action, f"first must be a seat from 0 to {g.players - 1}")
    return (order, first), {"type": "deal", "order": list(raw), "first": first}
