"""One open game of the engine server, and the request fields that seat people and bots."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from pugdeck.authoring.texts import FORMS
from pugdeck.games.spec import GameSpec
from pugdeck.protocol.decks import Opened
from pugdeck.protocol.errors import ProtocolError, quoted

_SEAT_KEY = re.compile(r"[0-9]{1,3}")  # JSON object keys are text: "1", never "١" or "1e3"


@dataclass
class Session:
    """One game being played: the engine's game and state, and which seats are bots."""

    name: str
    opened: Opened  # the game, its held deck and what it counts while open
    state: Any
    bots: dict[int, Any] = field(default_factory=dict)
    bot_kinds: dict[int, str] = field(default_factory=dict)
    forms: dict[int, str] = field(default_factory=dict)  # seat → the form it says descriptives in

    @property
    def kind(self) -> GameSpec:
        return self.opened.kind

    @property
    def game(self) -> Any:
        return self.opened.game

    def to_act(self) -> int | None:
        return None if self.state.is_terminal() else self.state.current_player()

    def summary(self) -> dict:
        return {"game": self.name, "game_type": self.kind.id, "players": self.game.players,
                "seed": self.game.seed, "humans": [s for s in range(self.game.players) if s not in self.bots],
                "bots": seat_keyed(self.bot_kinds), "forms": seat_keyed(self.forms),
                "to_act": self.to_act(), "terminal": self.state.is_terminal()}


def whole_number(request: dict, key: str, default: Any = None) -> int:
    value = request.get(key, default)
    if type(value) is not int:
        raise ProtocolError("bad_request", f"'{key}' must be a whole number, not {quoted(value)}")
    return value


def seat_number(request: dict, session: Session, key: str) -> int:
    value = request.get(key)
    if type(value) is not int or not 0 <= value < session.game.players:
        raise ProtocolError("bad_seat", f"'{key}' must be a seat number from 0 to {session.game.players - 1}, "
                            f"not {quoted(value)}")
    return value


def seat_keyed(by_seat: dict[int, str]) -> dict[str, str]:
    """{1: "random"} → {"1": "random"}, in seat order: JSON keys are text."""
    return {str(seat): value for seat, value in sorted(by_seat.items())}


def _seat_key(key: Any, players: int, what: str) -> int:
    number = int(key) if isinstance(key, str) and _SEAT_KEY.fullmatch(key) else -1
    if not 0 <= number < players:
        raise ProtocolError("bad_seat", f"{what} seat {quoted(key)} must be a seat number from 0 to {players - 1}")
    return number


def bot_kinds(spec: Any, players: int, kind: GameSpec) -> dict[int, str]:
    """{"1": "random", ...} → {1: "random"}; seat keys are strings in JSON."""
    if not isinstance(spec, dict):
        raise ProtocolError("bad_request", "'bots' must map seat numbers to bot kinds, e.g. {\"1\": \"random\"}")
    out = {}
    for key, bot in spec.items():
        number = _seat_key(key, players, "bot")
        if not isinstance(bot, str) or bot not in kind.bot_kinds():
            raise ProtocolError("bad_request", f"unknown bot {quoted(bot)} for {kind.id}; "
                                f"choose from {', '.join(kind.bot_kinds())}")
        out[number] = bot
    return out


def seat_forms(spec: Any, players: int, game: Any, kind: GameSpec) -> dict[int, str]:
    """{"0": "feminine", "2": null} → {0: "feminine"}: the form each seat says a two-form
    descriptive in (authoring/texts.py `FORMS`), as `play --form` and a party's join take it;
    null, or a seat left out, says both forms as the card prints them. Only an engine that
    keeps forms (a `forms` table on its game) takes one."""
    if not isinstance(spec, dict):
        raise ProtocolError("bad_request", "'forms' must map seat numbers to forms, e.g. {\"0\": \"feminine\"}")
    out = {}
    for key, form in spec.items():
        number = _seat_key(key, players, "form")
        if form is None:
            continue
        if not isinstance(form, str) or form not in FORMS:
            raise ProtocolError("bad_form", f"seat {number}'s form {quoted(form)} is not a form; give "
                                f"{' or '.join(quoted(f) for f in FORMS)}, or null for both as the card prints them")
        out[number] = form
    if out and not isinstance(getattr(game, "forms", None), dict):
        raise ProtocolError("bad_form", f"{kind.title} cards have no descriptives in forms: send no 'forms'")
    return out


def seat_bots(kind: GameSpec, kinds: dict[int, str], game: Any, seed: int) -> dict[int, Any]:
    """A bot for each seat in `kinds` (seat → kind). The game's factory fills every seat, as
    `pugdeck play` does, so a seat's bot plays the same whoever sits at the other seats; the
    seats that are people are dropped."""
    every_seat = [kinds.get(seat, kind.bot_kinds()[0]) for seat in range(game.players)]
    made = kind.make_bots(every_seat, game, seed)
    return {seat: made[seat] for seat in kinds}
