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

from pugdeck.rng import Rng

# Imported late by name to keep state.py the only owner of the phase numbers.
from pugdeck.games.pug_you import state as st

_TYPE_OF_PHASE = ("shuffle", "offer", "choose", "nominate", "vote", "award", "ask", None)
_KEYS = {
    "shuffle": {"type", "order"}, "offer": {"type", "card"}, "choose": {"type", "from"},
    "nominate": {"type", "nominees"}, "vote": {"type", "nominee", "card"},
    "award": {"type", "nominee"}, "ask": {"type", "card"},
}


def shuffle_order(state) -> list[int]:
    """The order the game's seed draws for the next shuffle (top card first)."""
    pile = sorted(state.box if state.shuffle_pile == "deck" else state.discard)
    # One stream per shuffle, named by the game seed and the shuffle's number, so the outcome
    # depends on nothing a bot or a clone could disturb.
    Rng(f"pug-you/{state.game.seed}/shuffle/{state.shuffles}").shuffle(pile)
    return pile


def legal_actions(state) -> list[dict]:
    """The legal actions of `state` (see the module docstring), sorted and unique."""
    phase, ids = state.phase, state.game.ids
    if phase == st.OFFER:
        return [{"type": "offer", "card": ids[c]} for c in state.hands[state.cur]]
    if phase == st.VOTE:
        hand = state.hands[state.cur]
        return [{"type": "vote", "nominee": n, "card": ids[c]} for n in state.nominees for c in hand]
    if phase == st.CHOOSE:
        return [{"type": "choose", "from": s} for s, c in enumerate(state.offers) if c >= 0]
    if phase == st.NOMINATE:
        return [{"type": "nominate", "nominees": list(option)}
                for option in state.game.nomination_options[state.active]]
    if phase == st.AWARD:
        return [{"type": "award", "nominee": n} for n in state.tied]
    if phase == st.ASK:
        cards = state.hands[state.active]
        if state.question == 2:
            cards = sorted(cards + state.scored[state.active])
        return [{"type": "ask", "card": ids[c]} for c in cards]
    if phase == st.SHUFFLE:
        return [{"type": "shuffle", "order": [ids[c] for c in shuffle_order(state)]}]
    return []


def _illegal(state, action, why: str):
    return st.IllegalAction(f"illegal action {action!r} in phase "
                            f"{st.PHASE_NAMES[state.phase]!r}: {why}")


def _seat(state, action, value, allowed) -> int:
    if type(value) is not int or value not in allowed:
        raise _illegal(state, action, f"seat must be one of {sorted(allowed)}")
    return value


def _card(state, action, value, zone: list[int]) -> int:
    card = state.game.index.get(value) if isinstance(value, str) else None
    if card is None or card not in zone:
        raise _illegal(state, action, f"card {value!r} is not available here")
    return card


def parse(state, action):
    """Check `action` against `state`; return (transition, arguments, logged copy)."""
    if not isinstance(action, dict):
        raise st.IllegalAction(f"an action is a dict with a 'type', not {action!r}")
    kind = action.get("type")
    expected = _TYPE_OF_PHASE[state.phase]
    if expected is None:
        raise _illegal(state, action, "the game is over")
    if kind != expected:
        raise _illegal(state, action, f"expected a {expected!r} action")
    if action.keys() != _KEYS[kind]:
        raise _illegal(state, action, f"a {kind!r} action has exactly the keys {sorted(_KEYS[kind])}")
    if kind == "vote":
        nominee = _seat(state, action, action["nominee"], state.nominees)
        card = _card(state, action, action["card"], state.hands[state.cur])
        return st.State.do_vote, (nominee, card), {"type": kind, "nominee": nominee, "card": action["card"]}
    if kind == "offer":
        card = _card(state, action, action["card"], state.hands[state.cur])
        return st.State.do_offer, (card,), {"type": kind, "card": action["card"]}
    if kind == "choose":
        offered = [s for s, c in enumerate(state.offers) if c >= 0]
        seat = _seat(state, action, action["from"], offered)
        return st.State.do_choose, (seat,), {"type": kind, "from": seat}
    if kind == "nominate":
        raw = action["nominees"]
        options = state.game.nomination_options[state.active]
        chosen = tuple(raw) if isinstance(raw, list) and all(type(s) is int for s in raw) else None
        if chosen not in options:
            raise _illegal(state, action, f"nominate {state.game.rules.nominees} other seats, "
                           "ascending, never yourself")
        return st.State.do_nominate, (chosen,), {"type": kind, "nominees": list(chosen)}
    if kind == "award":
        seat = _seat(state, action, action["nominee"], state.tied)
        return st.State.do_award, (seat,), {"type": kind, "nominee": seat}
    if kind == "ask":
        zone = state.hands[state.active]
        if state.question == 2:
            zone = zone + state.scored[state.active]
        card = _card(state, action, action["card"], zone)
        return st.State.do_ask, (card,), {"type": kind, "card": action["card"]}
    return st.State.do_shuffle, (_order(state, action),), {"type": kind, "order": list(action["order"])}


def _order(state, action) -> list[int]:
    raw = action["order"]
    pile = state.box if state.shuffle_pile == "deck" else state.discard
    index = state.game.index
    order = [index.get(c) for c in raw] if isinstance(raw, list) else None
    if order is None or len(order) != len(pile) or set(order) != set(pile):
        raise _illegal(state, action, f"the order must list each of the {len(pile)} cards "
                       f"of the {state.shuffle_pile} pile exactly once")
    return order
