"""Card images rasterised from the print-and-play PDF, so a PNG never differs from paper.

The PDF is drawn once with one card per page and no bleed (`render_built_pdf(bleed_mm=0)`),
faces on even pages and each card's back after it; pypdfium2 turns the pages into
pictures. The preview sheet, the Tabletop Simulator sheets and the HTML gallery all start
from here. Which faces a deck prints, and with which back, is its game's
(`GameSpec.faces`, in the order `GameSpec.print_run` prints them).

File names: a card id like `worst-roommate#1` becomes `worst-roommate-1.png`, `el-niño#1`
`el-niño-1.png` (letters and digits of any script, marks, `.`, `_` and `-` are kept, in NFC;
each run of anything else becomes `-`; at most `MAX_STEM_BYTES` of UTF-8, as file systems
count a name); a blank custom keeps its deck's id (`en-blanco-1.png`; `blank-3.png` for one
`--blanks` adds), the other printed-only cards the ids their game gives them
(`turd-1.png`…), and each distinct back is `<its name>.png`
(`back.png`, or one per pile such as `back-main.png`).
"""

from __future__ import annotations

import dataclasses
import io
import math
import re
import unicodedata
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from pugdeck.authoring.slugs import nfc
from pugdeck.core.built_deck import Built
from pugdeck.core.diagnostics import ERROR, DeckError, Diagnostic
from pugdeck.export.output_record import remove_stale  # noqa: F401 (the exports' one pruner)
from pugdeck.games.printing import render_built
from pugdeck.games.registry import game

POINTS_PER_INCH = 72.0


@dataclass(frozen=True)
class Face:
    """One printed card front: where it is in the PDF and what a viewer may filter on."""

    page: int  # zero-based page of the card-per-page PDF
    card_id: str  # the built card id, or the id the game gives a printed-only card
    file_stem: str  # filesystem-safe, unique within a deck
    kind: str  # the game's own word for the face (`GameSpec.kind_titles`)
    level: str | None  # a colour tier, for games that have one
    title: str  # what a viewer reads first: a question, a card name
    text: str  # every word printed on the card, for searching
    played: bool  # part of the played deck (the built JSON's `cards`)
    back: str  # file stem of its back, e.g. `back`


@dataclass(frozen=True)
class CardPdf:
    """The card-per-page PDF of a built deck and the faces on it, in print order."""

    data: bytes
    faces: tuple[Face, ...]
    card_size_pt: tuple[float, float]  # one card, trimmed: the page size
    with_backs: bool = True  # each face followed by its back; else fronts only

    @property
    def backs(self) -> dict[str, int]:
        """Each distinct back (file stem) and a page it is on: the page after its first face
        (none in a PDF of fronts only)."""
        if not self.with_backs:
            return {}
        pages: dict[str, int] = {}
        for face in self.faces:
            pages.setdefault(face.back, face.page + 1)
        return pages

    def pixels(self, dpi: float) -> tuple[int, int]:
        """A card's size in pixels at `dpi`."""
        return pixel_size(*self.card_size_pt, dpi)

    def size_for_width(self, width_px: int) -> tuple[int, int]:
        """A card `width_px` wide, its height by the card's own proportions."""
        width_pt, height_pt = self.card_size_pt
        return width_px, round(width_px * height_pt / width_pt)


# A file name is at most 255 bytes: room for `.png`, a `-2` that keeps a stem unique and the
# temporary name atomic.py writes first (`.<name>.<8 characters>.tmp`).
MAX_STEM_BYTES = 200


def file_stem(card_id: str) -> str:
    """`worst-roommate#1` → `worst-roommate-1`, `el-niño#1` → `el-niño-1`: a name every file
    system takes (no separators, not hidden, not too long); a URL quotes what is not ASCII."""
    kept = "".join(ch if _kept(ch) else "\0" for ch in nfc(card_id))
    stem = re.sub("\0+", "-", kept).strip("-.")
    while len(stem.encode("utf-8")) > MAX_STEM_BYTES:
        stem = stem[:-1].rstrip("-.")
    return stem or "card"


def _kept(ch: str) -> bool:
    if ch.isascii():
        return ch.isalnum() or ch in "._-"
    kind = unicodedata.category(ch)
    return kind[0] in "LM" or kind == "Nd"


def card_title(card: dict) -> str:
    """What a built card is called: its question or its name, whichever it has."""
    return str(card.get("question") or card.get("name") or card.get("id", ""))


def faces_of(built: Built) -> tuple[Face, ...]:
    """Every front in the order the card-per-page PDF prints them; each face's back is on
    the page after it."""
    infos = _face_infos(built)
    taken = {info.back for info in infos}
    faces = []
    for index, info in enumerate(infos):
        stem = unique_stem(file_stem(info.card_id), taken)
        faces.append(Face(2 * index, info.card_id, stem, info.kind, info.level, info.title,
                          info.text, info.played, info.back))
    return tuple(faces)


def _face_infos(built: Built) -> list:
    """The game's faces; a deck whose game prints nothing is a `DeckError`, not a traceback."""
    game_id = str(built.doc.get("game", ""))
    try:
        return game(game_id).faces(built)
    except LookupError:
        reason = f"no registered game is called '{game_id}'"
    except NotImplementedError as exc:
        reason = str(exc)
    raise DeckError([Diagnostic("", 0, 0, None, "game", ERROR,
                                f"{reason}, so there is nothing to rasterise; `pugdeck build` "
                                "writes its JSON")])


def unique_stem(stem: str, taken: set[str]) -> str:
    """`stem`, or `stem-2`, `stem-3`… the first not in `taken` (which it joins).

    Ids are unique, but `blank#1` and the first blank custom would both be `blank-1`."""
    candidate, n = stem, 1
    while candidate in taken:
        n += 1
        candidate = f"{stem}-{n}"
    taken.add(candidate)
    return candidate


def card_pdf(built: Built, progress: Callable[[int, int], None] | None = None,
             backs: bool = True) -> CardPdf:
    """Draw the deck one card per page, each face followed by its back (without `backs`, the
    fronts alone: the live page shows no backs, and drawing each changed card's unchanged
    back was a seventh of a save); card problems come back located in the deck's files."""
    import pypdfium2 as pdfium  # noqa: PLC0415 (heavy native library: only for pictures)

    faces = faces_of(built)
    if not backs:
        faces = tuple(dataclasses.replace(face, page=index) for index, face in enumerate(faces))
    data = render_built(built, bleed_mm=0, duplex="long" if backs else "none", progress=progress)
    document = pdfium.PdfDocument(data)
    size = tuple(document[0].get_size())
    document.close()
    return CardPdf(data, faces, card_size_pt=size, with_backs=backs)


def pixel_size(width_pt: float, height_pt: float, dpi: float) -> tuple[int, int]:
    """Pixels of a page at `dpi`: millimetres / 25.4 × dpi, rounded as pdfium rounds."""
    scale = dpi / POINTS_PER_INCH
    return round(width_pt * scale), round(height_pt * scale)


def rasterise(pdf: bytes, pages: Iterable[int], *, dpi: float | None = None,
              size: tuple[int, int] | None = None) -> Iterator[Image.Image]:
    """RGB pictures of `pages`, at `dpi` or exactly `size` pixels.

    With `size`, the page is drawn straight at that size (`exact_scale`), so text and lines
    stay as sharp as pdfium draws them; only a page whose proportions are more than a pixel
    off `size` is resampled.
    """
    import pypdfium2 as pdfium  # noqa: PLC0415 (heavy native library: only for pictures)

    document = pdfium.PdfDocument(pdf)
    try:
        for index in pages:
            page = document[index]
            width_pt, height_pt = page.get_size()
            scale = exact_scale(width_pt, height_pt, size) if size else (dpi or 300) / POINTS_PER_INCH
            image = page.render(scale=scale).to_pil()  # a copy of the bitmap, in RGB
            if image.mode != "RGB":  # convert() copies even an RGB picture: 6 ms a card at 300 dpi
                image = image.convert("RGB")
            page.close()
            if size and image.size != size:
                image = image.resize(size, Image.Resampling.LANCZOS)
            yield image
    finally:
        document.close()


def exact_scale(width_pt: float, height_pt: float, size: tuple[int, int]) -> float:
    """The scale at which pdfium draws a page of `width_pt` x `height_pt` as `size` pixels.

    pdfium makes a picture of each side times the scale rounded up, so the plain quotient
    (822 / 197.28 pt = 822.0000000000001 px) gives 823 x 1123, and resampling that to
    822 x 1122 cost a third of the print-shop export and blurred the text. The largest scale
    whose sides round up to at most `size` draws the page onto exactly that many pixels.
    """
    scale = min(size[0] / width_pt, size[1] / height_pt)
    for _ in range(16):  # a few units in the last place at most
        if math.ceil(width_pt * scale) <= size[0] and math.ceil(height_pt * scale) <= size[1]:
            break
        scale = math.nextafter(scale, 0.0)
    return scale


def encoded(images: Iterable[Image.Image], encode: Callable[[Image.Image], bytes],
            ahead: int = 2) -> Iterator[bytes]:
    """`encode(image)` of every one of `images`, in their order, each done in a second thread
    while the next page is drawn: pdfium (called through ctypes) and zlib both let go of
    the interpreter while they work, so two cores share an export. The bytes and their
    order are those of one thread; at most `ahead` pictures wait, so memory stays flat."""
    with ThreadPoolExecutor(1, thread_name_prefix="png-encode") as pool:
        waiting: deque[Future[bytes]] = deque()
        for image in images:
            waiting.append(pool.submit(encode, image))
            if len(waiting) > ahead:
                yield waiting.popleft().result()
        while waiting:
            yield waiting.popleft().result()


def encode_png(image: Image.Image, dpi: float | None = None) -> bytes:
    """PNG bytes; the dpi is recorded so an image program prints the card at its real size."""
    out = io.BytesIO()
    # zlib level 1 writes a card in about half the time of Pillow's default 6, for files
    # about 10 % larger (measured on the bundled deck at 300 dpi).
    image.save(out, "PNG", compress_level=1, **({"dpi": (dpi, dpi)} if dpi else {}))
    return out.getvalue()


def png_pages(built: Built, out_dir: Path, pdf: CardPdf) -> dict[Path, int]:
    """`<out>/<name>/png/<file stem>.png` for every distinct back (`back.png`, or one per
    back the game prints) and every face, and the page of the card-per-page PDF it shows."""
    folder = png_folder(built, out_dir)
    pages = {folder / f"{name}.png": page for name, page in pdf.backs.items()}
    pages.update((folder / f"{face.file_stem}.png", face.page) for face in pdf.faces)
    return pages


def png_images(pdf: CardPdf, pages: dict[Path, int], dpi: float = 300,
               progress: Callable[[int, int], None] | None = None) -> Iterator[tuple[Path, bytes]]:
    """Each of `pages` (`png_pages`) as PNG bytes, one at a time, in order: a caller writes
    each as it comes (`atomic.batch`) and holds one picture, not the whole deck's."""
    pictures = encoded(rasterise(pdf.data, pages.values(), dpi=dpi), lambda image: encode_png(image, dpi))
    for done, (path, data) in enumerate(zip(pages, pictures), 1):
        yield path, data
        if progress:
            progress(done, len(pages))


def png_files(built: Built, out_dir: Path, dpi: float = 300, *, pdf: CardPdf | None = None,
              progress: Callable[[int, int], None] | None = None) -> dict[Path, bytes]:
    """Every picture of `png_pages` as bytes to write, all at once (for a few cards: the
    command writes them as they come, `png_images`)."""
    pdf = pdf or card_pdf(built)
    return dict(png_images(pdf, png_pages(built, out_dir, pdf), dpi, progress))


def png_folder(built: Built, out_dir: Path) -> Path:
    return Path(out_dir) / built.name / "png"
