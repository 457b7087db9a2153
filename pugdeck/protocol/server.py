"""The engine protocol: JSON requests in, JSON responses out, one game server (docs/protocol.md).

A frontend in any language drives our engines the way a chess GUI drives an engine: it
sends `new_game`, asks for a seat's `observation` and `legal_actions`, and `apply`s the
actions of the people at its table; bot seats and chance steps (shuffles, deals) are played
by the server until a person must act again, and every response lists what happened, as
everyone at the table may see it.

`Server.handle_line` never raises, whatever the line holds, and never changes a game unless
the whole request succeeds: an action is tried on a clone of the state, which replaces the
game's state only once the action and every automatic step after it went through. A bug
answers `internal` and leaves every game as it was. `serve` (in `stream.py`) runs it over
stdin/stdout. Requests are read strictly (games/json_input.py): no NaN, no lone surrogates,
no nesting past 64 levels. Decks come from `decks.py`, which holds them for every game.

Every game is reached through the registry and its `GameSpec` (games/spec.py): the engine
(`new_game`, driven through the State shape of games/state.py), its bots, what of an action
everyone may see (`public_action`, `event_view`) and how a result is summed up (`result`).
"""

from __future__ import annotations

import sys
import traceback
from itertools import islice
from pathlib import Path
from typing import Any

from pugdeck import __version__
from pugdeck.authoring.slugs import composed
from pugdeck.games import json_input
from pugdeck.games.conformance import strings_in
from pugdeck.games.loop import advance
from pugdeck.games.registry import registered
from pugdeck.protocol.decks import DeckStore
from pugdeck.protocol.errors import ProtocolError, quoted
from pugdeck.protocol.sessions import Session, bot_kinds, seat_bots, seat_forms, seat_keyed, seat_number, whole_number

PROTOCOL = "pugdeck-engine"
PROTOCOL_VERSION = 1
MAX_GAMES = 1000  # open games per server; `close` frees one
MAX_AUTO_STEPS = 1_000_000  # automatic steps after one request: a safety net, never reached


class Server:
    """Every open game and the request handlers. One instance per connection.

    `root` is the folder under which a request's `deck` path must lie (docs/protocol.md,
    "Decks"), the working folder by default; `decks` may be given to share or bound one.
    """

    def __init__(self, root: Path | str | None = None, decks: DeckStore | None = None) -> None:
        self.decks = decks or DeckStore(Path.cwd() if root is None else root)
        self.sessions: dict[str, Session] = {}
        self.created = 0
        self.finished = False  # set by `quit`

    # --- the edge: text in, response out ---------------------------------------------

    def handle_line(self, line: str | bytes) -> dict:
        """The response to one request line. Never raises."""
        try:
            request = json_input.loads(line.strip())
        except ValueError as exc:  # not JSON, not UTF-8, NaN, a lone surrogate, too deep
            return _error(_readable_id(line), "bad_json", f"not a JSON request: {exc}")
        except Exception as exc:  # noqa: BLE001 - nothing a client sends may end the session
            return _internal(None, exc)
        return self.handle(request)

    def handle(self, request: Any) -> dict:
        """The response to one decoded request. Never raises."""
        request_id = None
        try:
            if not isinstance(request, dict):
                return _error(None, "bad_request", "a request is a JSON object with a 'cmd'")
            request_id = request.get("id")
            if isinstance(request_id, (dict, list)) or json_input.lone_surrogate_path(request_id) is not None:
                return _error(None, "bad_request", "'id' must be a number, a string or null")
            handler = _handler(request)
            body = handler(self, request)
        except ProtocolError as exc:
            return _error(request_id, exc.code, str(exc))
        except Exception as exc:  # noqa: BLE001 - a bug must not end the session
            return _internal(request_id, exc)
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
                session.state.apply_action(composed(action))
            except session.kind.illegal_action() as exc:
                raise ProtocolError("illegal_action", f"log entry {index}: {exc}") from None
        events = self._advance(session, session.state, events_from=len(_events(session.state)))
        self._register(session)
        return {**session.summary(), "replayed": len(log), **events}

    def observation(self, request: dict) -> dict:
        """What one seat may see."""
        session = self._session(request)
        seat = seat_number(request, session, "seat")
        return {"seat": seat, "to_act": session.to_act(), "observation": session.state.observation(seat)}

    def legal_actions(self, request: dict) -> dict:
        """The legal actions of a seat (the one to act by default); [] when it is not its turn."""
        session = self._session(request)
        to_act = session.to_act()
        seat = seat_number(request, session, "seat") if request.get("seat") is not None else to_act
        actions = session.state.legal_actions() if seat is not None and seat == to_act else []
        return {"seat": seat, "to_act": to_act, "actions": [dict(a) for a in actions]}

    def apply(self, request: dict) -> dict:
        """A person's action, then every automatic step after it; all or nothing."""
        session = self._session(request)
        if session.state.is_terminal():
            raise ProtocolError("game_over", f"game {session.name} is over; start a new_game")
        to_act = session.to_act()
        if request.get("seat") is not None and seat_number(request, session, "seat") != to_act:
            raise ProtocolError("wrong_seat", f"it is seat {to_act}'s turn, not seat {request['seat']}'s")
        action = request.get("action")
        if not isinstance(action, dict):
            raise ProtocolError("bad_request", "'action' must be an object, one of 'legal_actions'")
        action = composed(action)  # card ids are NFC, as the deck's text was read
        state = session.state.clone()
        try:
            state.apply_action(action)
        except session.kind.illegal_action() as exc:
            raise ProtocolError("illegal_action", str(exc)) from None
        first = {"seat": to_act, "action": session.kind.public_action(state.history()[-1], to_act)}
        events = self._advance(session, state, first, len(_events(session.state)))
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
                "seed": session.game.seed, "forms": seat_keyed(session.forms), "log": session.state.history()}

    def cards(self, request: dict) -> dict:
        """The built deck's entries of the cards a seat sees now (every seat, without one)."""
        session = self._session(request)
        seat = seat_number(request, session, "seat") if request.get("seat") is not None else None
        entries = session.opened.deck.entries()
        seen = seen_cards(session, seat, entries)
        asked = request.get("ids")
        if asked is None:
            return {"seat": seat, "cards": {card: entries[card] for card in entries if card in seen}}
        if not (isinstance(asked, list) and all(isinstance(card, str) for card in asked)):
            raise ProtocolError("bad_request", "'ids' must be a list of card ids (as observations name them)")
        shown = {}
        for card in map(composed, asked):
            if card not in seen:  # hidden or no card at all: one answer, so nothing is learnt
                unseen = (f"seat {seat} sees no card {quoted(card)} now" if seat is not None
                           else f"no card {quoted(card)} is seen by every seat now")
                raise ProtocolError("unseen_card", f"{unseen}; a card's text is given to the seats whose "
                                    "observation names it")
            shown[card] = entries[card]
        return {"seat": seat, "cards": shown}

    def close(self, request: dict) -> dict:
        """Forget a game."""
        session = self._session(request)
        del self.sessions[session.name]
        self.decks.detach(session.opened)
        return {"closed": session.name}

    def quit(self, request: dict) -> dict:
        """Stop serving after this answer."""
        self.finished = True
        return {"bye": True}

    # --- the work ---------------------------------------------------------------------

    def _open(self, request: dict) -> Session:
        """A new session from a new_game / replay request (not yet registered)."""
        if len(self.sessions) >= MAX_GAMES:
            raise ProtocolError("too_many_games", f"{MAX_GAMES} games are open; close one first")
        players, seed = whole_number(request, "players"), whole_number(request, "seed", 0)
        opened = self.decks.open_game(request, players, seed)
        kinds = bot_kinds(request.get("bots", {}), players, opened.kind)
        forms = seat_forms(request.get("forms", {}), players, opened.game, opened.kind)
        if isinstance(getattr(opened.game, "forms", None), dict):
            # what the seats say aloud (`said`) is in their forms; the game is this session's
            # own copy of the deck's prepared one (decks.py), and so now is its table of forms
            opened.game.forms = dict(forms)
        session = Session(f"g{self.created + 1}", opened, opened.game.new_initial_state(), bot_kinds=kinds,
                          forms=forms)
        session.bots = seat_bots(opened.kind, kinds, opened.game, seed)
        return session

    def _register(self, session: Session) -> None:
        self.created += 1
        self.sessions[session.name] = session
        self.decks.attach(session.opened)

    def _session(self, request: dict) -> Session:
        name = request.get("game")
        session = self.sessions.get(name) if isinstance(name, str) else None
        if session is None:
            shown = ", ".join(list(self.sessions)[:20]) + (", …" if len(self.sessions) > 20 else "")
            raise ProtocolError("unknown_game", f"no open game {quoted(name)}; open ones: {shown or 'none'}")
        return session

    def _advance(self, session: Session, state, first: dict | None = None, events_from: int = 0) -> dict:
        """Play chance steps and bot seats on `state` until a person must act or the game ends
        (games/loop.py); what every seat saw of it: the actions and the events from index
        `events_from` of the state's log."""
        kind = session.kind
        actions = [first] if first else []
        bots = [session.bots.get(seat) for seat in range(session.game.players)]
        for step in islice(advance(state, bots), MAX_AUTO_STEPS):
            actions.append({"seat": step.seat if step.seat >= 0 else None,
                            "action": kind.public_action(step.action, step.seat)})
        out = {"actions": actions}
        events = [_with_said(kind, session.game, state, kind.event_view(event, None))
                  for event in _events(state)[events_from:]]
        if events:
            out["events"] = events
        if state.is_terminal():
            out["result"] = session.kind.result(state)
        return out


def seen_cards(session: Session, seat: int | None, entries: dict) -> set[str]:
    """The card ids `seat`'s observation names (for no seat: those every seat's names), so a
    card's text goes exactly where its id already went; the conformance suite holds each
    observation to the cards its seat may see (games/conformance.py `check_observation`)."""
    seats = range(session.game.players) if seat is None else (seat,)
    named = [strings_in(session.state.observation(s)) for s in seats]
    return set(entries).intersection(*named)


def _with_said(kind: Any, game: Any, state: Any, view: dict) -> dict:
    """A public event with what is said aloud at it, when anything is: `said`, each
    speaker's line in the deck's language and form, from the game's optional `spoken` part
    (`spoken(game, state, event)`, `state` being the game after the event)."""
    said = kind.part("spoken")(game, state, view) if kind.has("spoken") else []
    return {**view, "said": said} if said else view


def _events(state: Any) -> list:
    """The state's event log; none for an engine that keeps none."""
    return getattr(state, "events", [])


def _handler(request: dict):
    """The command the request names, or a `ProtocolError` saying what is missing."""
    cmd = request.get("cmd")
    if isinstance(cmd, str) and cmd in COMMANDS:
        return COMMANDS[cmd]
    commands = ", ".join(COMMANDS)
    if "cmd" not in request:
        # A client that wrote {"command": "hello"} is told where the name goes.
        misplaced = next((key for key, value in request.items()
                          if key != "id" and isinstance(value, str) and value in COMMANDS), None)
        hint = f"; the command goes in 'cmd', not {quoted(misplaced)}" if misplaced else ""
        raise ProtocolError("unknown_command", f"the request has no 'cmd'{hint}; commands: {commands}")
    if not isinstance(cmd, str):
        raise ProtocolError("unknown_command", f"'cmd' must be a command's name, not {quoted(cmd)}; "
                            f"commands: {commands}")
    raise ProtocolError("unknown_command", f"unknown command {quoted(cmd)}; commands: {commands}")


def _error(request_id: Any, code: str, message: str) -> dict:
    return {"id": request_id, "ok": False, "error": {"code": code, "message": message}}


def _internal(request_id: Any, exc: Exception) -> dict:
    traceback.print_exception(exc, file=sys.stderr)
    text = str(exc).encode("utf-8", "backslashreplace").decode("utf-8")[:200]
    return _error(request_id, "internal", f"internal error ({type(exc).__name__}: {text}); "
                  "the game is unchanged")


COMMANDS = {
    "hello": Server.hello, "new_game": Server.new_game, "observation": Server.observation,
    "legal_actions": Server.legal_actions, "apply": Server.apply, "replay": Server.replay,
    "state": Server.state, "scores": Server.scores, "log": Server.log, "cards": Server.cards,
    "close": Server.close, "quit": Server.quit,
}


def _readable_id(line: str | bytes) -> Any:
    """The `id` of a request refused only for a lone surrogate elsewhere in it, so that its
    answer carries its own id (a frontend matches answers by id); None when there is none
    to read."""
    try:
        request = json_input.loads(line.strip(), check_text=False)
    except ValueError:
        return None
    request_id = request.get("id") if isinstance(request, dict) else None
    if isinstance(request_id, (dict, list)) or json_input.lone_surrogate_path(request_id) is not None:
        return None
    return request_id
