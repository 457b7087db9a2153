"""Pug You!'s part in the one check skeleton (games/deck_checks.py): what a schema
cannot say of a card (which fields each kind needs, dots, art), of the rules, and which
questions nearly repeat each other. `CHECKS` is the game's `parts["checks"]`.
"""

from __future__ import annotations

from pathlib import Path

from pugdeck.authoring.deck_files import located, root_block, whole
from pugdeck.authoring.images import check_image
from pugdeck.authoring.loading import LoadedDeck, SourceCard
from pugdeck.authoring.texts import form_problem
from pugdeck.core.diagnostics import ERROR, WARNING, Diagnostic
from pugdeck.games.deck_checks import DeckChecks
from pugdeck.games.pug_you.model import DEFAULT_BREED, LEVEL_DOTS, MUTT_FIELDS, PLAY_FIELDS, Card, Deck, Rules
from pugdeck.games.pug_you.near_duplicates import near_duplicate_questions
from pugdeck.games.pug_you.print_checks import CHECKED_FIELDS, fixed_texts


def card_rules(source: SourceCard, folder: Path | None, default_kind: str = "pug") -> list[Diagnostic]:
    """Which fields a card needs or must not have, by kind; dots; art (None: no art allowed)."""
    data = source.data
    kind = data.get("kind", default_kind)
    out: list[Diagnostic] = []

    def need(fields, why):
        missing = [f for f in fields if f not in data]
        if missing:
            out.append(located(source, "id", f"{why} needs {', '.join(missing)}"))

    def forbid(fields, why):
        for f in fields:
            if f in data:
                out.append(located(source, f, f"{why}: remove '{f}'", key=True))

    if kind == "mutt":
        need(MUTT_FIELDS, "a mutt card")
        forbid(("level", "badges", "dots"), "a mutt has no level and no badges (a scored mutt "
               "counts rules.mutt_badges)")
    elif kind == "custom" and "question" not in data:
        forbid(PLAY_FIELDS + ("dots",), "a blank custom (no question) is printed to write on")
    else:
        need(PLAY_FIELDS, "a written custom card" if kind == "custom" else "a pug card")
    level, dots = data.get("level"), whole(data.get("dots"))
    if isinstance(dots, int) and isinstance(level, str) and level in LEVEL_DOTS and dots != LEVEL_DOTS[level]:
        out.append(located(source, "dots", f"'dots' is {dots} but a {level} card has "
                       f"{LEVEL_DOTS[level]}; remove 'dots' or fix the level"))
    art = data.get("art")
    if isinstance(art, str) and folder is None:
        out.append(located(source, "art", "'art' is only allowed in the deck's own files; move the card "
                       "into the deck or drop 'art'", key=True))
    elif isinstance(art, str):
        problem = check_image(folder, art)
        if problem:
            out.append(located(source, "art", problem))
    return out


def to_card(data: dict, default_kind: str = "pug") -> Card:
    kind = data.get("kind", default_kind)
    return Card(
        id=data["id"], kind=kind, level=data.get("level"), question=data.get("question"),
        badges=whole(data.get("badges")), descriptive=data.get("descriptive"), turds=whole(data.get("turds")),
        thermometer=whole(data.get("thermometer")), breed=data.get("breed", DEFAULT_BREED[kind]),
        art=data.get("art"), copies=whole(data.get("copies", 1)), tags=tuple(data.get("tags", ())),
    )


def _form_warnings(loaded: LoadedDeck) -> list[Diagnostic]:
    """A descriptive given in two forms that need not be (authoring/texts.py `form_problem`):
    the same twice, or in a language whose words do not change with the speaker."""
    block = root_block(loaded, "deck")
    language = block.get("language") if isinstance(block, dict) else None
    out = []
    for source in loaded.cards:
        descriptive = source.data.get("descriptive") if isinstance(source.data, dict) else None
        problem = form_problem(descriptive, language) if isinstance(descriptive, dict) else None
        if problem:
            out.append(located(source, "descriptive", problem, WARNING))
    return out


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


CHECKS = DeckChecks(
    to_card=to_card,
    rules_from=Rules.from_yaml,
    deck_type=Deck,
    card_rules=lambda source, loaded, first: card_rules(source, loaded.folder),
    cards_sense=lambda loaded: near_duplicate_questions(loaded.cards) + _form_warnings(loaded),
    rules_sense=_rules_sense,
    text_fields=CHECKED_FIELDS,
    fixed_texts=fixed_texts,
)
