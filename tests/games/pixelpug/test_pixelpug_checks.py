"""The PixelPug authoring format: the bundled deck, the schema, located errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pugdeck.building.deck_check import check_deck_at
from pugdeck.games.game_schemas import built_schema, game_schema
from pugdeck.games.pixelpug.model import MAIN, TREATS
from pugdeck.games.pixelpug.operations import OPERATIONS, TARGETS
from pugdeck.resources import bundled_deck

HEADER = "deck: {id: tiny, name: Tiny, game: pixelpug}\ncards:\n"
FILLER = "  - {id: nap, name: Nap, count: 12, points: 3, text: Zzz, effect: [{op: none}]}\n"


@pytest.fixture
def check(tmp_path, monkeypatch):
    """`check(cards_yaml)` → diagnostics of a deck.yaml with these cards plus 12 Naps."""
    monkeypatch.chdir(tmp_path)

    def run(cards: str):
        (tmp_path / "deck").mkdir(exist_ok=True)
        (tmp_path / "deck" / "deck.yaml").write_text(HEADER + FILLER + cards, encoding="utf-8")
        return check_deck_at(tmp_path / "deck")

    return run


def messages(diagnostics):
    return [d.format() for d in diagnostics]


def test_the_bundled_deck_is_33_cards_of_14_kinds_plus_3_treats():
    deck, diagnostics = check_deck_at(bundled_deck("pixelpug"))
    assert diagnostics == []
    assert deck.physical_count(MAIN) == 33 and len(deck.pile(MAIN)) == 14
    assert deck.physical_count(TREATS) == 3
    names = {c.name for c in deck.cards}
    assert {"The Pug", "Go Fisch", "Poop Time", "Doghouse", "Empty Bowl", "Dog Food",
            "Protection", "Treat"} <= names
    assert any(step.op == "rps-duel" for c in deck.cards for step in c.effect)


def test_an_unknown_operation_is_a_located_error_with_a_suggestion(check):
    deck, diagnostics = check("  - {id: x, name: X, count: 1, points: 1, text: X, effect: [{op: drow, target: self}]}\n")
    assert deck is None
    assert messages(diagnostics) == [
        "deck/deck.yaml:4:66: card 'x': 'op' must be one of " + ", ".join(OPERATIONS)
        + ", not text \"drow\"; did you mean 'draw'?"]


def test_an_unknown_target_is_a_located_error(check):
    _deck, diagnostics = check("  - {id: x, name: X, count: 1, points: 1, text: X, effect: [{op: draw, target: everyone}]}\n")
    assert messages(diagnostics) == [
        "deck/deck.yaml:4:80: card 'x': 'target' must be one of " + ", ".join(TARGETS)
        + ", not text \"everyone\""]


def test_a_target_the_operation_does_not_take_is_an_error(check):
    _deck, diagnostics = check("  - {id: x, name: X, count: 1, points: 1, text: X, effect: [{op: swap-hands, target: self}]}\n")
    assert messages(diagnostics) == [
        "deck/deck.yaml:4:86: card 'x': 'swap-hands' cannot target 'self'; its target is one of opponent"]


def test_a_missing_target_and_a_foreign_parameter_are_errors(check):
    _deck, diagnostics = check("  - {id: x, name: X, count: 1, points: 1, text: X, effect: [{op: look-at-hand, amount: 2}]}\n")
    assert messages(diagnostics) == [
        "deck/deck.yaml:4:66: card 'x': 'look-at-hand' needs a target: one of opponent",
        "deck/deck.yaml:4:80: card 'x': 'look-at-hand' does not take 'amount' (it takes no parameters)"]


def test_a_guess_must_name_a_card_of_the_deck(check):
    _deck, diagnostics = check("  - {id: x, name: X, count: 1, points: 1, text: X, effect: "
                               "[{op: guess-holder, target: opponent, card: dog-fud}]}\n")
    assert messages(diagnostics) == [
        "deck/deck.yaml:4:104: card 'x': 'card' names card 'dog-fud', which is not in the deck"]


def test_giving_from_the_treats_pile_needs_treats(check):
    _deck, diagnostics = check("  - {id: x, name: X, count: 1, points: 1, text: X, effect: "
                               "[{op: give-from-pile, target: self}]}\n")
    assert [d.message for d in diagnostics] == [
        "'x' gives from the 'treats' pile, but no card has pile: treats"]


def test_a_duel_must_be_the_last_step(check):
    _deck, diagnostics = check("  - {id: x, name: X, count: 1, points: 1, text: X, effect: "
                               "[{op: rps-duel, target: opponent}, {op: draw, target: self}]}\n")
    assert [d.message for d in diagnostics] == ["a duel waits for two secret choices: make it the card's last step"]


def test_every_schema_property_is_described_and_the_enums_match_the_engine():
    for name, schema, step in (("pixelpug", game_schema("pixelpug"), "step"),
                               ("built", built_schema(), "pixelpugStep")):

        def walk(node, where):
            if isinstance(node, dict):
                for key, sub in node.get("properties", {}).items():
                    assert "description" in sub, f"{where}/{key} has no description"
                for key, sub in node.items():
                    walk(sub, f"{where}/{key}")
            elif isinstance(node, list):
                for i, sub in enumerate(node):
                    walk(sub, f"{where}/{i}")

        walk(schema, name)
        assert schema["$defs"][step]["properties"]["op"]["enum"] == list(OPERATIONS)
        assert schema["$defs"][step]["properties"]["target"]["enum"] == list(TARGETS)


def test_the_pugdeck_schema_command_prints_the_pixelpug_schema():
    from click.testing import CliRunner

    from pugdeck.cli import main

    result = CliRunner().invoke(main, ["schema", "--game", "pixelpug"])
    assert result.exit_code == 0 and json.loads(result.output)["title"].startswith("PixelPug")


def test_every_test_the_rules_reference_names_exists():
    import re

    root = Path(__file__).resolve().parents[3]
    doc = (root / "docs" / "rules-pixelpug.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`(test_[a-z0-9_]+)`", doc))
    source = "".join(p.read_text(encoding="utf-8") for p in Path(__file__).parent.glob("test_*.py"))
    assert named and all(f"def {name}(" in source for name in named), sorted(
        n for n in named if f"def {n}(" not in source)


@pytest.mark.parametrize("step, words", [
    ("{op: fish, target: self}", "'fish' cannot target 'self'; its target is one of opponent"),
    ("{op: look-at-hand}", "'look-at-hand' needs a target: one of opponent"),
    ("{op: lose-life, target: opponent, card: x}", "'lose-life' does not take 'card' (it takes amount)"),
    ("{op: guess-holder, target: opponent}", "'guess-holder' needs 'card'"),
])
def test_a_deck_file_and_a_built_deck_break_an_effect_rule_in_the_same_words(check, built_doc, step, words):
    """The effect rules are written once (effect_rules.py): `validate` of a deck file and the
    engine reading a hand-edited built deck refuse a step with one sentence."""
    import copy

    import yaml

    from pugdeck.core.diagnostics import DeckError
    from pugdeck.games.pixelpug.engine import Game

    _deck, diagnostics = check(f"  - {{id: x, name: X, count: 1, points: 1, text: X, effect: [{step}]}}\n")
    assert [d.message for d in diagnostics if d.card == "x"] == [words]
    doc = copy.deepcopy(built_doc)
    doc["cards"][0]["effect"] = yaml.safe_load(f"[{step}]")
    with pytest.raises(DeckError) as refused:
        Game(doc, 3, 0, source="edited.json")
    assert refused.value.diagnostics[0].message.endswith(words)
