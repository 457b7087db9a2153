"""High Card deck checks: the game's schema, then one rule a schema cannot say."""

from __future__ import annotations

from pugdeck.authoring.deck_files import DeckInfo, check_files, located, sources_of
from pugdeck.authoring.diagnostics import ERROR, Diagnostic, errors_in
from pugdeck.authoring.schema_checks import schema_check
from pugdeck_highcard.model import Card, Deck


def check_deck(loaded) -> tuple[Deck | None, list[Diagnostic]]:
    """The typed deck (None with errors) and every diagnostic."""
    diagnostics = check_files(loaded, schema_check("highcard"))
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
    return deck, sorted(diagnostics)
