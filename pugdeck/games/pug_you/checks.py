"""Pug You! deck checks: the schema first, then what a schema cannot say.

`check_deck` turns a `LoadedDeck` into a typed `Deck` plus every diagnostic found. It never
raises for a bad deck; errors are values, reported together by the caller.
"""

from __future__ import annotations

from pathlib import Path

from pugdeck.authoring.deck_files import (
    check_files,
    deck_info,
    located,
    printed_texts,
    root_block,
    sound,
    sources_of,
    template_located,
    template_name,
    whole,
)
from pugdeck.authoring.diagnostics import ERROR, WARNING, Diagnostic, errors_in
from pugdeck.authoring.images import check_image
from pugdeck.authoring.loading import LoadedDeck, SourceCard
from pugdeck.authoring.schema_checks import SchemaCheck
from pugdeck.authoring.texts import form_problem
from pugdeck.games.pug_you.model import (
    DEFAULT_BREED,
    LEVEL_DOTS,
    MUTT_FIELDS,
    PLAY_FIELDS,
    Card,
    Deck,
    Rules,
)
from pugdeck.games.pug_you.near_duplicates import near_duplicate_questions
from pugdeck.games.pug_you.print_checks import TEXT_FIELDS, fixed_text_checks, print_checks
from pugdeck.schemas import game_check


def schema_check() -> SchemaCheck:
    """This game's authoring schema, compiled once per process."""
    return game_check("pug-you")


def check_deck(loaded: LoadedDeck) -> tuple[Deck | None, list[Diagnostic]]:
    """Validate every file and card; the typed deck if there are no errors.

    Every check runs, whatever the others find (`validate` reports all at once): the rules'
    sense when the schema passed the rules, the print checks (text fit, glyphs) on every
    card that passed its own checks, under the template the deck names.
    """
    schema = schema_check()
    diagnostics = check_files(loaded, schema)
    seen: dict[str, SourceCard] = {}
    cards: list[Card] = []
    schema_bad = {(d.file, d.card) for d in diagnostics if d.card}
    deck_block = root_block(loaded, "deck")
    language = deck_block.get("language") if isinstance(deck_block, dict) else None
    for source in loaded.cards:
        if not isinstance(source.data, dict):
            continue  # the schema has said what is wrong
        card_id = source.id
        if card_id is not None:
            if card_id in seen:
                first = seen[card_id].mark()
                diagnostics.append(located(source, "id", f"duplicate card id '{card_id}' (first at "
                                       f"{first.file}:{first.line}); give each card its own id"))
            else:
                seen[card_id] = source
        problems = card_rules(source, loaded.folder)
        diagnostics += problems
        descriptive = source.data.get("descriptive")
        forms = form_problem(descriptive, language) if isinstance(descriptive, dict) else None
        if forms:  # authoring/texts.py
            diagnostics.append(located(source, "descriptive", forms, WARNING))
        if not problems and (source.doc.display, card_id) not in schema_bad and card_id:
            cards.append(to_card(source.data))
    diagnostics += near_duplicate_questions(loaded.cards)
    refused = schema.problem_paths(loaded.root) if errors_in(diagnostics) else set()
    rules = Rules.from_yaml(root_block(loaded, "rules")) if sound(refused, ("rules",)) else None
    if rules is not None:
        diagnostics += _rules_sense(loaded, rules)
    template = template_name(loaded, refused, "pug-you")
    if template is not None:
        printed, origins = printed_texts(loaded, diagnostics, TEXT_FIELDS)
        diagnostics += template_located(loaded, print_checks(printed, template, loaded.folder, origins,
                                                                 _deck_fonts(loaded)))
    info = deck_info(loaded, refused, "pug-you")
    deck = None
    if info is not None and rules is not None:
        # Of the cards, the fixed texts ask only whether a mutt is among those that passed.
        deck = Deck(
            info=info,
            rules=rules,
            cards=tuple(cards),
            folder=loaded.folder,
            sources=sources_of(loaded),
            origins=seen,
        )
        diagnostics += fixed_text_checks(deck, loaded.root)
    return (None if errors_in(diagnostics) else deck), sorted(diagnostics)


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


def _deck_fonts(loaded: LoadedDeck) -> dict | None:
    """deck.yaml's `deck.fonts`, for the print checks (authoring/deck_files.py checks the files)."""
    block = root_block(loaded, "deck")
    fonts = block.get("fonts") if isinstance(block, dict) else None
    return fonts if isinstance(fonts, dict) else None
