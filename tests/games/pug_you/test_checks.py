"""Pug You! deck checks: each kind of mistake an author makes is reported where it is.

Every test writes a small broken deck and asserts the line a user reads:
`file:line:col: card 'id': message`.
"""

from __future__ import annotations

import textwrap

import pytest
from PIL import Image

from pugdeck.building.deck_check import check_deck_at
from pugdeck.core.diagnostics import ERROR, WARNING, DeckError
from pugdeck.resources import bundled_deck

CARD = """\
cards:
  - id: cake-thief
    kind: pug
    level: green
    question: "Who would eat the last piece of cake and blame the dog?"
    badges: 1
    descriptive: "a sneaky cake thief"
    turds: 1
    thermometer: 1
"""  # a card file whose card ends on line 9; tests append lines 10, 11, …


def lines_of(folder) -> list[str]:
    """What `pugdeck validate` prints for the deck, one string per problem."""
    _deck, diagnostics = check_deck_at(folder)
    return [d.format() for d in diagnostics]


def only(folder) -> str:
    found = lines_of(folder)
    assert len(found) == 1, found
    return found[0]


def yaml(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


# --- the bundled deck -------------------------------------------------------------------

def test_bundled_deck_is_clean_with_108_playable_cards_and_6_blanks():
    deck, diagnostics = check_deck_at(bundled_deck("pug-you"))
    assert diagnostics == []
    kinds = [c.kind for c in deck.playable]
    assert len(deck.playable) == 108
    assert kinds.count("mutt") == 4
    assert sum(1 for c in deck.playable if c.kind == "pug" and c.level) == 104
    assert len(deck.blanks) == 6 and all(c.kind == "custom" for c in deck.blanks)


def test_bundled_deck_has_every_level_at_every_thermometer_step():
    deck, _ = check_deck_at(bundled_deck("pug-you"))
    steps = {(c.level, c.thermometer) for c in deck.playable if c.kind == "pug"}
    assert steps == {(level, t) for level in ("green", "yellow", "red") for t in (1, 2, 3)}


def test_a_valid_small_deck_gives_a_typed_deck(write_deck, cards_file, valid_card):
    deck, diagnostics = check_deck_at(write_deck(files={"cards.yaml": cards_file(valid_card | {"copies": 3})}))
    assert diagnostics == []
    (card,) = deck.cards
    assert (card.id, card.level, card.dots, card.color, card.breed, card.copies) == (
        "cake-thief", "green", 1, "green", "pug", 3)


# --- schema errors ----------------------------------------------------------------------

def test_unknown_key_is_located_at_the_key_with_did_you_mean(write_deck):
    folder = write_deck(files={"cards.yaml": CARD + "    levle: red\n"})
    assert only(folder) == ("deck/cards.yaml:10:5: card 'cake-thief': unknown key 'levle'; "
                            "did you mean 'level'?")


def test_unknown_key_with_nothing_close_lists_the_known_keys(write_deck):
    folder = write_deck(files={"cards.yaml": CARD + "    colour: green\n"})
    message = only(folder)
    assert message.startswith("deck/cards.yaml:10:5: card 'cake-thief': unknown key 'colour' (known: id, kind, level")


def test_unknown_top_level_key_in_deck_yaml_suggests_include(write_deck):
    folder = write_deck(deck_yaml="deck: {id: d, name: D, game: pug-you}\nincludes: [cards.yaml]\n",
                        files={"cards.yaml": CARD})
    assert only(folder) == "deck/deck.yaml:2:1: unknown key 'includes'; did you mean 'include'?"


def test_wrong_type_names_the_field_and_the_value(write_deck):
    folder = write_deck(files={"cards.yaml": CARD.replace("badges: 1", "badges: lots")})
    assert only(folder) == "deck/cards.yaml:6:13: card 'cake-thief': 'badges' must be a whole number, not text \"lots\""


def test_out_of_range_value_gives_the_range(write_deck):
    folder = write_deck(files={"cards.yaml": CARD.replace("turds: 1", "turds: 4")})
    assert only(folder) == "deck/cards.yaml:8:12: card 'cake-thief': 'turds' must be from 1 to 3, not 4"


def test_bad_enum_lists_the_choices_and_suggests_the_closest(write_deck):
    folder = write_deck(files={"cards.yaml": CARD.replace("level: green", "level: gren")})
    assert only(folder) == ("deck/cards.yaml:4:12: card 'cake-thief': 'level' must be one of green, "
                            "yellow, red, not text \"gren\"; did you mean 'green'?")


def test_bad_breed_suggests_the_closest_breed(write_deck):
    folder = write_deck(files={"cards.yaml": CARD + "    breed: phony-kat\n"})
    assert only(folder).endswith("not text \"phony-kat\"; did you mean 'phony-cat'?")
    assert only(folder).startswith("deck/cards.yaml:10:12: card 'cake-thief': 'breed' must be one of pug, phony-cat")


def test_unquoted_no_as_a_question_says_to_quote_it(write_deck):
    folder = write_deck(files={"cards.yaml": CARD.replace(
        'question: "Who would eat the last piece of cake and blame the dog?"', "question: no")})
    message = only(folder)
    assert message.startswith("deck/cards.yaml:5:15: card 'cake-thief': 'question' must be text, not false; YAML reads an unquoted yes/no/on/off as true or false")
    assert "put the text in quotes" in message


def test_a_number_as_a_descriptive_says_to_quote_it(write_deck):
    folder = write_deck(files={"cards.yaml": CARD.replace('descriptive: "a sneaky cake thief"', "descriptive: 42")})
    assert only(folder) == ("deck/cards.yaml:7:18: card 'cake-thief': 'descriptive' must be text, "
                            "not a whole number 42; put the text in quotes")


def test_a_date_stays_the_text_the_author_wrote(write_deck):
    folder = write_deck(files={"cards.yaml": CARD.replace('descriptive: "a sneaky cake thief"',
                                                          "descriptive: 2001-02-03")})
    deck, diagnostics = check_deck_at(folder)
    assert diagnostics == []
    assert deck.cards[0].descriptive == "2001-02-03"


def test_card_id_must_be_a_slug(write_deck):
    folder = write_deck(files={"cards.yaml": CARD.replace("id: cake-thief", "id: Cake Thief")})
    assert only(folder) == ("deck/cards.yaml:2:9: card 'Cake Thief': 'id' must be a slug (lowercase letters of "
                            "any script, digits and '-', starting with a letter or digit), not text \"Cake Thief\": "
                            "'C' is a capital letter; did you mean 'cake-thief'?")


def test_a_card_without_id_is_reported_at_the_card(write_deck):
    folder = write_deck(files={"cards.yaml": CARD.replace("  - id: cake-thief\n    kind: pug", "  - kind: pug")})
    assert "deck/cards.yaml:2:5: missing 'id'" in lines_of(folder)


def test_a_card_that_is_not_a_mapping_is_located(write_deck):
    folder = write_deck(files={"cards.yaml": CARD + "  - just some text\n"})
    assert only(folder) == "deck/cards.yaml:10:5: this value must be a mapping, not text \"just some text\""


# --- game rules the schema cannot say --------------------------------------------------

def test_duplicate_id_across_two_files_points_at_the_second_and_names_the_first(write_deck):
    other = CARD.replace("eat the last piece of cake and blame the dog", "sing loudly on a crowded bus")
    folder = write_deck(files={"cards.yaml": CARD, "more.yaml": other})
    assert only(folder) == ("deck/more.yaml:2:9: card 'cake-thief': duplicate card id 'cake-thief' "
                            "(first at deck/cards.yaml:2); give each card its own id")


def test_dots_disagreeing_with_level(write_deck):
    folder = write_deck(files={"cards.yaml": CARD + "    dots: 3\n"})
    assert only(folder) == ("deck/cards.yaml:10:11: card 'cake-thief': 'dots' is 3 but a green card has 1; "
                            "remove 'dots' or fix the level")


def test_dots_with_a_level_that_is_not_text_is_a_type_error_not_a_crash(write_deck):
    folder = write_deck(files={"cards.yaml": CARD.replace("level: green", "level: []") + "    dots: 1\n"})
    assert only(folder) == ("deck/cards.yaml:4:12: card 'cake-thief': 'level' must be one of green, yellow, red, "
                            "not a list")


def test_dots_agreeing_with_level_is_fine(write_deck):
    deck, diagnostics = check_deck_at(write_deck(files={"cards.yaml": CARD + "    dots: 1\n"}))
    assert diagnostics == [] and deck.cards[0].dots == 1


def test_mutt_with_level_and_badges_is_told_to_remove_both(write_deck):
    mutt = CARD.replace("kind: pug", "kind: mutt")
    assert lines_of(write_deck(files={"cards.yaml": mutt})) == [
        "deck/cards.yaml:4:5: card 'cake-thief': a mutt has no level and no badges (a scored mutt "
        "counts rules.mutt_badges): remove 'level'",
        "deck/cards.yaml:6:5: card 'cake-thief': a mutt has no level and no badges (a scored mutt "
        "counts rules.mutt_badges): remove 'badges'",
    ]


def test_a_proper_mutt_is_pink_and_played(write_deck):
    mutt = CARD.replace("kind: pug", "kind: mutt").replace("    level: green\n", "").replace("    badges: 1\n", "")
    deck, diagnostics = check_deck_at(write_deck(files={"cards.yaml": mutt}))
    assert diagnostics == []
    (card,) = deck.playable
    assert (card.kind, card.color, card.level, card.breed) == ("mutt", "pink", None, "healthy-mutt")


def test_a_mutt_needs_no_descriptive_but_a_pug_still_does(write_deck):
    mutt = (CARD.replace("kind: pug", "kind: mutt").replace("    level: green\n", "")
            .replace("    badges: 1\n", "").replace('    descriptive: "a sneaky cake thief"\n', ""))
    deck, diagnostics = check_deck_at(write_deck(files={"cards.yaml": mutt}))
    assert diagnostics == []
    (card,) = deck.playable
    assert (card.kind, card.descriptive) == ("mutt", None)
    pug = CARD.replace('    descriptive: "a sneaky cake thief"\n', "")
    assert only(write_deck(files={"cards.yaml": pug})) == (
        "deck/cards.yaml:2:9: card 'cake-thief': a pug card needs descriptive")


def test_pug_missing_fields_names_them_at_the_id(write_deck):
    folder = write_deck(files={"cards.yaml": "cards:\n  - id: half-done\n    level: red\n    question: \"Who?\"\n"})
    assert only(folder) == "deck/cards.yaml:2:9: card 'half-done': a pug card needs badges, descriptive, turds, thermometer"


def test_written_custom_missing_fields(write_deck):
    folder = write_deck(files={"cards.yaml": yaml("""
        cards:
          - id: our-joke
            kind: custom
            question: "Who told the story about the goat?"
        """)})
    assert only(folder) == ("deck/cards.yaml:2:9: card 'our-joke': a written custom card needs level, badges, "
                            "descriptive, turds, thermometer")


def test_blank_custom_with_play_fields(write_deck):
    folder = write_deck(files={"cards.yaml": yaml("""
        cards:
          - id: blank-1
            kind: custom
            turds: 2
            level: red
        """)})
    assert lines_of(folder) == [
        "deck/cards.yaml:4:5: card 'blank-1': a blank custom (no question) is printed to write on: remove 'turds'",
        "deck/cards.yaml:5:5: card 'blank-1': a blank custom (no question) is printed to write on: remove 'level'",
    ]


def test_blank_custom_is_printed_but_not_played(write_deck):
    folder = write_deck(files={"cards.yaml": CARD + "  - {id: blank-1, kind: custom}\n"})
    deck, diagnostics = check_deck_at(folder)
    assert diagnostics == []
    assert [c.id for c in deck.blanks] == ["blank-1"] and deck.blanks[0].color == "blue"
    assert [c.id for c in deck.playable] == ["cake-thief"]


def test_near_duplicate_question_is_only_a_warning(write_deck):
    twin = CARD.replace("cards:\n", "").replace("id: cake-thief", "id: cake-twin").replace(
        "eat the last piece of cake", "eat the very last piece of cake")
    deck, diagnostics = check_deck_at(write_deck(files={"cards.yaml": CARD + twin}))
    assert deck is not None and len(deck.cards) == 2
    assert [d.format() for d in diagnostics] == [
        "deck/cards.yaml:13:15: warning: card 'cake-twin': question nearly repeats card 'cake-thief' "
        "(deck/cards.yaml:5)"]
    assert diagnostics[0].severity == WARNING


def test_different_questions_are_not_near_duplicates(write_deck):
    other = CARD.replace("cards:\n", "").replace("id: cake-thief", "id: karaoke").replace(
        "eat the last piece of cake and blame the dog", "sing karaoke at a funeral")
    assert lines_of(write_deck(files={"cards.yaml": CARD + other})) == []


def test_deck_block_in_an_included_file(write_deck):
    folder = write_deck(files={"cards.yaml": CARD + "deck: {id: x, name: X, game: pug-you}\n"})
    assert only(folder) == "deck/cards.yaml:10:1: 'deck:' belongs in deck.yaml, not in an included card file"


def test_deck_yaml_without_deck_block(write_deck):
    folder = write_deck(deck_yaml="include: [cards.yaml]\n", files={"cards.yaml": CARD})
    assert only(folder) == "deck/deck.yaml:1:1: deck.yaml needs a 'deck:' block with id, name and game"


def test_deck_block_missing_name_and_bad_game(write_deck):
    folder = write_deck(deck_yaml="deck:\n  id: d\n  game: pug-yu\ninclude: [cards.yaml]\n",
                        files={"cards.yaml": CARD})
    assert lines_of(folder) == [
        "deck/deck.yaml:2:3: missing 'name'",
        "deck/deck.yaml:3:9: 'game' must be one of pixelpug, pug-you, not text \"pug-yu\"; did you mean 'pug-you'?",
    ]


def test_a_game_that_is_not_text_is_a_located_error_not_a_crash(write_deck):
    folder = write_deck(deck_yaml="deck: {id: d, name: D, game: [pug-you]}\n")
    assert only(folder) == "deck/deck.yaml:1:30: 'game' must be one of pixelpug, pug-you, not a list"


def test_house_rules_that_contradict_each_other(write_deck):
    folder = write_deck(deck_yaml=("deck: {id: d, name: D, game: pug-you}\ninclude: [cards.yaml]\n"
                                   "rules:\n  players: {min: 9, max: 6}\n"), files={"cards.yaml": CARD})
    assert "deck/deck.yaml:4:12: rules.players.min (9) is above max (6)" in lines_of(folder)


def test_every_error_of_several_files_at_once_sorted(write_deck):
    green = CARD + "    colour: green\n"
    red = CARD.replace("id: cake-thief", "id: sofa-hog").replace("level: green", "level: rde").replace(
        "eat the last piece of cake and blame the dog", "hog the sofa all weekend")
    folder = write_deck(deck_yaml=("deck: {id: d, name: D, game: pug-you}\n"
                                   "include: [red.yaml, green.yaml]\nrules: {hand_size: 99}\n"),
                        files={"red.yaml": red + "    dots: 7\n", "green.yaml": green})
    deck, diagnostics = check_deck_at(folder)
    assert deck is None
    assert [d.format() for d in diagnostics] == [
        "deck/deck.yaml:3:20: 'hand_size' must be from 2 to 10, not 99",
        "deck/green.yaml:10:5: card 'cake-thief': unknown key 'colour' (known: id, kind, level, dots, question, "
        "badges, descriptive, turds, thermometer, breed, art, copies, tags)",
        "deck/red.yaml:4:12: card 'sofa-hog': 'level' must be one of green, yellow, red, not text \"rde\"; "
        "did you mean 'red'?",
        "deck/red.yaml:10:11: card 'sofa-hog': 'dots' must be from 1 to 3, not 7",
    ]
    assert all(d.severity == ERROR for d in diagnostics)


# --- art --------------------------------------------------------------------------------

def art_deck(write_deck, entry: str, files: dict | None = None):
    return write_deck(files={"cards.yaml": CARD + f"    art: {entry}\n", **(files or {})})


def test_art_outside_the_deck_folder(write_deck, tmp_path):
    Image.new("RGB", (8, 8)).save(tmp_path / "outside.png")
    assert only(art_deck(write_deck, "../outside.png")) == (
        "deck/cards.yaml:10:10: card 'cake-thief': art '../outside.png' is outside the deck folder; "
        "use a relative path inside it")


def test_art_as_an_absolute_path(write_deck, tmp_path):
    Image.new("RGB", (8, 8)).save(tmp_path / "abs.png")
    assert "is outside the deck folder" in only(art_deck(write_deck, str(tmp_path / "abs.png")))


def test_art_that_does_not_exist(write_deck):
    assert only(art_deck(write_deck, "art/missing.png")) == (
        "deck/cards.yaml:10:10: card 'cake-thief': art 'art/missing.png' does not exist")


def test_art_that_is_not_an_image(write_deck):
    message = only(art_deck(write_deck, "art/notes.png", {"art/notes.png": "just text"}))
    assert message.startswith("deck/cards.yaml:10:10: card 'cake-thief': art 'art/notes.png' is not an "
                              "image Pillow can open")


def test_art_in_a_format_other_than_png_or_jpeg(write_deck):
    folder = art_deck(write_deck, "art/pic.gif")
    (folder / "art").mkdir()
    Image.new("P", (8, 8)).save(folder / "art/pic.gif")
    assert only(folder) == "deck/cards.yaml:10:10: card 'cake-thief': art 'art/pic.gif' is GIF; use PNG or JPEG"


def test_art_decompression_bomb_is_refused(write_deck):
    folder = art_deck(write_deck, "art/bomb.png")
    (folder / "art").mkdir()
    # 400 million pixels in a file of a few kilobytes: over Pillow's limit, cheap to make.
    Image.new("1", (20000, 20000)).save(folder / "art/bomb.png")
    assert (folder / "art/bomb.png").stat().st_size < 200_000
    assert only(folder) == ("deck/cards.yaml:10:10: card 'cake-thief': art 'art/bomb.png' has too many "
                            "pixels (a decompression bomb?); scale it down")


def test_a_valid_png_is_accepted(write_deck):
    folder = art_deck(write_deck, "art/cake.png")
    (folder / "art").mkdir()
    Image.new("RGB", (300, 400), "pink").save(folder / "art/cake.png")
    deck, diagnostics = check_deck_at(folder)
    assert diagnostics == [] and deck.cards[0].art == "art/cake.png"


# --- files that cannot be read at all ---------------------------------------------------

def test_a_file_that_cannot_be_parsed_is_reported_and_gives_no_deck(write_deck):
    folder = write_deck(files={"cards.yaml": CARD + "    question: again\n"})
    deck, diagnostics = check_deck_at(folder)
    assert deck is None
    assert [d.format() for d in diagnostics] == [
        "deck/cards.yaml:10:5: duplicate key 'question' (first at line 5); remove one of them"]


def test_a_deck_yaml_that_cannot_be_parsed_stops_with_a_deck_error(write_deck):
    folder = write_deck(deck_yaml="deck: {id: d, name: D, game: pug-you\n")
    with pytest.raises(DeckError):
        check_deck_at(folder)


def test_an_art_name_too_long_for_the_file_system_is_an_error_not_a_crash(tmp_path):
    from pugdeck.authoring.images import check_image

    message = check_image(tmp_path, "x" * 5000 + ".png")
    assert message.startswith("art 'xxxx") and "is not a usable file name" in message
