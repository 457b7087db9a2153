"""The conformance suite every game's engine passes: OpenSpiel's random-simulation test,
played through the one game loop (games/loop.py).

Plain functions, so any game's tests (ours, or a game shipped as a package of its own) call
them with a registered `GameSpec` and a built deck. Seeded random playouts check, at every
step, what frontends and the protocol rely on (docs/protocol.md):

- the legal actions are unique, in the game's documented order, the same when asked again
  and the same on a clone; a running game always offers one, a finished one none;
- a clone equals the original, and playing on it leaves the original unchanged;
- every card of the built deck is in exactly one place (`GameSpec.card_places`);
- no observation shows a card its seat may not see (`GameSpec.hidden_cards`), and every
  observation is plain JSON;
- no public action (`GameSpec.public_action`) and no event's shared view names a card hidden
  from any seat, and no seat's view of an event (`GameSpec.event_view`) one hidden from it;
- the game ends within a bound of steps;
- the action log, through `json.dumps`/`json.loads`, replays to an equal state.

A broken rule raises `ConformanceError` naming the game, deck, seat count, seed and step.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from pugdeck.games.bots import random_bots
from pugdeck.games.loop import Step, advance
from pugdeck.games.spec import GameSpec

#: steps after which a playout counts as endless (the bundled games end in hundreds)
MAX_STEPS = 20_000


class ConformanceError(AssertionError):
    """A state, step or log that breaks a rule every engine keeps."""


def check_game(spec: GameSpec, built_doc: dict, *, seeds: Iterable[int] = range(3),
               players: Iterable[int] | None = None, max_steps: int = MAX_STEPS) -> int:
    """Random playouts of `built_doc` for each player count (default: every count it is
    playable for) and seed, every rule checked at every step; the number of steps played."""
    counts = list(players) if players is not None else spec.player_counts(built_doc)
    if not counts:
        raise ConformanceError(f"{spec.id}: the built deck {built_doc.get('name')!r} is playable "
                               "for no player count")
    steps = 0
    for count in counts:
        for seed in seeds:
            steps += playout(spec, built_doc, count, seed, max_steps=max_steps)
    return steps


def playout(spec: GameSpec, built_doc: dict, players: int, seed: int, *,
            max_steps: int = MAX_STEPS) -> int:
    """One seeded random game, played by the game loop (games/loop.py) with every check
    before the first action and after each; the number of actions it took."""
    where = f"{spec.id} deck {built_doc.get('name')!r}, {players} players, seed {seed}"
    game = spec.new_game(built_doc, players, seed)
    state = game.new_initial_state()
    all_cards = sorted(card["id"] for card in built_doc["cards"])
    pickers = random_bots(spec.id, "random", game, f"conformance/{seed}")  # one seeded stream a seat
    check_state(spec, state, all_cards, f"{where}, step 0")
    twin = check_clone(state, f"{where}, step 0")
    steps = 0
    for step in advance(state, pickers):
        steps += 1
        at = f"{where}, step {steps}"
        check_twin(state, twin, step, at)
        check_public(spec, state, step, at)
        check_state(spec, state, all_cards, at)
        if steps >= max_steps and not state.is_terminal():
            raise ConformanceError(f"{at}: the game has not ended after {max_steps} steps")
        twin = check_clone(state, at)
    check_replay(game, state, where)
    return steps


def check_state(spec: GameSpec, state: Any, all_cards: list[str], at: str) -> list:
    """Every rule of one state; its legal actions."""
    legal = state.legal_actions()
    if state.is_terminal():
        _ensure(legal == [], at, f"a finished game offers actions: {legal[:3]}")
    else:
        _ensure(bool(legal), at, "a running game offers no action")
    keys = [json.dumps(action, sort_keys=True) for action in legal]
    _ensure(len(set(keys)) == len(keys), at, "a legal action is listed twice")
    _ensure(legal == sorted(legal, key=spec.action_order), at,
            "the legal actions are not in the game's documented order")
    _ensure(state.legal_actions() == legal, at, "asked twice, the legal actions differ")
    _ensure(state.clone().legal_actions() == legal, at, "a clone offers other legal actions")
    places = sorted(spec.card_places(state))
    if places != all_cards:
        missing = sorted(set(all_cards) - set(places))
        twice = sorted({card for card in places if places.count(card) > 1})
        raise ConformanceError(f"{at}: not every card is in exactly one place (missing "
                               f"{missing[:3]}, in two places {twice[:3]}, unknown "
                               f"{sorted(set(places) - set(all_cards))[:3]})")
    for seat in range(state.game.players):
        check_observation(spec, state, seat, at)
    return legal


def check_observation(spec: GameSpec, state: Any, seat: int, at: str) -> None:
    """`seat`'s observation is plain JSON and names none of the cards hidden from it."""
    observed = state.observation(seat)
    text = json.dumps(observed, ensure_ascii=False, sort_keys=True)
    _ensure(json.loads(text) == observed, at, f"seat {seat}'s observation is not plain JSON "
            "(a tuple, a non-text key or a number that does not survive json)")
    leaked = sorted(spec.hidden_cards(state, seat) & strings_in(observed))
    _ensure(not leaked, at, f"seat {seat} sees hidden cards {leaked[:3]}")


def check_clone(state: Any, at: str) -> Any:
    """A clone of `state`, checked equal to it (the next step checks it stayed independent)."""
    twin = state.clone()
    _ensure(twin == state, at, "a clone differs from its original")
    return twin


def check_twin(state: Any, twin: Any, step: Step, at: str) -> None:
    """`twin`, cloned before `step`, was left as it was by the step; playing the step's
    action on it leaves `state` alone and reaches an equal state."""
    before = state.history()
    _ensure(len(twin.history()) == len(before) - 1, at, "playing on the original changed its clone")
    twin.apply_action(step.action)
    _ensure(state.history() == before, at, "playing on a clone changed the original")
    _ensure(twin == state, at, "a clone played the same action to another state")


def check_public(spec: GameSpec, state: Any, step: Step, at: str) -> None:
    """What the step shows: its public action and its events' shared view name no card
    hidden from any seat, each seat's view of an event none hidden from that seat, and
    every one of them is plain JSON. (A face-down card or a deal's order in a public
    action is what this catches; `GameSpec.public_action`'s default hides them.)"""
    players = range(state.game.players)
    hidden = [spec.hidden_cards(state, seat) for seat in players]
    from_anyone = set().union(*hidden)
    shown = [("the public action", spec.public_action(step.action, step.seat), from_anyone)]
    for number, event in enumerate(step.events):
        shown.append((f"event {number} as every seat sees it", spec.event_view(event, None), from_anyone))
        shown += [(f"event {number} as seat {seat} sees it", spec.event_view(event, seat), hidden[seat])
                  for seat in players]
    for what, value, secret in shown:
        text = json.dumps(value, ensure_ascii=False, sort_keys=True)
        _ensure(json.loads(text) == value, at, f"{what} is not plain JSON")
        leaked = sorted(secret & strings_in(value))
        _ensure(not leaked, at, f"{what} names hidden cards {leaked[:3]}: {text[:120]}")


def check_replay(game: Any, state: Any, where: str) -> None:
    """The finished game's log, serialised and read back, replays to an equal state."""
    log = json.loads(json.dumps(state.history(), ensure_ascii=False))
    again = game.new_initial_state()
    for index, action in enumerate(log):
        _ensure(not again.is_terminal(), where, f"the replayed log ends the game at action {index}")
        again.apply_action(action)
    _ensure(again == state, where, "the JSON action log does not replay to an equal state")
    _ensure(again.history() == state.history(), where, "the replayed log is not the same log")


def strings_in(value: Any) -> set[str]:
    """Every string anywhere inside a JSON-like value, keys included (ids hide in any field)."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            found.update(key for key in item if isinstance(key, str))
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return found


def _ensure(condition: bool, at: str, message: str) -> None:
    if not condition:
        raise ConformanceError(f"{at}: {message}")
