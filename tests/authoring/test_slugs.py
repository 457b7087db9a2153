"""Ids in any script: what a slug is, how a deck's ids are read and what a wrong one is told."""

from __future__ import annotations

import re
import unicodedata

import pytest

from pugdeck.authoring.slugs import SLUG_PATTERN, is_slug, slug_problem, slugify
from pugdeck.building.deck_check import check_deck_at

NFD = lambda text: unicodedata.normalize("NFD", text)  # noqa: E731


@pytest.mark.parametrize("text", [
    "el-niño", "große-klappe", "ночь-кино", "猫の手", "नमस्ते", "καλημέρα", "مرحبا", "١٢٣",
    "über-2", "a--b", "x-", "ǆ", "worst-roommate",
])
def test_lowercase_letters_of_any_script_digits_and_hyphens_are_a_slug(text):
    assert is_slug(text) and slug_problem(text) is None
    assert re.fullmatch(SLUG_PATTERN, text)  # the pattern an editor checks lets it through


@pytest.mark.parametrize("text, problem, better", [
    ("El-Niño", "'E' is a capital letter", "el-niño"),
    ("éclaiR", "'R' is a capital letter", "éclair"),
    ("Éclair", "'É' is a capital letter", "éclair"),
    ("ǅemal", "'ǅ' is a capital letter", "ǆemal"),
    ("niño_1", "'_' is not a letter, digit or '-'", "niño-1"),
    ("el niño", "a space is not a letter, digit or '-'", "el-niño"),
    ("-niño", "it starts with '-'", "niño"),
    ("ni\u200dño", "U+200D (ZERO WIDTH JOINER) is not a letter, digit or '-'", "ni-ño"),
    ("\u0301a", "the mark '\u0301' must follow a letter or digit", "a"),
    (NFD("niño"), "it is not in NFC (composed) form", "niño"),
    ("", "it is empty", ""),
    ("👍", "'👍' is not a letter, digit or '-'", ""),
])
def test_anything_else_is_refused_with_the_reason_and_the_nearest_slug(text, problem, better):
    assert not is_slug(text)
    assert slug_problem(text) == problem
    assert slugify(text) == better


def test_the_ascii_part_of_the_pattern_is_exact():
    # What editors see: ASCII capitals and punctuation fail the pattern already.
    for text in ("Cake", "a_b", "a.b", "-a", "a/b", ""):
        assert not re.fullmatch(SLUG_PATTERN, text)


CARD = """\
  - id: {id}
    level: green
    question: "Who {n}?"
    badges: 1
    descriptive: "it"
    turds: 1
    thermometer: 1
"""


def deck_with(write_deck, *ids, tags="[]"):
    cards = "".join(CARD.format(id=card_id, n=n) + f"    tags: {tags}\n" for n, card_id in enumerate(ids))
    return write_deck(files={"cards.yaml": "cards:\n" + cards})


def test_a_deck_with_ids_and_tags_in_any_script_validates(write_deck):
    folder = deck_with(write_deck, "el-niño", "große-klappe", "猫の手", "नमस्ते", tags="[familia, ночь]")
    deck, diagnostics = check_deck_at(folder)
    assert diagnostics == []
    assert [c.id for c in deck.cards] == ["el-niño", "große-klappe", "猫の手", "नमस्ते"]
    assert deck.cards[0].tags == ("familia", "ночь")


def test_a_decomposed_id_is_read_composed(write_deck):
    deck, diagnostics = check_deck_at(deck_with(write_deck, NFD("el-niño")))
    assert diagnostics == [] and deck.cards[0].id == "el-niño"


def test_two_ids_that_differ_only_in_their_encoding_are_a_duplicate(write_deck):
    deck, diagnostics = check_deck_at(deck_with(write_deck, "el-niño", NFD("el-niño")))
    assert deck is None
    assert [d.format() for d in diagnostics] == [
        "deck/cards.yaml:10:9: card 'el-niño': duplicate card id 'el-niño' (first at deck/cards.yaml:2); "
        "give each card its own id"]


def test_a_capital_letter_outside_ascii_is_located_with_the_lowercase_id(write_deck):
    _deck, diagnostics = check_deck_at(deck_with(write_deck, "Éclair"))
    assert [d.format() for d in diagnostics] == [
        "deck/cards.yaml:2:9: card 'Éclair': 'id' must be a slug (lowercase letters of any script, digits "
        "and '-', starting with a letter or digit), not text \"Éclair\": 'É' is a capital letter; "
        "did you mean 'éclair'?"]


def test_a_wrong_tag_and_deck_id_are_told_the_same_way(write_deck):
    folder = deck_with(write_deck, "niño", tags="[Ночь]")
    (folder / "deck.yaml").write_text((folder / "deck.yaml").read_text().replace("id: test-deck", "id: Baraja"))
    _deck, diagnostics = check_deck_at(folder)
    assert [(d.file, d.line, d.field, d.message.split(": ", 1)[1]) for d in diagnostics] == [
        ("deck/cards.yaml", 9, "tags", "'Н' is a capital letter; did you mean 'ночь'?"),
        ("deck/deck.yaml", 2, "id", "'B' is a capital letter; did you mean 'baraja'?"),
    ]
