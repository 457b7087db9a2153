"""A group's own blue cards (`--customs FILE`), checked with the deck's messages."""

from __future__ import annotations

from pathlib import Path

from pugdeck.authoring.deck_files import SourceFile, card_id_of, file_role, located
from pugdeck.authoring.loading import LoadError, SourceCard, display_path, load_document
from pugdeck.authoring.texts import printed_descriptive
from pugdeck.core.diagnostics import ERROR, Diagnostic
from pugdeck.games.deck_checks import print_problems
from pugdeck.games.game_schemas import game_check
from pugdeck.games.pug_you.checks import card_rules, to_card
from pugdeck.games.pug_you.game import GAME
from pugdeck.games.pug_you.model import Card, Deck
from pugdeck.games.pug_you.print_checks import CHECKED_FIELDS
from pugdeck.inputs import YAML_SUFFIXES, named_with


def check_customs(path: Path, deck: Deck) -> tuple[tuple[Card, ...], list[Diagnostic], SourceFile]:
    """Blue custom cards from a group's own file (`--customs`), checked like the deck's.

    Cards default to `kind: custom`; ids must not clash with the deck's. Their text must
    fit the deck's template, like the deck's own cards (located in the customs file). A
    file not named .yaml or .yml is refused unread, so no other file is ever quoted.
    """
    if not named_with(path, YAML_SUFFIXES):
        return (), [Diagnostic(display_path(path), 0, 0, None, None, ERROR,
                               "not a customs file: customs are a YAML file ending in .yaml or "
                               ".yml; this file was not read")], SourceFile(path.name, "")
    try:
        doc = load_document(path)
    except LoadError as exc:
        return (), [exc.diagnostic], SourceFile(path.name, "")
    diagnostics = game_check(GAME.id).check(doc, item_id=card_id_of) + file_role(doc, is_root=False)
    cards: list[Card] = []
    origins: dict[str, SourceCard] = {}
    taken = {c.id for c in deck.cards}
    seen: set[str] = set()
    items = doc.data.get("cards") if isinstance(doc.data, dict) else None
    schema_bad = {d.card for d in diagnostics if d.card}
    for index, data in enumerate(items if isinstance(items, list) else ()):
        if not isinstance(data, dict):
            continue
        source = SourceCard(data, doc, ("cards", index))
        problems = card_rules(source, None, default_kind="custom")
        if data.get("kind", "custom") != "custom":
            problems.append(located(source, "kind", "a customs file holds blue custom cards; use "
                                "'kind: custom' or leave 'kind' out"))
        card_id = source.id
        if card_id in taken or card_id in seen:
            problems.append(located(source, "id", f"card id '{card_id}' is already used by the deck; "
                                "choose another id"))
        seen.add(card_id or "")
        diagnostics += problems
        if not problems and card_id and card_id not in schema_bad:
            cards.append(to_card(data, default_kind="custom"))
            origins[card_id] = source
    if cards:
        printed = [{"card": c.id, "question": c.question, "descriptive": printed_descriptive(c.descriptive)}
                   for c in cards]
        diagnostics += print_problems(printed, GAME, deck.info.template, deck.folder, CHECKED_FIELDS, origins,
                                      dict(deck.info.fonts))
    return tuple(cards), sorted(diagnostics), SourceFile(path.name, doc.sha256)
