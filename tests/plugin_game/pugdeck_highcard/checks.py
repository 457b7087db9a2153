"""High Card's part in pugdeck's check skeleton (pugdeck/games/deck_checks.py): its card,
its rules, one rule a schema cannot say (two equal cards would tie) and what a dealable
deck needs. The schema, duplicate ids and the print checks are the skeleton's."""

from __future__ import annotations

from pugdeck.authoring.deck_files import located
from pugdeck.core.diagnostics import ERROR, Diagnostic
from pugdeck.games.deck_checks import DeckChecks
from pugdeck_highcard.model import Card, Deck, Rules


def equal_values(loaded) -> list[Diagnostic]:
    """A card worth what an earlier one is worth: the two would tie."""
    out, values = [], {}
    for source in loaded.cards:
        data = source.data if isinstance(source.data, dict) else {}
        value = data.get("value")
        if type(value) is not int or not isinstance(data.get("id"), str):
            continue  # the schema says what is wrong with it
        if value in values and values[value] != data["id"]:
            out.append(located(source, "value", f"'{values[value]}' is worth {value} too; two "
                               "equal cards would tie"))
        values.setdefault(value, data["id"])
    return out


def enough_cards(loaded, deck: Deck) -> list[Diagnostic]:
    if len(deck.cards) >= 2 * deck.rules.hand:
        return []
    mark = loaded.root.mark(())
    return [Diagnostic(mark.file, mark.line, mark.column, None, "cards", ERROR,
                       f"two players need {2 * deck.rules.hand} cards; the deck has {len(deck.cards)}")]


CHECKS = DeckChecks(
    to_card=lambda data: Card(data["id"], data["value"], data.get("name", data["id"].title())),
    rules_from=lambda block: Rules((block or {}).get("hand", 1)),
    deck_type=Deck,
    cards_sense=equal_values,
    deck_sense=enough_cards,
    text_fields=(("name", "name", "name"),),
)
