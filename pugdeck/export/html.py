"""One self-contained HTML page showing every card of a deck, for sharing it for review.

The pictures are the print PDF rasterised (JPEG data URIs, so the page is one file with no
outside requests); checkboxes toggle levels and kinds and a search box filters on the card
text. The page itself is `gallery.html` beside this module; this module only fills it in.
The game names its kinds and orders its levels (`GameSpec.kind_title`, `GameSpec.levels`),
in the deck's language; the page's own labels are the deck's fixed texts too (`gallery_…`).
"""

from __future__ import annotations

import base64
import io
import re
import unicodedata
from collections import Counter
from collections.abc import Callable
from html import escape
from pathlib import Path

from pugdeck import __version__
from pugdeck.core.built_deck import Built
from pugdeck.export.png import CardPdf, Face, card_pdf, rasterise
from pugdeck.games.registry import game
from pugdeck.games.spec import GameSpec
from pugdeck.render.strings import Strings

HTML_DPI = 120  # 300 × 420 px per poker card: sharp at the 200 px the grid shows
JPEG_QUALITY = 82
TEMPLATE = Path(__file__).with_name("gallery.html")
_FIELD = re.compile(r"\{\{(\w+)\}\}")


def html_path(built: Built, out_dir: Path) -> Path:
    return Path(out_dir) / f"{built.name}.html"


def fold(text: str) -> str:
    """Lower case without accents; the page's search folds what is typed the same way."""
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).lower()


def gallery_html(built: Built, dpi: float = HTML_DPI, *, pdf: CardPdf | None = None,
                 progress: Callable[[int, int], None] | None = None) -> bytes:
    """The gallery page as UTF-8 bytes, its labels in the deck's language (its fixed texts:
    render/strings.py)."""
    pdf = pdf or card_pdf(built)
    spec = game(built.doc["game"])
    strings = spec.strings(built)
    width, height = pdf.pixels(dpi)
    figures = []
    pictures = rasterise(pdf.data, [face.page for face in pdf.faces], dpi=dpi)
    for done, (face, picture) in enumerate(zip(pdf.faces, pictures), 1):
        figures.append(_figure(face, spec, strings, _data_uri(picture), width, height))
        if progress:
            progress(done, len(pdf.faces))
    deck = built.deck
    title = deck.get("name") or built.name
    total = len(pdf.faces)
    summary = (f"{built.name}: {_printed(pdf.faces, spec, strings)}. "
               + strings.text("gallery_built", version=deck.get("version", "?")))
    fields = {
        "lang": escape(deck.get("language") or "en"), "version": escape(__version__),
        "title": escape(title), "summary": escape(summary), "total": str(total),
        "card_width": "200", "big_width": str(width * 2),
        "fieldsets": _fieldsets(pdf.faces, spec, strings), "cards": "\n".join(figures),
        "search": escape(strings.text("gallery_search")),
        "empty": escape(strings.text("gallery_empty")),
        # the page fills in {visible} as the toggles change
        "count": escape(strings.plural("gallery_count", total, visible="{visible}", total=total)),
    }
    return fill(TEMPLATE.read_text(encoding="utf-8"), fields).encode("utf-8")


def fill(template: str, fields: dict[str, str]) -> str:
    """The template with each `{{name}}` replaced by `fields[name]`, in one pass over the
    template: a value is never searched again, so a deck named `{{cards}}` stays that text."""
    return _FIELD.sub(lambda match: fields[match.group(1)], template)


def _printed(faces: tuple[Face, ...], spec: GameSpec, strings: Strings) -> str:
    """`108 cards in play, 8 more printed (Blank customs, Turd cards, Turn overview)`."""
    played = sum(face.played for face in faces)
    extra = [face.kind for face in faces if not face.played]
    text = (strings.plural("gallery_in_play", played, count=played) + ", "
            + strings.plural("gallery_more_printed", len(extra), count=len(extra)))
    kinds = _kind_order(set(extra), spec)
    if kinds:
        text += " (" + ", ".join(spec.kind_title(k, strings) for k in kinds) + ")"
    return text


def _kind_order(kinds: set[str], spec: GameSpec) -> list[str]:
    """The kinds the game titles, in its order, then any others alphabetically."""
    return [kind for kind in spec.kind_titles if kind in kinds] + sorted(kinds - set(spec.kind_titles))


def _figure(face: Face, spec: GameSpec, strings: Strings, src: str, width: int, height: int) -> str:
    label = spec.level_title(face.level, strings) if face.level else spec.kind_title(face.kind, strings)
    caption = f"{face.card_id} · {label}"
    level = f' data-level="{escape(face.level)}"' if face.level else ""
    return (f'<figure data-kind="{escape(face.kind)}"{level} data-text="{escape(fold(face.text))}" '
            f'data-caption="{escape(face.title)} ({escape(caption)})">'
            f'<img src="{src}" alt="{escape(face.title)}" width="{width}" height="{height}">'
            f"<figcaption>{escape(caption)}</figcaption></figure>")


def _fieldsets(faces: tuple[Face, ...], spec: GameSpec, strings: Strings) -> str:
    """A checkbox per level and per kind that the deck has, with how many cards each shows."""
    levels = Counter(face.level for face in faces if face.level)
    kinds = Counter(face.kind for face in faces)

    def box(group: str, value: str, label: str, count: int) -> str:
        return (f'<label><input type="checkbox" name="{group}" value="{escape(value)}" checked> '
                f"{escape(label)} ({count})</label>")

    level_order = [lv for lv in spec.levels if lv in levels] + sorted(set(levels) - set(spec.levels))
    level_boxes = [box("level", lv, spec.level_title(lv, strings), levels[lv]) for lv in level_order]
    kind_boxes = [box("kind", kind, spec.kind_title(kind, strings), kinds[kind])
                  for kind in _kind_order(set(kinds), spec)]
    parts = []
    if level_boxes:
        parts.append(f"<fieldset><legend>{escape(strings.text('gallery_level'))}</legend>"
                     + "".join(level_boxes) + "</fieldset>")
    parts.append(f"<fieldset><legend>{escape(strings.text('gallery_kind'))}</legend>"
                 + "".join(kind_boxes) + "</fieldset>")
    return "\n    ".join(parts)


def _data_uri(picture) -> str:
    out = io.BytesIO()
    picture.save(out, "JPEG", quality=JPEG_QUALITY, optimize=True)
    return "data:image/jpeg;base64," + base64.b64encode(out.getvalue()).decode("ascii")
