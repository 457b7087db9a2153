"""A Tabletop Simulator custom deck: face sheets, a back image and a saved-object JSON.

TTS reads a deck as sheets of up to 10 × 7 card faces (`NumWidth` × `NumHeight`), each card a
`CardID` of sheet key × 100 + slot, and draws every sheet's last slot for a card hidden in
another player's hand — unless `BackIsHidden` is set, when it shows the back instead. We set
it and still put the back in that slot, so the sheet is right either way. So a sheet holds
69 cards; a bigger deck gets more sheets (keys 1, 2, …) in one `DeckCustom`.

The saved object follows what TTS writes into `Saves/Saved Objects/` (SaveName, ObjectStates,
Transform, ColorDiffuse, the Card fields …); copy the JSON there, with the PNG of the same name
as its thumbnail. Only the played deck (`cards` of the built JSON) goes in: cards printed
for paper only stay out. Cards with another back (a game's second pile) are a deck object of
their own, since a TTS sheet has one back. What a card's tooltip says is the game's
`GameSpec.card_description`.
"""

from __future__ import annotations

import hashlib
import io
import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from PIL import Image

from pugdeck.authoring.diagnostics import ERROR, DeckError, Diagnostic
from pugdeck.export.png import CardPdf, Face, card_pdf, rasterise
from pugdeck.games.built_deck import Built
from pugdeck.games.registry import game
from pugdeck.games.spec import GameSpec

MAX_COLUMNS, MAX_ROWS = 10, 7
CARDS_PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1  # the last slot is the hidden card
MAX_SHEET_PX = 4096
JPEG_QUALITY = 90  # text stays clean; a full sheet is ~3 MB instead of ~12 MB as PNG
THUMBNAIL_PX = 256
# TTS's own defaults for a new object (what its chest writes).
COLOR_DIFFUSE = {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259}


@dataclass(frozen=True)
class SheetLayout:
    """One face sheet: which cards (indexes into the deck), its grid and its pixel size."""

    key: int  # the CustomDeck key, 1-based
    cards: tuple[int, ...]
    columns: int
    rows: int
    card_px: tuple[int, int]

    @property
    def size(self) -> tuple[int, int]:
        return self.columns * self.card_px[0], self.rows * self.card_px[1]

    @property
    def hidden_slot(self) -> int:
        return self.columns * self.rows - 1

    def slot_box(self, slot: int) -> tuple[int, int]:
        row, col = divmod(slot, self.columns)
        return col * self.card_px[0], row * self.card_px[1]


@dataclass(frozen=True)
class Pile:
    """Cards sharing one back — one TTS deck object. Most games have one; a pile set aside
    with its own back is a second."""

    back: str  # the back's file stem (`back`; `back-main`, `back-treats` …)
    layouts: list[SheetLayout]


def card_pixels(card_size_pt: tuple[float, float]) -> tuple[int, int]:
    """The biggest card, in the card's proportions, of which 10 × 7 fit in 4096 px."""
    width_pt, height_pt = card_size_pt
    width = MAX_SHEET_PX // MAX_COLUMNS
    height = round(width * height_pt / width_pt)
    if height * MAX_ROWS > MAX_SHEET_PX:  # a tall card (tarot) is limited by the rows
        height = MAX_SHEET_PX // MAX_ROWS
        width = min(MAX_SHEET_PX // MAX_COLUMNS, math.floor(height * width_pt / height_pt))
    return width, height


def sheet_layouts(cards: int | Sequence[int], card_px: tuple[int, int],
                  first_key: int = 1) -> list[SheetLayout]:
    """Sheets of up to 69 cards (`cards`: a count, or the deck indexes in order); a small
    sheet is only as big as its cards plus the hidden slot (rows of up to 10), so a 1-card
    deck is a 2 × 1 sheet, not a mostly empty 10 × 7."""
    indexes = list(range(cards)) if isinstance(cards, int) else list(cards)
    layouts = []
    for n, start in enumerate(range(0, max(len(indexes), 1), CARDS_PER_SHEET)):
        chunk = tuple(indexes[start:start + CARDS_PER_SHEET])
        slots = len(chunk) + 1
        columns = min(MAX_COLUMNS, slots)
        layouts.append(SheetLayout(first_key + n, chunk, columns, math.ceil(slots / columns),
                                   card_px))
    return layouts


def piles_of(faces: Sequence[Face], card_px: tuple[int, int]) -> list[Pile]:
    """The played faces grouped by back, in order of first appearance; keys run on."""
    groups: dict[str, list[int]] = {}
    for index, face in enumerate(faces):
        groups.setdefault(face.back, []).append(index)
    piles, key = [], 1
    for back, indexes in groups.items():
        layouts = sheet_layouts(indexes, card_px, first_key=key)
        piles.append(Pile(back, layouts))
        key += len(layouts)
    return piles


def card_id(layout: SheetLayout, slot: int) -> int:
    """TTS's card id: the CustomDeck key × 100 + the slot on that sheet."""
    return layout.key * 100 + slot


def tts_folder(built: Built, out_dir: Path) -> Path:
    return Path(out_dir) / built.name / "tts"


def tts_files(built: Built, out_dir: Path, base_url: str | None = None, *,
              pdf: CardPdf | None = None,
              progress: Callable[[int, int], None] | None = None) -> dict[Path, bytes]:
    """Every file of the export, as bytes to write: `<name>-faces-<key>.jpg`, a back per
    pile (`<name>-<back>.jpg`: `<name>-back.jpg`, or one per pile such as
    `<name>-back-main.jpg`), `<name>.json` (the saved object) and `<name>.png` (its chest
    thumbnail). Raises `DeckError` when the deck has no card in play: a TTS deck of none
    would be an empty table."""
    pdf = pdf or card_pdf(built)
    folder = tts_folder(built, out_dir)
    played = [face for face in pdf.faces if face.played]  # in the order of the JSON's cards
    if not played:
        raise DeckError([Diagnostic("", 0, 0, None, "cards", ERROR,
                                    f"'{built.name}' has no cards in play, so there is nothing to "
                                    "put on a Tabletop Simulator table (cards printed only for "
                                    "paper stay out); `pugdeck export png` draws them")])
    card_px = card_pixels(pdf.card_size_pt)
    piles = piles_of(played, card_px)
    files: dict[Path, bytes] = {}
    face_names: dict[int, str] = {}
    back_names: dict[str, str] = {}
    thumbnail = b""
    done = 0
    for pile in piles:
        back = next(rasterise(pdf.data, [pdf.backs[pile.back]], size=card_px))
        back_names[pile.back] = f"{built.name}-{pile.back}.jpg"
        files[folder / back_names[pile.back]] = encode_jpeg(back)
        if not thumbnail:  # the chest shows the first pile's back
            thumbnail = _thumbnail(back)
        for layout in pile.layouts:
            sheet = Image.new("RGB", layout.size, (255, 255, 255))
            pictures = rasterise(pdf.data, [played[i].page for i in layout.cards], size=card_px)
            for slot, picture in enumerate(pictures):
                sheet.paste(picture, layout.slot_box(slot))
                done += 1
                if progress:
                    progress(done, len(played))
            sheet.paste(back, layout.slot_box(layout.hidden_slot))
            face_names[layout.key] = f"{built.name}-faces-{layout.key}.jpg"
            files[folder / face_names[layout.key]] = encode_jpeg(sheet)
    url = _url_maker(folder, base_url)
    saved = saved_object(built, piles, [face.title for face in played],
                         {k: url(n) for k, n in face_names.items()},
                         {b: url(n) for b, n in back_names.items()})
    files[folder / f"{built.name}.json"] = (json.dumps(saved, indent=2, ensure_ascii=False)
                                            + "\n").encode("utf-8")
    files[folder / f"{built.name}.png"] = thumbnail
    return files


def _url_maker(folder: Path, base_url: str | None) -> Callable[[str], str]:
    if base_url:
        prefix = base_url if base_url.endswith("/") else base_url + "/"
        return lambda name: prefix + quote(name)
    absolute = folder.resolve()
    return lambda name: (absolute / name).as_uri()


def saved_object(built: Built, piles: list[Pile], titles: Sequence[str],
                 face_urls: dict[int, str], back_urls: dict[str, str]) -> dict:
    """The TTS saved-object document: a `DeckCustom` per pile (a lone `Card` for a pile of
    one), side by side on the table. `titles` name the played cards, in the built order."""
    title = built.doc.get("deck", {}).get("name") or built.name
    spec = game(built.doc["game"])
    states = [_pile_object(built, spec, titles, pile, face_urls, back_urls[pile.back],
                           title if len(piles) == 1 else f"{title} ({pile.back.removeprefix('back-')})",
                           position)
              for position, pile in enumerate(piles)]
    return {
        "SaveName": title, "Date": "", "VersionNumber": "", "GameMode": title,
        "GameType": "", "GameComplexity": "", "Tags": [], "Gravity": 0.5, "PlayArea": 0.5,
        "Table": "", "Sky": "", "Note": "", "TabStates": {}, "LuaScript": "",
        "LuaScriptState": "", "XmlUI": "", "ObjectStates": states,
    }


def _pile_object(built: Built, spec: GameSpec, titles: Sequence[str], pile: Pile,
                 face_urls: dict[int, str], back_url: str, nickname: str, position: int) -> dict:
    cards = built.doc.get("cards", [])
    custom = {str(layout.key): {
        "FaceURL": face_urls[layout.key], "BackURL": back_url, "NumWidth": layout.columns,
        "NumHeight": layout.rows, "BackIsHidden": True, "UniqueBack": False, "Type": 0,
    } for layout in pile.layouts}
    contained = []
    for layout in pile.layouts:
        for slot, index in enumerate(layout.cards):
            card = cards[index]
            contained.append(_object("Card", titles[index], spec.card_description(card), card["id"],
                                     CardID=card_id(layout, slot), SidewaysCard=False,
                                     CustomDeck={str(layout.key): custom[str(layout.key)]}))
    if len(contained) == 1:
        obj = dict(contained[0])
    else:
        obj = _object("DeckCustom", nickname, f"{len(contained)} cards · {built.name}",
                      f"{built.name}/{pile.back}", SidewaysCard=False,
                      DeckIDs=[c["CardID"] for c in contained], CustomDeck=custom,
                      ContainedObjects=contained)
    # Decks spawn face down (rotZ 180) as TTS's deck builder leaves them, a card apart.
    obj["Transform"] = dict(_transform(face_down=True), posX=3.0 * position)
    return obj


def _object(name: str, nickname: str, description: str, notes: str, **fields) -> dict:
    """A TTS object with the fields TTS itself writes, in its order."""
    obj = {
        "GUID": _guid(f"{name}/{notes}/{fields.get('CardID', '')}"), "Name": name,
        "Transform": _transform(face_down=False), "Nickname": nickname,
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
    # A deck spawns face down (rotZ 180), as TTS's own deck builder leaves it.
    return {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0,
            "rotZ": 180.0 if face_down else 0.0, "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def _guid(seed: str) -> str:
    # Stable GUIDs keep the JSON byte-identical for the same inputs; TTS renames clashes.
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()[:6]


def encode_jpeg(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.convert("RGB").save(out, "JPEG", quality=JPEG_QUALITY, optimize=True, subsampling=0)
    return out.getvalue()


def _thumbnail(back: Image.Image) -> bytes:
    thumb = Image.new("RGB", (THUMBNAIL_PX, THUMBNAIL_PX), (255, 255, 255))
    small = back.copy()
    small.thumbnail((THUMBNAIL_PX, THUMBNAIL_PX), Image.Resampling.LANCZOS)
    thumb.paste(small, ((THUMBNAIL_PX - small.width) // 2, (THUMBNAIL_PX - small.height) // 2))
    out = io.BytesIO()
    thumb.save(out, "PNG")
    return out.getvalue()
