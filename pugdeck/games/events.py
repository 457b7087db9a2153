"""The event log every engine keeps: what happened, and who may see which part of it.

An engine's transitions append an `Event` to `state.events` for each thing that happens
(a card played, a vote cast face down, a reveal, a new turn). An event has a public part
everyone at the table sees and, optionally, a private part only the seats in `seen_by` see
(a face-down card to its owner, a hand looked at to the looker). Every view is cut from
this one log (boardgame.io's `playerView`, applied to events): transcripts, terminal
views, the protocol's events, observations' "what just happened". Nothing reconstructs
what happened by comparing states.
"""

from __future__ import annotations

from typing import NamedTuple


class Event(NamedTuple):
    """One thing that happened. Never changed once logged; `view` hands out copies.

    A named tuple rather than a dataclass: the engines log several a move, and a tuple is
    the cheapest frozen record to make (engine throughput, benchmarks/; `public_event`).
    """

    public: dict
    private: dict | None = None  # the fields only `seen_by` see, added to the public ones
    seen_by: frozenset[int] | None = None  # None with `private`: nobody at the table

    @property
    def kind(self) -> str:
        """The event's type, `public["event"]` (an `ActionEvent` keeps it as a field)."""
        return self.public["event"]

    def view(self, seat: int | None) -> dict:
        """What `seat` sees (a copy): the public part, with the private one for a seat in
        `seen_by`. `seat=None` is the shared view, what every seat sees."""
        private = self.private
        if private is not None and seat is not None and self.seen_by and seat in self.seen_by:
            return {**self.public, **private}
        return dict(self.public)

    def full(self) -> dict:
        """Everything, private parts included: the omniscient narrator's view (a log is
        not a player), never a seat's."""
        return {**self.public, **self.private} if self.private is not None else dict(self.public)


def views(events: list[Event], seat: int | None, start: int = 0) -> list[dict]:
    """The events from index `start` as `seat` sees them (`None`: the shared view)."""
    return [event.view(seat) for event in events[start:]]


class ActionEvent(NamedTuple):
    """The event of one action (`action_event`), read like an `Event`: `public`, `private`,
    `seen_by`, `view`, `full`. It keeps the action as it happened — its type, the seat that
    took it (None: chance), all its fields, the game's secrecy table — and cuts the public
    and private parts when someone looks: an engine logs one small tuple a move, and only
    the events a frontend shows pay for the split (engine throughput, benchmarks/)."""

    kind: str
    seat: int | None
    fields: dict  # every field, the secret ones included; never changed once logged
    secret_fields: dict[str, tuple[str, ...]]  # the game's table (`GameSpec.secret_fields`)

    @property
    def public(self) -> dict:
        """What every seat sees: the type, the seat, the fields the secrecy table does not name."""
        hidden = self.secret_fields.get(self.kind, ())
        public = {"event": self.kind} if self.seat is None else {"event": self.kind, "seat": self.seat}
        for key, value in self.fields.items():
            if key not in hidden:
                public[key] = value
        return public

    @property
    def private(self) -> dict | None:
        """The fields the secrecy table names for this type (None when it names none)."""
        hidden = self.secret_fields.get(self.kind)
        if not hidden:
            return None
        return {key: self.fields[key] for key in hidden if key in self.fields}

    @property
    def seen_by(self) -> frozenset[int] | None:
        """The seat that took the action, the one that sees the private part (a chance
        outcome's: nobody); None when nothing is private."""
        if not self.secret_fields.get(self.kind):
            return None
        return frozenset(() if self.seat is None else (self.seat,))

    def view(self, seat: int | None) -> dict:
        """What `seat` sees (a copy), as `Event.view`: everything for the seat that took the
        action, the public part for every other seat and for `seat=None`."""
        return self.full() if seat is not None and seat == self.seat else self.public

    def full(self) -> dict:
        """Everything, private parts included: the omniscient narrator's view."""
        private = self.private
        return self.public if private is None else {**self.public, **private}


def action_event(kind: str, seat: int | None, fields: dict,
                 secret_fields: dict[str, tuple[str, ...]]) -> ActionEvent:
    """The event of one action of type `kind` taken by `seat` (None: chance): its fields,
    with those the game's `secret_fields` name for that type private to the seat that
    took it (a chance outcome's to nobody). The same table makes `GameSpec.public_action`,
    so a game writes what its table may not see once. `fields` is the event's from now on."""
    return _new(ActionEvent, (kind, seat, fields, secret_fields))


def public_event(public: dict) -> Event:
    """An event every seat sees whole (the same as `Event(public)`, made faster: engines
    log several a move)."""
    return _new(Event, (public, None, None))


_new = tuple.__new__  # Event's fields in one C call, without NamedTuple's Python `__new__`
