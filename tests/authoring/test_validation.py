"""Schema checks: the published schema, and how its findings read to a deck author."""

from __future__ import annotations

import json
import textwrap

import jsonschema
import pytest

from pugdeck.authoring.loading import load_document
from pugdeck.authoring.schema_checks import SchemaCheck, suggest
from pugdeck.core.diagnostics import describe
from pugdeck.games.game_schemas import SHARED, game_schema, published_text
from pugdeck.games.registry import game_ids, registered


@pytest.fixture(scope="module")
def check() -> SchemaCheck:
    return SchemaCheck(game_schema("pug-you"), "card")


def doc_of(tmp_path, text: str):
    path = tmp_path / "cards.yaml"
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return load_document(path, "cards.yaml")


def messages(check, doc) -> list[str]:
    return [d.format() for d in sorted(check.check(doc, item_id=lambda item: item.get("id")))]


def properties_of(schema, where="#"):
    """(where, property schema) for every property declared anywhere in a schema."""
    if isinstance(schema, dict):
        for name, prop in schema.get("properties", {}).items():
            yield f"{where}/properties/{name}", prop
        for key, value in schema.items():
            if key != "properties":
                yield from properties_of(value, f"{where}/{key}")
            else:
                for name, prop in value.items():
                    yield from properties_of(prop, f"{where}/properties/{name}")
    elif isinstance(schema, list):
        for i, item in enumerate(schema):
            yield from properties_of(item, f"{where}/{i}")


# --- the schema itself --------------------------------------------------------------------

@pytest.mark.parametrize("name", [*game_ids(), *SHARED])
def test_every_published_schema_is_valid_draft_2020_12(name):
    schema = json.loads(published_text(name))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize("name", [*game_ids(), "built"])
def test_every_property_has_a_description_for_editors(name):
    found = list(properties_of(json.loads(published_text(name))))
    assert len(found) > 20
    assert [where for where, prop in found if not prop.get("description")] == []


def test_closed_sets_are_enums():
    card = game_schema("pug-you")["$defs"]["card"]["properties"]
    assert card["kind"]["enum"] == ["pug", "mutt", "custom"]
    assert card["level"]["enum"] == ["green", "yellow", "red"]
    assert {"pug", "phony-cat", "confused-chihuahua", "healthy-mutt", "blue-pug"} <= set(card["breed"]["enum"])


@pytest.mark.parametrize("game_id", game_ids())
def test_the_schema_accepts_every_file_of_the_bundled_decks(game_id):
    from pugdeck.resources import bundled_deck

    validator = jsonschema.Draft202012Validator(game_schema(game_id))
    for deck in registered()[game_id].bundled_decks:
        folder = bundled_deck(deck)
        files = [folder / "deck.yaml", *sorted((folder / "cards").glob("*.yaml"))]
        for path in files:
            assert list(validator.iter_errors(load_document(path).data)) == [], path


# --- messages ---------------------------------------------------------------------------

def test_suggest_offers_the_closest_known_word_or_nothing():
    assert suggest("thermometr", ["turds", "thermometer"]) == "; did you mean 'thermometer'?"
    assert suggest("zebra", ["turds", "thermometer"]) == ""


def test_describe_shows_type_and_short_value():
    assert describe("gren") == 'text "gren"'
    assert describe(4) == "a whole number 4"
    assert describe([1]) == "a list"
    assert describe("x" * 100).endswith("…") and len(describe("x" * 100)) < 60


def test_several_unknown_keys_of_one_card_are_one_message_at_the_first(check, tmp_path):
    doc = doc_of(tmp_path, """
        cards:
          - id: a
            questoin: "Who?"
            turdz: 2
        """)
    assert messages(check, doc) == [
        ("cards.yaml:3:5: card 'a': unknown key 'questoin'; did you mean 'question'?; "
         "unknown key 'turdz'; did you mean 'turds'?")]


def test_every_problem_of_one_card_is_listed(check, tmp_path):
    doc = doc_of(tmp_path, """
        cards:
          - id: a
            badges: 0
            turds: "two"
            tags: [home, home]
        """)
    assert messages(check, doc) == [
        "cards.yaml:3:13: card 'a': 'badges' must be from 1 to 3, not 0",
        "cards.yaml:4:12: card 'a': 'turds' must be a whole number, not text \"two\"",
        "cards.yaml:5:11: card 'a': 'tags' lists the same entry twice",
    ]


def test_empty_text_and_too_long_text(check, tmp_path):
    doc = doc_of(tmp_path, f"""
        cards:
          - id: a
            question: ""
            descriptive: "{'x' * 61}"
        """)
    assert messages(check, doc) == [
        "cards.yaml:3:15: card 'a': 'question' is empty; write something or remove the key",
        "cards.yaml:4:18: card 'a': 'descriptive' is 61 characters long; the limit is 60",
    ]


def test_cards_that_is_not_a_list(check, tmp_path):
    doc = doc_of(tmp_path, "cards: {id: a}\n")
    assert messages(check, doc) == ["cards.yaml:1:8: 'cards' must be a list, not a mapping"]


def test_a_valid_card_never_reaches_the_slow_exhaustive_validator(check, tmp_path, monkeypatch):
    doc = doc_of(tmp_path, """
        cards:
          - {id: a, level: red, question: "Who?", badges: 2, descriptive: "x", turds: 1, thermometer: 3}
        """)

    class Refuse:
        def iter_errors(self, item):
            raise AssertionError("a valid card was re-checked by jsonschema")

    monkeypatch.setattr(check.item, "_full", Refuse())
    monkeypatch.setattr(check.top, "_full", Refuse())
    assert check.check(doc) == []


def test_checking_does_not_write_schema_defaults_into_the_cards(check, tmp_path):
    doc = doc_of(tmp_path, "cards:\n  - {id: a, question: \"Who?\"}\n")
    check.check(doc)
    assert doc.data["cards"][0] == {"id": "a", "question": "Who?"}


