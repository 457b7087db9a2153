"""What each effect operation does to a `State` (the catalogue is `operations.py`).

`resolve` runs a played card's steps in order. The chosen target was checked when the
action was parsed (alive; another player for `opponent`; not in the Doghouse for a red
card). A step stops the card when the round is decided by it (an elimination, a Dog Food
hit). A duel pauses the card: the state waits for two secret choices, then `finish_duel`.
"""

from __future__ import annotations

SELF = "self"
RPS_CHOICES = ("paper", "rock", "scissors")
_BEATS = {"rock": "scissors", "paper": "rock", "scissors": "paper"}


def resolve(state, seat: int, card: int, target: int | None, kind: int | None) -> None:
    """Run card `card`'s effect for `seat` against the chosen `target` (and named `kind`)."""
    g = state.game
    if target is None and g.target_mode[card]:
        state.events.append((None, {"event": "no-target", "seat": seat}, None))
        return  # no valid target: the card is played without effect
    for run, step, on_self in g.resolvers[card]:
        run(state, seat, seat if on_self else target, card, kind, step)
        if state.round_how or state.rps:
            return


def step_runners(cards) -> tuple:
    """Per card: (function, step, acts on the player) for each step, looked up once per game."""
    return tuple(tuple((_OPS[s.op], s, s.target == SELF) for s in c.effect) for c in cards)


def _amount(step) -> int:
    return step.get("amount", 1)


def _nothing(state, seat, who, card, kind, step) -> None:
    pass


def _draw(state, seat, who, card, kind, step) -> None:
    for _ in range(_amount(step)):
        state.draw(who)


def _give_from_pile(state, seat, who, card, kind, step) -> None:
    g = state.game
    for _ in range(_amount(step)):
        if not state.treats:
            state.events.append((None, {"event": "pile-empty", "pile": "treats"}, None))
            return
        given = state.treats.pop()
        state.hands[who].append(given)
        state.hands[who].sort()
        state.events.append((None, {"event": "given", "seat": who, "card": g.ids[given]}, None))


def _lose_life(state, seat, who, card, kind, step) -> None:
    state.lose_life(who, _amount(step), card)


def _doghouse(state, seat, who, card, kind, step) -> None:
    state.doghouse[who] = True
    state.targets_cache = {}


def _guess_holder(state, seat, who, card, kind, step) -> None:
    """Empty Bowl: a hit wins the round unless the named player also holds `unless-holding`."""
    g = state.game
    wanted = g.kind_index.get(step.get("card"))
    shield = g.kind_index.get(step.get("unless-holding") or "")
    kinds = {g.kind_of[c] for c in state.hands[who]}
    hit = wanted in kinds
    shielded = hit and shield in kinds
    public = {"event": "guess", "seat": seat, "target": who, "hit": hit, "shielded": shielded}
    state.events.append((None, public, None))
    if hit and not shielded:
        _outcome(state, step.get("on-hit", "win-round"), seat, card)


def _guess_card(state, seat, who, card, kind, step) -> None:
    """Nip: if the target holds the named kind, `on-hit` happens to them."""
    g = state.game
    hit = any(g.kind_of[c] == kind for c in state.hands[who])
    state.events.append((None, {"event": "guess", "seat": seat, "target": who, "hit": hit}, None))
    if hit:
        _outcome(state, step.get("on-hit", "lose-life"), who, card)


def _rps(state, seat, who, card, kind, step) -> None:
    from pugdeck.games.pixelpug.state import RPS

    state.rps = [seat, who, None, card]
    state.phase, state.cur = RPS, seat


def finish_duel(state, card: int, attacker: int, defender: int, a: str, d: str) -> None:
    """Both secret choices are in: reveal them and apply the card's outcomes."""
    step = next(s for s in state.game.cards[card].effect if s.op == "rps-duel")
    winner = attacker if _BEATS[a] == d else defender if _BEATS[d] == a else None
    state.events.append((None, {"event": "duel", "seat": attacker, "target": defender,
                                "choices": [a, d], "winner": winner}, None))
    if winner is None:
        _outcome(state, step.get("tie", "none"), attacker, card)
        _outcome(state, step.get("tie", "none"), defender, card)
        return
    loser = defender if winner == attacker else attacker
    _outcome(state, step.get("loser", "lose-life"), loser, card)
    if not state.round_how:
        _outcome(state, step.get("winner", "none"), winner, card)


def _discard_hand_and_draw(state, seat, who, card, kind, step) -> None:
    """Poop Time: the whole hand (any size, even one card) goes to the discard pile."""
    g = state.game
    dropped = state.hands[who]
    state.hands[who] = []
    state.discards[who].extend(dropped)
    state.events.append((None, {"event": "discarded", "seat": who,
                                "cards": [g.ids[c] for c in dropped]}, None))
    for _ in range(_amount(step)):
        state.draw(who)


def _look_at_hand(state, seat, who, card, kind, step) -> None:
    hand = [state.game.ids[c] for c in state.hands[who]]
    state.events.append(((seat,), {"event": "look", "seat": seat, "target": who},
                         {"event": "look", "seat": seat, "target": who, "hand": hand}))


def _swap_hands(state, seat, who, card, kind, step) -> None:
    hands, ids = state.hands, state.game.ids
    hands[seat], hands[who] = hands[who], hands[seat]
    # Each now holds what the other had, so each knows the other's new hand.
    state.events.append(((seat, who), {"event": "swap", "seat": seat, "target": who},
                         {"event": "swap", "seat": seat, "target": who,
                          "hands": {str(seat): [ids[c] for c in hands[seat]],
                                    str(who): [ids[c] for c in hands[who]]}}))


def _fish(state, seat, who, card, kind, step) -> None:
    """Go Fisch: the named kind from the target's hand, else go fish."""
    g = state.game
    found = next((c for c in state.hands[who] if g.kind_of[c] == kind), None)
    if found is None:
        state.events.append((None, {"event": "fish", "seat": seat, "target": who, "hit": False}, None))
        _outcome(state, step.get("else", "draw"), seat, card)
        return
    state.hands[who].remove(found)
    state.hands[seat].append(found)
    state.hands[seat].sort()
    state.events.append((None, {"event": "fish", "seat": seat, "target": who, "hit": True,
                                "card": g.ids[found]}, None))


def _compare_hands(state, seat, who, card, kind, step) -> None:
    """Stare Down: the two hands' points, compared in private; the lower suffers `lower`."""
    g = state.game
    mine = sum(g.points[c] for c in state.hands[seat])
    theirs = sum(g.points[c] for c in state.hands[who])
    lower = seat if mine < theirs else who if theirs < mine else None
    ids = g.ids
    state.events.append(((seat, who), {"event": "compare", "seat": seat, "target": who, "lower": lower},
                         {"event": "compare", "seat": seat, "target": who, "lower": lower,
                          "hands": {str(seat): [ids[c] for c in state.hands[seat]],
                                    str(who): [ids[c] for c in state.hands[who]]}}))
    if lower is not None:
        _outcome(state, step.get("lower", "lose-life"), lower, card)


def _outcome(state, outcome: str, seat: int, card: int) -> None:
    """One outcome (see operations.OUTCOMES) happening to `seat` because of `card`."""
    if outcome == "lose-life":
        state.lose_life(seat, 1, card)
    elif outcome == "draw":
        state.draw(seat)
    elif outcome == "win-round":
        from pugdeck.games.pixelpug.state import DOG_FOOD

        state.win_round(seat, DOG_FOOD)


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
