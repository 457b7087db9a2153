"""The fast block-YAML reader (`pugdeck.authoring.yaml_block`) is held to the full, libyaml-based one.

Whatever it accepts it must read exactly as the full reader does (values, types, order);
whatever the full reader refuses it must decline, so that the error and its position come
from the full reader. Checked on the bundled decks, on random block YAML full of YAML's
corner cases, and on a generated deck with random edits.
"""

from __future__ import annotations

import random
import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pugdeck.authoring import yaml_text
from pugdeck.authoring.loading import LoadError
from pugdeck.authoring.yaml_block import _FLOW_ITEM, NotBlockYaml, read_block_yaml
from pugdeck.authoring.yaml_text import MAX_DEPTH, MAX_VALUES, parse_yaml, plain_value
from pugdeck.resources import bundled_deck

SETTINGS = settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])


def fast(text: str):
    return read_block_yaml(text, plain_value, MAX_DEPTH, MAX_VALUES)


def full_with_positions(text: str):
    """(data, marks, key marks) from the libyaml reader alone (parse_yaml's block reader declining)."""
    def decline(*_args, **_kwargs):
        raise NotBlockYaml

    saved, yaml_text.read_block_yaml = yaml_text.read_block_yaml, decline
    try:
        return parse_yaml(text, "test.yaml", positions=True)
    finally:
        yaml_text.read_block_yaml = saved


def full(text: str):
    return full_with_positions(text)[0]


def assert_agrees(text: str) -> bool:
    """The fast reader reads `text` as the full one does, positions and all, or declines;
    True if it read it."""
    try:
        expected, marks, key_marks = full_with_positions(text)
    except LoadError:
        expected = LoadError
    try:
        got = fast(text)
    except NotBlockYaml:
        return False
    assert expected is not LoadError, f"the fast reader accepted YAML the full one refuses:\n{text}"
    # repr tells 1 from True from 1.0 and shows key order; nan compares equal this way too.
    assert repr(got) == repr(expected), f"read differently:\n{text}"
    got_marks: dict = {}
    got_key_marks: dict = {}
    assert repr(read_block_yaml(text, plain_value, MAX_DEPTH, MAX_VALUES, got_marks, got_key_marks)) == repr(got)
    assert got_marks == marks, f"values placed differently:\n{text}"
    assert got_key_marks == key_marks, f"keys placed differently:\n{text}"
    return True


def test_the_bundled_card_files_are_read_fast_and_the_same():
    folder = bundled_deck("pug-you")
    for name in ("green", "yellow", "red", "mutts"):
        assert assert_agrees((folder / "cards" / f"{name}.yaml").read_text(encoding="utf-8")), name


def cards_yaml(n: int, seed: int) -> str:
    """Block YAML cards as an author writes them (the shape of benchmarks/generate.py's)."""
    rng = random.Random(seed)
    words = ["ba", "kori", "mu", "tesa", "polin", "gu", "vedo", "firazu", "melo", "kipa"]
    lines = [f"# {n} cards", "cards:"]
    for i in range(n):
        lines += [f"  - id: card-{i:06d}", "    kind: pug", f"    level: {('green', 'yellow', 'red')[i % 3]}",
                  f'    question: "Who would {" ".join(rng.sample(words, 5))}?"',
                  f"    badges: {rng.randint(1, 3)}", f'    descriptive: "{" ".join(rng.sample(words, 2))}"',
                  f"    turds: {rng.randint(1, 3)}", f"    thermometer: {rng.randint(1, 3)}",
                  "    breed: pug", f"    tags: [{', '.join(rng.sample(['home', 'work', 'food'], 2))}]"]
    return "\n".join(lines) + "\n"


def test_every_bundled_yaml_file_agrees():
    root = bundled_deck("pug-you").parent
    files = sorted(root.rglob("*.yaml"))
    assert len(files) >= 8
    for path in files:
        assert_agrees(path.read_text(encoding="utf-8"))


def test_a_generated_deck_is_read_fast_and_the_same():
    assert assert_agrees(cards_yaml(300, seed=3))


@pytest.mark.parametrize("text, value", [
    ("a: yes\nb: off\nc: ~\nd:\ne: 0x1f\nf: 1:30\ng: 1e3\nh: .inf\ni: 2024-01-02\nj: '1'\n",
     {"a": True, "b": False, "c": None, "d": None, "e": 31, "f": 90, "g": "1e3", "h": float("inf"),
      "i": "2024-01-02", "j": "1"}),
    ("tags:\n- a\n- b\nnext: 1\n", {"tags": ["a", "b"], "next": 1}),
    ("x:\n    - id: a  # first\n      n: 'it''s'\n    -   id: b\n        n: \"q\"   # c\n",
     {"x": [{"id": "a", "n": "it's"}, {"id": "b", "n": "q"}]}),
    ("a: b#c\nd: e # f\ng: [p/q.yaml, r s, 1]\nh: []\n", {"a": "b#c", "d": "e", "g": ["p/q.yaml", "r s", 1], "h": []}),
    ("a: 1\r\nb: two\r\n", {"a": 1, "b": "two"}),
    ("# only a comment\n\n", None),
])
def test_corners_of_yaml_read_as_libyaml_reads_them(text, value):
    assert repr(fast(text)) == repr(value) == repr(full(text))


@pytest.mark.parametrize("text", [
    "tags: [familia, ночь, über]\n",
    "cards:\n  - id: 猫の手\n    tags: [𠀀𠀀, é-x , 2é]\n    art: [art/niño.png]\n",
])
def test_ids_and_tags_in_any_script_are_read_fast_and_the_same(text):
    assert assert_agrees(text)


def test_a_flow_list_item_is_ascii_words_and_paths_or_any_character_beyond_ascii():
    # The item pattern writes its sets as the ASCII characters they leave out (cheaper to
    # compile); this holds it to the sets as an author reads them: every character of the
    # Basic Multilingual Plane, then every 97th up to U+10FFFF, the last included.
    word = set(string.ascii_letters + string.digits + "_./")
    for code in [*range(0x10000), *range(0x10000, 0x110000, 97), 0x10FFFF]:
        char = chr(code)
        first = char in word or code > 0x7F
        assert bool(_FLOW_ITEM.fullmatch(char)) is first, hex(code)
        assert bool(_FLOW_ITEM.fullmatch("a" + char)) is (first or char in "+-"), hex(code)
    assert _FLOW_ITEM.fullmatch("art/niño.png") and _FLOW_ITEM.fullmatch("r s")
    assert not _FLOW_ITEM.fullmatch("-a") and not _FLOW_ITEM.fullmatch("a ")


@pytest.mark.parametrize("text", [
    "a: &x 1\nb: *x\n",  # anchors and aliases
    "a: !!str 1\n",  # tags
    "a: |\n  text\n",  # block text
    "a: some\n  more\n",  # text over two lines
    'a: "esc\\n"\n',  # escapes
    "a: {b: 1}\n",  # flow mappings
    "a: 1\na: 2\n",  # a duplicate key (the full reader says where)
    "---\na: 1\n",  # document markers
    "a:\tb\n",  # tabs
    "a: b: c\n",  # an error
    "a: 1\n  b: 2\n",  # an error: deeper than its mapping
    "a: x\u2028y\n",  # an odd line break
    '"a": 1\n',  # a quoted key
    "- - a\n",  # nested lists on one line
])
def test_anything_else_is_left_to_the_full_reader(text):
    with pytest.raises(NotBlockYaml):
        fast(text)


def test_a_wrong_deck_file_is_reported_where_the_full_reader_reports_it():
    text = "cards:\n  - id: a\n    level: green\n    level: red\n"
    with pytest.raises(LoadError) as positioned:
        parse_yaml(text, "cards.yaml", positions=True)
    with pytest.raises(LoadError) as first_pass:
        parse_yaml(text, "cards.yaml", positions=False)
    assert first_pass.value.diagnostic == positioned.value.diagnostic
    assert positioned.value.diagnostic.line == 4


# --- random block YAML -------------------------------------------------------------------

WORDS = ["pug", "yes", "No", "on", "~", "null", "0", "-1", "007", "0x1f", "0o17", "1_000", "1:30",
         "3.5", ".5", "1e3", "6.0e+2", ".inf", "-.inf", ".nan", "2024-01-02", "true", "=", "<<",
         "a b", "a:b", "a: b", "a #b", "a # b", "a#", "#a", "-a", "- a", "?a", "? a", ":a", "a:",
         "@a", "`a", "%a", "&a", "*a", "!a", "|", ">", "a,b", "[a]", "{a}", "a]", "'a'", '"a"',
         "it's", "x\ty", "é", "naïve café", "😀", "\u00a0", "\u200d", "\ufeff", "a\\b", "", " ", "a  "]
KEYS = ["id", "kind", "a", "b", "on", "yes", "1", "x-y", "_k", "a b", '"q"', "'q'", "k\u00e9y", "?"]


def scalar_text() -> st.SearchStrategy[str]:
    word = st.sampled_from(WORDS)
    return st.one_of(
        word,
        st.builds(lambda a, b: a + " " + b, word, word),
        word.map(lambda w: '"' + w + '"'),
        word.map(lambda w: "'" + w.replace("'", "''") + "'"),
        word.map(lambda w: "'" + w + "'"),
        st.lists(word, max_size=3).map(lambda ws: "[" + ", ".join(ws) + "]"),
        st.builds(lambda w, c: w + c, word, st.sampled_from(["  # note", " #", "#x", "   "])),
    )


@st.composite
def block(draw, indent: int = 0, depth: int = 0) -> list[str]:
    """Lines of a block mapping or list at `indent`, with some odd lines mixed in."""
    pad = " " * indent
    lines: list[str] = []
    as_list = draw(st.booleans())
    for _ in range(draw(st.integers(1, 4))):
        extra = draw(st.sampled_from(["", "", "", "# c", "", "   "]))
        if extra:
            lines.append(pad + extra if extra.startswith("#") else extra)
        key = draw(st.sampled_from(KEYS))
        nested = depth < 3 and draw(st.integers(0, 3)) == 0
        head = pad + ("- " if as_list else "") + (f"{key}:" if not as_list or draw(st.booleans()) else "")
        if nested:
            if head.endswith(":"):
                inner = indent + draw(st.sampled_from([0, 2, 4])) + (2 if as_list else 0)
                lines.append(head)
                lines += draw(block(inner, depth + 1))
            else:
                lines.append(head + draw(scalar_text()))
        elif head.endswith(":"):
            lines.append(head + draw(st.sampled_from([" ", "", "  "])) + draw(scalar_text()))
        else:
            lines.append(head + draw(scalar_text()))
        if as_list and head.endswith(":") and draw(st.booleans()):
            lines.append(pad + "  " + draw(st.sampled_from(KEYS)) + ": " + draw(scalar_text()))
    if draw(st.integers(0, 9)) == 0:  # an indentation slip
        at = draw(st.integers(0, len(lines) - 1))
        lines[at] = " " + lines[at]
    return lines


@SETTINGS
@given(block(), st.sampled_from(["\n", "\r\n"]))
def test_random_block_yaml_is_read_as_libyaml_reads_it_or_declined(lines, newline):
    assert_agrees(newline.join(lines) + newline)


def test_random_edits_of_a_generated_deck_are_read_as_libyaml_reads_them_or_declined():
    lines = cards_yaml(40, seed=5).split("\n")
    rng = random.Random(11)
    alphabet = list(": #-'\"[]{},&*!|>%@`?\\\t\u2028\u00e9") + ["  ", "\n", "- ", ": ", " #"]
    accepted = 0
    for _ in range(600):
        edited = list(lines)
        for _ in range(rng.randint(1, 3)):
            at = rng.randrange(len(edited))
            line = edited[at]
            where = rng.randint(0, len(line))
            how = rng.random()
            if how < 0.6:
                edited[at] = line[:where] + rng.choice(alphabet) + line[where:]
            elif how < 0.8:
                edited[at] = line[:where] + line[where + 1:]
            else:
                edited.insert(at, edited[rng.randrange(len(edited))])
        accepted += assert_agrees("\n".join(edited))
    assert accepted > 50  # enough edits stay inside what the fast reader takes (most break the file)
