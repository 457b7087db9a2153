"""High Card deck checks: the game's schema, one rule a schema cannot say, then the print
checks (does every value and name fit its box, in a font that has its characters)."""

from __future__ import annotations

from pugdeck.authoring.deck_files import DeckInfo, check_files, located, sources_of
from pugdeck.authoring.loading import locate
from pugdeck.core.diagnostics import ERROR, DeckError, Diagnostic, errors_in
from pugdeck.games.game_schemas import game_check
from pugdeck_highcard.model import Card, Deck

# (card field, template region, text style) of each text the faces fit into a box.
PRINTED_FIELDS = (("value", "value", "value"), ("name", "name", "name"))


def check_deck(loaded) -> tuple[Deck | None, list[Diagnostic]]:
    """The typed deck (None with errors) and every diagnostic."""
    diagnostics = check_files(loaded, game_check("highcard"))
    schema_bad = {(d.file, d.card) for d in diagnostics if d.card}
    seen: dict[str, object] = {}
    values: dict[int, str] = {}
    for source in loaded.cards:
        if source.id is None or (source.doc.display, source.id) in schema_bad:
            continue  # its schema errors are reported; the rules below need a sound card
        card_id, value = source.data["id"], source.data["value"]
        if card_id in seen:
            diagnostics.append(located(source, "id", f"duplicate card id '{card_id}'"))
        elif value in values:
            diagnostics.append(located(source, "value", f"'{values[value]}' is worth {value} "
                                       "too; two equal cards would tie"))
        seen[card_id] = source
        values.setdefault(value, card_id)
    rules = loaded.root.data.get("rules") or {}
    hand = rules.get("hand", 1)
    if len(loaded.cards) < 2 * hand:
        mark = loaded.root.mark(())
        diagnostics.append(Diagnostic(mark.file, mark.line, mark.column, None, "cards", ERROR,
                                      f"two players need {2 * hand} cards; the deck has "
                                      f"{len(loaded.cards)}"))
    if errors_in(diagnostics):
        return None, sorted(diagnostics)
    cards = tuple(Card(s.data["id"], s.data["value"], s.data.get("name", s.data["id"].title()))
                  for s in loaded.cards)
    deck = Deck(DeckInfo.from_yaml(loaded.root.data["deck"], "highcard"), hand, cards,
                loaded.folder, sources_of(loaded), seen)
    diagnostics += print_checks(deck)
    return (None if errors_in(diagnostics) else deck), sorted(diagnostics)


def print_checks(deck: Deck) -> list[Diagnostic]:
    """The renderer's text-fit and glyph checks on what the faces print, located in the YAML."""
    from pugdeck.render.checks import check_fields  # noqa: PLC0415 (reportlab loads only here)
    from pugdeck_highcard.game import GAME  # noqa: PLC0415 (game.py imports this module on use)

    cards = [{"card": card.id, "value": str(card.value), "name": card.name} for card in deck.cards]
    try:
        found = check_fields(cards, GAME.load_template(deck.info.template, deck.folder),
                             PRINTED_FIELDS)
    except DeckError as exc:  # the template itself is wrong
        return exc.diagnostics
    return locate(found, deck.origins)
