"""One picture per printed card, drawn by the PDF's own layout, redrawn only when it changed.

Each face gets a key: a content hash of what its picture depends on. A played card's is its
built data, the deck-wide blocks every face reads (deck, rules, components, blanks), the
template as loaded, and the size and time of every image file those name; a printed-only
card's (a blank, a rules card) is the same context and every word it prints
(`Face.text`), since what it prints may depend on the whole deck. A key that is still in the
previous view keeps its picture, and its URL: the page fetches only the new ones.

The page shows the backs too, after the fronts, one per kind of back (a PixelPug deck has
its Treat back beside the main one): a back's key is the deck-wide context and its name, so
editing `back:` redraws it.

The new pictures come from the card-per-page PDF (`export.png.card_pdf`), as `pugdeck
export png` makes them. When only played cards changed, the PDF is drawn for those cards
alone (a card's face is drawn from its own data and the deck-wide context, so it is the
same picture): a save that changes one card draws one card, not the whole deck.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, replace
from pathlib import Path

from pugdeck.authoring.loading import inside_folder
from pugdeck.core.built_deck import Built
from pugdeck.export.png import Face, card_pdf, encode_png, faces_of, rasterise
from pugdeck.games.registry import game
from pugdeck.render.deck_fonts import deck_template

DPI = 150  # a card 63.5 mm wide is 375 px: sharp at the page's 250 CSS px on a 1.5x screen
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg")
FONT_SUFFIXES = (".ttf", ".otf")  # deck.fonts: a re-exported font redraws every card too


@dataclass(frozen=True)
class CardImage:
    """A face on the page: what it is, its key (the last part of its URL) and its PNG."""

    face: Face
    key: str
    png: bytes


@dataclass(frozen=True)
class Drawn:
    """The pictures of one build, in print order, and how many of them were drawn anew."""

    cards: tuple[CardImage, ...]
    drawn: int


def _digest(*parts: object) -> str:
    text = json.dumps(parts, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def image_names(value: object) -> list[str]:
    """Every image or font file name a built value holds, wherever it holds it: a card's
    `art:`, a back's `image:`, `deck.fonts` (the built deck names no other files)."""
    found, stack = [], [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str) and item.lower().endswith(IMAGE_SUFFIXES + FONT_SUFFIXES):
            found.append(item)
    return found


def image_stamps(value: object, folder: Path) -> list:
    """(name, size, mtime) of every image a built value names: a re-exported picture
    changes the key of every card that shows it."""
    stamps = []
    for name in sorted(set(image_names(value))):
        try:
            target = inside_folder(folder, name)
            info = target.stat() if target is not None else None
        except (OSError, ValueError):  # missing or unusable: the build said so already
            info = None
        stamps.append((name, info.st_size if info else None, info.st_mtime_ns if info else None))
    return stamps


def context_key(built: Built) -> str:
    """What every face of the deck depends on besides its own card."""
    spec, deck = game(built.game), built.deck
    template = deck_template(spec, built.template, built.folder, deck)  # its fonts too
    shared = {key: built.doc[key] for key in ("game", "deck", "rules", "components")}
    folder = Path(built.folder).resolve()
    return _digest(shared, built.blanks, repr(template), image_stamps(shared, folder))


def face_keys(built: Built, faces: tuple[Face, ...]) -> list[str]:
    """Each face's key, in the order of `faces`."""
    context = context_key(built)
    cards = {card.get("id"): card for card in built.cards}
    folder = Path(built.folder).resolve()
    keys = []
    for face in faces:
        card = cards.get(face.card_id) if face.played else None
        if card is not None:
            keys.append(_digest(context, card, image_stamps(card, folder)))
        else:
            keys.append(_digest(context, face.card_id, face.kind, face.title, face.text))
    return keys


BACK_KIND = "back"  # the page's kind for a card back, beside the game's own kinds of faces


def back_faces(faces: tuple[Face, ...]) -> tuple[Face, ...]:
    """Each distinct back as a face of its own, in the order the fronts first print it: its
    page is the one after that front's, its id and title the back's file stem (`back`,
    `back-treats`)."""
    backs: dict[str, Face] = {}
    for face in faces:
        if face.back not in backs:
            backs[face.back] = Face(face.page + 1, face.back, face.back, BACK_KIND, None, face.back,
                                    "", False, face.back)
    return tuple(backs.values())


def draw_cards(built: Built, previous: dict[str, bytes]) -> Drawn:
    """Every face's picture, then each back's: from `previous` (key → PNG) when its key is
    there, else drawn.

    Raises `DeckError` (located in the deck's files) when a card cannot be drawn."""
    fronts = faces_of(built)
    backs = back_faces(fronts)
    context = context_key(built)
    faces = (*fronts, *backs)
    keys = face_keys(built, fronts) + [_digest(context, BACK_KIND, back.card_id) for back in backs]
    missing = [i for i, key in enumerate(keys) if key not in previous]
    fresh: dict[str, bytes] = {}
    if missing:
        fresh = _draw(built, [faces[i] for i in missing], [keys[i] for i in missing])
    cards = tuple(CardImage(face, key, previous.get(key) or fresh[key]) for face, key in zip(faces, keys))
    return Drawn(cards, len(missing))


def _draw(built: Built, faces: list[Face], keys: list[str]) -> dict[str, bytes]:
    """The PNGs of `faces` (with their `keys`): from a PDF of those played cards alone when
    only played cards are missing; else from the whole deck's, fronts only unless a back is
    missing too (a back changes only with `back:`, so a save rarely redraws one)."""
    if all(face.played for face in faces):
        wanted = {face.card_id for face in faces}
        cards = [card for card in built.cards if card.get("id") in wanted]
        pdf = card_pdf(replace(built, doc={**built.doc, "cards": cards}, blanks=0), backs=False)
        pages = {face.card_id: face.page for face in pdf.faces if face.played}
        chosen = [pages[face.card_id] for face in faces]
    else:
        pdf = card_pdf(built, backs=any(face.kind == BACK_KIND for face in faces))  # the same faces in order
        pages = {face.file_stem: face.page for face in pdf.faces}
        chosen = [pdf.backs[face.card_id] if face.kind == BACK_KIND else pages[face.file_stem] for face in faces]
    return {key: encode_png(image, DPI)
            for key, image in zip(keys, rasterise(pdf.data, chosen, dpi=DPI))}
