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

The plays and duel choices `legal_actions()` lists are read-only dicts (`Action`), made once
per game for each card and set of targets and handed out again; copy one with
`dict(action)` to change it. A deal is a new dict each time. Whatever dict `apply_action`
is given, `parse` checks it as it is then and returns a copy of its own to log: what is
logged is what was played, and the log replays the match.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pugdeck.games.engine_kit import Action, IllegalAction, read_card, read_seat
from pugdeck.games.pixelpug.phases import DEAL, PLAY, RPS, RPS_CHOICES

if TYPE_CHECKING:
    from pugdeck.games.pixelpug.engine import Game
    from pugdeck.games.pixelpug.state import State

# The keys each type of action may have.
_KEYS = {"deal": ({"type", "order", "first"},),
         "play": ({"type", "card"}, {"type", "card", "target"}, {"type", "card", "target", "name"}),
         "rps": ({"type", "choice"},)}


RPS_ACTIONS = tuple(Action(type=RPS, choice=choice) for choice in RPS_CHOICES)


def valid_targets(state: State, seat: int, card: int) -> tuple[int, ...]:
    """The seats `seat` may choose when playing `card`, in seat order; () when the card
    chooses nobody, or when nobody is a valid target (then it is played without effect).

    docs/rules-pixelpug.md, "Targets, attacks, protection": a target is still in the round;
    `opponent` is never yourself, `target-player` may be (`Game.allowed_targets`); a red card
    cannot choose someone else in the Doghouse.
    """
    g = state.game
    allowed = g.allowed_targets[card][seat]
    if not allowed:
        return ()
    red, alive, doghouse = g.attack[card], state.alive, state.doghouse
    if False not in alive and not (red and True in doghouse):
        return allowed  # the common case: everyone is still in and a red card finds nobody shielded
    targets = []
    for s in allowed:
        if alive[s] and not (red and s != seat and doghouse[s]):
            targets.append(s)
    return tuple(targets)


def table_is_open(state: State) -> bool:
    """Whether everyone is still in the round and nobody is in the Doghouse: then every
    card's valid targets are all the seats its target word allows (`valid_targets`)."""
    return False not in state.alive and True not in state.doghouse


def legal_actions(state: State) -> list[dict]:
    """The legal actions of `state` (see the module docstring), sorted and unique."""
    if state.phase == PLAY:
        seat, game, out, offered = state.current, state.game, [], {}
        made = game.plays
        allowed = game.allowed_targets if table_is_open(state) else None  # asked once, not once a card
        for card in state.hands[seat]:  # hands are sorted, so the plays come out sorted
            targets = valid_targets(state, seat, card) if allowed is None else allowed[card][seat]
            plays, listed = made.get((card, targets)) or play_actions(game, card, targets)
            out += plays
            offered[game.ids[card]] = listed
        state.offered = offered
        return out
    if state.phase == RPS:
        return list(RPS_ACTIONS)
    if state.phase == DEAL:
        _order, first, order_ids = state.game.deal(state.round)
        return [{"type": "deal", "order": list(order_ids), "first": first}]
    return []


def play_actions(game: Game, card: int, targets: tuple[int, ...]) -> tuple[tuple[Action, ...], dict]:
    """The plays of `card` at these valid targets (one per target and kind it may name), and
    what `parse` looks an incoming play up in: by (target, name), a plain copy of the play,
    never handed out (a handed-out play changed behind its read-only guard is no longer what
    was listed), with the transition's arguments.

    Made once per game for each card and set of targets and kept in `Game.plays` (read-only
    objects, since a Nip or a Go Fisch is a dozen plays per target), where `legal_actions`
    looks first: a call, made at each card of each `legal_actions()`, costs more than the
    lookup (benchmarks/bench_pixelpug.py)."""
    card_id = game.ids[card]
    if not targets:
        plays = (Action(type=PLAY, card=card_id),)
    elif game.names_kind[card]:
        plays = tuple(Action(type=PLAY, card=card_id, target=t, name=k)
                      for t in targets for k in game.nameable[card])
    else:
        plays = tuple(Action(type=PLAY, card=card_id, target=t) for t in targets)
    listed = {(play.get("target"), play.get("name")):
              (dict(play), (card, play.get("target"), game.kind_index.get(play.get("name")))) for play in plays}
    made = game.plays[(card, targets)] = plays, listed
    return made


def action_key(action: dict) -> tuple:
    """The order `legal_actions()` lists actions in (card, target, name; choices by name)."""
    return (action.get("card", ""), action.get("target", -1), action.get("name", ""),
            action.get("choice", ""))


def parse(state: State, action: object) -> tuple[tuple, dict]:
    """Check `action` against `state`; return (the arguments of the phase's transition, the
    copy to log): ((card, target, kind), …) for a play, ((choice,), …) for a duel choice,
    ((order, first), …) for a deal. Raises `IllegalAction`, changing nothing.

    A play equal to one listed here is logged as the engine's own plain copy of it (read
    only by the engine: `history()` hands out copies). Anything else is checked on a plain
    copy of `action`, made first, and that copy is what is logged: what is logged is what
    was checked and played (and a plain dict reads faster than the read-only `Action`s)."""
    if not isinstance(action, dict):
        raise IllegalAction(f"an action is a dict with a 'type', not {action!r}")
    phase = state.phase
    if phase == PLAY:
        # A play legal_actions() listed at this position (`State.offered`) is legal: its
        # fields need no checking again, and the engine's own plain copy of it is logged.
        try:
            logged, args = state.offered[action["card"]][action.get("target"), action.get("name")]
        except (KeyError, TypeError):  # not listed (a field may even be a list: unhashable)
            pass
        else:
            if action == logged:  # and nothing else in it: the same keys, the type "play"
                return args, logged
    action = dict(action)
    if phase not in _KEYS:
        raise _illegal(state, action, "the match is over")
    if action.get("type") != phase:
        raise _illegal(state, action, f"expected a {phase.value!r} action")
    if set(action) not in _KEYS[phase]:
        raise _illegal(state, action, f"unexpected keys {sorted(action)}")
    try:
        if phase == PLAY:
            return _parse_play(state, action)
        if phase == RPS:
            return _parse_choice(state, action)
        return _parse_deal(state, action)
    except IllegalAction as refused:  # a field's reader says why; the message says where
        raise _illegal(state, action, str(refused)) from None


def _illegal(state: State, action: dict, why: str) -> IllegalAction:
    return IllegalAction(f"illegal action {action!r} in phase {state.phase.value!r}: {why}")


def _parse_play(state: State, action: dict) -> tuple[tuple, dict]:
    g, seat = state.game, state.current
    card_id = action["card"]
    card = read_card(card_id, g.index, state.hands[seat], "in your hand")
    targets = valid_targets(state, seat, card)
    target = action.get("target")
    if targets:
        read_seat(target, targets, "target")
    elif target is not None:
        raise IllegalAction("this card has no valid target here; play it without one")
    named = None
    if targets and g.names_kind[card]:
        name = action.get("name")
        if name not in g.nameable[card]:
            raise IllegalAction(f"name must be one of {', '.join(g.nameable[card])}")
        named = g.kind_index[name]
    elif "name" in action:
        raise IllegalAction("this card names no card")
    return (card, target, named), action


def _parse_choice(state: State, action: dict) -> tuple[tuple, dict]:
    choice = action["choice"]
    if choice not in RPS_CHOICES:
        raise IllegalAction(f"choice must be one of {', '.join(RPS_CHOICES)}")
    return (choice,), action


def _parse_deal(state: State, action: dict) -> tuple[tuple, dict]:
    g = state.game
    raw, first = action["order"], action["first"]
    why = f"the order must list each of the {len(state.box)} cards of the game deck exactly once"
    if not isinstance(raw, list):
        raise IllegalAction(why)
    dealt, _first, dealt_ids = g.deal(state.round)
    if tuple(raw) == dealt_ids:  # the seed's own shuffle, which legal_actions() lists
        order = list(dealt)
    else:
        index = g.index
        order = [index.get(c) if isinstance(c, str) else None for c in raw]  # an id is a string
        # The box is in id order, so a permutation of it sorts back to it.
        if None in order or sorted(order) != state.box:
            raise IllegalAction(why)
    if type(first) is not int or not 0 <= first < g.players:
        raise IllegalAction(f"first must be a seat from 0 to {g.players - 1}")
    action["order"] = list(raw)  # the log's own copy of the list too
    return (order, first), action
