"""Hostile decks are refused quickly, with a located message, and never crash the tool.

Each test runs the whole check (`check_deck_at`, what `pugdeck validate` runs) and bounds
its time: at most a second of CPU, the issue's "refused within a second". Wall time gets a
looser bound, so that a shared, busy test machine does not fail a fast refusal, while a
hang (a blocking read, a loop) still fails.
"""

from __future__ import annotations

import io
import json
import os
import time

import pytest
from click.testing import CliRunner
from PIL import Image

from pugdeck.building.deck_check import check_deck_at
from pugdeck.cli import main
from pugdeck.core.diagnostics import DeckError

LIMIT_S = 1.0  # CPU seconds
WALL_LIMIT_S = 5.0
HEADER = "deck: {id: d, name: D, game: pug-you}\n"


def refused(folder) -> list[str]:
    """The deck's problems; fails unless checking it stops with errors within LIMIT_S."""
    wall, cpu = time.perf_counter(), time.process_time()
    try:
        deck, diagnostics = check_deck_at(folder)
    except DeckError as exc:
        deck, diagnostics = None, exc.diagnostics
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    assert cpu < LIMIT_S and wall < WALL_LIMIT_S, f"took {cpu:.2f} s of CPU, {wall:.2f} s of wall time"
    assert deck is None and diagnostics, "the hostile deck was accepted"
    return [d.format() for d in diagnostics]


def billion_laughs(levels: int = 9) -> str:
    lines = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    names = "abcdefghijklmnop"
    for prev, name in zip(names[:levels - 1], names[1:levels]):
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 9) + "]")
    return "\n".join(lines) + "\n"


def test_alias_bomb(write_deck):
    (message,) = refused(write_deck(files={"cards.yaml": billion_laughs()}))
    assert message.startswith("deck/cards.yaml:")
    assert message.endswith("aliases expand to more than 10,000 values (an alias bomb?); refusing to load it")


def test_alias_bomb_in_deck_yaml_itself(write_deck):
    (message,) = refused(write_deck(deck_yaml=HEADER + billion_laughs()))
    assert message.startswith("deck/deck.yaml:") and "an alias bomb?" in message


def test_alias_amplified_card_list(write_deck):
    card = ('{id: a, level: green, question: "Who would eat cake?", badges: 1, descriptive: hungry, '
            'turds: 1, thermometer: 1}')
    folder = write_deck(deck_yaml=HEADER + f"x: &c {card}\ncards: [" + ", ".join(["*c"] * 45_000) + "]\n")
    refused(folder)


@pytest.mark.parametrize("nesting", [
    "x: " + "[" * 10_000 + "]" * 10_000,
    "x: " + "{a: " * 10_000 + "1" + "}" * 10_000,
    "x:\n" + "".join(" " * i + "- \n" for i in range(1, 300)),
])
def test_deep_nesting(write_deck, nesting):
    (message,) = refused(write_deck(files={"cards.yaml": nesting + "\n"}))
    assert message.startswith("deck/cards.yaml:")
    assert message.endswith("nesting deeper than 64 levels; a deck never needs that")


def test_50_mb_sparse_file(write_deck):
    folder = write_deck(files={"cards.yaml": ""})
    with (folder / "cards.yaml").open("wb") as f:
        f.truncate(50 * 2**20)
    assert refused(folder) == ["deck/cards.yaml:1:1: file is 50 MiB; the limit is 8 MiB — "
                               "split the cards over several files"]


def test_50_mb_of_real_yaml(write_deck):
    folder = write_deck(files={"cards.yaml": ""})
    block = ("  - {id: x, question: \"" + "a" * 100 + "\"}\n").encode() * 1000
    with (folder / "cards.yaml").open("wb") as f:
        f.write(b"cards:\n")
        for _ in range(50 * 2**20 // len(block)):
            f.write(block)
    (message,) = refused(folder)
    assert message.startswith("deck/cards.yaml:1:1: file is 50.0 MiB; the limit is 8 MiB")


def test_50_mb_deck_yaml(write_deck):
    folder = write_deck()
    with (folder / "deck.yaml").open("ab") as f:
        f.truncate(50 * 2**20)
    (message,) = refused(folder)
    assert message.startswith("deck/deck.yaml:1:1: file is 50 MiB")


def test_bad_utf8(write_deck):
    folder = write_deck(files={"cards.yaml": b"cards:\n  - id: a\n    question: \"Qui \xe0 mang\xe9?\"\n"})
    assert refused(folder) == ["deck/cards.yaml:3:20: invalid UTF-8: byte 0xe0 at offset 36; save the file as UTF-8"]


@pytest.mark.parametrize("char, name", [("\x85", "NEXT LINE"), ("\u2028", "LINE SEPARATOR"),
                                        ("\u2029", "PARAGRAPH SEPARATOR")])
def test_a_line_break_only_yaml_knows_is_refused_where_an_editor_shows_it(write_deck, char, name):
    # libyaml counts these as line breaks; an editor does not: every line number after one
    # would be off by one, so the file is refused at the character itself.
    folder = write_deck(files={"cards.yaml": f"cards:\n  - id: a\n    question: 'Who{char}?'\n"})
    (message,) = refused(folder)
    assert message.startswith(f"deck/cards.yaml:3:19: character U+{ord(char):04X} ({name}) ends a line")


def test_utf16_file(write_deck):
    folder = write_deck(files={"cards.yaml": "cards: []\n".encode("utf-16")})
    (message,) = refused(folder)
    assert message.startswith("deck/cards.yaml:1:1: invalid UTF-8: byte 0xff at offset 0")


@pytest.mark.parametrize("payload", [
    "!!python/object:os.system {}",
    "!!python/object/apply:os.system [\"echo pwned\"]",
    "!!python/object/new:subprocess.Popen [[\"echo\", \"pwned\"]]",
    "!!python/name:builtins.eval",
    "!!python/module:os",
])
def test_python_tags(write_deck, payload):
    (message,) = refused(write_deck(files={"cards.yaml": f"cards:\n  - id: a\n    question: {payload}\n"}))
    assert message.startswith("deck/cards.yaml:3:15: tag '")
    assert message.endswith("is not allowed; only plain YAML (safe tags) is accepted")


def test_python_tag_on_a_collection(write_deck):
    (message,) = refused(write_deck(files={"cards.yaml": "cards: !!python/object/apply:os.system\n  - ls\n"}))
    assert message.startswith("deck/cards.yaml:1:8: tag '") and "is not allowed" in message


@pytest.mark.parametrize("entry", ["../outside.yaml", "../../../../../../etc/passwd", "/etc/passwd",
                                   "cards/../../outside.yaml"])
def test_include_outside_the_folder(write_deck, tmp_path, entry):
    (tmp_path / "outside.yaml").write_text("cards: []\n", encoding="utf-8")
    folder = write_deck(deck_yaml=HEADER + f"include: ['{entry}']\n")
    assert refused(folder) == [f"deck/deck.yaml:2:11: include '{entry}' is outside the deck folder; "
                               "use a path inside it"]


@pytest.mark.skipif(not hasattr(os, "symlink") or not os.path.exists("/dev/zero"), reason="needs symlinks and /dev/zero")
def test_symlink_to_a_device_inside_the_folder(write_deck):
    folder = write_deck(deck_yaml=HEADER + "include: [zero.yaml]\n")
    os.symlink("/dev/zero", folder / "zero.yaml")
    assert refused(folder) == ["deck/deck.yaml:2:11: include 'zero.yaml' is outside the deck folder; "
                               "use a path inside it"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_named_pipe_is_not_read(write_deck):
    folder = write_deck(deck_yaml=HEADER + "include: [pipe.yaml]\n")
    os.mkfifo(folder / "pipe.yaml")
    assert refused(folder) == ["deck/deck.yaml:2:11: included file 'pipe.yaml' does not exist"]


def test_art_symlink_to_a_device(write_deck):
    card = ("cards:\n  - {id: a, level: red, question: \"Who?\", badges: 1, descriptive: x, turds: 1, "
            "thermometer: 1, art: zero.png}\n")
    folder = write_deck(files={"cards.yaml": card})
    os.symlink("/dev/zero", folder / "zero.png")
    (message,) = refused(folder)
    assert message == "deck/cards.yaml:2:101: card 'a': art 'zero.png' is outside the deck folder; use a relative path inside it"


def test_an_include_chain_of_too_many_files(write_deck):
    files = {f"f{i}.yaml": f"include: [f{i + 1}.yaml]\n" for i in range(300)}
    folder = write_deck(deck_yaml=HEADER + "include: [f0.yaml]\n", files=files)
    (message,) = refused(folder)
    assert message.endswith("more than 256 included files")


def test_a_huge_question_is_a_schema_error_with_a_short_message(write_deck):
    question = "x" * 2_000_000
    folder = write_deck(files={"cards.yaml": f"cards:\n  - id: a\n    question: \"{question}\"\n"})
    messages = refused(folder)
    assert "deck/cards.yaml:3:15: card 'a': 'question' is 2000000 characters long; the limit is 240" in messages
    assert all(len(m) < 300 for m in messages)


def test_the_command_line_refuses_a_bomb_without_a_traceback(write_deck):
    write_deck(files={"cards.yaml": billion_laughs()})
    wall, cpu = time.perf_counter(), time.process_time()
    result = CliRunner().invoke(main, ["validate", "deck"])
    assert time.process_time() - cpu < LIMIT_S and time.perf_counter() - wall < WALL_LIMIT_S
    assert result.exit_code == 1
    assert "an alias bomb?" in result.stderr and "Traceback" not in result.stderr


# --- tracebacks that became located errors (issue 13) -----------------------------------

def test_an_include_name_too_long_for_the_file_system(write_deck):
    name = "a" * 300 + ".yaml"  # a name over 255 bytes: ENAMETOOLONG, once a traceback
    messages = refused(write_deck(deck_yaml=HEADER + f"include: [{name}]\n"))
    assert messages == [f"deck/deck.yaml:2:11: include '{'a' * 79}…' is not a usable file name (File name too long)"]


def test_a_template_name_too_long_for_the_file_system(write_deck):
    folder = write_deck(deck_yaml="deck: {id: d, name: D, game: pug-you, template: " + "a" * 300 + "}\n")
    assert "deck/deck.yaml:1:49: 'template' is 300 characters long; the limit is 64" in refused(folder)


@pytest.mark.parametrize("number", ["0x" + "f" * 4400, "0b" + "1" * 15_000, "9" * 5000, "!!int 0x" + "f" * 4400,
                                    "1:" * 3000 + "1"])
def test_a_number_longer_than_python_turns_into_text(write_deck, number):
    # Python refuses to print an int of over 4,300 digits (every message about it failed);
    # base 60 ("1:2:3") costs quadratic time to build.
    (message,) = refused(write_deck(deck_yaml=HEADER + f"rules: {{nominees: {number}}}\n"))
    assert message.startswith("deck/deck.yaml:2:19: '")
    assert f"…' is a number {len(number.removeprefix('!!int ')):,} characters long" in message and len(message) < 200


def test_text_for_a_number_that_has_a_list_of_values(write_deck):
    # The hint looked for the closest option among numbers (a TypeError).
    assert refused(write_deck(deck_yaml=HEADER + "rules: {nominees: two}\n")) == [
        "deck/deck.yaml:2:19: 'nominees' must be a whole number, not text \"two\"",
        "deck/deck.yaml:2:19: 'nominees' must be one of 2, not text \"two\""]


@pytest.mark.parametrize("tagged, shown, kind", [('!!bool "x"', "x", "bool"), ('!!float ""', "", "float"),
                                                 ('!!int ""', "", "int"), ("!!int '-'", "-", "int")])
def test_a_type_tag_on_text_that_is_not_of_its_type(write_deck, tagged, shown, kind):
    (message,) = refused(write_deck(deck_yaml=HEADER + f"rules: {{nominees: {tagged}}}\n"))
    assert message == f"deck/deck.yaml:2:19: '{shown}' is not a valid {kind}"


PIXELPUG = "deck: {id: p, name: P, game: pixelpug}\ninclude: [cards.yaml]\n"


@pytest.mark.parametrize("effect, expected", [
    ("", "deck/cards.yaml:2:5: missing 'effect'"),
    ("    effect: [{op: drawx}]\n", "deck/cards.yaml:6:19: 'op' must be one of none, "),
])
def test_a_pixelpug_card_whose_id_is_not_text(write_deck, effect, expected):
    card = "cards:\n  - id: 7\n    name: Seven\n    count: 1\n    points: 1\n" + effect + "    text: x\n"
    messages = refused(write_deck(deck_yaml=PIXELPUG, files={"cards.yaml": card}))
    assert "deck/cards.yaml:2:9: 'id' must be text, not a whole number 7; put the text in quotes" in messages
    assert any(m.startswith(expected) for m in messages), messages


@pytest.mark.parametrize("escape, shown", [("\\n", "\\n"), ("\\t", "\\t")])
def test_a_line_separator_in_quoted_text_is_shown_escaped(write_deck, escape, shown):
    # Escapes in double quotes make characters a file may not hold raw (NEL and the other
    # control characters are refused as they are read); a message quoting them shows escapes.
    card = f'cards:\n  - {{id: "a{escape}b", question: "Who?", kind: mutt, descriptive: x, turds: 1, thermometer: 1}}\n'
    folder = write_deck(files={"cards.yaml": card})
    (message,) = [m for m in refused(folder) if "'id'" in m]
    assert message.startswith(f"deck/cards.yaml:2:10: card 'a{shown}b': 'id' must be a slug")
    result = CliRunner().invoke(main, ["validate", "deck", "--format", "json"])
    assert result.exit_code == 1
    for raw in ("\u2028", "\u2029", "\u202e", "\t"):
        assert raw not in result.stdout and raw not in result.stderr
    assert shown in json.loads(result.stdout)[0]["card"]


@pytest.mark.parametrize("written, code, what", [
    ('"Who \\u202eeats?"', "202E", "a bidirectional control"), ('"Who \\u2028eats?"', "2028", "line separator"),
    ('"Who \\u2029eats?"', "2029", "paragraph separator"), ('"Who \\Leats?"', "2028", "line separator"),
    ('"Who \\u2066eats?"', "2066", "a bidirectional control"), ("Who \u202eeats?", "202E", "a bidirectional control"),
], ids=["RLO", "LS", "PS", "LS-short", "LRI", "RLO-raw"])
def test_a_character_that_reorders_or_splits_a_terminal_line_is_refused_in_card_text(write_deck, written, code, what):
    """`play` printed such a card as it was: a deck could reverse or split the lines a terminal
    shows. Refused where it is written (right-to-left text needs none of them)."""
    card = f"cards:\n  - id: a\n    question: {written}\n    level: green\n"
    messages = refused(write_deck(files={"cards.yaml": card}))
    assert messages == [f"deck/cards.yaml:3:15: U+{code} ({what}) in text: " + (
        "it splits the line a terminal shows; remove it, or write a line break" if "separator" in what else
        "it makes a terminal show the line in another order than it is written; remove it")]


def test_right_to_left_text_and_its_marks_are_still_text():
    from pugdeck.authoring.yaml_text import parse_yaml

    data, _marks, _keys = parse_yaml('q: "\\u200fמי ישן?\\u200e"\n', "cards.yaml", positions=True)
    assert data == {"q": "\u200fמי ישן?\u200e"}


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symlinks")
def test_a_deck_yaml_linked_to_a_file_outside_the_folder(write_deck, tmp_path):
    write_deck(folder="elsewhere")  # and the working folder is tmp_path: messages read "deck/…"
    (tmp_path / "deck").mkdir()
    os.symlink(tmp_path / "elsewhere" / "deck.yaml", tmp_path / "deck" / "deck.yaml")
    assert refused(tmp_path / "deck") == ["deck/deck.yaml:1:1: 'deck.yaml' is a link to a file outside the deck "
                                          "folder; copy the file into the folder instead"]
    result = CliRunner().invoke(main, ["validate", "deck/deck.yaml"])
    assert result.exit_code == 1 and "is a link to a file outside the deck folder" in result.stderr


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symlinks")
def test_a_deck_yaml_linked_to_a_file_inside_the_folder_is_read(write_deck, tmp_path, cards_file, valid_card):
    folder = write_deck(files={"cards.yaml": cards_file(valid_card)})
    (folder / "deck.yaml").rename(folder / "deck-v2.yaml")
    os.symlink("deck-v2.yaml", folder / "deck.yaml")
    deck, diagnostics = check_deck_at(folder)
    assert diagnostics == [] and [c.id for c in deck.cards] == ["cake-thief"]


ART_CARD = ("cards:\n  - {id: a, level: red, question: \"Who?\", badges: 1, descriptive: x, turds: 1, "
            "thermometer: 1, art: art/pic.%s}\n")


def _art(write_deck, suffix: str, data: bytes):
    folder = write_deck(files={"cards.yaml": ART_CARD % suffix})
    (folder / "art").mkdir()
    (folder / "art" / f"pic.{suffix}").write_bytes(data)
    return folder


def _image_bytes(fmt: str) -> bytes:
    out = io.BytesIO()
    Image.linear_gradient("L").convert("RGB").save(out, fmt)
    return out.getvalue()


@pytest.mark.parametrize("suffix, fmt", [("png", "PNG"), ("jpg", "JPEG")])
def test_truncated_art_is_refused_by_validate_at_the_art_field(write_deck, suffix, fmt):
    data = _image_bytes(fmt)
    folder = _art(write_deck, suffix, data[:len(data) // 2])
    (message,) = refused(folder)
    assert message.startswith(f"deck/cards.yaml:2:101: card 'a': art 'art/pic.{suffix}' cannot be decoded (")
    assert message.endswith("the file is truncated or damaged; export it again")
    result = CliRunner().invoke(main, ["build", "deck", "--out", "out"])  # build checks first, located
    assert result.exit_code == 1 and result.stderr.startswith(f"deck/cards.yaml:2:101: card 'a': art 'art/pic.{suffix}'")
    assert not os.path.exists("out")


def test_art_of_too_many_pixels_is_refused_with_its_size(write_deck):
    out = io.BytesIO()
    Image.new("1", (9400, 9400)).save(out, "PNG")  # a few KB on disk, 88 Mpx decoded
    (message,) = refused(_art(write_deck, "png", out.getvalue()))
    assert message == ("deck/cards.yaml:2:101: card 'a': art 'art/pic.png' is 9,400 × 9,400 px (88.4 Mpx); the "
                       "limit is 40 Mpx: scale it down (a card at 300 dpi needs about 1 Mpx)")


def test_whole_numbers_written_as_floats_build(write_deck, tmp_path):
    # JSON Schema counts 2.0 as a whole number; the built deck gets 2 (it crashed `build`).
    card = "cards:\n  - {id: a, level: red, question: \"Who?\", badges: 1.0, descriptive: x, turds: !!float 1, thermometer: 1, copies: 2.0}\n"
    write_deck(files={"cards.yaml": card})
    result = CliRunner().invoke(main, ["build", "deck", "--no-pdf", "--out", "out", "--json"])
    assert result.exit_code == 0, result.stderr
    built = json.loads((tmp_path / "out" / "test-deck.json").read_text(encoding="utf-8"))
    assert [(c["badges"], c["turds"]) for c in built["cards"]] == [(1, 1), (1, 1)]
    assert all(isinstance(c["badges"], int) for c in built["cards"])


def test_a_huge_card_id_is_shortened_where_it_names_the_card(write_deck):
    card = "cards:\n  - {id: " + "x" * 5000 + ", kind: mutt, question: \"Who?\", descriptive: x, turds: 1, thermometer: 1}\n"
    messages = refused(write_deck(files={"cards.yaml": card}))
    assert messages and all(m.startswith(f"deck/cards.yaml:2:10: card '{'x' * 79}…': ") and len(m) < 300 for m in messages)
