"""Pug You! deck checks: the schema first, then what a schema cannot say.

`check_deck` turns a `LoadedDeck` into a typed `Deck` plus every diagnostic found. It never
raises for a bad deck; errors are values, reported together by the caller.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

from pugdeck.diagnostics import ERROR, WARNING, Diagnostic, errors_in
from pugdeck.images import check_image
from pugdeck.games.pug_you.model import (DEFAULT_BREED, LEVEL_DOTS, MUTT_FIELDS, PLAY_FIELDS, Card,
                                         Deck, DeckInfo, Rules, SourceFile)
from pugdeck.loading import LoadedDeck, LoadError, SourceCard, load_document
from pugdeck.validation import SchemaCheck

_schema: SchemaCheck | None = None


def schema_check() -> SchemaCheck:
    global _schema  # compiled once per process: compiling costs more than checking a deck
    if _schema is None:
        _schema = SchemaCheck("pug-you", "card")
    return _schema


def check_deck(loaded: LoadedDeck) -> tuple[Deck | None, list[Diagnostic]]:
    """Validate every file and card; the typed deck if there are no errors."""
    diagnostics = list(loaded.diagnostics)
    check = schema_check()
    for doc in loaded.documents:
        diagnostics += check.check(doc, item_id=_card_id)
        diagnostics += _file_role(doc, is_root=doc is loaded.root)
    seen: dict[str, SourceCard] = {}
    cards: list[Card] = []
    schema_bad = {(d.file, d.card) for d in diagnostics if d.card}
    for source in loaded.cards:
        if not isinstance(source.data, dict):
            continue  # the schema has said what is wrong
        card_id = source.id
        if card_id is not None:
            if card_id in seen:
                first = seen[card_id].mark()
                diagnostics.append(_at(source, "id", f"duplicate card id '{card_id}' (first at "
                                       f"{first.file}:{first.line}); give each card its own id"))
            else:
                seen[card_id] = source
        problems = _card_rules(source, loaded.folder)
        diagnostics += problems
        if not problems and (source.doc.display, card_id) not in schema_bad and card_id:
            cards.append(_to_card(source.data))
    diagnostics += near_duplicate_questions(loaded.cards)
    if errors_in(diagnostics):
        return None, sorted(diagnostics)
    root = loaded.root.data
    deck = Deck(
        info=DeckInfo(**{"game": "pug-you", **root["deck"]}),
        rules=Rules.from_yaml(root.get("rules")),
        cards=tuple(cards),
        folder=loaded.folder,
        sources=tuple(SourceFile(doc.path.relative_to(loaded.folder).as_posix(), doc.sha256)
                      for doc in loaded.documents),
        origins=seen,
    )
    diagnostics += _rules_sense(loaded, deck.rules)
    return (None if errors_in(diagnostics) else deck), sorted(diagnostics)


def _card_id(item) -> str | None:
    value = item.get("id") if isinstance(item, dict) else None
    return value if isinstance(value, str) else None


def _at(source: SourceCard, field: str, message: str, severity: str = ERROR, key: bool = False) -> Diagnostic:
    mark = source.key_mark(field) if key else source.mark(field)
    return Diagnostic(mark.file, mark.line, mark.column, source.id, field, severity, message)


def _file_role(doc, is_root: bool) -> list[Diagnostic]:
    """deck.yaml says what the deck is; included files only hold cards."""
    data = doc.data
    if not isinstance(data, dict):
        return []
    out = []
    if is_root and "deck" not in data:
        mark = doc.mark(())
        out.append(Diagnostic(mark.file, mark.line, mark.column, None, "deck", ERROR,
                              "deck.yaml needs a 'deck:' block with id, name and game"))
    for key in ("deck", "rules"):
        if not is_root and key in data:
            mark = doc.key_mark((key,))
            out.append(Diagnostic(mark.file, mark.line, mark.column, None, key, ERROR,
                                  f"'{key}:' belongs in deck.yaml, not in an included card file"))
    return out


def _card_rules(source: SourceCard, folder: Path | None, default_kind: str = "pug") -> list[Diagnostic]:
    """Which fields a card needs or must not have, by kind; dots; art (None: no art allowed)."""
    data = source.data
    kind = data.get("kind", default_kind)
    out: list[Diagnostic] = []

    def need(fields, why):
        missing = [f for f in fields if f not in data]
        if missing:
            out.append(_at(source, "id", f"{why} needs {', '.join(missing)}"))

    def forbid(fields, why):
        for f in fields:
            if f in data:
                out.append(_at(source, f, f"{why}: remove '{f}'", key=True))

    if kind == "mutt":
        need(MUTT_FIELDS, "a mutt card")
        forbid(("level", "badges", "dots"), "a mutt has no level and no badges (a scored mutt "
               "counts rules.mutt_badges)")
    elif kind == "custom" and "question" not in data:
        forbid(PLAY_FIELDS + ("dots",), "a blank custom (no question) is printed to write on")
    else:
        need(PLAY_FIELDS, "a written custom card" if kind == "custom" else "a pug card")
    level, dots = data.get("level"), data.get("dots")
    if isinstance(dots, int) and level in LEVEL_DOTS and dots != LEVEL_DOTS[level]:
        out.append(_at(source, "dots", f"'dots' is {dots} but a {level} card has "
                       f"{LEVEL_DOTS[level]}; remove 'dots' or fix the level"))
    art = data.get("art")
    if isinstance(art, str) and folder is None:
        out.append(_at(source, "art", "'art' is only allowed in the deck's own files; move the card "
                       "into the deck or drop 'art'", key=True))
    elif isinstance(art, str):
        problem = check_image(folder, art)
        if problem:
            out.append(_at(source, "art", problem))
    return out


def _to_card(data: dict, default_kind: str = "pug") -> Card:
    kind = data.get("kind", default_kind)
    return Card(
        id=data["id"], kind=kind, level=data.get("level"), question=data.get("question"),
        badges=data.get("badges"), descriptive=data.get("descriptive"), turds=data.get("turds"),
        thermometer=data.get("thermometer"), breed=data.get("breed", DEFAULT_BREED[kind]),
        art=data.get("art"), copies=data.get("copies", 1), tags=tuple(data.get("tags", ())),
    )


def _rules_sense(loaded: LoadedDeck, rules: Rules) -> list[Diagnostic]:
    """House rules that pass the schema but contradict each other."""
    out = []
    doc = loaded.root
    if rules.players_min > rules.players_max:
        mark = doc.mark(("rules", "players"))
        out.append(Diagnostic(mark.file, mark.line, mark.column, None, "players", ERROR,
                              f"rules.players.min ({rules.players_min}) is above max ({rules.players_max})"))
    if rules.players_min < rules.nominees + 1:
        mark = doc.mark(("rules", "players", "min"))
        out.append(Diagnostic(mark.file, mark.line, mark.column, None, "players", ERROR,
                              f"at least {rules.nominees + 1} players are needed: the active player "
                              f"nominates {rules.nominees} others"))
    return out


_WORD = re.compile(r"[^\W\d_]+|\d+")
_FILLER = frozenset("who whom whose would is most likely to the a an of be in at on for with your you "
                    "their they has have had ever which one".split())


def _words(question: str) -> frozenset[str]:
    return frozenset(w for w in _WORD.findall(question.lower()) if w not in _FILLER)


def near_duplicate_questions(sources: list[SourceCard], threshold: float = 0.75) -> list[Diagnostic]:
    """A warning for each question that nearly repeats an earlier one (word-set overlap).

    Candidates come from an index of each question's rarest words, so the check stays
    near-linear on large decks instead of comparing every pair.
    """
    questions = [(s, _words(s.data["question"])) for s in sources
                 if isinstance(s.data, dict) and isinstance(s.data.get("question"), str)]
    frequency: dict[str, int] = defaultdict(int)
    for _, words in questions:
        for w in words:
            frequency[w] += 1
    index: dict[str, list[int]] = defaultdict(list)
    out = []
    for i, (source, words) in enumerate(questions):
        if not words:
            continue
        rare = sorted(words, key=lambda w: (frequency[w], w))[:3]
        candidates = {j for w in rare for j in index[w][-200:]}
        for j in sorted(candidates):
            other, other_words = questions[j]
            overlap = len(words & other_words) / len(words | other_words)
            if overlap >= threshold:
                mark = other.mark("question")
                out.append(_at(source, "question", f"question nearly repeats card '{other.id}' "
                               f"({mark.file}:{mark.line})", severity=WARNING))
                break
        for w in words:
            index[w].append(i)
    return out


def check_customs(path: Path, deck: Deck) -> tuple[tuple[Card, ...], list[Diagnostic], SourceFile]:
    """Blue custom cards from a group's own file (`--customs`), checked like the deck's.

    Cards default to `kind: custom`; ids must not clash with the deck's.
    """
    try:
        doc = load_document(path)
    except LoadError as exc:
        return (), [exc.diagnostic], SourceFile(path.name, "")
    diagnostics = schema_check().check(doc, item_id=_card_id) + _file_role(doc, is_root=False)
    cards: list[Card] = []
    taken = {c.id for c in deck.cards}
    seen: set[str] = set()
    items = doc.data.get("cards") if isinstance(doc.data, dict) else None
    schema_bad = {d.card for d in diagnostics if d.card}
    for index, data in enumerate(items if isinstance(items, list) else ()):
        if not isinstance(data, dict):
            continue
        source = SourceCard(data, doc, ("cards", index))
        problems = _card_rules(source, None, default_kind="custom")
        if data.get("kind", "custom") != "custom":
            problems.append(_at(source, "kind", "a customs file holds blue custom cards; use "
                                "'kind: custom' or leave 'kind' out"))
        card_id = source.id
        if card_id in taken or card_id in seen:
            problems.append(_at(source, "id", f"card id '{card_id}' is already used by the deck; "
                                "choose another id"))
        seen.add(card_id or "")
        diagnostics += problems
        if not problems and card_id and card_id not in schema_bad:
            cards.append(_to_card(data, default_kind="custom"))
    return tuple(cards), sorted(diagnostics), SourceFile(path.name, doc.sha256)
