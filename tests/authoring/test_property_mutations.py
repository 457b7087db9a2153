"""Property-based: whatever an author writes, the checks answer with located diagnostics.

Valid cards are mutated at random (types, values, keys added and removed, random text,
nested junk) and random text and bytes are fed to the loader. The tool may accept or refuse;
it must never crash, and every refusal says where.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pugdeck.authoring.loading import LoadError, load_document
from pugdeck.building.deck_check import check_deck_at
from pugdeck.core.diagnostics import ERROR, WARNING, DeckError

SETTINGS = settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
HEADER = "deck: {id: prop, name: Property deck, game: pug-you}\ninclude: [cards.yaml]\n"

PUG = {"id": "cake-thief", "kind": "pug", "level": "green",
       "question": "Who would eat the last piece of cake and blame the dog?", "badges": 1,
       "descriptive": "a sneaky cake thief", "turds": 1, "thermometer": 1, "breed": "pug",
       "tags": ["food"], "copies": 1}
MUTT = {"id": "good-listener", "kind": "mutt", "question": "Who is the best listener at this table?",
        "descriptive": "all ears", "turds": 2, "thermometer": 1}
BLANK = {"id": "blank-1", "kind": "custom", "breed": "blue-pug"}
KEYS = sorted({*PUG, *MUTT, "dots", "art"})
# Values the schema allows, so that some mutations keep a card valid.
GOOD = {"id": st.from_regex(r"\A[a-z0-9][a-z0-9-]{0,20}\Z"), "kind": st.sampled_from(["pug", "mutt", "custom"]),
        "level": st.sampled_from(["green", "yellow", "red"]), "dots": st.integers(1, 3),
        "badges": st.integers(1, 3), "turds": st.integers(1, 3), "thermometer": st.integers(1, 3),
        "question": st.sampled_from(["Who would nap at a wedding?", "Who is most likely to lose a sock?"]),
        "descriptive": st.sampled_from(["sleepy", "a sock thief"]), "copies": st.integers(1, 100),
        "breed": st.sampled_from(["pug", "phony-cat", "confused-chihuahua", "healthy-mutt", "blue-pug"]),
        "tags": st.lists(st.sampled_from(["home", "work", "food"]), unique=True, max_size=3),
        "art": st.just("art.png")}
# Mostly printable text, sometimes anything (control characters make a file unreadable).
texts = st.text(st.characters(exclude_categories=("Cs", "Cc")), max_size=40) | st.text(max_size=6)

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True, allow_infinity=True), texts,
    st.sampled_from(["green", "yellow", "red", "mutt", "custom", "pug", "no", "yes", "~", "2001-01-01",
                     "0x1f", "1e3", ".inf", "", " ", "art.png", "../x.png", "/etc/passwd"]),
)
junk = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                     st.dictionaries(texts, inner, max_size=4)),
                    max_leaves=12)


@st.composite
def mutated_card(draw) -> dict:
    card = dict(draw(st.sampled_from([PUG, MUTT, BLANK])))
    for _ in range(draw(st.integers(0, 4))):
        action = draw(st.sampled_from(["valid", "set", "delete", "add", "retype"]))
        if action == "valid":
            key = draw(st.sampled_from(sorted(GOOD)))
            card[key] = draw(GOOD[key])
        elif action == "set":
            card[draw(st.sampled_from(KEYS))] = draw(junk)
        elif action == "delete" and card:
            card.pop(draw(st.sampled_from(sorted(card))))
        elif action == "add":
            card[draw(texts.filter(bool))] = draw(junk)
        elif action == "retype" and card:
            key = draw(st.sampled_from(sorted(card)))
            card[key] = draw(st.sampled_from([str(card[key]), [card[key]], {"value": card[key]}, None]))
    return card


def assert_located(diagnostics, folder: Path) -> None:
    """Every diagnostic names a file of the deck, a line and column ≥ 1, and a message."""
    for d in diagnostics:
        assert Path(d.file).name in {"deck.yaml", "cards.yaml"}, d
        assert d.line >= 1 and d.column >= 1, d
        assert d.severity in (ERROR, WARNING) and d.message, d
        assert d.format()
        json.dumps(d.as_json())


def check_written(files: dict[str, str | bytes]):
    """Write the files to a fresh deck folder and check it: (deck, diagnostics, folder)."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for name, content in files.items():
            (folder / name).write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
        try:
            deck, diagnostics = check_deck_at(folder)
        except DeckError as exc:  # only for a file that cannot be read or parsed at all
            assert exc.diagnostics, "a DeckError without diagnostics"
            assert_located(exc.diagnostics, folder)
            return None, exc.diagnostics, folder
        assert_located(diagnostics, folder)
        return deck, diagnostics, folder


def test_the_unmutated_cards_are_accepted():
    deck, diagnostics, _ = check_written({"deck.yaml": HEADER,
                                          "cards.yaml": yaml.safe_dump({"cards": [PUG, MUTT, BLANK]})})
    assert diagnostics == [] and len(deck.cards) == 3


@SETTINGS
@given(st.lists(mutated_card(), min_size=1, max_size=3))
def test_mutated_cards_are_accepted_or_refused_with_located_errors(cards):
    for i, card in enumerate(cards):  # the same base card twice is a duplicate id; vary it
        if card.get("id") in (PUG["id"], MUTT["id"], BLANK["id"]):
            card["id"] += f"-{i}"
    text = yaml.safe_dump({"cards": cards}, allow_unicode=True, sort_keys=False)
    deck, diagnostics, _ = check_written({"deck.yaml": HEADER, "cards.yaml": text})
    errors = [d for d in diagnostics if d.severity == ERROR]
    assert (deck is None) == bool(errors)
    card_lines = text.count("\n") + 1
    for d in diagnostics:
        if d.card is not None and d.file.endswith("cards.yaml"):
            assert 2 <= d.line <= card_lines, d  # on a line of the card file, not a default 1:1
    if deck is not None:
        assert [c.id for c in deck.cards] == [c["id"] for c in cards]


@SETTINGS
@given(junk)
def test_any_yaml_value_as_the_whole_card_file(value):
    text = yaml.safe_dump(value, allow_unicode=True)
    deck, diagnostics, _ = check_written({"deck.yaml": HEADER, "cards.yaml": text})
    assert deck is not None or any(d.severity == ERROR for d in diagnostics)


@SETTINGS
@given(st.dictionaries(st.sampled_from(["deck", "include", "rules", "cards", "dekc"]), junk, max_size=4))
def test_any_deck_yaml_top_level(data):
    text = yaml.safe_dump(data, allow_unicode=True)
    check_written({"deck.yaml": text, "cards.yaml": "cards: []\n"})


YAML_BITS = st.sampled_from(["-", " ", "  ", "\n", ":", ": ", "{", "}", "[", "]", ",", "&a ", "*a", "!!str ",
                             "!!python/object:os.system ", "! ", "'", '"', "#", "?", "|", ">", "---", "...",
                             "%YAML 1.1\n", "cards", "id", "x", "1", "no", "\\x07", "\t", "\ufeff", "é", "\x85"])


def load_text(tmp: Path, content: bytes):
    path = tmp / "f.yaml"
    path.write_bytes(content)
    try:
        load_document(path, "f.yaml")
    except LoadError as exc:
        d = exc.diagnostic
        assert d.file == "f.yaml" and d.line >= 1 and d.column >= 1 and d.message


@settings(max_examples=200)
@given(st.lists(YAML_BITS, max_size=40).map("".join))
def test_yaml_shaped_noise_loads_or_raises_a_located_load_error(text):
    with tempfile.TemporaryDirectory() as tmp:
        load_text(Path(tmp), text.encode("utf-8"))


@settings(max_examples=200)
@given(st.text(max_size=200))
def test_random_text_loads_or_raises_a_located_load_error(text):
    with tempfile.TemporaryDirectory() as tmp:
        load_text(Path(tmp), text.encode("utf-8", "surrogatepass"))


@settings(max_examples=200)
@given(st.binary(max_size=200))
def test_random_bytes_load_or_raise_a_located_load_error(content):
    with tempfile.TemporaryDirectory() as tmp:
        load_text(Path(tmp), content)


@settings(max_examples=100)
@given(st.binary(max_size=200) | st.lists(YAML_BITS, max_size=40).map(lambda bits: "".join(bits).encode()))
def test_random_deck_yaml_gives_diagnostics_or_a_deck_error_only(content):
    check_written({"deck.yaml": content})
