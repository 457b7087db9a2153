"""PixelPug deck checks: the schema first, then what a schema cannot say.

The schema knows every operation, target and parameter name; these checks know which
belong together (an operation's targets and parameters, the card a guess names, one chosen
target per card) and what a playable deck needs. `check_deck` never raises for a bad deck.
"""

from __future__ import annotations

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
from pugdeck.authoring.diagnostics import ERROR, Diagnostic, errors_in
from pugdeck.authoring.loading import LoadedDeck, SourceCard
from pugdeck.authoring.schema_checks import SchemaCheck, suggest
from pugdeck.games.pixelpug.model import MAIN, TREATS, Card, Deck, EffectStep, Rules
from pugdeck.games.pixelpug.operations import OPERATIONS, OUTCOME_PARAMS, SELF
from pugdeck.games.pixelpug.print_checks import TEXT_FIELDS, fixed_text_checks, print_checks
from pugdeck.schemas import game_check


def schema_check() -> SchemaCheck:
    """This game's authoring schema, compiled once per process."""
    return game_check("pixelpug")


def check_deck(loaded: LoadedDeck) -> tuple[Deck | None, list[Diagnostic]]:
    """Validate every file and card; the typed deck if there are no errors.

    Every check runs, whatever the others find (`validate` reports all at once): the rules'
    sense when the schema passed the rules, the print checks (text fit, glyphs) on every
    card that passed its own checks; what the card list as a whole needs (enough cards to
    deal, a pile to give from) only when every card did, as a count of some would mislead.
    """
    schema = schema_check()
    diagnostics = check_files(loaded, schema)
    schema_bad = {(d.file, d.card) for d in diagnostics if d.card}
    seen: dict[str, SourceCard] = {}
    for source in loaded.cards:
        card_id = source.id
        if card_id is None:
            continue
        if card_id in seen:
            first = seen[card_id].mark()
            diagnostics.append(located(source, "id", f"duplicate card id '{card_id}' (first at "
                                   f"{first.file}:{first.line}); give each card its own id"))
        else:
            seen[card_id] = source
    cards: list[Card] = []
    for source in loaded.cards:
        # A card without a usable id already has a schema error, and nothing to name it by.
        if (not isinstance(source.data, dict) or source.id is None
                or (source.doc.display, source.id) in schema_bad):
            continue
        problems = _effect_rules(source, seen, loaded.whole)
        diagnostics += problems
        if not problems and source.id and seen.get(source.id) is source:
            cards.append(to_card(source.data))
    every_card = not errors_in(diagnostics)
    refused = set() if every_card else schema.problem_paths(loaded.root)
    rules = Rules.from_yaml(root_block(loaded, "rules")) if sound(refused, ("rules",)) else None
    if rules is not None:
        diagnostics += _rules_sense(loaded, rules)
    template = template_name(loaded, refused, "pixelpug")
    if template is not None:
        printed, origins = printed_texts(loaded, diagnostics, TEXT_FIELDS)
        diagnostics += template_located(loaded, print_checks(printed, template, loaded.folder, origins,
                                                                 _deck_fonts(loaded)))
    info = deck_info(loaded, refused, "pixelpug")
    deck = None
    if info is not None and rules is not None:
        deck = Deck(
            info=info,
            rules=rules,
            cards=tuple(cards),
            folder=loaded.folder,
            sources=sources_of(loaded),
            origins=seen,
        )
        diagnostics += fixed_text_checks(deck, loaded.root)  # the points labels of the cards that passed
        if every_card:
            diagnostics += _deck_sense(loaded, deck)
    return (None if errors_in(diagnostics) else deck), sorted(diagnostics)


def _effect_rules(source: SourceCard, cards: dict[str, SourceCard], whole_deck: bool) -> list[Diagnostic]:
    """Each step's target and parameters fit its operation; a card chooses one target; the
    cards a step names are in the deck (known only when every file of it could be read)."""
    out: list[Diagnostic] = []
    chosen: list[str] = []
    for index, step in enumerate(source.data["effect"]):
        at = ("effect", index)
        op = OPERATIONS[step["op"]]
        target = step.get("target")
        if op.targets and target is None:
            out.append(located(source, at + ("op",), f"'{op.name}' needs a target: one of "
                           f"{', '.join(op.targets)}"))
        elif target is not None and target not in op.targets:
            allowed = f"one of {', '.join(op.targets)}" if op.targets else "none (remove it)"
            out.append(located(source, at + ("target",), f"'{op.name}' cannot target '{target}'; "
                           f"its target is {allowed}"))
        elif target not in (None, SELF):
            chosen.append(target)
        for name in step:
            if name in ("op", "target"):
                continue
            if name not in op.param_names:
                takes = ", ".join(op.param_names) or "no parameters"
                out.append(located(source, at + (name,), f"'{op.name}' does not take '{name}' "
                               f"(it takes {takes}){suggest(name, op.param_names)}", key=True))
            elif name in OUTCOME_PARAMS and step[name] not in OUTCOME_PARAMS[name][op.name]:
                out.append(located(source, at + (name,), f"'{name}' of '{op.name}' must be one of "
                               f"{', '.join(OUTCOME_PARAMS[name][op.name])}, not '{step[name]}'"))
        for name in op.required():
            if name not in step:
                out.append(located(source, at + ("op",), f"'{op.name}' needs '{name}'"))
        for name in ("card", "unless-holding"):
            kind = step.get(name)
            if isinstance(kind, str) and name in op.param_names and kind not in cards and whole_deck:
                out.append(located(source, at + (name,), f"'{name}' names card '{kind}', which is not "
                               f"in the deck{suggest(kind, cards)}"))
    ops = [step["op"] for step in source.data["effect"]]
    if "rps-duel" in ops[:-1]:
        out.append(located(source, "effect", "a duel waits for two secret choices: make it the card's "
                       "last step"))
    if len(set(chosen)) > 1:
        out.append(located(source, "effect", "the steps of one card choose one target; "
                       f"they disagree: {', '.join(sorted(set(chosen)))}"))
    return out


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


def _deck_fonts(loaded: LoadedDeck) -> dict | None:
    """deck.yaml's `deck.fonts`, for the print checks (authoring/deck_files.py checks the files)."""
    block = root_block(loaded, "deck")
    fonts = block.get("fonts") if isinstance(block, dict) else None
    return fonts if isinstance(fonts, dict) else None
