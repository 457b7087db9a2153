"""What each effect operation does to a `State` (the catalogue is `operations.py`).

`State.do_play` runs a played card's steps in order (`play_card`). The chosen target was
checked when the action was parsed (alive; another player for `opponent`; not in the
Doghouse for a red card). A step stops the card when the round is decided by it (an
elimination, a Dog Food hit). A duel pauses the card: the state waits for two secret
choices, then `finish_duel`.

Each card's steps are read once per game (`programs`) into (operation, acts on the player,
argument) triples, the argument being the step's parameters already read (an amount, a kind
number, an outcome function), so the operations below take plain values.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable
from typing import TYPE_CHECKING

from pugdeck.games.pixelpug.operations import SELF
from pugdeck.games.pixelpug.phases import DOG_FOOD, RPS

if TYPE_CHECKING:
    from pugdeck.games.pixelpug.engine import Game, Step
    from pugdeck.games.pixelpug.state import State

_BEATS = {"rock": "scissors", "paper": "rock", "scissors": "paper"}

Program = tuple[tuple[Callable, bool, object], ...]
"""A card's steps as (operation, acts on the player rather than the target, argument)."""


def programs(game: Game) -> tuple[tuple[Program, ...], tuple]:
    """(per card: its `Program`; per card: the duel's (loser, winner, tie) outcome
    functions, or None for a card without a duel)."""
    steps, duels = [], []
    for info in game.cards:
        steps.append(tuple((_OPS[s.op], s.target == SELF, _ARGS.get(s.op, _no_arg)(game, s))
                           for s in info.effect))
        duel = next((s for s in info.effect if s.op == "rps-duel"), None)
        duels.append(None if duel is None else _duel_arg(game, duel))
    return tuple(steps), tuple(duels)


def play_card(state: State, seat: int, target: int | None, card: int, kind: int | None) -> None:
    """`seat` has played `card` at `target` (naming `kind`): run its steps in order."""
    for run, on_self, arg in state.game.programs[card]:
        run(state, seat, seat if on_self else target, card, kind, arg)
        if state.round_how or state.rps:
            return  # the round is decided, or a duel waits for its choices


def card_ids(game: Game, cards: list[int]) -> list[str]:
    """The ids of `cards` (numbers), in order."""
    ids, out = game.ids, []
    for card in cards:  # a plain loop: a comprehension is a function call, map a C call a card
        out.append(ids[card])
    return out


def finish_duel(state: State, card: int, attacker: int, defender: int, a: str, d: str) -> None:
    """Both secret choices are in: reveal them and apply the card's outcomes."""
    loses, wins, tie = state.game.duels[card]
    winner = attacker if _BEATS[a] == d else defender if _BEATS[d] == a else None
    state.announce({"event": "duel", "seat": attacker, "target": defender,
                    "choices": [a, d], "winner": winner})
    if winner is None:
        tie(state, attacker, card)
        tie(state, defender, card)
        return
    loses(state, defender if winner == attacker else attacker, card)
    if not state.round_how:
        wins(state, winner, card)


# --- outcomes (see operations.OUTCOME_PARAMS): what happens to `seat` because of `card` ----

def _no_outcome(state: State, seat: int, card: int) -> None:
    pass


def _lose_one_life(state: State, seat: int, card: int) -> None:
    state.lose_life(seat, 1, card)


def _draw_one(state: State, seat: int, card: int) -> None:
    state.draw(seat)


def _win_round(state: State, seat: int, card: int) -> None:
    state.win_round(seat, DOG_FOOD)


_OUTCOMES = {"lose-life": _lose_one_life, "draw": _draw_one, "win-round": _win_round}


def _outcome(step: Step, name: str, default: str) -> Callable:
    """The outcome function a step's parameter `name` names ("none" and unknown: nothing)."""
    return _OUTCOMES.get(step.get(name, default), _no_outcome)


# --- the operations: run(state, seat playing, who it acts on, card, named kind, argument) ---

def _nothing(state, seat, who, card, kind, arg) -> None:
    pass


def _draw(state, seat, who, card, kind, amount) -> None:
    for _ in range(amount):
        state.draw(who)


def _give_from_pile(state, seat, who, card, kind, amount) -> None:
    for _ in range(amount):
        if not state.treats:
            state.announce({"event": "pile-empty", "pile": "treats"})
            return
        given = state.treats.pop()
        insort(state.hands[who], given)
        state.announce({"event": "given", "seat": who, "card": state.game.ids[given]})


def _lose_life(state, seat, who, card, kind, amount) -> None:
    state.lose_life(who, amount, card)


def _doghouse(state, seat, who, card, kind, arg) -> None:
    state.doghouse[who] = True  # until `who`'s next turn starts (State._start_turn)


def _holds(state: State, seat: int, kind: int | None) -> bool:
    kind_of = state.game.kind_of
    return any(kind_of[c] == kind for c in state.hands[seat])


def _guess_holder(state, seat, who, card, kind, arg) -> None:
    """Empty Bowl: a hit wins the round unless the named player also holds `unless-holding`."""
    wanted, shield, on_hit, on_miss = arg
    hit = _holds(state, who, wanted)
    shielded = hit and _holds(state, who, shield)
    state.announce({"event": "guess", "seat": seat, "target": who, "hit": hit, "shielded": shielded})
    if hit and not shielded:
        on_hit(state, seat, card)
    elif not hit:
        on_miss(state, seat, card)


def _guess_card(state, seat, who, card, kind, on_hit) -> None:
    """Nip: if the target holds the named kind, `on-hit` happens to them."""
    hit = _holds(state, who, kind)
    state.announce({"event": "guess", "seat": seat, "target": who, "hit": hit})
    if hit:
        on_hit(state, who, card)


def _rps(state, seat, who, card, kind, arg) -> None:
    state.rps = [seat, who, None, card]
    state.phase, state.current = RPS, seat


def _discard_hand_and_draw(state, seat, who, card, kind, arg) -> None:
    """Poop Time: the whole hand (any size, even one card) goes to the target's discard pile,
    or out of the round (face up, counting for nobody: `State.flushed`)."""
    amount, out_of_round = arg
    dropped = state.hands[who]
    state.hands[who] = []
    (state.flushed if out_of_round else state.discards[who]).extend(dropped)
    state.announce({"event": "discarded", "seat": who, "cards": card_ids(state.game, dropped),
                    "to": "out-of-round" if out_of_round else "own-pile"})
    for _ in range(amount):
        state.draw(who)


def _look_at_hand(state, seat, who, card, kind, arg) -> None:
    hand = card_ids(state.game, state.hands[who])
    state.tell((seat,), {"event": "look", "seat": seat, "target": who}, {"hand": hand})


def _both_hands(state: State, seat: int, who: int) -> dict[str, list[str]]:
    """The two hands by seat (as JSON object keys)."""
    return {str(seat): card_ids(state.game, state.hands[seat]),
            str(who): card_ids(state.game, state.hands[who])}


def _swap_hands(state, seat, who, card, kind, arg) -> None:
    hands = state.hands
    hands[seat], hands[who] = hands[who], hands[seat]
    # Each now holds what the other had, so each knows the other's new hand.
    state.tell((seat, who), {"event": "swap", "seat": seat, "target": who},
               {"hands": _both_hands(state, seat, who)})


def _fish(state, seat, who, card, kind, otherwise) -> None:
    """Go Fisch: the named kind from the target's hand, else go fish."""
    kind_of = state.game.kind_of
    found = next((c for c in state.hands[who] if kind_of[c] == kind), None)
    if found is None:
        state.announce({"event": "fish", "seat": seat, "target": who, "hit": False})
        otherwise(state, seat, card)
        return
    state.hands[who].remove(found)
    insort(state.hands[seat], found)
    state.announce({"event": "fish", "seat": seat, "target": who, "hit": True,
                    "card": state.game.ids[found]})


def _compare_hands(state, seat, who, card, kind, lower_suffers) -> None:
    """Stare Down: the two hands' points, compared in private; the lower suffers `lower`."""
    points = state.game.points
    mine = sum(points[c] for c in state.hands[seat])
    theirs = sum(points[c] for c in state.hands[who])
    lower = seat if mine < theirs else who if theirs < mine else None
    state.tell((seat, who), {"event": "compare", "seat": seat, "target": who, "lower": lower},
               {"hands": _both_hands(state, seat, who)})
    if lower is not None:
        lower_suffers(state, lower, card)


_OPS = {
    "none": _nothing,
    "extra-life-in-hand": _nothing,  # works from the hand (State.lose_life); playing it does nothing
    "draw": _draw,
    "give-from-pile": _give_from_pile,
    "lose-life": _lose_life,
    "protection-until-next-turn": _doghouse,
    "guess-holder": _guess_holder,
    "guess-card": _guess_card,
    "rps-duel": _rps,
    "discard-hand-and-draw": _discard_hand_and_draw,
    "look-at-hand": _look_at_hand,
    "swap-hands": _swap_hands,
    "fish": _fish,
    "compare-hands": _compare_hands,
}


# --- each operation's argument, read once per game from the step's parameters ----------

def _no_arg(game: Game, step: Step) -> None:
    return None


def _amount(game: Game, step: Step) -> int:
    return step.get("amount", 1)


def _guess_holder_arg(game: Game, step: Step) -> tuple:
    return (game.kind_index.get(step.get("card")), game.kind_index.get(step.get("unless-holding") or ""),
            _outcome(step, "on-hit", "win-round"), _outcome(step, "on-miss", "none"))


def _duel_arg(game: Game, step: Step) -> tuple:
    return (_outcome(step, "loser", "lose-life"), _outcome(step, "winner", "none"),
            _outcome(step, "tie", "none"))


_ARGS = {
    "draw": _amount,
    "give-from-pile": _amount,
    "lose-life": _amount,
    "discard-hand-and-draw": lambda game, step: (_amount(game, step),
                                                  step.get("discard-to") == "out-of-round"),
    "guess-holder": _guess_holder_arg,
    "guess-card": lambda game, step: _outcome(step, "on-hit", "lose-life"),
    "fish": lambda game, step: _outcome(step, "else", "draw"),
    "compare-hands": lambda game, step: _outcome(step, "lower", "lose-life"),
}
