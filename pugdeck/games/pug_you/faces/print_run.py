"""What Pug You! prints, in order: the question cards, the blank customs, the two turd
cards and the turn overview, every one with the same back (so a back never tells a red card
from a green one). render/pdf.py lays them on sheets."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from reportlab.lib.units import mm

from pugdeck.authoring.texts import every_form
from pugdeck.core.built_deck import Built
from pugdeck.games.pug_you.built_cards import TURN_OVERVIEW
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
from pugdeck.games.pug_you.filters import ONLY_CUSTOMS
from pugdeck.games.pug_you.fixed_texts import turn_overview
from pugdeck.games.pug_you.game import GAME
from pugdeck.render.backs import back_choice
from pugdeck.render.fonts import FontSet
from pugdeck.render.print_run import FaceInfo, PdfInfo, PrintRun
from pugdeck.render.shapes import CardFace, Place
from pugdeck.render.strings import Strings, deck_strings
from pugdeck.render.templates import Template

BACK = "back"
BACK_KEY = ("back",)


def card_title(card: dict) -> str:
    return str(card.get("question") or card.get("id", ""))


def faces(built: Built, strings: Strings | None = None) -> list[FaceInfo]:
    """Question cards, blank customs, turd cards, the turn overview; one shared back. The
    printed-only cards are named and searched by the words they print (`strings`: the deck's
    fixed texts, read from its template when not given)."""
    strings = strings or GAME.strings(built)
    out = []
    for card in built.cards:
        words = [card_title(card), every_form(card.get("descriptive")),
                 " ".join(card.get("tags") or []), card.get("card") or ""]
        out.append(FaceInfo(card["id"], card.get("kind", "pug"), card.get("level"),
                            card_title(card), " ".join(w for w in words if w), True, BACK))
    blank = strings.text("blank_title")
    out += [FaceInfo(blank_id(built, n), "blank", None, blank,
                     f"{blank} {strings.text('blank_because')}", False, BACK)
            for n in range(1, built.blanks + 1)]
    turd, rules = strings.text("turd_title"), built.rules
    out += [FaceInfo(c["id"], "turd", None, turd,
                     f"{turd} {strings.text('turd_text', number=n, nominees=rules.get('nominees', 2))}",
                     False, BACK) for n, c in _turds(built)]
    if _printed(built, TURN_OVERVIEW):
        overview = strings.text("ref_title")
        steps = turn_overview(rules, strings, _has_mutts(built)) if rules else []
        out.append(FaceInfo(TURN_OVERVIEW, "overview", None, overview,
                            " ".join([overview, *(f"{s.heading} — {s.text}" for s in steps)]), False, BACK))
    return out


def blank_id(built: Built, number: int) -> str:
    """The `number`th printed blank's id: its own (`en-blanco-1`), else `blank-<number>`
    (`--blanks` past the deck's own, or a built deck read from a file, which has none)."""
    own = built.blank_ids
    return own[number - 1] if number <= len(own) else f"blank-{number}"


def _printed(built: Built, printed_id: str) -> bool:
    """Whether a card that is printed but never played (a turd card, the turn overview) is
    in this print: always, but that `--only` by id or tag prints only what it names."""
    only = (built.doc.get("filters") or {}).get("only") or []
    return not only or only == [ONLY_CUSTOMS] or printed_id in only


def _turds(built: Built) -> list[tuple[int, dict]]:
    """The turd cards printed, each with its number (`--only turd-2` prints the second)."""
    turds = [x for x in built.components if x.get("kind") == "turd"]
    return [(n, x) for n, x in enumerate(turds, 1) if _printed(built, x.get("id"))]


def _has_mutts(built: Built) -> bool:
    return any(card.get("kind") == "mutt" for card in built.cards)


def print_run(built: Built, template: Template, fonts: FontSet, bleed: float) -> PrintRun:
    """The deck's faces, its one back (the deck's own if deck.yaml chose one), and the
    pictures they place: frames and the back's art as shapes, portraits and icons painted.
    The fixed texts are the template's in the deck's language (with the deck's own
    `strings:`); a problem with one is in the run's `diagnostics`."""
    strings = deck_strings(template, built.deck)
    diagnostics: list = []
    deck_name = built.deck.get("name") or "Pug You!"
    card_back = back_face(template, fonts, strings, deck_name, bleed, back_choice(built.doc))
    width, height = template.width_mm * mm, template.height_mm * mm
    back = CardFace((Place(BACK_KEY, -bleed, -bleed, width + 2 * bleed, height + 2 * bleed),),
                    width, height)

    def picture(key: tuple) -> CardFace | None:
        if key == BACK_KEY:
            return card_back
        return frame_face(key, template) if key[0] == "frame" else None

    infos = faces(built, strings)
    run = PrintRun(fronts=iter(()), count=len(infos), backs={BACK: back}, info=_info(built, strings),
                   pictures=picture, painters=_painters(template.colors), diagnostics=diagnostics)
    run.fronts = zip(infos, _fronts(built, template, fonts, strings, bleed, run.diagnostics))
    return run


def _painters(colors: dict[str, str]) -> dict[str, Callable]:
    """Pictures drawn with canvas calls, by the first part of their form key."""
    return {
        "turd": lambda c, key, w, h: icons.draw_turd(c, w, h, colors, key[1]),
        "badge": lambda c, key, w, h: icons.draw_badge(c, w, h, colors, key[1]),
        "thermometer": lambda c, key, w, h: icons.draw_thermometer(c, w, h, colors, key[1]),
        "portrait": lambda c, key, w, h: portraits.draw_portrait(c, key[1], key[2], w, h),
        "back-art": lambda c, key, w, h: portraits.draw_card_back_art(c, w, h, *key[1:]),
        # key: ("back-art", ground or None, rim or None, bleed); w, h include the bleed
    }


def _info(built: Built, strings: Strings) -> PdfInfo:
    deck = built.deck
    title = deck.get("name") or built.doc.get("name") or "pugdeck"
    variant = built.doc.get("name")
    return PdfInfo(f"{title} ({variant})" if variant and variant != deck.get("id") else title,
                   strings.text("pdf_subject", deck=title, version=deck.get("version", "")).strip(),
                   deck.get("author") or "pugdeck")


def _fronts(built: Built, template: Template, fonts: FontSet, strings: Strings, bleed: float,
            diagnostics: list) -> Iterator[CardFace]:
    """Every front, lazily, in the order of `faces`."""
    for card in built.cards:
        face, problems = card_face(card, template, fonts, bleed)
        diagnostics.extend(problems)
        yield face
    if built.blanks:
        blank = blank_custom_face(template, fonts, strings, diagnostics, bleed)
        for _ in range(built.blanks):
            yield blank
    rules = built.rules
    for number, _turd in _turds(built):
        yield turd_card_face(template, fonts, strings, number, rules.get("nominees", 2),
                             diagnostics, bleed)
    if _printed(built, TURN_OVERVIEW):
        yield turn_overview_face(template, fonts, strings, rules, _has_mutts(built), diagnostics, bleed)
