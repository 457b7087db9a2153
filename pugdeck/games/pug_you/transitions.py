"""What each action does to a `State`: the rules of docs/rules-pug-you.md as state changes.

`State.apply_action` reads and checks an action (`actions.read`), then calls the transition
named by its type, in `TRANSITIONS`, with card numbers and seats that are known to be legal.
A transition moves the game on until someone has to act again: after the last vote it
reveals, scores, ends the turn and refills the hands in the same call.

Each transition appends what happened to `state.events` (games/events.py): first the
action itself, its face-down fields private to the seat that played it (secrecy.py), then
its consequences — the reveal, who scores, a tie, how many cards each seat draws, a new
turn, the end. The transcript and the terminal view are told from these.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable
from typing import TYPE_CHECKING

from pugdeck.games.events import ActionEvent, public_event
from pugdeck.games.pug_you.phases import (
    ASK,
    AWARD,
    CHANCE,
    CHOOSE,
    FIRST_QUESTION,
    NO_CARD,
    NOBODY,
    NOMINATE,
    OFFER,
    OVER,
    SECOND_QUESTION,
    SHUFFLE,
    TERMINAL,
    VOTE,
)
from pugdeck.games.pug_you.secrecy import SECRET_FIELDS

if TYPE_CHECKING:  # type hints only: state imports this module
    from pugdeck.games.pug_you.state import State


def shuffle(state: State, order: list[int]) -> None:
    """The chance step: `order` (top card first) becomes the draw pile (§2, §3.7)."""
    state.shuffles += 1
    state.draw = order[::-1]  # kept top card last, so drawing is pop()
    pile, ids = state.shuffle_pile, state.game.ids
    if pile == "deck":
        state.box = []
        _deal(state)
    else:
        state.discard = []  # and the last reveal's cards are face down again (§4)
    _acted(state, "shuffle", None, {"order": [ids[c] for c in order], "pile": pile, "cards": len(order),
                                    "draw_pile": len(state.draw)})
    if pile == "deck":
        _start_turn(state)
    else:
        _refill(state)


def offer(state: State, card: int) -> None:
    """The seat to act offers `card` face down (§3.1)."""
    seat = state.current
    state.hands[seat].remove(card)
    state.offers[seat] = card
    _acted(state, "offer", seat, {"card": state.game.ids[card]})
    _next_in_queue(state, then=_all_offered)


def choose(state: State, seat: int) -> None:
    """The active player takes the card `seat` offered; the other offers go back (§3.2)."""
    state.active_card = state.offers[seat]
    state.active_source, state.offered_by = "offer", seat
    _acted(state, "choose", state.active, {"from": seat, "card": state.game.ids[state.active_card]})
    for owner in state.queue:  # the seats that offered
        if owner != seat:
            insort(state.hands[owner], state.offers[owner])
    state.offers = [NO_CARD] * state.game.players
    state.phase, state.current = NOMINATE, state.active


def ask(state: State, card: int) -> None:
    """The active player asks `card` from her hand or, re-asking it, her score (§3.2, §3.6)."""
    hand = state.hands[state.active]
    if card in hand:
        hand.remove(card)
        state.active_source = "hand"
    else:  # one of her own scored cards: it leaves her score
        state.scored[state.active].remove(card)
        state.badges[state.active] -= state.game.badges[card]
        state.active_source = "scored"
    state.active_card, state.offered_by = card, NOBODY
    _acted(state, "ask", state.active, {"card": state.game.ids[card], "source": state.active_source,
                                        "question": state.question})
    state.phase, state.current = NOMINATE, state.active


def nominate(state: State, nominees: tuple[int, ...]) -> None:
    """The active player nominates `nominees`; the others vote in turn order (§3.3, §3.4)."""
    state.nominees = nominees
    _acted(state, "nominate", state.active, {"nominees": list(nominees)})
    for seat in nominees:
        state.last_nominator[seat] = state.active
    # Left of the active player first, clockwise, nominees skipped, the active player last;
    # a voter with an empty hand has nothing to vote with and is skipped.
    state.queue = [seat for seat in state.game.seats_after[state.active]
                   if seat not in nominees and state.hands[seat]]
    state.queue_pos = 0
    state.votes = []
    if state.queue:
        state.phase, state.current = VOTE, state.queue[0]
    else:  # nobody can vote: every nominee weighs 0, a tie
        _reveal(state)


def vote(state: State, nominee: int, card: int) -> None:
    """The seat to act votes face down with `card` on `nominee` (§3.4)."""
    seat = state.current
    state.hands[seat].remove(card)
    state.votes.append((seat, nominee, card))
    _acted(state, "vote", seat, {"nominee": nominee, "card": state.game.ids[card]})
    _next_in_queue(state, then=_reveal)


def award(state: State, nominee: int) -> None:
    """After a tie the active player lets `nominee` score; then a second question if she
    has a card to ask, else the turn passes (§3.6)."""
    active = state.active
    _acted(state, "award", active, {"nominee": nominee})
    _score(state, nominee)
    if state.question == FIRST_QUESTION and (state.hands[active] or state.scored[active]):
        state.question = SECOND_QUESTION
        state.phase, state.current = ASK, active
    else:  # a second tie, or nothing left to ask with
        why = "second_tie" if state.question == SECOND_QUESTION else "nothing_to_ask"
        state.events.append(public_event({"event": "turn_passes", "seat": active, "why": why}))
        _end_turn(state)


TRANSITIONS: dict[str, Callable[..., None]] = {
    "shuffle": shuffle, "offer": offer, "choose": choose, "ask": ask,
    "nominate": nominate, "vote": vote, "award": award,
}
"""The transition for each action type."""


# --- the steps the engine takes on its own ---------------------------------------------


def _acted(state: State, kind: str, seat: int | None, fields: dict) -> None:
    """Log the action `kind` that `seat` took (None: chance), face-down fields private
    (`events.action_event`, made here in one C call: this runs every move)."""
    state.events.append(_new(ActionEvent, (kind, seat, fields, SECRET_FIELDS)))


_new = tuple.__new__


def _next_in_queue(state: State, then: Callable[[State], None]) -> None:
    """Hand the move to the next seat in the queue (of offerers or voters), or go on."""
    state.queue_pos += 1
    if state.queue_pos < len(state.queue):
        state.current = state.queue[state.queue_pos]
    else:
        then(state)


def _all_offered(state: State) -> None:
    state.phase, state.current = CHOOSE, state.active


def _deal(state: State) -> None:
    """One card at a time from the top, seat 0 first, until every hand is full (§2)."""
    for _ in range(state.game.hand_size):
        for hand in state.hands:
            hand.append(state.draw.pop())
    for hand in state.hands:
        hand.sort()  # hands are kept sorted, so legal actions come out sorted


def _start_turn(state: State) -> None:
    state.question = FIRST_QUESTION
    state.nominees, state.votes, state.tied = (), [], []
    everyone_but_active = state.game.seats_after[state.active][:-1]
    state.queue = [seat for seat in everyone_but_active if state.hands[seat]]
    state.queue_pos = 0
    if state.queue:
        state.phase, state.current = OFFER, state.queue[0]
    elif state.hands[state.active]:  # nobody can offer: she asks from her own hand (§3.2)
        state.phase, state.current = ASK, state.active
    else:  # no card in any hand and none to draw: nothing can ever be asked again (§6)
        _finish(state, "nothing_to_ask")
        return
    turn = state.turn
    state.events.append(public_event({"event": "turn", "turn": turn + 1,
                               "round": turn // state.game.players + 1, "active": state.active}))


def _reveal(state: State) -> None:
    """Weigh the votes per nominee; the heaviest scores, equal heaviest tie (§3.5, §3.6)."""
    turds, nominees, ids = state.game.turds, state.nominees, state.game.ids
    piles: dict[int, list[int]] = {nominee: [] for nominee in nominees}
    for _voter, nominee, card in state.votes:
        piles[nominee].append(card)
    shown, top, tied = [], 0, []
    for nominee in nominees:
        # The table mixes the cards before the reveal (§3.5): each pile is shown, and then
        # discarded, in card order, nominee by nominee. Nothing keeps the voting order, which
        # is public and would tell everyone who voted with which card.
        pile = sorted(piles[nominee])
        state.discard.extend(pile)
        weight = sum(turds[card] for card in pile)
        shown.append({"nominee": nominee, "turds": weight, "cards": [ids[card] for card in pile]})
        if not tied or weight > top:
            top, tied = weight, [nominee]
        elif weight == top:
            tied.append(nominee)
    state.votes, state.tied = [], tied
    state.events.append(public_event({"event": "reveal", "piles": shown}))
    if len(tied) == 1:
        _score(state, tied[0])
        _end_turn(state)
    else:
        state.events.append(public_event({"event": "tie", "tied": list(tied), "active": state.active,
                                   "question": state.question}))
        state.phase, state.current = AWARD, state.active


def _score(state: State, seat: int) -> None:
    card = state.active_card
    state.events.append(public_event({"event": "score", "seat": seat, "card": state.game.ids[card]}))
    insort(state.scored[seat], card)
    state.badges[seat] += state.game.badges[card]
    state.active_card = NO_CARD


def _end_turn(state: State) -> None:
    """Count the turn, check the end of the game, else refill the hands (§3.7, §6)."""
    state.turn += 1
    limit = state.game.rules.badge_limit
    if limit is None:
        if state.turn >= state.game.turns_total:
            return _finish(state, "rounds")
    elif max(state.printed_badges()) >= limit:  # printed badges only: mutts count at the end
        return _finish(state, "badge_limit")
    state.refill_pos = 0
    _refill(state)


def _refill(state: State) -> None:
    """Draw up to the hand size in turn order from the left of the active player (§3.7).

    An empty draw pile with cards in the discard pile pauses the refill for a chance step;
    `shuffle` calls this again and it resumes at the seat it stopped at (`refill_pos`).
    """
    game = state.game
    order = game.seats_after[state.active]
    drawn = [0] * game.players
    for pos in range(state.refill_pos, game.players):
        seat = order[pos]
        hand = state.hands[seat]
        while len(hand) < game.hand_size:
            if state.draw:
                insort(hand, state.draw.pop())
                drawn[seat] += 1
            elif state.discard:
                _drew(state, drawn)
                state.refill_pos = pos
                state.phase, state.current, state.shuffle_pile = SHUFFLE, CHANCE, "discard"
                return
            else:  # both piles empty: hands stay short (§5)
                if not state.ran_out:
                    state.events.append(public_event({"event": "ran_out"}))
                state.ran_out = True
                break
    _drew(state, drawn)
    state.refill_pos = game.players
    state.active = (state.active + 1) % game.players
    _start_turn(state)


def _drew(state: State, counts: list[int]) -> None:
    """Log how many cards each seat drew, if any did (which cards, their hands show)."""
    if any(counts):
        state.events.append(public_event({"event": "draw", "counts": counts}))


def _finish(state: State, reason: str) -> None:
    state.phase, state.current, state.end_reason = OVER, TERMINAL, reason
    state.events.append(public_event({"event": "over", "reason": reason, "turns": state.turn}))
