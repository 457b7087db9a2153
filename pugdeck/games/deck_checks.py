"""The one check skeleton every game's deck goes through, with the game's rules as hooks.

`check_deck` turns a `LoadedDeck` into the game's typed deck (a `CheckedDeck`) plus every
diagnostic found; it never raises for a bad deck. Every check runs, whatever the others
find, so `validate` reports all at once: the files against the game's schema, card ids
once each, the game's card rules, the rules' sense when the schema passed the rules, the
print checks (text fit, glyphs) on every text that has no error of its own, the fixed texts
when the deck's block is sound, and what the card list as a whole needs only when every
card passed, as a count of some would mislead.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pugdeck.authoring.deck_files import (
    DeckInfo,
    SourceFile,
    check_files,
    deck_info,
    located,
    printed_texts,
    root_block,
    sound,
    sources_of,
    template_located,
    template_name,
)
from pugdeck.authoring.loading import Document, LoadedDeck, SourceCard
from pugdeck.core.diagnostics import DeckError, Diagnostic, errors_in

if TYPE_CHECKING:  # types only
    from pugdeck.authoring.schema_checks import SchemaCheck


@dataclass(frozen=True)
class CheckedDeck:
    """A deck that passed its checks: what every stage after them may rely on, whatever the
    game (building/pipeline.py reads `info` and `origins`; a game's build reads the rest).
    A game subclasses it to add what its own cards and rules let it say (no new fields)."""

    info: DeckInfo  # deck.yaml's `deck:` block, defaults filled in
    rules: Any  # the game's rules: the rulebook's defaults under the deck's house rules
    cards: tuple  # the game's cards, in the order they were written
    folder: Path
    sources: tuple[SourceFile, ...]
    # Where each card was written, for located errors after validation (fit, filters).
    origins: Mapping[str, SourceCard] = field(default_factory=dict, compare=False, repr=False)


def no_problems(*_: Any) -> list[Diagnostic]:
    return []


@dataclass(frozen=True)
class DeckChecks:
    """A game's part in the skeleton (its `parts["checks"]`): what a schema cannot say."""

    #: a card mapping that passed the schema and the card rules → the game's card
    to_card: Callable[[dict], Any]
    #: deck.yaml's `rules:` block (None when absent), the schema passed → the game's rules
    rules_from: Callable[[dict | None], Any]
    #: the game's `CheckedDeck` subclass
    deck_type: type[CheckedDeck] = CheckedDeck
    #: (card source, the loaded deck, the first card of each id) → a card's own problems
    card_rules: Callable[[SourceCard, LoadedDeck, Mapping[str, SourceCard]], list[Diagnostic]] = no_problems
    #: whether the card rules read only cards the schema passed (they index the card's
    #: fields), or every card that is a mapping (they read it defensively)
    card_rules_need_schema: bool = False
    #: (loaded deck) → problems across the cards, whatever else is wrong (near-duplicates)
    cards_sense: Callable[[LoadedDeck], list[Diagnostic]] = no_problems
    #: (loaded deck, rules) → house rules that pass the schema but contradict each other
    rules_sense: Callable[[LoadedDeck, Any], list[Diagnostic]] = no_problems
    #: (loaded deck, deck) → a card list that passes every card check but cannot be played;
    #: run only when every card passed
    deck_sense: Callable[[LoadedDeck, Any], list[Diagnostic]] = no_problems
    #: (card field, template region, text style) of each card text the faces fit in a box
    text_fields: tuple[tuple[str, str, str], ...] = ()
    #: (deck, deck.yaml, template, fonts, strings) → problems of the fixed texts the faces
    #: print (backs, reference cards), each located where its text was written
    fixed_texts: Callable[..., list[Diagnostic]] = no_problems


def check_deck(loaded: LoadedDeck, checks: DeckChecks, schema: SchemaCheck, game_id: str,
               printing: Any | None) -> tuple[CheckedDeck | None, list[Diagnostic]]:
    """Validate every file and card with the game `game_id`'s `checks` and its authoring
    `schema`; the typed deck if there are no errors. `printing` is the game's `GameSpec`
    when it can print (its template's boxes and fonts judge the texts), else None: then
    there are no print checks."""
    diagnostics = check_files(loaded, schema)
    schema_bad = {(d.file, d.card) for d in diagnostics if d.card}
    first = first_of_each_id(loaded.cards, diagnostics)
    cards = []
    for source in loaded.cards:
        if not isinstance(source.data, dict):
            continue  # the schema has said what is wrong
        passed_schema = source.id is not None and (source.doc.display, source.id) not in schema_bad
        if checks.card_rules_need_schema and not passed_schema:
            continue  # its schema errors are reported; the rules need a sound card
        problems = checks.card_rules(source, loaded, first)
        diagnostics += problems
        if not problems and passed_schema and source.id and first.get(source.id) is source:
            cards.append(checks.to_card(source.data))
    diagnostics += checks.cards_sense(loaded)
    every_card = not errors_in(diagnostics)
    refused = set() if every_card else schema.problem_paths(loaded.root)
    rules = checks.rules_from(root_block(loaded, "rules")) if sound(refused, ("rules",)) else None
    if rules is not None:
        diagnostics += checks.rules_sense(loaded, rules)
    template = template_name(loaded, refused, game_id)
    if printing is not None and template is not None:
        printed, origins = printed_texts(loaded, diagnostics, tuple(f for f, _r, _s in checks.text_fields))
        diagnostics += template_located(loaded, print_problems(printed, printing, template, loaded.folder,
                                                               checks.text_fields, origins, _deck_fonts(loaded)))
    info = deck_info(loaded, refused, game_id)
    deck = None
    if info is not None and rules is not None:
        deck = checks.deck_type(info=info, rules=rules, cards=tuple(cards), folder=loaded.folder,
                                sources=sources_of(loaded), origins=first)
        if printing is not None:
            diagnostics += fixed_text_problems(deck, loaded.root, printing, checks)
        if every_card:
            diagnostics += checks.deck_sense(loaded, deck)
    return (None if errors_in(diagnostics) else deck), sorted(diagnostics)


def first_of_each_id(cards: list[SourceCard], diagnostics: list[Diagnostic]) -> dict[str, SourceCard]:
    """The first card written with each id; a second one is an error in `diagnostics`."""
    first: dict[str, SourceCard] = {}
    for source in cards:
        card_id = source.id
        if card_id is None or not isinstance(source.data, dict):
            continue
        if card_id in first:
            mark = first[card_id].mark()
            diagnostics.append(located(source, "id", f"duplicate card id '{card_id}' (first at "
                                       f"{mark.file}:{mark.line}); give each card its own id"))
        else:
            first[card_id] = source
    return first


def print_problems(cards: list[dict], printing: Any, template: str, folder: Path | None,
                   fields: tuple[tuple[str, str, str], ...],
                   origins: Mapping[str, SourceCard], fonts: Mapping | None = None) -> list[Diagnostic]:
    """Text that would not fit its box under `template` (with the deck's own `fonts`,
    deck.yaml's `deck.fonts`) or has a character none of its fonts can print, each problem
    located at the card's field in the deck's files. `cards` are `{"card": key, field:
    text}` (deck_files.printed_texts), `origins` where each key's card was written; any
    card, whatever else is wrong with it."""
    from pugdeck.render.checks import print_problems as fit_problems  # noqa: PLC0415 (reportlab)
    from pugdeck.render.deck_fonts import deck_template  # noqa: PLC0415

    return fit_problems(cards, lambda: deck_template(printing, template, folder, {"fonts": fonts}), fields, origins)


def _deck_fonts(loaded: LoadedDeck) -> dict | None:
    """deck.yaml's `deck.fonts` (authoring/deck_files.py checks the files themselves)."""
    block = root_block(loaded, "deck")
    fonts = block.get("fonts") if isinstance(block, dict) else None
    return fonts if isinstance(fonts, dict) else None


def fixed_text_problems(deck: CheckedDeck, root: Document, printing: Any,
                        checks: DeckChecks) -> list[Diagnostic]:
    """The deck's fixed texts (render/strings.py) resolve in its language and fit the faces
    that print them (the game's `fixed_texts`), each problem once, located where its text
    was written: the template, or deck.yaml (`strings:`, a back's field, `deck.name`)."""
    # reportlab loads only here: printing modules
    from pugdeck.render.deck_fonts import deck_template  # noqa: PLC0415
    from pugdeck.render.fonts import measured_font_set  # noqa: PLC0415
    from pugdeck.render.strings import deck_strings  # noqa: PLC0415

    deck_block = deck.info.as_json()
    try:
        template = deck_template(printing, deck.info.template, deck.folder, deck_block)
    except DeckError:
        return []  # the print checks report the template's own problems

    def place(path: tuple) -> tuple[str, int, int]:
        mark = root.mark(path)
        return mark.file, mark.line, mark.column

    try:
        strings = deck_strings(template, deck_block, place)
    except DeckError as exc:
        return exc.diagnostics
    found = checks.fixed_texts(deck, root, template, measured_font_set(template.fonts), strings)
    return list(dict.fromkeys(found))
