"""The loader: safe YAML that remembers where every value was written, and a deck's includes."""

from __future__ import annotations

import re
import textwrap

import pytest

from pugdeck.authoring.loading import LoadError, Mark, load_deck, load_document, parse_yaml
from pugdeck.building.deck_check import check_deck_at
from pugdeck.core.diagnostics import DeckError

CARDS = """\
cards:
  - id: cake-thief
    level: green
    question: "Who would eat the last piece of cake and blame the dog?"
    badges: 1
    descriptive: "a sneaky cake thief"
    turds: 1
    thermometer: 1
"""


def parse(text: str):
    """(data, value positions, key positions) of YAML text read as file 'f.yaml'."""
    return parse_yaml(textwrap.dedent(text).lstrip("\n"), "f.yaml")


def load_error(text: str) -> str:
    with pytest.raises(LoadError) as caught:
        parse(text)
    return caught.value.diagnostic.format()


def load_file_error(path) -> str:
    with pytest.raises(LoadError) as caught:
        load_document(path, "f.yaml")
    return caught.value.diagnostic.format()


# --- positions --------------------------------------------------------------------------

def document(tmp_path, text: str):
    path = tmp_path / "f.yaml"
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return load_document(path, "f.yaml")


def test_every_value_keeps_its_line_and_column(tmp_path):
    doc = document(tmp_path, """
        deck:
          id: d
        cards:
          - id: a
            tags: [home, work]
          - {id: b, turds: 2}
        """)
    assert doc.data == {"deck": {"id": "d"}, "cards": [{"id": "a", "tags": ["home", "work"]}, {"id": "b", "turds": 2}]}
    assert doc.mark(("deck", "id")) == Mark("f.yaml", 2, 7)
    assert doc.mark(("cards", 0)) == Mark("f.yaml", 4, 5)
    assert doc.mark(("cards", 0, "id")) == Mark("f.yaml", 4, 9)
    assert doc.mark(("cards", 0, "tags")) == Mark("f.yaml", 5, 11)
    assert doc.mark(("cards", 0, "tags", 1)) == Mark("f.yaml", 5, 18)
    assert doc.mark(("cards", 1, "turds")) == Mark("f.yaml", 6, 20)


def test_every_mapping_key_keeps_its_position(tmp_path):
    doc = document(tmp_path, """
        cards:
          - id: a
            turds: 2
        """)
    assert doc.key_mark(("cards",)) == Mark("f.yaml", 1, 1)
    assert doc.key_mark(("cards", 0, "id")) == Mark("f.yaml", 2, 5)
    assert doc.key_mark(("cards", 0, "turds")) == Mark("f.yaml", 3, 5)


def test_a_missing_path_is_placed_at_the_nearest_enclosing_value(tmp_path):
    doc = document(tmp_path, CARDS)
    assert doc.mark(("cards", 0, "breed")) == Mark("f.yaml", 2, 5)  # the card itself
    assert doc.key_mark(("cards", 0, "breed")) == Mark("f.yaml", 2, 5)
    assert doc.key_mark(("cards", 0, "turds")) == Mark("f.yaml", 7, 5)


# --- what YAML is accepted, and as what -----------------------------------------------

def test_timestamps_stay_the_text_the_author_wrote():
    data, _, _ = parse("""
        a: 2001-12-14
        b: 2001-12-14t21:59:43.10-05:00
        """)
    assert data == {"a": "2001-12-14", "b": "2001-12-14t21:59:43.10-05:00"}


def test_yaml_1_1_booleans_and_numbers_keep_their_yaml_types():
    data, _, _ = parse("""
        a: no
        b: "no"
        c: 3
        d: ~
        """)
    assert data == {"a": False, "b": "no", "c": 3, "d": None}


def test_mapping_keys_are_kept_as_written_text():
    data, _, _ = parse("""
        1: one
        true: yes
        """)
    assert data == {"1": "one", "true": True}


def test_a_byte_order_mark_is_accepted(tmp_path):
    path = tmp_path / "bom.yaml"
    path.write_bytes(b"\xef\xbb\xbf" + CARDS.encode("utf-8"))
    assert load_document(path).data["cards"][0]["id"] == "cake-thief"


def test_empty_file_is_none(tmp_path):
    path = tmp_path / "empty.yaml"
    path.write_text("", encoding="utf-8")
    assert load_document(path).data is None


# --- what is refused, and how it is said ----------------------------------------------

def test_duplicate_key_is_refused_naming_the_first():
    assert load_error("""
        cards:
          - id: a
            turds: 1
            turds: 3
        """) == "f.yaml:4:5: duplicate key 'turds' (first at line 3); remove one of them"


def test_bad_utf8_is_named_with_the_file_the_byte_offset_and_the_position(tmp_path):
    path = tmp_path / "latin1.yaml"
    path.write_bytes("cards:\n  - id: caf\xe9\n".encode("latin-1"))
    assert load_file_error(path) == ("f.yaml:2:12: invalid UTF-8: byte 0xe9 at offset 18; "
                                     "save the file as UTF-8")


def test_bad_utf8_after_a_bom_counts_the_bom_in_the_offset(tmp_path):
    path = tmp_path / "bom.yaml"
    path.write_bytes(b"\xef\xbb\xbfa: \xff\n")
    assert load_file_error(path) == "f.yaml:1:7: invalid UTF-8: byte 0xff at offset 6; save the file as UTF-8"


@pytest.mark.parametrize("char", ["\x00", "\x07", "\x1b", "\x7f", "\x9b"])
def test_control_characters_in_text_are_refused_where_they_are(tmp_path, char):
    path = tmp_path / "ctl.yaml"
    path.write_text(f'a: "fine"\nb: "café bad{char}text"\n', encoding="utf-8")
    assert load_file_error(path) == f"f.yaml:2:13: control character U+{ord(char):04X} in text; remove it"


def test_escaped_control_character_is_refused_too():
    assert load_error(r'''
        q: "ring \a the bell"
        ''') == "f.yaml:1:4: control character U+0007 in text; remove it"


def test_tabs_and_line_breaks_in_text_are_fine():
    data, _, _ = parse('q: "one\\ttwo\\nthree"\n')
    assert data == {"q": "one\ttwo\nthree"}


@pytest.mark.parametrize("tagged", [
    "!!python/object:os.system [ls]",
    "!!python/object/apply:os.system [ls]",
    "!!python/name:os.system",
    "!!python/tuple [1, 2]",
    "!!binary aGVsbG8=",
    "!!set {a, b}",
    "!!omap [a: 1]",
    "!custom thing",
])
def test_non_safe_tags_are_refused(tagged):
    message = load_error(f"x: {tagged}\n")
    assert message.startswith("f.yaml:1:4: tag '")
    assert message.endswith("is not allowed; only plain YAML (safe tags) is accepted")


def test_a_wrongly_tagged_scalar_is_refused():
    assert load_error("x: !!int many\n") == "f.yaml:1:4: 'many' is not a valid int"


def test_several_documents_in_one_file_are_refused():
    assert load_error("""
        cards: []
        ---
        cards: []
        """) == "f.yaml:2:1: a file holds one YAML document; remove the extra '---'"


def test_syntax_error_is_located():
    message = load_error("""
        cards:
          - id: a
           turds: [1, 2
        """)
    assert message.startswith("f.yaml:3:") and "YAML syntax error" in message


def test_a_list_as_a_mapping_key_is_refused():
    assert load_error("? [a, b]\n: 1\n") == "f.yaml:1:3: mapping keys must be plain text"


def test_unknown_alias_is_refused():
    assert load_error("a: *nowhere\n") == "f.yaml:1:4: unknown alias '*nowhere'"


def test_aliases_within_limits_are_expanded():
    data, _, _ = parse("""
        base: &b [home, work]
        other: *b
        """)
    assert data == {"base": ["home", "work"], "other": ["home", "work"]}


def test_alias_bomb_is_refused():
    lines = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for prev, name in zip("abcdefgh", "bcdefghi"):
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 9) + "]")
    message = load_error("\n".join(lines) + "\n")
    assert message.startswith("f.yaml:") and "aliases expand to more than 10,000 values (an alias bomb?)" in message


def test_deep_nesting_is_refused():
    message = load_error("x: " + "[" * 10_000 + "]" * 10_000 + "\n")
    # Where it stops depends on the libyaml inside PyYAML: ours stops at level 65 (column
    # 67); libyaml 0.2.5's scanner, reading ahead, stops at its own limit of 1,000 first.
    assert re.fullmatch(r"f\.yaml:1:(67|1003): nesting deeper than 64 levels; a deck never needs that",
                        message), message


def test_a_50_mb_file_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "huge.yaml"
    with path.open("wb") as f:
        f.truncate(50 * 2**20)  # sparse: costs no disk and no time
    assert load_file_error(path) == ("f.yaml:1:1: file is 50 MiB; the limit is 8 MiB — "
                                     "split the cards over several files")


# --- a deck's files and includes -------------------------------------------------------

def test_include_loads_every_card_in_order(write_deck):
    more = CARDS.replace("cake-thief", "sofa-hog")
    loaded = load_deck(write_deck(files={"cards.yaml": CARDS, "sub/more.yaml": more}))
    assert [c.id for c in loaded.cards] == ["cake-thief", "sofa-hog"]
    assert [d.display for d in loaded.documents] == ["deck/deck.yaml", "deck/cards.yaml", "deck/sub/more.yaml"]
    assert loaded.cards[1].mark("id") == Mark("deck/sub/more.yaml", 2, 9)


def test_a_deck_yaml_path_works_like_its_folder(write_deck):
    folder = write_deck(files={"cards.yaml": CARDS})
    assert [c.id for c in load_deck(folder / "deck.yaml").cards] == ["cake-thief"]


def test_no_deck_at_the_path(tmp_path):
    with pytest.raises(DeckError) as caught:
        load_deck(tmp_path / "nothing")
    (d,) = caught.value.diagnostics
    assert d.message == "no deck here: expected a deck folder with deck.yaml, or a deck.yaml file"


def include_problems(folder) -> list[str]:
    return [d.format() for d in load_deck(folder).diagnostics]


def test_include_outside_the_deck_folder(write_deck, tmp_path):
    (tmp_path / "secret.yaml").write_text(CARDS, encoding="utf-8")
    folder = write_deck(deck_yaml="deck: {id: d, name: D, game: pug-you}\ninclude: [cards.yaml, ../secret.yaml]\n",
                        files={"cards.yaml": CARDS})
    assert include_problems(folder) == [
        "deck/deck.yaml:2:23: include '../secret.yaml' is outside the deck folder; use a path inside it"]


def test_include_by_absolute_path_is_outside_too(write_deck, tmp_path):
    folder = write_deck(deck_yaml=f"deck: {{id: d, name: D, game: pug-you}}\ninclude: ['{tmp_path / 'x.yaml'}']\n")
    (problem,) = include_problems(folder)
    assert problem.startswith("deck/deck.yaml:2:11: include '") and "is outside the deck folder" in problem


def test_include_cycle(write_deck):
    folder = write_deck(deck_yaml="deck: {id: d, name: D, game: pug-you}\ninclude: [cards.yaml]\n", files={"cards.yaml": CARDS + "include: [more.yaml]\n",
                               "more.yaml": "include: [cards.yaml]\n"})
    assert include_problems(folder) == [
        "deck/more.yaml:1:11: include cycle: 'cards.yaml' includes a file that includes it"]


def test_missing_include(write_deck):
    folder = write_deck(deck_yaml="deck: {id: d, name: D, game: pug-you}\ninclude: [cards.yaml, gone.yaml]\n",
                        files={"cards.yaml": CARDS})
    assert include_problems(folder) == ["deck/deck.yaml:2:23: included file 'gone.yaml' does not exist"]


def test_a_file_included_twice(write_deck):
    folder = write_deck(files={"cards.yaml": CARDS, "more.yaml": "include: [cards.yaml]\n"})
    assert include_problems(folder) == ["deck/more.yaml:1:11: 'cards.yaml' is included twice; include each file once"]


def test_the_same_file_twice_in_one_include_list(write_deck):
    folder = write_deck(deck_yaml="deck: {id: d, name: D, game: pug-you}\ninclude: [cards.yaml, ./cards.yaml]\n",
                        files={"cards.yaml": CARDS})
    assert "deck/deck.yaml:2:23: './cards.yaml' is included twice; include each file once" in include_problems(folder)


def test_an_included_file_that_is_not_a_mapping(write_deck):
    folder = write_deck(files={"cards.yaml": "- id: a\n- id: b\n"})
    with pytest.raises(DeckError) as caught:
        load_deck(folder)
    assert [d.format() for d in caught.value.diagnostics] == [
        "deck/cards.yaml:1:1: expected a mapping with 'cards:' (and, in deck.yaml, 'deck:')"]
    deck, diagnostics = check_deck_at(folder)  # validate reads what it can, and says so once
    assert deck is None and [d.format() for d in diagnostics] == [
        "deck/cards.yaml:1:1: expected a mapping with 'cards:' (and, in deck.yaml, 'deck:')"]


def test_a_broken_included_file_and_a_bad_include_are_reported_together(write_deck):
    folder = write_deck(deck_yaml="deck: {id: d, name: D, game: pug-you}\ninclude: [bad.yaml, gone.yaml]\n",
                        files={"bad.yaml": "cards:\n  - id: a\n    id: b\n"})
    with pytest.raises(DeckError) as caught:
        load_deck(folder)
    expected = [
        "deck/bad.yaml:3:5: duplicate key 'id' (first at line 2); remove one of them",
        "deck/deck.yaml:2:21: included file 'gone.yaml' does not exist",
    ]
    assert [d.format() for d in caught.value.diagnostics] == expected
    deck, diagnostics = check_deck_at(folder)
    assert deck is None and [d.format() for d in diagnostics] == expected


def test_a_file_that_is_not_yaml_is_reported_with_the_rest_of_the_deck(write_deck):
    folder = write_deck(files={"bad.yaml": "cards: [\n", "cards.yaml": CARDS.replace("turds: 1", "turds: 9")})
    deck, diagnostics = check_deck_at(folder)
    assert deck is None
    assert [(d.file, d.field) for d in diagnostics] == [("deck/bad.yaml", "<file>"), ("deck/cards.yaml", "turds")]


def test_a_first_pass_without_positions_still_locates_what_it_refuses():
    data, marks, key_marks = parse_yaml("a: [1, 2]\nb: {c: x}\n", "f.yaml", positions=False)
    assert data == {"a": [1, 2], "b": {"c": "x"}} and marks == {} and key_marks == {}
    with pytest.raises(LoadError) as caught:
        parse_yaml("a: 1\nb: 2\na: 3\n", "f.yaml", positions=False)
    assert caught.value.diagnostic.format() == \
        "f.yaml:3:1: duplicate key 'a' (first at line 1); remove one of them"


def test_a_deck_with_a_problem_is_reported_with_positions_after_the_fast_pass(write_deck):
    folder = write_deck(files={"cards.yaml": "cards:\n  - {id: a, kind: pug, level: red, turds: 9}\n"})
    _deck, diagnostics = check_deck_at(folder)
    assert any(d.line == 2 and d.field == "turds" for d in diagnostics)


def test_checking_a_deck_leaves_no_reference_cycles(monkeypatch, tmp_path):
    """The collector is paused while a deck is checked and what survives is frozen
    (`gc_paused`): a reference cycle made meanwhile would never be freed, so a long-lived
    process (`pugdeck serve`) would grow with every deck it checks."""
    import gc

    from pugdeck.building.deck_check import check_deck_at
    from pugdeck.resources import bundled_deck

    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "deck.yaml").write_text(
        "deck: {id: b, name: B, game: pug-you, version: 1.0.0, language: en}\n"
        "cards:\n  - {id: a, level: red, question: 'Who?', tags: [x, x], badges: nine}\n"
        "  - {id: a, kind: mutt}\n", encoding="utf-8")
    monkeypatch.setattr(gc, "freeze", lambda: None)  # keep the garbage where collect() sees it
    decks = (bundled_deck("pug-you"), bundled_deck("pixelpug"), broken)
    for deck in decks:  # first calls import modules and fill caches, which may make cycles once
        check_deck_at(deck)
        check_deck_at(deck, fast=False)
    gc.collect()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        for deck in decks:
            check_deck_at(deck)
            check_deck_at(deck, fast=False)
        assert gc.collect() == 0
    finally:
        if was_enabled:
            gc.enable()
