"""Actions at the API edge: listing the legal ones and reading an incoming one.

An action is a small JSON-able dict, one kind per phase (docs/rules-pug-you.md §3, §7):

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

Every action is read the same way, field by field, whoever made it — but one that
`legal_actions()` listed at this very position, the engine's own object, whose checks ran
when it was listed (`State.listed`, forgotten at the next action). What goes into the log
is never the caller's object but the engine's own read-only `Action` for the move it read,
so the log says exactly what was played, whatever the caller does with its dict afterwards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from pugdeck.games.engine_kit import Action, FrozenList, read_card, read_seat
from pugdeck.games.pug_you.phases import (
    ASK,
    AWARD,
    CHOOSE,
    NO_CARD,
    NOMINATE,
    OFFER,
    OVER,
    SECOND_QUESTION,
    SHUFFLE,
    VOTE,
    IllegalAction,
)
from pugdeck.games.rng import Rng

if TYPE_CHECKING:  # type hints only: state imports this module
    from pugdeck.games.pug_you.engine import Game
    from pugdeck.games.pug_you.state import State

_KEYS = {
    "shuffle": {"type", "order"}, "offer": {"type", "card"}, "choose": {"type", "from"},
    "nominate": {"type", "nominees"}, "vote": {"type", "nominee", "card"},
    "award": {"type", "nominee"}, "ask": {"type", "card"},
}
"""The exact keys of each kind of action (also what docs/rules-pug-you.md must name)."""


class ActionTable:
    """Every non-chance action of one game, made once when the game is set up.

    Listing legal actions then picks existing objects instead of building dicts; indexed by
    card number and seat.
    """

    def __init__(self, game: Game):
        ids, seats = game.ids, range(game.players)
        self.offer = [Action(type="offer", card=i) for i in ids]
        self.ask = [Action(type="ask", card=i) for i in ids]
        self.choose = [Action({"type": "choose", "from": s}) for s in seats]
        self.award = [Action(type="award", nominee=s) for s in seats]
        self.vote = [[Action(type="vote", nominee=n, card=i) for i in ids] for n in seats]
        # Per active seat: each allowed tuple of nominees -> its action.
        self.nominate = [{option: Action(type="nominate", nominees=FrozenList(option))
                          for option in options} for options in game.nomination_options]
        # Each of these objects -> its type and its transition's arguments, which its fields
        # alone decide: `State.apply_action` applies a listed one without reading it again.
        moves = {id(a): ("offer", (c,)) for c, a in enumerate(self.offer)}
        moves.update((id(a), ("ask", (c,))) for c, a in enumerate(self.ask))
        moves.update((id(a), ("choose", (s,))) for s, a in enumerate(self.choose))
        moves.update((id(a), ("award", (s,))) for s, a in enumerate(self.award))
        moves.update((id(a), ("vote", (n, c))) for n, row in enumerate(self.vote) for c, a in enumerate(row))
        moves.update((id(a), ("nominate", (o,))) for table in self.nominate for o, a in table.items())
        self.moves: dict[int, tuple[str, tuple]] = moves


def shuffle_order(state: State) -> list[int]:
    """The order the game's seed draws for the next shuffle (card numbers, top card first)."""
    pile = sorted(state.box if state.shuffle_pile == "deck" else state.discard)
    # One stream per shuffle, named by the game seed and the shuffle's number, so the outcome
    # depends on nothing a bot or a clone could disturb.
    Rng(f"pug-you/{state.game.seed}/shuffle/{state.shuffles}").shuffle(pile)
    return pile


def legal_actions(state: State) -> list[dict]:
    """The legal actions of `state` (see the module docstring), sorted and unique; [] at the end.

    This is `State.legal_actions`. The dicts are read-only; `dict(action)` gives a copy to
    change. Hands are kept sorted, so the actions come out sorted without sorting.
    """
    phase, table = state.phase, state.game.actions
    if phase == OFFER:
        listed = [table.offer[card] for card in state.hands[state.current]]
    elif phase == VOTE:
        hand = state.hands[state.current]
        listed = [table.vote[nominee][card] for nominee in state.nominees for card in hand]
    elif phase == NOMINATE:
        listed = list(table.nominate[state.active].values())
    elif phase == CHOOSE:
        listed = [table.choose[seat] for seat, card in enumerate(state.offers) if card != NO_CARD]
    elif phase == AWARD:
        listed = [table.award[seat] for seat in state.tied]
    elif phase == ASK:
        listed = [table.ask[card] for card in sorted(askable_cards(state))]
    elif phase == SHUFFLE:  # made afresh, so read in full when applied (rare: a chance step)
        ids = state.game.ids
        return [Action(type="shuffle", order=FrozenList([ids[c] for c in shuffle_order(state)]))]
    else:
        return []
    state.listed = tuple(listed)  # the engine's own copy: the caller may change its list
    return listed


def askable_cards(state: State) -> list[int]:
    """The cards the active player may ask: her hand, and on a second question her scored
    cards too (docs/rules-pug-you.md §3.6)."""
    cards = state.hands[state.active]
    if state.question == SECOND_QUESTION:
        cards = cards + state.scored[state.active]
    return cards


def illegal(state: State, action: object, why: str) -> IllegalAction:
    """The error for `action` in `state`, saying why it is not legal."""
    return IllegalAction(f"illegal action {action!r} in phase "
                         f"{state.phase.value!r}: {why}")


def read(state: State, action: object) -> tuple[str, tuple, Action]:
    """Check `action` against `state` field by field, without changing anything.

    Returns the action's type, the arguments of its transition (card numbers and seats),
    and the engine's own `Action` for that move, which is what the log keeps.
    """
    if not isinstance(action, dict):
        raise IllegalAction(f"an action is a dict with a 'type', not {action!r}")
    expected = state.phase  # a StrEnum: the phase is the type of the action it takes
    if expected is OVER:
        raise illegal(state, action, "the game is over")
    kind = action.get("type")
    if kind != expected:
        raise illegal(state, action, f"expected a {expected.value!r} action")
    if action.keys() != _KEYS[kind]:
        raise illegal(state, action, f"a {kind!r} action has exactly the keys {sorted(_KEYS[kind])}")
    try:
        args, logged = _READERS[kind](state, action)
    except IllegalAction as refused:  # a field's reader says why; the message says where
        raise illegal(state, action, str(refused)) from None
    return kind, args, logged


def _read_offer(state: State, action: dict) -> tuple[tuple, Action]:
    card = read_card(action["card"], state.game.index, state.hands[state.current])
    return (card,), state.game.actions.offer[card]


def _read_vote(state: State, action: dict) -> tuple[tuple, Action]:
    nominee = read_seat(action["nominee"], state.nominees)
    card = read_card(action["card"], state.game.index, state.hands[state.current])
    return (nominee, card), state.game.actions.vote[nominee][card]


def _read_choose(state: State, action: dict) -> tuple[tuple, Action]:
    offered = [seat for seat, card in enumerate(state.offers) if card != NO_CARD]
    seat = read_seat(action["from"], offered)
    return (seat,), state.game.actions.choose[seat]


def _read_nominate(state: State, action: dict) -> tuple[tuple, Action]:
    raw = action["nominees"]
    chosen = tuple(raw) if isinstance(raw, list) and all(type(s) is int for s in raw) else None
    allowed = state.game.actions.nominate[state.active]
    if chosen not in allowed:
        raise IllegalAction(f"nominate {state.game.rules.nominees} other seats, ascending, never yourself")
    return (chosen,), allowed[chosen]


def _read_award(state: State, action: dict) -> tuple[tuple, Action]:
    seat = read_seat(action["nominee"], state.tied)
    return (seat,), state.game.actions.award[seat]


def _read_ask(state: State, action: dict) -> tuple[tuple, Action]:
    card = read_card(action["card"], state.game.index, askable_cards(state))
    return (card,), state.game.actions.ask[card]


def _read_shuffle(state: State, action: dict) -> tuple[tuple, Action]:
    raw = action["order"]
    pile = state.box if state.shuffle_pile == "deck" else state.discard
    index = state.game.index
    order = ([index.get(c) if isinstance(c, str) else None for c in raw]
             if isinstance(raw, list) else None)
    if order is None or len(order) != len(pile) or set(order) != set(pile):
        raise IllegalAction(f"the order must list each of the {len(pile)} cards "
                            f"of the {state.shuffle_pile} pile exactly once")
    ids = state.game.ids
    return (order,), Action(type="shuffle", order=FrozenList([ids[c] for c in order]))


_READERS: dict[str, Callable[[State, dict], tuple[tuple, Action]]] = {
    "shuffle": _read_shuffle, "offer": _read_offer, "choose": _read_choose,
    "nominate": _read_nominate, "vote": _read_vote, "award": _read_award, "ask": _read_ask,
}
