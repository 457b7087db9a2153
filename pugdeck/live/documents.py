"""What the live server answers, as JSON-ready dicts: `/status.json`, and the page's state
(`/view.json`, and each update pushed on `/events`). docs/live.md documents both."""

from __future__ import annotations

from pathlib import Path

from pugdeck.authoring.texts import plural_form
from pugdeck.core.diagnostics import Diagnostic
from pugdeck.games.narration import Words, deck_language
from pugdeck.live.card_images import CardImage
from pugdeck.live.session import LiveSession


def problem(diagnostic: Diagnostic) -> dict:
    """A problem as the page and `/status.json` show it; text escaped as `validate` prints it."""
    data = diagnostic.as_json()
    return {"file": data["file"], "line": data["line"], "column": data["column"], "card": data["card"],
            "message": data["message"], "severity": data["severity"], "text": diagnostic.format()}


def status(session: LiveSession) -> dict:
    """`{"ok", "version", "cards", "problems"}`: `cards` counts the last good deck's played
    cards (the built deck's `cards`), 0 before the first good build."""
    snap = session.snapshot
    cards = len(snap.view.built.cards) if snap.view else 0
    return {"ok": snap.ok, "version": snap.version, "cards": cards,
            "problems": [_public(problem(d)) for d in snap.problems]}


def _public(entry: dict) -> dict:
    return {key: entry[key] for key in ("file", "line", "column", "card", "message", "severity")}


PAGE_WORDS = Path(__file__).with_name("words.yaml")


def page_words(doc: dict | None) -> dict:
    """The page's own words in the built deck's language (English before a good build):
    `language`, `zero_is_one` (whether the language says "0 card", for the page's plural
    pick: `plural_form`'s rule, so the page holds no rule of its own) and `texts`."""
    words = Words(PAGE_WORDS, deck_language(doc) if doc else None)
    return {"language": words.language, "zero_is_one": plural_form(words.language, 0) == "one",
            "texts": dict(words.texts)}


def card_url(card: CardImage) -> str:
    return f"/cards/{card.key}.png"


def page_state(session: LiveSession) -> dict:
    """Everything the page draws: the summary, the problems (each with the card it scrolls
    to, when the last good view has it), the toggles and every card, in print order."""
    snap = session.snapshot
    view = snap.view
    cards = view.cards if view else ()
    problems = []
    for d in snap.problems:
        entry = problem(d)
        entry["target"] = _target(d.card, cards)
        problems.append(entry)
    built = view.built if view else None
    return {
        "version": snap.version,
        "ok": snap.ok,
        "title": (built.deck.get("name") or built.name) if built else "",
        "summary": built.summary if built else "",
        "words": page_words(built.doc if built else None),
        "problems": problems,
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
