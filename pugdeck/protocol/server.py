"""The engine protocol: JSON requests in, JSON responses out, one game server (docs/protocol.md).

A frontend in any language drives our engines the way a chess GUI drives an engine: it
sends `new_game`, asks for a seat's `observation` and `legal_actions`, and `apply`s the
actions of the people at its table; bot seats and chance steps (shuffles, deals) are played
by the server until a person must act again, and every response lists what happened, as
everyone at the table may see it.

`Server.handle_line` never raises and never changes a game unless the whole request
succeeds: an action is tried on a clone of the state, which replaces the game's state only
once the action and every automatic step after it went through. `serve` (in
`stream.py`) runs it over stdin/stdout.

Every game is reached through the registry and its `GameSpec` (games/spec.py): the engine
(`new_game`, driven through the State shape of games/state.py), its bots, what of an action
everyone may see (`public_action`, `public_events`) and how a result is summed up (`result`).
"""

from __future__ import annotations

import json
import sys
import traceback
from dataclasses import dataclass, field
from typing import Any

from pugdeck import __version__
from pugdeck.authoring.diagnostics import DeckError
from pugdeck.games.registry import registered
from pugdeck.games.spec import GameSpec
from pugdeck.protocol.errors import ProtocolError

PROTOCOL = "pugdeck-engine"
PROTOCOL_VERSION = 1
MAX_GAMES = 1000  # open games per server; `close` frees one
MAX_AUTO_STEPS = 1_000_000  # automatic steps after one request: a safety net, never reached


@dataclass
class Session:
    """One game being played: the engine's game and state, and which seats are bots."""

    name: str
    kind: GameSpec
    game: Any
    state: Any
    bots: dict[int, Any] = field(default_factory=dict)
    bot_kinds: dict[int, str] = field(default_factory=dict)

    def to_act(self) -> int | None:
        return None if self.state.is_terminal() else self.state.current_player()

    def summary(self) -> dict:
        return {"game": self.name, "game_type": self.kind.id, "players": self.game.players,
                "seed": self.game.seed, "humans": [s for s in range(self.game.players) if s not in self.bots],
                "bots": {str(s): k for s, k in sorted(self.bot_kinds.items())},
                "to_act": self.to_act(), "terminal": self.state.is_terminal()}


class Server:
    """Every open game and the request handlers. One instance per connection."""

    def __init__(self) -> None:
        self.sessions: dict[str, Session] = {}
        self.created = 0
        self.finished = False  # set by `quit`

    # --- the edge: text in, response out ---------------------------------------------

    def handle_line(self, line: str | bytes) -> dict:
        """The response to one request line. Never raises."""
        try:
            request = json.loads(line.strip())
        except (ValueError, RecursionError) as exc:  # JSONDecodeError and bad UTF-8 are ValueErrors
            return _error(None, "bad_json", f"not a JSON request: {exc}")
        return self.handle(request)

    def handle(self, request: Any) -> dict:
        """The response to one decoded request. Never raises."""
        if not isinstance(request, dict):
            return _error(None, "bad_request", "a request is a JSON object with a 'cmd'")
        request_id = request.get("id")
        if isinstance(request_id, (dict, list)):
            return _error(None, "bad_request", "'id' must be a number, a string or null")
        cmd = request.get("cmd")
        handler = COMMANDS.get(cmd) if isinstance(cmd, str) else None
        if handler is None:
            return _error(request_id, "unknown_command", f"unknown command {cmd!r}; commands: "
                          f"{', '.join(COMMANDS)}")
        try:
            body = handler(self, request)
        except ProtocolError as exc:
            return _error(request_id, exc.code, str(exc))
        except Exception as exc:  # noqa: BLE001 - a bug must not end the session
            traceback.print_exc(file=sys.stderr)
            return _error(request_id, "internal", f"internal error ({type(exc).__name__}: {exc}); "
                          "the game is unchanged")
        return {"id": request_id, "ok": True, **body}

    # --- commands ---------------------------------------------------------------------

    def hello(self, request: dict) -> dict:
        """What this server speaks: protocol version, games with their bots, commands."""
        return {"protocol": PROTOCOL, "version": PROTOCOL_VERSION, "pugdeck": __version__,
                # by id: the entry points' order is the installer's, not ours
                "games": {game_id: {"bots": list(spec.bot_kinds())}
                          for game_id, spec in sorted(registered().items())},
                "commands": list(COMMANDS)}

    def new_game(self, request: dict) -> dict:
        """Open a game; bots and chance play until a person must act."""
        session = self._open(request)
        events = self._advance(session, session.state)
        self._register(session)
        return {**session.summary(), **events}

    def replay(self, request: dict) -> dict:
        """Open a game in the state a logged action list leads to."""
        log = request.get("log")
        if not isinstance(log, list):
            raise ProtocolError("bad_request", "'log' must be a list of actions (from the 'log' command)")
        session = self._open(request)
        for index, action in enumerate(log):
            try:
                session.state.apply_action(action)
            except session.kind.illegal_action() as exc:
                raise ProtocolError("illegal_action", f"log entry {index}: {exc}") from None
        events = self._advance(session, session.state, events_from=session.kind.event_count(session.state))
        self._register(session)
        return {**session.summary(), "replayed": len(log), **events}

    def observation(self, request: dict) -> dict:
        """What one seat may see."""
        session = self._session(request)
        seat = _seat(request, session, "seat")
        return {"seat": seat, "to_act": session.to_act(), "observation": session.state.observation(seat)}

    def legal_actions(self, request: dict) -> dict:
        """The legal actions of a seat (the one to act by default); [] when it is not its turn."""
        session = self._session(request)
        to_act = session.to_act()
        seat = _seat(request, session, "seat") if request.get("seat") is not None else to_act
        actions = session.state.legal_actions() if seat is not None and seat == to_act else []
        return {"seat": seat, "to_act": to_act, "actions": [dict(a) for a in actions]}

    def apply(self, request: dict) -> dict:
        """A person's action, then every automatic step after it; all or nothing."""
        session = self._session(request)
        if session.state.is_terminal():
            raise ProtocolError("game_over", f"game {session.name} is over; start a new_game")
        to_act = session.to_act()
        if request.get("seat") is not None and _seat(request, session, "seat") != to_act:
            raise ProtocolError("wrong_seat", f"it is seat {to_act}'s turn, not seat {request['seat']}'s")
        action = request.get("action")
        if not isinstance(action, dict):
            raise ProtocolError("bad_request", "'action' must be an object, one of 'legal_actions'")
        state = session.state.clone()
        try:
            state.apply_action(action)
        except session.kind.illegal_action() as exc:
            raise ProtocolError("illegal_action", str(exc)) from None
        first = {"seat": to_act, "action": session.kind.public_action(state.history()[-1])}
        events = self._advance(session, state, first, session.kind.event_count(session.state))
        session.state = state  # only now: every step after the action went through
        return {"to_act": session.to_act(), "terminal": state.is_terminal(), **events}

    def state(self, request: dict) -> dict:
        """Who plays, whose turn it is, how long the log is, the result so far."""
        session = self._session(request)
        return {**session.summary(), "actions": len(session.state.history()),
                "result": session.kind.result(session.state)}

    def scores(self, request: dict) -> dict:
        """The scores and, once it is over, the outcome."""
        session = self._session(request)
        return {"terminal": session.state.is_terminal(), **session.kind.result(session.state)}

    def log(self, request: dict) -> dict:
        """The complete action log (hidden information included), for saving and replay."""
        session = self._session(request)
        return {"game_type": session.kind.id, "players": session.game.players,
                "seed": session.game.seed, "log": session.state.history()}

    def close(self, request: dict) -> dict:
        """Forget a game."""
        session = self._session(request)
        del self.sessions[session.name]
        return {"closed": session.name}

    def quit(self, request: dict) -> dict:
        """Stop serving after this answer."""
        self.finished = True
        return {"bye": True}

    # --- the work ---------------------------------------------------------------------

    def _open(self, request: dict) -> Session:
        """A new session from a new_game / replay request (not yet registered)."""
        from pugdeck.protocol.decks import built_deck  # noqa: PLC0415 (building loads lazily)

        if len(self.sessions) >= MAX_GAMES:
            raise ProtocolError("too_many_games", f"{MAX_GAMES} games are open; close one first")
        doc, source = built_deck(request)
        game_id = doc.get("game") if isinstance(doc, dict) else None
        kind = registered().get(game_id) if isinstance(game_id, str) else None
        if kind is None:
            raise ProtocolError("bad_deck", f"{source}: not a built deck of a game this server plays "
                                f"({', '.join(sorted(registered()))})")
        players, seed = request.get("players"), request.get("seed", 0)
        if type(players) is not int:
            raise ProtocolError("bad_request", "'players' must be a whole number")
        if type(seed) is not int:
            raise ProtocolError("bad_request", "'seed' must be a whole number")
        try:
            game = kind.new_game(doc, players, seed, source=source)
            bot_kinds = _bot_kinds(request.get("bots", {}), players, kind)
            session = Session(f"g{self.created + 1}", kind, game, game.new_initial_state(),
                              bot_kinds=bot_kinds)
            session.bots = _seat_bots(kind, bot_kinds, game, seed)
        except DeckError as exc:
            raise ProtocolError("bad_deck", "; ".join(d.format() for d in exc.diagnostics[:10])) from None
        except NotImplementedError as exc:  # a registered game this server cannot play (no engine)
            raise ProtocolError("bad_deck", f"{source}: {exc}") from None
        return session

    def _register(self, session: Session) -> None:
        self.created += 1
        self.sessions[session.name] = session

    def _session(self, request: dict) -> Session:
        name = request.get("game")
        session = self.sessions.get(name) if isinstance(name, str) else None
        if session is None:
            raise ProtocolError("unknown_game", f"no open game {name!r}; open ones: "
                                f"{', '.join(self.sessions) or 'none'}")
        return session

    def _advance(self, session: Session, state, first: dict | None = None, events_from: int = 0) -> dict:
        """Play chance steps and bot seats on `state` until a person must act or the game ends."""
        actions = [first] if first else []
        for _ in range(MAX_AUTO_STEPS):
            if state.is_terminal():
                break
            seat = state.current_player()
            bot = session.bots.get(seat)
            if seat >= 0 and bot is None:
                break  # a person's turn
            legal = state.legal_actions()
            if seat < 0:  # chance: the seed's outcome is the one legal action
                action = legal[0]
            else:
                observation = state.observation(seat) if bot.wants_observation else None
                action = bot.choose(observation, legal)
            state.apply_action(action)
            actions.append({"seat": seat if seat >= 0 else None,
                            "action": session.kind.public_action(state.history()[-1])})
        out = {"actions": actions}
        events = session.kind.public_events(state, events_from)
        if events:
            out["events"] = events
        if state.is_terminal():
            out["result"] = session.kind.result(state)
        return out


def _seat(request: dict, session: Session, key: str) -> int:
    seat = request.get(key)
    if type(seat) is not int or not 0 <= seat < session.game.players:
        raise ProtocolError("bad_seat", f"'{key}' must be a seat number from 0 to {session.game.players - 1}")
    return seat


def _bot_kinds(spec: Any, players: int, kind: GameSpec) -> dict[int, str]:
    """{"1": "random", ...} → {1: "random"}; seat keys are strings in JSON."""
    if not isinstance(spec, dict):
        raise ProtocolError("bad_request", "'bots' must map seat numbers to bot kinds, e.g. {\"1\": \"random\"}")
    out = {}
    for key, bot in spec.items():
        seat = int(key) if isinstance(key, str) and key.isdigit() else -1
        if not 0 <= seat < players:
            raise ProtocolError("bad_seat", f"bot seat {key!r} must be a seat number from 0 to {players - 1}")
        if bot not in kind.bot_kinds():
            raise ProtocolError("bad_request", f"unknown bot {bot!r} for {kind.id}; "
                                f"choose from {', '.join(kind.bot_kinds())}")
        out[seat] = bot
    return out


def _seat_bots(kind: GameSpec, kinds: dict[int, str], game: Any, seed: int) -> dict[int, Any]:
    """A bot for each seat in `kinds` (seat → kind). The game's factory fills every seat, as
    `pugdeck play` does, so a seat's bot plays the same whoever sits at the other seats; the
    seats that are people are dropped."""
    every_seat = [kinds.get(seat, kind.bot_kinds()[0]) for seat in range(game.players)]
    made = kind.make_bots(every_seat, game, seed)
    return {seat: made[seat] for seat in kinds}


def _error(request_id: Any, code: str, message: str) -> dict:
    return {"id": request_id, "ok": False, "error": {"code": code, "message": message}}


COMMANDS = {
    "hello": Server.hello, "new_game": Server.new_game, "observation": Server.observation,
    "legal_actions": Server.legal_actions, "apply": Server.apply, "replay": Server.replay,
    "state": Server.state, "scores": Server.scores, "log": Server.log, "close": Server.close,
    "quit": Server.quit,
}
