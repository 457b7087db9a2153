"""What the party's pages are sent, as JSON-ready dicts (docs/party.md): the shared
screen's state and one phone's. Each is cut from the table's public view or that seat's
own; the card pictures named are only those the view itself names."""

from __future__ import annotations

from pathlib import Path

from pugdeck.games.narration import Words, deck_language
from pugdeck.party.room import Room
from pugdeck.party.table import Refused

PAGE_WORDS = Path(__file__).with_name("words.yaml")


def page_words(doc: dict) -> dict:
    words = Words(PAGE_WORDS, deck_language(doc))
    # Counted texts are chosen on the server (Words.counted, CLDR); the pages only show them.
    return {"language": words.language, "texts": dict(words.texts)}


def _cards_named(view: dict | None, keys: tuple[str, ...]) -> list[str]:
    if not view:
        return []
    named = []
    for key in keys:
        named += view.get(key) or []
    for part in view.get("reveal") or []:
        named += part["cards"]
    for seat in view.get("seats") or []:
        named += seat.get("played") or []
    named += [choice["card"] for choice in view.get("choices") or [] if choice.get("card")]
    return list(dict.fromkeys(named))


def _blue(room: Room, seat_name: str | None = None) -> dict | None:
    """The blue cards before Start: all of them for the screen, a phone's own for it."""
    if room.blue is None or room.table.started:
        return None
    labels = Words(room.table.spec.party_view().PARTY_WORDS, deck_language(room.table.doc))
    return room.blue.state(labels, seat_name)


def _setup(room: Room) -> dict | None:
    """The set-up before Start, its playability for the seats Start fills (bots up to the
    fewest the deck's rules allow)."""
    table = room.table
    if room.setup is None or table.started:
        return None
    seats = max(table.fewest, len(table.seats) + table.wanted_bots)
    language = deck_language(table.doc)
    view = table.spec.party_view()
    labels = Words(view.PARTY_WORDS, language) if hasattr(view, "PARTY_WORDS") else None
    return room.setup.state(seats, Words(PAGE_WORDS, language), labels)


def _lobby(room: Room) -> list[dict]:
    return [{"seat": i, "name": s.name, "bot": s.is_bot, "here": s.token is not None}
            for i, s in enumerate(room.table.seats)]


def _bots_note(table) -> str:
    """How many seats bots fill at Start, counted by the deck language's CLDR rule."""
    if not table.wanted_bots:
        return ""
    return Words(PAGE_WORDS, deck_language(table.doc)).counted(
        "bots_note", table.wanted_bots, fewest=table.fewest, most=table.most)


def screen_state(room: Room) -> dict:
    """The shared screen: the join address and code, who is seated, the public view."""
    table = room.table
    view = table.screen()
    return {"version": table.version, "words": page_words(table.doc),
            "title": table.doc.get("deck", {}).get("name") or table.doc.get("name", ""),
            "join_url": room.join_url, "code": room.code, "started": table.started,
            "seats": _lobby(room), "can_start": not table.started and bool(table.seats),
            "bots": table.wanted_bots, "fewest": table.fewest, "most": table.most,
            "bots_note": _bots_note(table),
            "view": view, "cards": {c: room.card(c) for c in _cards_named(view, ("cards",))},
            "saved": room.saved, "blue": _blue(room), "setup": _setup(room)}


def phone_state(room: Room, token: str) -> dict:
    """One phone: its seat and own view when `token` holds one, else what joining needs."""
    table = room.table
    base = {"version": table.version, "words": page_words(table.doc), "started": table.started,
            "title": table.doc.get("deck", {}).get("name") or table.doc.get("name", "")}
    try:
        seat = table.seat_of(token) if token else None
    except Refused:
        seat = None
    if seat is None:
        free = [{"seat": i, "name": s.name} for i, s in enumerate(table.seats) if not s.is_bot and s.token is None]
        return {**base, "joined": False, "claimable": free if table.started else [], "forms": list(table.forms),
                "seats": [s.name for s in table.seats]}
    view = table.phone(seat)
    return {**base, "joined": True, "seat": seat, "name": table.seats[seat].name,
            "seats": [s.name for s in table.seats], "my_move": table.to_act() == seat, "view": view,
            "blue": _blue(room, table.seats[seat].name),
            "cards": {c: room.card(c) for c in _cards_named(view, ("hand", "held", "scored"))}}
