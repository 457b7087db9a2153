"""What each effect operation does to a `State` (the catalogue is `operations.py`).

`State.apply_action` runs a played card's steps in order. The chosen target was checked
when the action was parsed (alive; another player for `opponent`; not in the Doghouse for a
red card). A step stops the card when the round is decided by it (an elimination, a Dog Food
hit). A duel pauses the card: the state waits for two secret choices, then `finish_duel`.

Each card's steps are turned once per game (`programs`) into (function, acts on the player,
argument) triples, the argument being the step's parameters already read (an amount, a kind
number, an outcome function), so playing a card looks nothing up by name. A hand is read with
plain loops: at these sizes a comprehension or generator, which starts a frame of its own,
costs more than the whole loop, and a step runs at nearly every action.
"""

from __future__ import annotations

from bisect import insort

SELF = "self"
# `state.RPS` and `state.DOG_FOOD`, copied: state.py imports this module, and importing it
# back inside each duel or win cost more than the rest of the step (state.py checks equality).
RPS_PHASE, DOG_FOOD = 2, "dog-food"
RPS_CHOICES = ("paper", "rock", "scissors")
_BEATS = {"rock": "scissors", "paper": "rock", "scissors": "paper"}


def programs(game) -> tuple[tuple, tuple]:
    """(per card: its steps as one (function, acts on the player, argument) to run; per
    card: the duel's (loser, winner, tie) outcome functions, or None)."""
    steps, duels = [], []
    for info in game.cards:
        ready = tuple((_OPS[s.op], s.target == SELF, _ARGS.get(s.op, _no_arg)(game, s))
                      for s in info.effect if _OPS[s.op] is not _nothing)
        steps.append(ready[0] if len(ready) == 1 else (_steps, False, ready) if ready
                     else (_nothing, False, None))
        duel = next((s for s in info.effect if s.op == "rps-duel"), None)
        duels.append(None if duel is None else _duel_arg(game, duel))
    return tuple(steps), tuple(duels)


def card_ids(ids, cards) -> list[str]:
    """The ids of `cards` (numbers), in order."""
    out = []
    for card in cards:
        out.append(ids[card])
    return out


def _steps(state, seat, who, card, kind, steps) -> None:
    """A card of several steps, run in order (`who` is the chosen target)."""
    for run, on_self, arg in steps:
        run(state, seat, seat if on_self else who, card, kind, arg)
        if state.round_how or state.rps:
            return  # the round is decided, or a duel waits for its choices


# --- outcomes (see operations.OUTCOMES): what happens to `seat` because of `card` ---------

def _no_outcome(state, seat: int, card: int) -> None:
    pass


def _lose_one_life(state, seat: int, card: int) -> None:
    state.lose_life(seat, 1, card)


def _draw_one(state, seat: int, card: int) -> None:
    state.draw(seat)


def _win_round(state, seat: int, card: int) -> None:
    state.win_round(seat, DOG_FOOD)


_OUTCOMES = {"lose-life": _lose_one_life, "draw": _draw_one, "win-round": _win_round}


def _outcome(step, name: str, default: str):
    """The outcome function a step's parameter `name` names ("none" and unknown: nothing)."""
    return _OUTCOMES.get(step.get(name, default), _no_outcome)


# --- the operations: run(state, seat playing, who it acts on, card, named kind, argument) ---

def _nothing(state, seat, who, card, kind, arg) -> None:
    pass


def _draw(state, seat, who, card, kind, amount) -> None:
    deck, hand = state.deck, state.hands[who]
    for _ in range(amount):
        if deck:
            insort(hand, deck.pop())


def _give_from_pile(state, seat, who, card, kind, amount) -> None:
    ids = state.game.ids
    for _ in range(amount):
        if not state.treats:
            state.events.append((None, {"event": "pile-empty", "pile": "treats"}, None))
            return
        given = state.treats.pop()
        insort(state.hands[who], given)
        state.events.append((None, {"event": "given", "seat": who, "card": ids[given]}, None))


def _lose_life(state, seat, who, card, kind, amount) -> None:
    state.lose_life(who, amount, card)


def _doghouse(state, seat, who, card, kind, arg) -> None:
    state.doghouse[who] = True
    state.situation |= state.game.doghouse_bits[who]
    state.targets_cache = None


def _guess_holder(state, seat, who, card, kind, arg) -> None:
    """Empty Bowl: a hit wins the round unless the named player also holds `unless-holding`."""
    wanted, shield, on_hit = arg
    kind_of = state.game.kind_of
    hit = has_shield = False
    for c in state.hands[who]:
        if kind_of[c] == wanted:
            hit = True
        if kind_of[c] == shield:
            has_shield = True
    shielded = hit and has_shield
    public = {"event": "guess", "seat": seat, "target": who, "hit": hit, "shielded": shielded}
    state.events.append((None, public, None))
    if hit and not shielded:
        on_hit(state, seat, card)


def _guess_card(state, seat, who, card, kind, on_hit) -> None:
    """Nip: if the target holds the named kind, `on-hit` happens to them."""
    kind_of = state.game.kind_of
    hit = False
    for c in state.hands[who]:
        if kind_of[c] == kind:
            hit = True
            break
    state.events.append((None, {"event": "guess", "seat": seat, "target": who, "hit": hit}, None))
    if hit:
        on_hit(state, who, card)


def _rps(state, seat, who, card, kind, arg) -> None:
    state.rps = [seat, who, None, card]
    state.phase, state.cur = RPS_PHASE, seat


def finish_duel(state, card: int, attacker: int, defender: int, a: str, d: str) -> None:
    """Both secret choices are in: reveal them and apply the card's outcomes."""
    loses, wins, tie = state.game.duels[card]
    winner = attacker if _BEATS[a] == d else defender if _BEATS[d] == a else None
    state.events.append((None, {"event": "duel", "seat": attacker, "target": defender,
                                "choices": [a, d], "winner": winner}, None))
    if winner is None:
        tie(state, attacker, card)
        tie(state, defender, card)
        return
    loses(state, defender if winner == attacker else attacker, card)
    if not state.round_how:
        wins(state, winner, card)


def _discard_hand_and_draw(state, seat, who, card, kind, amount) -> None:
    """Poop Time: the whole hand (any size, even one card) goes to the discard pile."""
    dropped = state.hands[who]
    state.hands[who] = []
    state.discards[who].extend(dropped)
    state.events.append((None, {"event": "discarded", "seat": who,
                                "cards": card_ids(state.game.ids, dropped)}, None))
    for _ in range(amount):
        state.draw(who)


def _look_at_hand(state, seat, who, card, kind, arg) -> None:
    hand = card_ids(state.game.ids, state.hands[who])
    state.events.append(((seat,), {"event": "look", "seat": seat, "target": who},
                         {"event": "look", "seat": seat, "target": who, "hand": hand}))


def _swap_hands(state, seat, who, card, kind, arg) -> None:
    hands, ids, keys = state.hands, state.game.ids, state.game.seat_keys
    hands[seat], hands[who] = hands[who], hands[seat]
    # Each now holds what the other had, so each knows the other's new hand.
    state.events.append(((seat, who), {"event": "swap", "seat": seat, "target": who},
                         {"event": "swap", "seat": seat, "target": who,
                          "hands": {keys[seat]: card_ids(ids, hands[seat]),
                                    keys[who]: card_ids(ids, hands[who])}}))


def _fish(state, seat, who, card, kind, otherwise) -> None:
    """Go Fisch: the named kind from the target's hand, else go fish."""
    g = state.game
    kind_of = g.kind_of
    for found in state.hands[who]:
        if kind_of[found] == kind:
            break
    else:
        state.events.append((None, {"event": "fish", "seat": seat, "target": who, "hit": False}, None))
        otherwise(state, seat, card)
        return
    state.hands[who].remove(found)
    insort(state.hands[seat], found)
    state.events.append((None, {"event": "fish", "seat": seat, "target": who, "hit": True,
                                "card": g.ids[found]}, None))


def _compare_hands(state, seat, who, card, kind, lower_suffers) -> None:
    """Stare Down: the two hands' points, compared in private; the lower suffers `lower`."""
    g = state.game
    points = g.points
    mine = theirs = 0
    for c in state.hands[seat]:
        mine += points[c]
    for c in state.hands[who]:
        theirs += points[c]
    lower = seat if mine < theirs else who if theirs < mine else None
    ids, keys = g.ids, g.seat_keys
    state.events.append(((seat, who), {"event": "compare", "seat": seat, "target": who, "lower": lower},
                         {"event": "compare", "seat": seat, "target": who, "lower": lower,
                          "hands": {keys[seat]: card_ids(ids, state.hands[seat]),
                                    keys[who]: card_ids(ids, state.hands[who])}}))
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

def _no_arg(game, step) -> None:
    return None


def _amount(game, step) -> int:
    return step.get("amount", 1)


def _guess_holder_arg(game, step) -> tuple:
    return (game.kind_index.get(step.get("card")), game.kind_index.get(step.get("unless-holding") or ""),
            _outcome(step, "on-hit", "win-round"))


def _duel_arg(game, step) -> tuple:
    return (_outcome(step, "loser", "lose-life"), _outcome(step, "winner", "none"),
            _outcome(step, "tie", "none"))


_ARGS = {
    "draw": _amount,
    "give-from-pile": _amount,
    "lose-life": _amount,
    "discard-hand-and-draw": _amount,
    "guess-holder": _guess_holder_arg,
    "guess-card": lambda game, step: _outcome(step, "on-hit", "lose-life"),
    "fish": lambda game, step: _outcome(step, "else", "draw"),
    "compare-hands": lambda game, step: _outcome(step, "lower", "lose-life"),
}
