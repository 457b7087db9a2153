"""One party's game: the seats (people with their tokens, bots), the engine's state, the
log on disk, and what each screen may see. The only module of the party that drives an
engine; the web application (app.py) asks it and never reads a state.

Until the game starts, people join a lobby; `start` seats them in the order they joined
and fills the seats the host asked for (and any the deck's rules need) with bots. Then a
person acts only for their own seat (their token says which), only an action the engine
lists as legal now, and only once (the action id they send); anything else raises
`Refused` and leaves the game as it was. After a person's action, chance steps and bots
play (`_advance`) until a person must act again, and the log is written, atomically, as
`play --json` writes it (with a `party` block naming the seats), so `replay` shows it and
`--resume` continues it.

Visibility: the shared screen gets the game's public observation only (`party_view.
public_observation`: what every seat sees alike); a phone gets its own seat's observation,
and its legal actions only when it is that seat's move.
"""

from __future__ import annotations

import json
import re
import secrets
import sys
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import Any

from pugdeck.atomic import WriteError, write_files
from pugdeck.games.engine_input import log_fields
from pugdeck.games.events import views
from pugdeck.games.loop import advance, apply_move
from pugdeck.games.registry import registered
from pugdeck.games.spec import GameSpec
from pugdeck.party.guests import Refused, clean_name, new_token, shortfall

MAX_AUTO_STEPS = 100_000  # chance and bot steps after one person's action: a bound never reached
RECENT_EVENTS = 40  # the events the pages are told (as each sees them): enough for a turn
ACTION_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")
PERSON = "person"


@dataclass
class Seat:
    """A seat at the table: a person (with the token their phone holds; None while nobody
    has claimed a resumed seat) or a bot."""

    name: str
    token: str | None = None
    bot: Any = None
    kind: str = PERSON  # PERSON, or the bot's kind
    form: str | None = None  # the form a person says their descriptives in (`PartyTable.forms`)
    done: set[str] = field(default_factory=set)  # action ids applied for this seat

    @property
    def is_bot(self) -> bool:
        return self.bot is not None


class PartyTable:
    """The party's one game, from the lobby to the end."""

    def __init__(self, spec: GameSpec, doc: dict, *, seed: int = 0, bots: int = 0,
                 log_path: Path | None = None, bot_kinds: str | None = None):
        self.spec, self.doc, self.seed = spec, doc, seed
        self.view = spec.party_view()
        self.wanted_bots = bots
        self.bot_kinds = bot_kinds or ",".join(spec.bot_kinds())
        self.log_path = log_path
        self.fewest, self.most = self._seat_range(doc)
        self.seats: list[Seat] = []  # the lobby before `start`, the table after
        self.game: Any = None
        self.state: Any = None
        self.version = 0  # grows with every change a screen should show
        self.save_problem: str | None = None  # why the log could not be written last time

    # --- the lobby ---------------------------------------------------------------------

    @property
    def started(self) -> bool:
        return self.state is not None

    @property
    def forms(self) -> tuple[str, ...]:
        """The forms a person may take for their descriptives, as the game's party view reads
        them off the deck (none for a deck, or a game, whose descriptives have one form)."""
        offered = getattr(self.view, "speaker_forms", None)
        return tuple(offered(self.doc)) if offered else ()

    def clean_form(self, form: Any) -> str | None:
        """A form as a phone sent it: None (or nothing) for no choice, else one the deck offers."""
        if form is None or form == "":
            return None
        if not isinstance(form, str) or form not in self.forms:
            offered = ", ".join(self.forms)
            raise Refused("bad_form", f"a form is one of: {offered}, or none" if offered
                          else "this deck's descriptives have one form: send no form")
        return form

    def join(self, name: Any, form: Any = None) -> tuple[int, str]:
        """A new person in the lobby, with the form they say their descriptives in (or
        none): (their seat, their token)."""
        name = clean_name(name)
        form = self.clean_form(form)
        if self.started:
            free = [i for i, seat in enumerate(self.seats) if not seat.is_bot and seat.token is None]
            raise Refused("started", "the game has started" + ("; pick your name to take your seat back"
                                                                  if free else ""), 409)
        if len(self.seats) + self.wanted_bots >= self.most:
            raise Refused("full", f"the table is full ({self.most} seats)", 409)
        self._name_is_free(name)
        token = new_token()
        self.seats.append(Seat(name, token, form=form))
        self.changed()
        return len(self.seats) - 1, token

    def claim(self, seat: Any, name: Any) -> str:
        """A resumed game's person seat nobody holds yet, taken back by name: a new token."""
        if type(seat) is not int or not 0 <= seat < len(self.seats):
            raise Refused("bad_seat", "no such seat")
        place = self.seats[seat]
        if place.is_bot or place.token is not None or clean_name(name) != place.name:
            raise Refused("taken", "that seat is not free to take", 409)
        place.token = new_token()
        self.changed()
        return place.token

    def use_deck(self, doc: dict) -> None:
        """Play the deck the host tailored on the set-up screen (before Start only)."""
        if self.started:
            raise Refused("started", "the game has started already", 409)
        self.fewest, self.most = self._seat_range(doc)
        self.doc = doc
        self.changed()

    def _seat_range(self, doc: dict) -> tuple[int, int]:
        """The fewest and most seats the deck is playable for; for a deck too small for any
        (blue cards may yet rescue it), those its rules allow: Start refuses until it plays."""
        counts = self.spec.player_counts(doc) or [check["players"] for check in doc["checked"]["players"]]
        if not counts:
            raise Refused("unplayable", "the deck is playable for no number of players "
                          "(`pugdeck validate` says what it lacks)")
        return min(counts), max(counts)

    def _name_is_free(self, name: str) -> None:
        if any(seat.name.casefold() == name.casefold() for seat in self.seats):
            raise Refused("name_taken", f"{name} is already at the table: choose another name", 409)

    def start(self) -> None:
        """Seat the lobby and the bots, deal, and play until a person must act."""
        if self.started:
            raise Refused("started", "the game has started already", 409)
        people = len(self.seats)
        players = max(self.fewest, people + self.wanted_bots)
        if people == 0:
            raise Refused("nobody", "nobody has joined yet", 409)
        if players > self.most:
            raise Refused("full", f"the deck plays at most {self.most}", 409)
        if not self.spec.player_counts(self.doc):
            raise Refused("unplayable", shortfall(self.doc, players), 409)
        self.game = self.spec.new_game(self.doc, players, self.seed, source="party")
        made = self.spec.make_bots(self.bot_kinds, self.game, self.seed)
        for seat in range(people, players):
            self.seats.append(Seat(f"Bot {seat + 1}", bot=made[seat], kind=made[seat].kind))
        self._give_forms()
        self.state = self.game.new_initial_state()
        self._advance()
        self._save()
        self.changed()

    def _give_forms(self) -> None:
        """Each person's form to the engine's game, which says their lines in it; a form the
        deck no longer offers (the host tailored it on the set-up screen since) is dropped."""
        for index, seat in enumerate(self.seats):
            if seat.form is not None and seat.form not in self.forms:
                seat.form = None
            if seat.form is not None:
                self.view.take_form(self.game, index, seat.form)

    # --- play --------------------------------------------------------------------------

    def seat_of(self, token: Any) -> int:
        """The seat `token` holds; `Refused` (403) for any other string."""
        if isinstance(token, str) and token:
            for index, seat in enumerate(self.seats):
                if seat.token is not None and secrets.compare_digest(seat.token, token):
                    return index
        raise Refused("bad_token", "this phone holds no seat here: join again", 403)

    def to_act(self) -> int | None:
        if not self.started or self.state.is_terminal():
            return None
        return self.state.current_player()

    def act(self, token: Any, action: Any, action_id: Any) -> None:
        """The action of the person holding `token`, then every automatic step after it."""
        seat = self.seat_of(token)
        if not isinstance(action_id, str) or not ACTION_ID.fullmatch(action_id):
            raise Refused("bad_id", "an action needs an id of 8 to 64 letters, digits, - or _")
        if action_id in self.seats[seat].done:
            raise Refused("done_already", "this action was done already", 409)
        if not self.started:
            raise Refused("not_started", "the game has not started yet", 409)
        if self.state.is_terminal():
            raise Refused("over", "the game is over", 409)
        if self.to_act() != seat:
            raise Refused("not_your_move", "it is not your move", 409)
        legal = self.state.legal_actions()
        chosen = next((a for a in legal if a == action), None) if isinstance(action, dict) else None
        if chosen is None:
            raise Refused("illegal", "that is not one of your choices now: reload the page", 409)
        apply_move(self.state, chosen)  # the engine's own action, never the client's dict
        self.seats[seat].done.add(action_id)
        self._advance()
        self._save()
        self.changed()

    def bot_takes(self, seat: Any) -> None:
        """A bot plays `seat` from now on (its person left); their token stops working."""
        if not self.started:
            raise Refused("not_started", "seats are taken over once the game has started", 409)
        if type(seat) is not int or not 0 <= seat < len(self.seats) or self.seats[seat].is_bot:
            raise Refused("bad_seat", "no person sits there")
        kind = self.bot_kinds.split(",")[0]
        bot = self.spec.make_bots([kind] * self.game.players, self.game, self.seed)[seat]
        self.seats[seat] = Seat(self.seats[seat].name, bot=bot, kind=bot.kind)
        self._advance()
        self._save()
        self.changed()

    def leave(self, token: Any) -> None:
        seat = self.seat_of(token)
        if not self.started:
            del self.seats[seat]
            self.changed()
            return
        self.bot_takes(seat)

    def _advance(self) -> None:
        """Chance steps and bots' moves (the one game loop, games/loop.py) until a person
        must act or the game is over."""
        for _step in islice(advance(self.state, [seat.bot for seat in self.seats]), MAX_AUTO_STEPS):
            pass

    def changed(self) -> None:
        """Something every screen should show changed (the set-up screen's changes too):
        the version grows."""
        self.version += 1

    # --- the log -----------------------------------------------------------------------

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    def log(self) -> dict:
        """The game log `play --json` writes, and who sat where."""
        labels = [seat.kind if seat.is_bot else seat.name for seat in self.seats]
        doc = self.spec.game_log(self.game, self.state, labels)
        doc["party"] = {"names": self.names, "people": [i for i, s in enumerate(self.seats) if not s.is_bot]}
        if any(seat.form for seat in self.seats):  # only then: a log without forms is as it was
            doc["party"]["forms"] = [seat.form for seat in self.seats]
        return doc

    def _save(self) -> None:
        """The log, written whole and atomically. A log that cannot be written does not stop
        the game (the table is in the middle of it): the host is told, on stderr, once per
        problem, and the next action tries again."""
        if self.log_path is None:
            return
        data = json.dumps(self.log(), ensure_ascii=False, indent=1).encode("utf-8") + b"\n"
        try:
            write_files({self.log_path: data})
        except WriteError as error:
            if str(error) != self.save_problem:
                print(f"warning: the game's log is not kept: {error}", file=sys.stderr)
            self.save_problem = str(error)
        else:
            self.save_problem = None

    @classmethod
    def resume(cls, log: dict, source: str, log_path: Path | None, bot_kinds: str | None = None) -> PartyTable:
        """The party a log was written by, at its last action; its people's seats wait for
        them to claim them by name. Raises `ValueError` (or the engine's illegal action) for
        a log that does not replay."""
        spec = next((s for s in registered().values() if s.log_format and s.log_format == log.get("format")), None)
        if spec is None:
            raise ValueError(f"{source}: not a game log of any game pugdeck plays")
        game, actions, labels = spec.game_from_log(log, source)
        _deck, players, seed, _actions, _labels = log_fields(log, source)
        party = log.get("party") if isinstance(log.get("party"), dict) else {}
        names = party.get("names")
        people = party.get("people")
        if not (isinstance(names, list) and len(names) == players and all(isinstance(n, str) for n in names)):
            names = list(labels)
        if not (isinstance(people, list) and all(type(p) is int and 0 <= p < players for p in people)):
            raise ValueError(f"{source}: the log names no people's seats (a `party` block): "
                             "only a party's own log resumes")
        table = cls(spec, game.doc, seed=seed, log_path=log_path, bot_kinds=bot_kinds)
        table.game = game
        made = spec.make_bots(table.bot_kinds, game, seed)
        table.seats = [Seat(clean_name(names[i])) if i in people else Seat(names[i], bot=made[i], kind=made[i].kind)
                       for i in range(players)]
        forms = party.get("forms", [None] * players)
        if not (isinstance(forms, list) and len(forms) == players):
            raise ValueError(f"{source}: the `party` block's forms are one form or null per seat")
        for index, form in enumerate(forms):
            try:
                table.seats[index].form = table.clean_form(form)
            except Refused as refused:
                raise ValueError(f"{source}: the `party` block's forms, seat {index + 1}: {refused}") from None
        table._give_forms()
        state = game.new_initial_state()
        for action in actions:
            seat = state.current_player()
            if seat >= 0 and table.seats[seat].is_bot:
                bot = table.seats[seat].bot  # asked again, so its random stream is where it was
                bot.choose(state.observation(seat) if bot.wants_observation else None, state.legal_actions())
            state.apply_action(action)
        table.state = state
        table._advance()
        table.changed()
        return table

    # --- what the screens see ----------------------------------------------------------

    def _events(self, seat: int | None) -> list[dict]:
        """The last RECENT_EVENTS events as `seat` sees them (None: the shared view)."""
        events = getattr(self.state, "events", [])
        return views(events, seat, max(0, len(events) - RECENT_EVENTS))

    def screen(self) -> dict | None:
        """The shared screen's view of the game (None in the lobby)."""
        if not self.started:
            return None
        return self.view.screen(self.game, self.view.public_observation(self.state), self._events(None), self.names)

    def phone(self, seat: int) -> dict | None:
        """Seat `seat`'s own view (None in the lobby); its choices only on its move."""
        if not self.started:
            return None
        legal = self.state.legal_actions() if self.to_act() == seat else []
        return self.view.phone(self.game, self.state.observation(seat), self._events(seat),
                               [dict(a) for a in legal], self.names)
