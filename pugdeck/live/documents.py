"""What the live server answers, as JSON-ready dicts: `/status.json`, and the page's state
(`/view.json`, and each update pushed on `/events`). docs/live.md documents both."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from pugdeck.authoring.texts import plural_categories
from pugdeck.core.diagnostics import ERROR, WARNING, Diagnostic, escaped, shortened
from pugdeck.games.narration import Words, deck_language
from pugdeck.live.card_images import CardImage
from pugdeck.live.session import LiveSession
from pugdeck.live.summary import page_summary


def problem(diagnostic: Diagnostic) -> dict:
    """A problem as `/status.json` gives it, its text escaped as `validate` prints it (the
    page's state adds the line it shows: `problem_text`)."""
    data = diagnostic.as_json()
    return {key: data[key] for key in ("file", "line", "column", "card", "message", "severity")}


def status(session: LiveSession) -> dict:
    """`{"ok", "version", "cards", "problems"}`: `cards` counts the last good deck's played
    cards (the built deck's `cards`), 0 before the first good build."""
    snap = session.snapshot
    cards = len(snap.view.built.cards) if snap.view else 0
    return {"ok": snap.ok, "version": snap.version, "cards": cards,
            "problems": [problem(d) for d in snap.problems]}


PAGE_WORDS = Path(__file__).with_name("words.yaml")


def page_words(doc: dict | None) -> dict:
    """The page's own words in the built deck's language (English before a good build):
    `language`, `plurals` (the CLDR categories the language's counted texts come in: the
    page picks among them with the browser's copy of the same rules, `Intl.PluralRules`,
    and reads `_other` for any other) and `texts`."""
    words = words_for(doc)
    return {"language": words.language, "plurals": list(plural_categories(words.language)),
            "texts": dict(words.texts)}


def words_for(doc: dict | None) -> Words:
    """The page's phrasebook in the built deck's language (English before a good build)."""
    return Words(PAGE_WORDS, deck_language(doc) if doc else None)


def problem_text(diagnostic: Diagnostic, words: Words) -> str:
    """A problem as the page shows it: `validate`'s line with its own words ("warning",
    "card 'x'") in the deck's language. The message itself is pugdeck's, in English: the
    checks have no phrasebook."""
    bare = replace(diagnostic, card=None, severity=ERROR)
    where = replace(bare, message="").format()
    message = replace(bare, file="", line=0).format()
    mark = f"{words('warning')}: " if diagnostic.severity == WARNING else ""
    card = f"{words('card', id=repr_id(diagnostic.card))}: " if diagnostic.card else ""
    return f"{where}{mark}{card}{message}"


def card_url(card: CardImage) -> str:
    return f"/cards/{card.key}.png"


def page_state(session: LiveSession) -> dict:
    """Everything the page draws: the summary, the problems (each with the card it scrolls
    to, when the last good view has it), each card's own problems (`marks`, by card key:
    the page marks a broken card in place), the toggles and every card, then each back, in
    print order."""
    snap = session.snapshot
    view = snap.view
    cards = view.cards if view else ()
    built = view.built if view else None
    words = words_for(built.doc if built else None)
    problems = []
    marks: dict[str, list[dict]] = {}  # card key → its problems, drawn on the card itself
    for d in snap.problems:
        entry = problem(d)
        entry["text"] = problem_text(d, words)
        entry["target"] = _target(d.card, cards)
        problems.append(entry)
        if entry["target"]:
            marks.setdefault(entry["target"], []).append(
                {"severity": entry["severity"], "text": entry["text"],
                 # an error of a failed build: the card shows the last good build's picture
                 "stale": not snap.ok and entry["severity"] == "error"})
    return {
        "version": snap.version,
        "ok": snap.ok,
        "title": built.title if built else "",
        "summary": page_summary(built, words) if built else "",
        "words": page_words(built.doc if built else None),
        "problems": problems,
        "marks": marks,
        "toggles": [{"name": p.name, "flag": p.flag, "help": p.help, "on": bool(session.given.get(p.name))}
                    for p in (view.toggles if view else ())],
        "cards": [{"key": c.key, "id": c.face.card_id, "title": c.face.title, "text": c.face.text,
                   "kind": c.face.kind, "level": c.face.level, "played": c.face.played,
                   "src": card_url(c)} for c in cards],
    }


def _target(card_id: str | None, cards: tuple[CardImage, ...]) -> str | None:
    """The page's card a problem names: the card itself, or the first copy of it
    (`ghost#1` for a problem of the card written `ghost`)."""
    if not card_id:
        return None
    for card in cards:
        if card.face.card_id == card_id or card.face.card_id.startswith(card_id + "#"):
            return card.key
    return None


def repr_id(card_id: str) -> str:
    """A card id as `validate` quotes it: `'x'`, escaped, at most 80 characters."""
    return f"'{escaped(shortened(card_id, 80))}'"
