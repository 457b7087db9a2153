"""Schema checks: the published schema, and how its findings read to a deck author."""

from __future__ import annotations

import textwrap

import jsonschema
import pytest

from pugdeck.authoring.loading import load_document
from pugdeck.authoring.schema_checks import SchemaCheck, describe, load_schema, suggest


@pytest.fixture(scope="module")
def check() -> SchemaCheck:
    return SchemaCheck("pug-you", "card")


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

def test_the_authoring_schema_is_valid_draft_2020_12():
    schema = load_schema("pug-you")
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(schema)


def test_every_property_has_a_description_for_editors():
    found = list(properties_of(load_schema("pug-you")))
    assert len(found) > 20
    assert [where for where, prop in found if not prop.get("description")] == []


def test_closed_sets_are_enums():
    card = load_schema("pug-you")["$defs"]["card"]["properties"]
    assert card["kind"]["enum"] == ["pug", "mutt", "custom"]
    assert card["level"]["enum"] == ["green", "yellow", "red"]
    assert {"pug", "phony-cat", "confused-chihuahua", "healthy-mutt", "blue-pug"} <= set(card["breed"]["enum"])


def test_the_schema_accepts_every_file_of_the_bundled_deck():
    from pugdeck.resources import bundled_deck

    validator = jsonschema.Draft202012Validator(load_schema("pug-you"))
    files = [bundled_deck("pug-you") / "deck.yaml", *sorted((bundled_deck("pug-you") / "cards").glob("*.yaml"))]
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
        "cards.yaml:3:5: card 'a': unknown key 'questoin'; did you mean 'question'?; "
        "unknown key 'turdz'; did you mean 'turds'?"]


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


# --- validators generated ahead of time ---------------------------------------------------

def test_every_shipped_schema_has_a_current_precompiled_validator():
    """Fails after a schema edit until `python -m pugdeck.schemas.compiled` is run."""
    import importlib

    from pugdeck.authoring.schema_checks import draft07, schema_digest, shipped_schemas

    stale = []
    for name, schema in shipped_schemas().items():
        module = importlib.import_module(f"pugdeck.schemas.compiled.{name}")
        if module.SCHEMA_SHA256 != schema_digest(draft07(schema)):
            stale.append(name)
    assert stale == [], "run `python -m pugdeck.schemas.compiled`"


def test_building_the_bundled_decks_compiles_no_schema_at_run_time(monkeypatch, tmp_path):
    import fastjsonschema

    from pugdeck.authoring import schema_checks as validation
    from pugdeck.building.pipeline import build, render_built
    from pugdeck.render import templates
    from pugdeck.resources import bundled_deck

    def refuse(*args, **kwargs):
        raise AssertionError("a shipped schema was compiled at run time")

    monkeypatch.setattr(fastjsonschema, "compile", refuse)
    for cached in (validation.named_schema, validation.schema_check, templates._fast_check):
        cached.cache_clear()
    try:
        for deck in ("pug-you", "pixelpug"):
            render_built(build(bundled_deck(deck)))
    finally:
        for cached in (validation.named_schema, validation.schema_check, templates._fast_check):
            cached.cache_clear()


@pytest.mark.parametrize("name", ["pug_you_card", "built"])
def test_a_precompiled_validator_judges_like_a_fresh_compile(name):
    import fastjsonschema

    from pugdeck.authoring.schema_checks import compile_fast, draft07, shipped_schemas

    schema = shipped_schemas()[name]
    shipped = compile_fast(schema, name)
    fresh = fastjsonschema.compile(draft07(schema), use_default=False)
    assert shipped is not fresh
    card = {"id": "a", "level": "red", "question": "Who?", "badges": 2, "descriptive": "x",
            "turds": 1, "thermometer": 3}
    samples = [card, {**card, "badges": "two"}, {**card, "colour": "red"}, {}, [], None,
               {**card, "id": "Not A Slug"}]

    def verdict(validator, data):
        try:
            validator(data)
            return "valid"
        except fastjsonschema.JsonSchemaException as exc:
            return exc.message

    assert [verdict(shipped, s) for s in samples] == [verdict(fresh, s) for s in samples]
