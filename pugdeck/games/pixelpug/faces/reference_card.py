"""PixelPug's reference card: the turn, the three ways to win a round, the Champion, and the
rules text's clarifications in short, printed after the cards on the game deck's back.

Its sentences are the template's strings in the deck's language (`ref_*`,
fixed_texts.py). The cards they name (the Dog Food, Protection, the Doghouse…) are named as
the deck names them, found by what they do: a deck that renames Empty Bowl prints its own
name here, and a sentence about a card the deck does not have is left out.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.units import mm

from pugdeck.core.diagnostics import Diagnostic
from pugdeck.games.pixelpug.faces.card_faces import _background
from pugdeck.render.fonts import FontSet
from pugdeck.render.shapes import CardFace, Shape
from pugdeck.render.strings import Strings
from pugdeck.render.templates import Template
from pugdeck.render.text_fitting import fit_text
from pugdeck.render.text_shapes import box_points, set_fixed_text

REFERENCE_ID = "reference"


@dataclass(frozen=True)
class Section:
    head_key: str
    heading: str
    keys: tuple[str, ...]  # the strings its text is made of, for a problem's location
    text: str


def _name_by_op(cards: list[dict], op: str) -> dict[str, str] | None:
    """The first card kind whose effect has step `op`: that step, with the card's name."""
    for card in cards:
        for step in card.get("effect") or []:
            if step.get("op") == op:
                return {**step, "name": str(card.get("name") or card.get("card"))}
    return None


def _names(cards: list[dict]) -> dict[str, str]:
    return {str(c.get("card")): str(c.get("name") or c.get("card")) for c in cards}


def sections(cards: list[dict], rules: dict, strings: Strings) -> list[Section]:
    """What the reference card says for this deck: its cards (built) and rules."""
    names = _names(cards)
    guess = _name_by_op(cards, "guess-holder")
    doghouse = _name_by_op(cards, "protection-until-next-turn")
    shield = _name_by_op(cards, "extra-life-in-hand")
    flush = _name_by_op(cards, "discard-hand-and-draw")

    def part(key: str, **values: object) -> tuple[str, str]:
        return key, strings.text(key, **values)

    win = [part("ref_win_last")]
    if guess and guess.get("on-hit") == "win-round":
        sought = names.get(str(guess.get("card")), str(guess.get("card")))
        if guess.get("unless-holding"):
            win.append(part("ref_win_guess_unless", card=guess["name"], sought=sought,
                            shield=names.get(str(guess["unless-holding"]), str(guess["unless-holding"]))))
        else:
            win.append(part("ref_win_guess", card=guess["name"], sought=sought))
    win.append(part("ref_win_points"))
    numbered = [(key, strings.text("ref_numbered", number=i, text=text)) for i, (key, text) in enumerate(win, 1)]

    notes = [part("ref_notes_attacks"), part("ref_notes_targets")]
    if doghouse:
        notes.append(part("ref_notes_doghouse", card=doghouse["name"]))
    if shield:
        notes.append(part("ref_notes_shield", card=shield["name"]))
    notes.append(part("ref_notes_tie"))

    round_wins = int(rules.get("round_wins", 3))
    out = [
        Section("ref_turn_head", strings.text("ref_turn_head"), ("ref_turn",), strings.text("ref_turn")),
        Section("ref_win_head", strings.text("ref_win_head"), tuple(k for k, _ in numbered),
                " ".join(t for _, t in numbered)),
        Section("ref_champion_head", strings.text("ref_champion_head"), ("ref_champion",),
                strings.plural("ref_champion", round_wins, count=round_wins)),
        Section("ref_notes_head", strings.text("ref_notes_head"), tuple(k for k, _ in notes),
                " ".join(t for _, t in notes)),
    ]
    if flush and flush.get("discard-to") == "out-of-round":
        out.append(Section("ref_house_head", strings.text("ref_house_head"), ("ref_house_flush",),
                           strings.text("ref_house_flush", card=flush["name"])))
    return out


def reference_face(cards: list[dict], rules: dict, template: Template, fonts: FontSet, strings: Strings,
                   diagnostics: list[Diagnostic], bleed: float = 0.0) -> CardFace:
    """The reference card: its title, then each section's heading and text, all texts at one
    size (the largest at which every one fits), so the card reads evenly."""
    width, height = template.width_mm * mm, template.height_mm * mm
    colors = template.colors
    x, y, w, h = box_points(template.panel, template)
    what = "the reference card"
    shapes: list[Shape] = _background(colors["plain"], template, bleed)
    shapes += set_fixed_text(strings.text("ref_title"), "ref_title", what, strings, "name",
                             (x + 2 * mm, y + h - 9 * mm, w - 4 * mm, 7.5 * mm), template, fonts,
                             colors["ink"], diagnostics, max_pt=16, min_pt=9, max_lines=1)
    parts = sections(cards, rules, strings)
    style = template.text["text"]
    chain = fonts.chain(style.font)
    inner_w = w - 5 * mm
    head_h = 3.6 * mm
    top, bottom = y + h - 10 * mm, y + 2 * mm
    # Each section gets height in proportion to its text, at one common size.
    for size in [8.0 - 0.25 * i for i in range(15)]:  # 8 pt down to 4.5 pt
        fitted = [fit_text(p.text, chain, inner_w, 10_000, size, size, style.leading) for p in parts]
        needed = sum(len(f.lines) * f.leading for f in fitted) + len(parts) * head_h
        if needed <= top - bottom:
            break
    spare = max(0.0, (top - bottom) - needed) / len(parts)
    row_top = top
    for part, fit in zip(parts, fitted):
        shapes += set_fixed_text(part.heading, part.head_key, what, strings, "name",
                                 (x + 2.5 * mm, row_top - head_h, inner_w, head_h), template, fonts,
                                 colors["attack"], diagnostics, max_pt=8.5, min_pt=6, max_lines=1,
                                 align="left")
        box_h = len(fit.lines) * fit.leading + spare
        shapes += set_fixed_text(part.text, part.keys[0], what, strings, "text",
                                 (x + 2.5 * mm, row_top - head_h - box_h, inner_w, box_h), template,
                                 fonts, colors["ink"], diagnostics, max_pt=size, min_pt=size,
                                 align="left", valign="top")
        row_top -= head_h + box_h
    return CardFace(tuple(shapes), width, height, REFERENCE_ID)
