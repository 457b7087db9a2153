"""Blue cards written on the phones before Start: checked as `build --customs` checks
them, kept by the server (a phone that disconnects loses nothing) and on disk (a server
started again takes them up), approved or removed by the host, and the approved ones saved
as a customs file the command line reads.

The game says what a blue card holds (its party_view's `BLUE_CARDS`: the build parameter,
the fixed fields, the form's fields); this module knows no game. A phone sends only the
form's fields: the card's id is the server's (`party-blue-N`), the file's name too, so no
text a phone sends names a path. Each card is checked by building the deck with it in a
customs file of its own, in a private temporary folder: every message is the build's, and
the ones about the card come back with the field they are about.
"""

from __future__ import annotations

import json
import re
import tempfile
import time
import unicodedata
from collections import deque
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import yaml

from pugdeck.authoring.texts import FORMS, needs_forms
from pugdeck.building.pipeline import build
from pugdeck.core.built_deck import Built
from pugdeck.core.diagnostics import DeckError
from pugdeck.games.narration import deck_language
from pugdeck.inputs import InputError, read_bytes
from pugdeck.party.guests import Refused, written

MAX_CARDS = 200  # waiting and approved, for one party
CHECKS, CHECKS_S = 5, 5.0  # a seat's cards checked (a build, a drawing) in any CHECKS_S seconds
MAX_TEXT = 400  # characters of a text field, before the game's own (smaller) limit is checked
FILE_STEM = "party-customs"
CUSTOMS_HEAD = "# Blue cards written on the party's set-up page (pugdeck party); --customs reads them.\n"
KEPT_FORMAT = "pugdeck-party-blue-cards"  # the cards file: every card, waiting or approved
MAX_KEPT_BYTES = 4 * 1024 * 1024  # MAX_CARDS cards of MAX_TEXT characters a field, with room to spare


def cards_path(customs: Path) -> Path:
    """The cards file beside a customs file: `party-customs.yaml` → `party-customs.cards.json`."""
    return customs.with_name(customs.stem + ".cards.json")


def _ours(customs: Path) -> bool:
    """Whether the customs file is one a party wrote (it starts with the party's line)."""
    try:
        return read_bytes(customs, MAX_KEPT_BYTES).startswith(CUSTOMS_HEAD.encode())
    except InputError:
        return False


@dataclass
class BlueCard:
    id: str
    by: str  # the name of the seat that wrote it
    fields: dict
    approved: bool = False
    picture: str | None = None  # the key of its picture as it will print


def form_values(form: dict, given: Any) -> dict:
    """The form's fields as the phone sent them, each of the kind the form says; a field
    the form does not have, or one of the wrong kind, is refused."""
    if not isinstance(given, dict):
        raise Refused("bad_card", "send {\"card\": {field: value}}")
    fields = {f["key"]: f for f in form["fields"]}
    unknown = [str(k)[:40] for k in given if k not in fields]
    if unknown:
        raise Refused("bad_card", f"a blue card has no field {unknown[0]!r}")
    values = {}
    for key, field in fields.items():
        value = given.get(key)
        if value is None or value == "":
            continue
        if field["kind"] == "int":
            if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 999:
                raise Refused("bad_card", f"{key}: a whole number")
        elif field.get("forms") and isinstance(value, dict):
            value = _forms(key, value)
        else:
            value = _text(key, value)
        values[key] = value
    return values


def _text(key: str, value: Any) -> str:
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise Refused("bad_card", f"{key}: text of at most {MAX_TEXT} characters")
    return unicodedata.normalize("NFC", value.strip())


def _forms(key: str, value: dict) -> str | dict:
    """A text in its two forms ({masculine, feminine}, as a card's descriptive takes them);
    one text when the feminine is left out or the same."""
    if set(value) - set(FORMS) or "masculine" not in value:
        raise Refused("bad_card", f"{key}: a text, or {{{', '.join(FORMS)}}}")
    forms = {form: _text(key, value.get(form) or "") for form in FORMS}
    return forms if forms["feminine"] and forms["feminine"] != forms["masculine"] else forms["masculine"]


def _field_of(diagnostic, keys: list[str]) -> str | None:
    """The form's field a build message is about: its field (`descriptive.feminine` is the
    descriptive's), else the field it names ("a written custom card needs badges")."""
    field = (diagnostic.field or "").split(".")[0]
    return field if field in keys else next((k for k in keys if k in diagnostic.message), None)


class BlueCards:
    """The party's blue cards; `setup` is the set-up they are added to when approved."""

    def __init__(self, setup, form: dict):
        self.setup, self.form = setup, form
        self.cards: list[BlueCard] = []
        self.pictures: dict[str, bytes] = {}  # key → PNG: the written cards' and the backs drawn with them
        self.made = 0
        self.checked: dict[tuple[str, str], deque] = {}  # (seat name, kind) → when its last checks were
        self.previews: dict[str, tuple[str, bytes]] = {}  # seat name → its last preview's key and PNG
        self._drawn: dict[str, bytes] = {}
        self.path = self._our_path(setup.folder)
        if self.cards:  # a party before this one wrote them: its approved cards are played again
            self._draw_again()
            if any(c.approved for c in self.cards):
                try:
                    self.save()
                except Refused as refused:  # the folder cannot be written: the screen says so
                    self.setup.problems = [str(refused)]

    def _our_path(self, folder: Path) -> Path:
        """party-customs.yaml in the folder, or -2, -3, …: a name free, or one a party wrote
        before (its cards file says so: they are taken up again); never a file a party did
        not write."""
        n = 1
        while True:
            path = folder / (f"{FILE_STEM}.yaml" if n == 1 else f"{FILE_STEM}-{n}.yaml")
            kept = cards_path(path)
            if not kept.exists() and not kept.is_symlink():
                if not path.exists() and not path.is_symlink():
                    return path
            elif (not path.exists() or _ours(path)) and self._take_up(kept):
                return path
            n += 1

    def _take_up(self, kept: Path) -> bool:
        """Load the cards a party kept in `kept`; False (nothing loaded) when it is not such
        a file, or holds a card the form does not take."""
        try:
            data = json.loads(read_bytes(kept, MAX_KEPT_BYTES))
            if not isinstance(data, dict) or data.get("format") != KEPT_FORMAT or not isinstance(data["cards"], list):
                return False
            cards = [self._kept_card(c) for c in data["cards"][:MAX_CARDS]]
        except (InputError, ValueError, KeyError, TypeError, AttributeError, Refused):
            return False
        if len({c.id for c in cards}) != len(cards):
            return False
        self.cards, self.made = cards, max((int(c.id.rsplit("-", 1)[1]) for c in cards), default=0)
        return True

    def _kept_card(self, kept: dict) -> BlueCard:
        """A card of the cards file, checked as a phone's is (ValueError when it is not one)."""
        card_id, by, approved = kept["id"], kept["by"], kept["approved"]
        if not isinstance(card_id, str) or not re.fullmatch(r"party-blue-[1-9][0-9]{0,5}", card_id) \
                or not isinstance(by, str) or len(by) > MAX_TEXT or not isinstance(approved, bool):
            raise ValueError(card_id)
        return BlueCard(card_id, by, form_values(self.form, kept["fields"]), approved)

    def _draw_again(self) -> None:
        """The pictures of the cards taken up: one build with all of them, one drawing."""
        try:
            built = self._built_with([self._card(c.id, c.fields) for c in self.cards])
        except DeckError:
            return  # the deck changed under them: shown by their words, the host decides
        keys = self._picture(built, {c.id for c in self.cards})
        for card in self.cards:
            card.picture = keys.get(card.id)

    def keep(self) -> None:
        """Every card, waiting or approved, written atomically beside the customs file (the
        cards file), so a party started again takes them up."""
        data = {"format": KEPT_FORMAT, "customs": self.path.name,
                "cards": [{"id": c.id, "by": c.by, "approved": c.approved, "fields": c.fields} for c in self.cards]}
        written({cards_path(self.path): (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode()})

    def _card(self, card_id: str, fields: dict) -> dict:
        return {"id": card_id, **self.form["fixed"], **fields}

    def _built_with(self, cards: list[dict]) -> Built:
        """The set-up's deck built with `cards` as a customs file of their own, in a private
        temporary folder; `DeckError` with what `build --customs` finds."""
        with tempfile.TemporaryDirectory(prefix="pugdeck-blue-") as folder:
            path = Path(folder) / "cards.yaml"
            path.write_text(yaml.safe_dump({"cards": cards}, sort_keys=False, allow_unicode=True), encoding="utf-8")
            return build(self.setup.deck_path, {self.form["parameter"]: (str(path),)})

    def problems(self, card: dict) -> tuple[list[dict], Built | None]:
        """Every error `build --customs` finds in a customs file holding only `card`, as
        {field, message}, and the deck it built (None when it does not)."""
        try:
            return [], self._built_with([card])
        except DeckError as error:
            keys = [f["key"] for f in self.form["fields"]]
            # A check about a missing field names the card ("needs badges"): shown at that field.
            return [{"field": _field_of(d, keys),
                     "message": d.message} for d in error.diagnostics if d.is_error()], None

    def _picture(self, built: Built, card_ids: set[str], keep: bool = True) -> dict[str, str]:
        """These cards as they will print (live's drawing, the PDF's own layout): each one's
        picture key, the picture kept in `pictures` (`keep`) or only in `_drawn` until the
        next one; a card that cannot be drawn has none. Only these cards and, the first
        time, the deck's backs are drawn: the rest are in `pictures` already."""
        from pugdeck.live.card_images import draw_cards  # noqa: PLC0415 (reportlab, pdfium)

        alone = [c for c in built.doc["cards"] if str(c.get("id", "")).split("#")[0] in card_ids]
        try:
            drawn = draw_cards(replace(built, doc={**built.doc, "cards": alone}, blanks=0), self.pictures)
        except (DeckError, OSError):
            return {}
        keys = {}
        for image in drawn.cards:
            if image.face.played and image.face.card_id.split("#")[0] in card_ids:
                keys.setdefault(image.face.card_id.split("#")[0], image.key)
        self._drawn = {i.key: i.png for i in drawn.cards}
        for image in drawn.cards:
            if keep or not image.face.played:  # the backs, drawn once, are kept for the next card
                self.pictures.setdefault(image.key, image.png)
        return keys

    def _budget(self, seat_name: str, kind: str) -> None:
        """At most CHECKS checks of `kind` (writing, previewing) per seat in CHECKS_S seconds."""
        now = time.monotonic()
        recent = self.checked.setdefault((seat_name, kind), deque(maxlen=CHECKS))
        if len(recent) == CHECKS and now - recent[0] < CHECKS_S:
            raise Refused("slow_down", f"{CHECKS} cards in {CHECKS_S:.0f} seconds at most: send it again "
                          "in a moment", 429)
        recent.append(now)

    def write(self, seat_name: str, given: Any, preview: bool = False) -> dict:
        """A phone's card: its problems (nothing kept) or the card, waiting for the host.
        A `preview` is checked and drawn but not kept: the phone's picture as it is typed
        (one per seat is kept, the last)."""
        if len(self.cards) >= MAX_CARDS and not preview:
            raise Refused("too_many", f"this party has {MAX_CARDS} blue cards already", 409)
        fields = form_values(self.form, given)
        self._budget(seat_name, "preview" if preview else "write")
        card_id = f"party-blue-{self.made + 1}"
        problems, built = self.problems(self._card(card_id, fields))
        if problems or built is None:
            return {"accepted": False, "problems": problems}
        if preview:
            key = self._picture(built, {card_id}, keep=False).get(card_id)
            if key is not None:
                self.previews[seat_name] = (key, self._drawn[key])
            return {"accepted": False, "preview": True, "problems": [],
                    "src": f"/cards/{key}.png" if key else None}
        self.made += 1
        picture = self._picture(built, {card_id}).get(card_id)
        self.cards.append(BlueCard(card_id, seat_name, fields, picture=picture))
        try:
            self.keep()
        except Refused:
            self.cards.pop()
            raise
        return {"accepted": True, "id": card_id, "src": f"/cards/{picture}.png" if picture else None}

    def picture(self, key: str) -> bytes | None:
        """A written card's picture, or a seat's last preview."""
        png = self.pictures.get(key)
        return png if png is not None else next((p for k, p in self.previews.values() if k == key), None)

    def decide(self, body: Any) -> None:
        """The host's `{"id": ..., "approve": true|false}`: approved cards are saved and
        played; a removed card is gone."""
        card_id = body.get("id") if isinstance(body, dict) else None
        approve = body.get("approve") if isinstance(body, dict) else None
        card = next((c for c in self.cards if c.id == card_id), None)
        if card is None or not isinstance(approve, bool):
            raise Refused("bad_card", "send {\"id\": a blue card's id, \"approve\": true or false}")
        before = list(self.cards)
        if approve:
            card.approved = True
        else:
            self.cards.remove(card)
        try:
            self.save()
        except Refused:
            self.cards = before
            card.approved = card in before and card.approved
            raise

    def customs_text(self) -> str:
        cards = [self._card(c.id, c.fields) for c in self.cards if c.approved]
        return CUSTOMS_HEAD + yaml.safe_dump({"cards": cards}, sort_keys=False, allow_unicode=True)

    def save(self) -> None:
        """Write the approved cards as the customs file, atomically, and build the set-up
        with it (without it when none is approved)."""
        approved = any(c.approved for c in self.cards)
        if approved or self.path.exists():
            written({self.path: self.customs_text().encode("utf-8")})
        self.keep()
        self.setup.use_file(self.form["parameter"], self.path, approved)

    def state(self, labels, seat_name: str | None = None) -> dict:
        """The cards (a phone sees its own only), the form with each field's label in the
        deck's language (`labels`: the game's party words), and the customs file's name."""
        shown = [{"id": c.id, "by": c.by, "approved": c.approved, "fields": c.fields,
                  "src": f"/cards/{c.picture}.png" if c.picture else None}
                 for c in self.cards if seat_name is None or c.by == seat_name]
        gendered = needs_forms(deck_language(self.setup.built.doc))
        form = []
        for field in self.form["fields"]:
            key = field["key"]
            shown_field = {**field, "label": labels(f"blue_{key}"),
                           "choice_labels": {c: labels(f"blue_{key}_{c}") for c in field.get("choices", ())},
                           "forms": {f: labels(f"blue_{key}_{f}") for f in FORMS} if field.get("forms") and gendered
                           else None}
            form.append(shown_field)
        return {"cards": shown, "form": form, "file": self.path.name}
