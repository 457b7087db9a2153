"""A Tabletop Simulator custom deck: face sheets, a back image and a saved-object JSON.

TTS reads a deck as sheets of up to 10 × 7 card faces (`NumWidth` × `NumHeight`), each card a
`CardID` of sheet key × 100 + slot, and draws every sheet's last slot for a card hidden in
another player's hand — unless `BackIsHidden` is set, when it shows the back instead. We set
it and still put the back in that slot, so the sheet is right either way. So a sheet holds
69 cards; a bigger pile gets more sheets (keys 1, 2, …).

What goes on the table: the played deck (`cards` of the built JSON) and every card printed
beside it that a game needs on the table (Pug You!'s turd cards and turn overview), each a
lone card next to its deck; cards printed to be written on (`GameSpec.write_in_kinds`) stay
out. Cards with another back (PixelPug's Treats) are a pile of their own, since a sheet has
one back. Names and hover texts are in the deck's language: a card's title as printed, the
game's `GameSpec.card_description` for a played card, the printed words for the others.
The document itself is tts_objects.py; file URLs and TTS's folders are tts_places.py.
"""

from __future__ import annotations

import io
import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from pugdeck.core.built_deck import Built
from pugdeck.core.diagnostics import ERROR, DeckError, Diagnostic
from pugdeck.export.png import CardPdf, Face, card_pdf, rasterise
from pugdeck.export.tts_objects import SheetEntry, TableCard, TablePile, saved_object
from pugdeck.export.tts_places import file_url, hosted_url
from pugdeck.games.registry import game
from pugdeck.games.spec import GameSpec
from pugdeck.inputs import InputError, read_bytes
from pugdeck.render.strings import Strings

MAX_COLUMNS, MAX_ROWS = 10, 7
CARDS_PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1  # the last slot is the hidden card
MAX_SHEET_PX = 4096
JPEG_QUALITY = 90  # text stays clean; a full sheet is ~3 MB instead of ~12 MB as PNG
THUMBNAIL_PX = 256
MARKER = "pugdeck export tts"  # the saved object's Note: how a later export knows its own file


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
    """Cards sharing one back — one TTS deck and the lone cards beside it. Most games have
    one; a pile set aside with its own back is a second."""

    back: str  # the back's file stem (`back`; `back-main`, `back-treats` …)
    layouts: list[SheetLayout]  # `cards`: indexes into the table's faces, deck cards first


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
    """The table's faces grouped by back, in order of first appearance, each pile's played
    cards first; sheet keys run on from pile to pile."""
    groups: dict[str, list[int]] = {}
    for index, face in enumerate(faces):
        groups.setdefault(face.back, []).append(index)
    piles, key = [], 1
    for back, indexes in groups.items():
        indexes.sort(key=lambda i: not faces[i].played)  # stable: print order within each
        layouts = sheet_layouts(indexes, card_px, first_key=key)
        piles.append(Pile(back, layouts))
        key += len(layouts)
    return piles


def table_faces(faces: Sequence[Face], spec: GameSpec) -> list[Face]:
    """The faces that go on a TTS table: all but the ones printed to be written on."""
    return [face for face in faces if face.played or face.kind not in spec.write_in_kinds]


def tts_folder(built: Built, out_dir: Path) -> Path:
    return Path(out_dir) / built.name / "tts"


def saved_object_paths(built: Built, out_dir: Path, saved_dir: Path | None = None) -> tuple[Path, Path]:
    """The saved object and its chest thumbnail: in `saved_dir` (TTS's Saved Objects
    folder, `--tts-dir`) when given, else beside the images."""
    folder = Path(saved_dir) if saved_dir is not None else tts_folder(built, out_dir)
    return folder / f"{built.name}.json", folder / f"{built.name}.png"


# A saved object of a big deck is well under this; more is no file of ours.
SAVED_OBJECT_LIMIT = 64 * 1024 * 1024


def refuse_foreign_saved_object(json_path: Path) -> None:
    """Raise `DeckError` when `json_path` (or its thumbnail) is already in TTS's folder and
    is not a saved object this export wrote (its `Note` is ours): a user's own saved object
    of the same name is never overwritten."""
    thumbnail = json_path.with_suffix(".png")
    if json_path.exists() or json_path.is_symlink():
        try:
            ours = json.loads(read_bytes(json_path, SAVED_OBJECT_LIMIT)).get("Note") == MARKER
        except (InputError, ValueError, AttributeError):
            ours = False
        if ours:
            return
        taken = json_path
    elif thumbnail.exists() or thumbnail.is_symlink():
        taken = thumbnail
    else:
        return
    raise DeckError([Diagnostic(str(taken), 0, 0, None, "--tts-dir", ERROR,
                                "is already there and was not written by `pugdeck export tts`, "
                                "so it stays as it is: give the export another --name, or move "
                                "that file")])


def tts_files(built: Built, out_dir: Path, base_url: str | None = None, *,
              pdf: CardPdf | None = None, saved_dir: Path | None = None,
              progress: Callable[[int, int], None] | None = None) -> dict[Path, bytes]:
    """Every file of the export, as bytes to write: `<name>-faces-<key>.jpg`, a back per
    pile (`<name>-<back>.jpg`: `<name>-back.jpg`, or one per pile such as
    `<name>-back-main.jpg`), `<name>.json` (the saved object) and `<name>.png` (its chest
    thumbnail), the last two in `saved_dir` when given. Without `base_url` the JSON points
    at the images by absolute file URLs. Raises `DeckError` when the deck has no card in
    play: a TTS deck of none would be an empty table."""
    pdf = pdf or card_pdf(built)
    folder = tts_folder(built, out_dir)
    spec = game(built.doc["game"])
    table = table_faces(pdf.faces, spec)
    if not any(face.played for face in table):
        raise DeckError([Diagnostic("", 0, 0, None, "cards", ERROR,
                                    f"'{built.name}' has no cards in play, so there is nothing to "
                                    "put on a Tabletop Simulator table (cards printed only for "
                                    "paper stay out); `pugdeck export png` draws them")])
    card_px = card_pixels(pdf.card_size_pt)
    piles = piles_of(table, card_px)
    files: dict[Path, bytes] = {}
    sheets: dict[int, SheetEntry] = {}
    thumbnail = b""
    done = 0

    def url(name: str) -> str:
        return hosted_url(base_url, name) if base_url else file_url((folder / name).resolve())

    for pile in piles:
        back = next(rasterise(pdf.data, [pdf.backs[pile.back]], size=card_px))
        back_name = f"{built.name}-{pile.back}.jpg"
        files[folder / back_name] = encode_jpeg(back)
        if not thumbnail:  # the chest shows the first pile's back
            thumbnail = _thumbnail(back)
        for layout in pile.layouts:
            sheet = Image.new("RGB", layout.size, (255, 255, 255))
            pictures = rasterise(pdf.data, [table[i].page for i in layout.cards], size=card_px)
            for slot, picture in enumerate(pictures):
                sheet.paste(picture, layout.slot_box(slot))
                done += 1
                if progress:
                    progress(done, len(table))
            sheet.paste(back, layout.slot_box(layout.hidden_slot))
            face_name = f"{built.name}-faces-{layout.key}.jpg"
            files[folder / face_name] = encode_jpeg(sheet)
            sheets[layout.key] = SheetEntry(url(face_name), url(back_name), layout.columns,
                                            layout.rows)
    saved = saved_object(_table_piles(built, spec, table, piles), sheets, MARKER)
    json_path, png_path = saved_object_paths(built, out_dir, saved_dir)
    files[json_path] = (json.dumps(saved, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    files[png_path] = thumbnail
    return files


def table_size(built: Built, pdf: CardPdf) -> int:
    """How many cards go on the table (for progress)."""
    return len(table_faces(pdf.faces, game(built.doc["game"])))


def _table_piles(built: Built, spec: GameSpec, table: Sequence[Face],
                 piles: Sequence[Pile]) -> list[TablePile]:
    """Each pile's cards, named and described in the deck's language."""
    strings = spec.strings(built)
    played = [i for i, face in enumerate(table) if face.played]  # in the built cards' order
    cards = dict(zip(played, built.doc.get("cards", []), strict=True))
    title = built.doc.get("deck", {}).get("name") or built.name
    out = []
    for number, pile in enumerate(piles):
        on_table = [TableCard(table[i].title, _description(spec, strings, table[i], cards.get(i)),
                              table[i].card_id, table[i].played, layout.key, slot)
                    for layout in pile.layouts for slot, i in enumerate(layout.cards)]
        in_deck = sum(card.in_deck for card in on_table)
        kinds = {table[i].kind for layout in pile.layouts for i in layout.cards if table[i].played}
        nickname = title if number == 0 or len(kinds) != 1 else (
            f"{title} · {spec.kind_title(kinds.pop(), strings)}")
        out.append(TablePile(nickname, strings.plural("gallery_in_play", in_deck, count=in_deck),
                             f"{built.name}/{pile.back}", tuple(on_table)))
    return out


def _description(spec: GameSpec, strings: Strings, face: Face, card: dict | None) -> str:
    """A played card's words from its game; a printed-only card's, the words it prints."""
    if card is not None:
        return spec.card_description(card, strings)
    return face.text.removeprefix(face.title).strip()


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
