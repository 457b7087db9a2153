"""The saved-object document TTS reads from `Saves/Saved Objects/<name>.json`.

Its shape follows what TTS writes (docs/tts.md compares it with public saves and deck
tools): the save's top-level keys, empty as TTS leaves them for a saved object, then
`ObjectStates`, the objects laid side by side on the table. A pile of cards is a
`DeckCustom` whose `ContainedObjects` are `Card`s and whose `DeckIDs` list their `CardID`s
(sheet key × 100 + slot); a lone card is a `Card` with its sheet in its own `CustomDeck`.
Decks lie face down, lone cards (turd cards, a reference card) face up, a card apart.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

# TTS's own defaults for a new object (what its chest writes).
COLOR_DIFFUSE = {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259}
SPACING = 3.0  # table units between objects: a card is about 2.2 wide at scale 1
# A saved object's top-level keys, as TTS writes them (SaveName … XmlUI, then ObjectStates).
SAVE_KEYS = {
    "SaveName": "", "Date": "", "VersionNumber": "", "GameMode": "", "GameType": "",
    "GameComplexity": "", "Tags": [], "Gravity": 0.5, "PlayArea": 0.5, "Table": "", "Sky": "",
    "Note": "", "TabStates": {}, "LuaScript": "", "LuaScriptState": "", "XmlUI": "",
}


@dataclass(frozen=True)
class TableCard:
    """One card on the table: what TTS names it, says of it on hover, and where it goes."""

    nickname: str
    description: str
    notes: str  # GMNotes (only the host sees them): the card's id
    in_deck: bool  # in its pile's deck; else a lone card beside it
    key: int = 0  # its sheet's CustomDeck key
    slot: int = 0  # its place on that sheet

    @property
    def card_id(self) -> int:
        """TTS's CardID: the CustomDeck key × 100 + the slot on that sheet."""
        return self.key * 100 + self.slot


@dataclass(frozen=True)
class TablePile:
    """Cards sharing one back: a deck (its `in_deck` cards) and the lone cards beside it."""

    nickname: str
    description: str
    notes: str  # the deck's GMNotes: `<output name>/<back>`
    cards: tuple[TableCard, ...]


@dataclass(frozen=True)
class SheetEntry:
    """A CustomDeck entry: one face sheet, its grid and the back of its cards."""

    face_url: str
    back_url: str
    columns: int
    rows: int

    def as_json(self) -> dict:
        return {"FaceURL": self.face_url, "BackURL": self.back_url, "NumWidth": self.columns,
                "NumHeight": self.rows, "BackIsHidden": True, "UniqueBack": False, "Type": 0}


def saved_object(piles: Sequence[TablePile], sheets: Mapping[int, SheetEntry],
                 marker: str) -> dict:
    """The document: each pile's deck and then its lone cards, in a row. `marker` goes in
    `Note`, so a later export knows the file is its own."""
    objects: list[dict] = []
    for pile in piles:
        deck = [card for card in pile.cards if card.in_deck]
        if len(deck) == 1:
            objects.append(_card(deck[0], sheets, face_down=True))
        elif deck:
            objects.append(_deck(pile, deck, sheets))
        objects += [_card(card, sheets, face_down=False) for card in pile.cards
                    if not card.in_deck]
    for position, obj in enumerate(objects):
        obj["Transform"]["posX"] = SPACING * position
    return {**SAVE_KEYS, "Note": marker, "ObjectStates": objects}


def _deck(pile: TablePile, cards: Sequence[TableCard], sheets: Mapping[int, SheetEntry]) -> dict:
    keys = sorted({card.key for card in cards})
    contained = [_card(card, sheets, face_down=True) for card in cards]
    return _object("DeckCustom", pile.nickname, pile.description, pile.notes, face_down=True,
                   SidewaysCard=False, DeckIDs=[card.card_id for card in cards],
                   CustomDeck={str(k): sheets[k].as_json() for k in keys},
                   ContainedObjects=contained)


def _card(card: TableCard, sheets: Mapping[int, SheetEntry], face_down: bool) -> dict:
    return _object("Card", card.nickname, card.description, card.notes, face_down=face_down,
                   CardID=card.card_id, SidewaysCard=False,
                   CustomDeck={str(card.key): sheets[card.key].as_json()})


def _object(name: str, nickname: str, description: str, notes: str, face_down: bool,
            **fields) -> dict:
    """A TTS object with the fields TTS itself writes, in its order."""
    obj = {
        "GUID": _guid(f"{name}/{notes}/{fields.get('CardID', '')}"), "Name": name,
        "Transform": _transform(face_down), "Nickname": nickname,
        "Description": description, "GMNotes": notes, "ColorDiffuse": dict(COLOR_DIFFUSE),
        "LayoutGroupSortIndex": 0, "Value": 0, "Locked": False, "Grid": True, "Snap": True,
        "IgnoreFoW": False, "MeasureMovement": False, "DragSelectable": True,
        "Autoraise": True, "Sticky": True, "Tooltip": True, "GridProjection": False,
        "HideWhenFaceDown": True, "Hands": name == "Card",
    }
    obj.update(fields)
    obj.update({"LuaScript": "", "LuaScriptState": "", "XmlUI": ""})
    return obj


def _transform(face_down: bool) -> dict:
    # Face down is rotZ 180, as TTS's own deck builder leaves a deck; rotY 180 turns the
    # card's top away from the player at the bottom of the table, as TTS spawns cards.
    return {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0,
            "rotZ": 180.0 if face_down else 0.0, "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def _guid(seed: str) -> str:
    # Six hex digits, as TTS writes them; stable, so the JSON is the same for the same
    # inputs (TTS renames a GUID that clashes with one already on the table).
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()[:6]
