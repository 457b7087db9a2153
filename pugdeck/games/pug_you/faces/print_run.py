"""What Pug You! prints, in order: the question cards, the blank customs, the two turd
cards and the turn overview, every one with the same back (so a back never tells a red card
from a green one). render/pdf.py lays them on sheets."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from reportlab.lib.units import mm

from pugdeck.games.built_deck import Built
from pugdeck.games.pug_you.faces import icons, portraits
from pugdeck.games.pug_you.faces.card_faces import (
    blank_custom_face,
    card_face,
    frame_face,
)
from pugdeck.games.pug_you.faces.other_faces import (
    back_face,
    turd_card_face,
    turn_overview_face,
)
from pugdeck.games.spec import FaceInfo, PdfInfo, PrintRun
from pugdeck.render.backs import back_choice
from pugdeck.render.fonts import FontSet
from pugdeck.render.shapes import CardFace, Place
from pugdeck.render.templates import Template

BACK = "back"
BACK_KEY = ("back",)


def card_title(card: dict) -> str:
    return str(card.get("question") or card.get("id", ""))


def faces(built: Built) -> list[FaceInfo]:
    """Question cards, blank customs, turd cards, the turn overview; one shared back."""
    out = []
    for card in built.doc.get("cards", []):
        words = [card_title(card), card.get("descriptive") or "",
                 " ".join(card.get("tags") or []), card.get("card") or ""]
        out.append(FaceInfo(card["id"], card.get("kind", "pug"), card.get("level"),
                            card_title(card), " ".join(w for w in words if w), True, BACK))
    out += [FaceInfo(f"blank-{n}", "blank", None, "Blank custom card",
                     "blank custom write your own", False, BACK)
            for n in range(1, built.blanks + 1)]
    out += [FaceInfo(c["id"], "turd", None, c.get("name") or "Turd card", "turd card nominee",
                     False, BACK) for c in _turds(built)]
    out.append(FaceInfo("turn-overview", "overview", None, "Turn overview",
                        "turn overview reference", False, BACK))
    return out


def _turds(built: Built) -> list[dict]:
    return [x for x in built.doc.get("components", []) if x.get("kind") == "turd"]


def print_run(built: Built, template: Template, fonts: FontSet, bleed: float) -> PrintRun:
    """The deck's faces, its one back (the deck's own if deck.yaml chose one), and the
    pictures they place: frames and the back's art as shapes, portraits and icons painted."""
    card_back = back_face(template, fonts, built.doc.get("deck", {}).get("name") or "Pug You!", bleed,
                          back_choice(built.doc))
    width, height = template.width_mm * mm, template.height_mm * mm
    back = CardFace((Place(BACK_KEY, -bleed, -bleed, width + 2 * bleed, height + 2 * bleed),),
                    width, height)

    def picture(key: tuple) -> CardFace | None:
        if key == BACK_KEY:
            return card_back
        return frame_face(key, template) if key[0] == "frame" else None

    infos = faces(built)
    run = PrintRun(fronts=iter(()), count=len(infos), backs={BACK: back}, info=_info(built),
                   pictures=picture, painters=_painters(template.colors))
    run.fronts = zip(infos, _fronts(built, template, fonts, bleed, run.diagnostics))
    return run


def _painters(colors: dict[str, str]) -> dict[str, Callable]:
    """Pictures drawn with canvas calls, by the first part of their form key."""
    return {
        "turd": lambda c, key, w, h: icons.draw_turd(c, w, h, colors, key[1]),
        "badge": lambda c, key, w, h: icons.draw_badge(c, w, h, colors, key[1]),
        "thermometer": lambda c, key, w, h: icons.draw_thermometer(c, w, h, colors, key[1]),
        "portrait": lambda c, key, w, h: portraits.draw_portrait(c, key[1], key[2], w, h),
        "back-art": lambda c, key, w, h: portraits.draw_card_back_art(c, w, h, *key[1:]),
    }


def _info(built: Built) -> PdfInfo:
    deck = built.doc.get("deck", {})
    title = deck.get("name") or built.doc.get("name") or "pugdeck"
    variant = built.doc.get("name")
    return PdfInfo(f"{title} ({variant})" if variant and variant != deck.get("id") else title,
                   f"Print-and-play cards of {title} {deck.get('version', '')}".strip(),
                   deck.get("author") or "pugdeck")


def _fronts(built: Built, template: Template, fonts: FontSet, bleed: float,
            diagnostics: list) -> Iterator[CardFace]:
    """Every front, lazily, in the order of `faces`."""
    for card in built.doc.get("cards", []):
        face, problems = card_face(card, template, fonts, bleed)
        diagnostics.extend(problems)
        yield face
    if built.blanks:
        blank = blank_custom_face(template, fonts, bleed)
        for _ in range(built.blanks):
            yield blank
    for number in range(1, len(_turds(built)) + 1):
        yield turd_card_face(template, fonts, number, bleed)
    yield turn_overview_face(template, fonts, bleed)
