"""PixelPug's part in the one check skeleton (games/deck_checks.py): the schema knows
every operation, target and parameter name; these hooks know which belong together (an
operation's targets and parameters, the card a guess names, one chosen target per card:
effect_rules.py) and what a playable deck needs. `CHECKS` is the game's `parts["checks"]`.
"""

from __future__ import annotations

from collections.abc import Mapping

from pugdeck.authoring.deck_files import located, whole
from pugdeck.authoring.loading import LoadedDeck, SourceCard
from pugdeck.core.diagnostics import ERROR, Diagnostic
from pugdeck.games.deck_checks import DeckChecks
from pugdeck.games.pixelpug.effect_rules import effect_problems
from pugdeck.games.pixelpug.model import MAIN, TREATS, Card, Deck, EffectStep, Rules
from pugdeck.games.pixelpug.operations import OPERATIONS
from pugdeck.games.pixelpug.print_checks import CHECKED_FIELDS, fixed_texts


def effect_rules(source: SourceCard, loaded: LoadedDeck, cards: Mapping[str, SourceCard]) -> list[Diagnostic]:
    """A card's effect problems (effect_rules.py), located in its file; the cards a step
    names are judged only when every file of the deck could be read."""
    return [located(source, problem.path, problem.message, key=problem.at_key)
            for problem in effect_problems(source.data["effect"], cards if loaded.whole else None)]


def to_card(data: dict) -> Card:
    """A checked card mapping as a `Card`, every default filled in."""
    steps = []
    for step in data["effect"]:
        op = OPERATIONS[step["op"]]
        params = {**op.defaults(), **{k: whole(v) for k, v in step.items() if k not in ("op", "target")}}
        steps.append(EffectStep(op.name, step.get("target"),
                                tuple((name, params[name]) for name in op.param_names if name in params)))
    return Card(id=data["id"], name=data["name"], count=whole(data["count"]), points=whole(data["points"]),
                attack=data.get("attack", False), text=data["text"], effect=tuple(steps),
                pile=data.get("pile", MAIN), tags=tuple(data.get("tags", ())))


def _rules_sense(loaded: LoadedDeck, rules: Rules) -> list[Diagnostic]:
    """House rules that pass the schema but contradict each other."""
    if rules.players_min <= rules.players_max:
        return []
    mark = loaded.root.mark(("rules", "players"))
    return [Diagnostic(mark.file, mark.line, mark.column, None, "players", ERROR,
                       f"rules.players.min ({rules.players_min}) is above max ({rules.players_max})")]


def _deck_sense(loaded: LoadedDeck, deck: Deck) -> list[Diagnostic]:
    """A card list that passes the schema but cannot be played."""
    doc = loaded.root
    out = []

    def error(path: tuple, field: str, message: str) -> None:
        mark = doc.mark(path)
        out.append(Diagnostic(mark.file, mark.line, mark.column, None, field, ERROR, message))

    rules = deck.rules
    main = deck.physical_count(MAIN)
    needed = rules.players_max * rules.starting_hand + 1
    if main < needed:
        error(("cards",) if "cards" in doc.data else (), "cards",
              f"the main pile has {main} cards; {rules.players_max} players need at least "
              f"{needed} (a starting hand each and one to draw)")
    for card in deck.cards:
        for step in card.effect:
            if step.op == "give-from-pile" and not deck.pile(step.param("pile")):
                source = deck.origins[card.id]
                out.append(located(source, "effect", f"'{card.id}' gives from the "
                               f"'{step.param('pile')}' pile, but no card has pile: {TREATS}"))
    return out


CHECKS = DeckChecks(
    to_card=to_card,
    rules_from=Rules.from_yaml,
    deck_type=Deck,
    card_rules=effect_rules,
    card_rules_need_schema=True,
    rules_sense=_rules_sense,
    deck_sense=_deck_sense,
    text_fields=CHECKED_FIELDS,
    fixed_texts=fixed_texts,
)
