"""From a checked PixelPug deck to the built deck.

PixelPug has no group parameters of its own (`parameters` in game.py is empty): its deck is
one balanced set. It takes the shared `--exclude ID` (leave a card kind out) and
`--players N`; any other parameter is refused before it gets here
(pugdeck/building/parameters.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from pugdeck.authoring.schema_checks import suggest
from pugdeck.core.built_deck import Built, built_doc, source_block
from pugdeck.core.diagnostics import ERROR, DeckError, Diagnostic
from pugdeck.games.pixelpug import built_cards
from pugdeck.games.pixelpug.model import MAIN, Deck


def _error(field: str, message: str) -> Diagnostic:
    return Diagnostic("", 0, 0, None, field, ERROR, message)


def player_checks(deck: Deck) -> list[dict]:
    """Per allowed player count: a starting hand each and one card to draw."""
    rules = deck.rules
    cards = deck.physical_count(MAIN)
    out = []
    for players in range(rules.players_min, rules.players_max + 1):
        needed = players * rules.starting_hand + 1
        out.append({"players": players, "playable": cards >= needed, "cards": cards,
                    "needed": needed, "margin": cards - needed})
    return out


def build_deck(deck: Deck, values: Mapping[str, Any], *, name: str | None = None,
               extra_sources: tuple[tuple[str, str, str], ...] = ()) -> Built:
    """Apply `--exclude`, check the player counts, and assemble the built deck."""
    ids = [c.id for c in deck.cards]
    exclude = tuple(values["exclude"])
    problems = [_error("exclude", f"--exclude: no card has the id '{card_id}'{suggest(card_id, ids)}")
                for card_id in exclude if card_id not in ids]
    if problems:
        raise DeckError(problems)
    removed = sum(c.count for c in deck.cards if c.id in exclude)
    played = replace(deck, cards=tuple(c for c in deck.cards if c.id not in exclude))
    checks = player_checks(played)
    playable_for = [c["players"] for c in checks if c["playable"]]
    players = values["players"]
    if players is not None and players not in playable_for:
        rules = deck.rules
        raise DeckError([_error("players", f"--players {players}: the rules allow "
                                f"{rules.players_min} to {rules.players_max} players and the "
                                f"main pile has {played.physical_count(MAIN)} cards")])
    warnings = [] if len(exclude) == 0 else [(f"{removed} cards left out: the deck is no longer "
                                              "the balanced 33-card set")]
    name = name or deck.info.id + "".join(f"-no-{card_id}" for card_id in exclude)
    cards = built_cards.built_cards(played)
    doc = built_doc(
        game="pixelpug", name=name, deck=deck.info.as_json(), rules=built_cards.built_rules(played),
        filters={"exclude": list(exclude), "players": players,
                 "removed": {"exclude": removed} if exclude else {}},
        source=source_block([("deck", s.path, s.sha256) for s in deck.sources] + list(extra_sources)),
        checked={"players": checks, "playable_for": playable_for, "warnings": warnings},
        components=built_cards.components(played), cards=cards,
    )
    main = played.physical_count(MAIN)
    summary = (f"{name}: {len(cards)} cards ({main} in the game deck, {len(cards) - main} set "
               f"aside); playable for {playable_for[0]}–{playable_for[-1]} players"
               if playable_for else f"{name}: too small for any player count")
    return Built(doc=doc, name=name, folder=deck.folder, summary=summary, warnings=warnings)
