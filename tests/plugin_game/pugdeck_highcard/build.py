"""From a checked High Card deck to the built deck: every card, in value order."""

from __future__ import annotations

from pugdeck.core.built_deck import Built, built_doc, source_block
from pugdeck.core.diagnostics import ERROR, DeckError, Diagnostic
from pugdeck_highcard.model import Deck


def build_deck(deck: Deck, params, *, name=None, extra_sources=()) -> Built:
    """The built deck; `--players N` is checked, every other preference is the deck's own."""
    counts = deck.player_counts()
    players = params.get("players")
    if players is not None and players not in counts:
        raise DeckError([Diagnostic("", 0, 0, None, "players", ERROR,
                                    f"--players {players}: High Card is for {counts[0]} to "
                                    f"{counts[-1]} players with this deck")])
    name = name or deck.info.id
    cards = [{"id": c.id, "card": c.id, "copy": 1, "kind": "number", "value": c.value,
              "name": c.name} for c in sorted(deck.cards, key=lambda c: c.value)]
    doc = built_doc(
        game="highcard", name=name, deck=deck.info.as_json(), rules={"hand": deck.rules.hand},
        filters={"players": players, "removed": {}},
        source=source_block([("deck", s.path, s.sha256) for s in deck.sources] + list(extra_sources)),
        checked={"players": [{"players": n, "playable": True} for n in counts],
                 "playable_for": counts, "warnings": []},
        components=[], cards=cards,
    )
    summary = f"{name}: {len(cards)} cards; playable for {counts[0]}–{counts[-1]} players"
    return Built(doc=doc, name=name, folder=deck.folder, summary=summary)
