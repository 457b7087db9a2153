"""The engines' phrasebooks (each game's narration.yaml, the terminal's and the live page's
words): every key in every language, with the placeholders the English text has, and a
deck's language read as the fixed texts read it, English when no phrasebook has it."""

from __future__ import annotations

import re
from pathlib import Path
from string import Formatter

import pytest

import pugdeck
from pugdeck.authoring.texts import placeholder_problem
from pugdeck.games.narration import Words, deck_language, phrasebook

PACKAGE = Path(pugdeck.__file__).parent
BOOKS = sorted([*PACKAGE.glob("games/*/narration.yaml"), PACKAGE / "games/terminal.yaml",
                PACKAGE / "live/words.yaml", PACKAGE / "games/pug_you/built_words.yaml"])
LANGUAGES = ("en", "es", "de", "fr")  # the languages the printed fixed texts have


def placeholders(text: str) -> frozenset[str]:
    """The placeholder names `text` uses."""
    return frozenset(name for _lit, name, _spec, _conv in Formatter().parse(text) if name is not None)


def test_every_game_has_a_phrasebook():
    assert len([b for b in BOOKS if b.name == "narration.yaml"]) == len(
        [d for d in (PACKAGE / "games").iterdir() if (d / "game.py").is_file()])


@pytest.mark.parametrize("book", BOOKS, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_every_key_is_in_every_language_with_the_same_placeholders(book):
    texts = phrasebook(book)
    assert set(texts) == set(LANGUAGES)
    english = texts["en"]
    for language in LANGUAGES:
        assert set(texts[language]) == set(english), (language, set(texts[language]) ^ set(english))
        for key, text in texts[language].items():
            assert isinstance(text, str) and text.strip(), (language, key)
            assert placeholder_problem(text, None) is None, (language, key, text)
            assert placeholders(text) == placeholders(english[key]), (language, key, text)
        plural_pairs = {k[:-4] for k in english if k.endswith("_one")}
        assert all(f"{k}_other" in english for k in plural_pairs), book


def test_a_language_is_read_like_the_fixed_texts_and_unknown_ones_are_english():
    book = PACKAGE / "games/terminal.yaml"
    assert Words(book, "de-AT").language == "de"
    assert Words(book, "ES").language == "es"
    assert Words(book, "ja").language == "en" and Words(book, None).language == "en"
    assert Words(book, "ja")("refuse_empty", numbers="1") == "Type 1 (or ? for help)."
    assert deck_language({"deck": {"language": "fr"}}) == "fr" and deck_language({"deck": {}}) == "en"


def test_plurals_follow_the_language():
    book = PACKAGE / "games/pixelpug/narration.yaml"
    assert Words(book, "en").counted("n_points", 0) == "0 points"
    assert Words(book, "fr").counted("n_points", 0) == "0 point"  # French counts 0 as one
    assert Words(book, "es").counted("n_points", 1) == "1 punto"
    assert Words(book, "de").counted("n_lives", 2) == "2 Leben"


@pytest.mark.parametrize("folder", sorted(d for d in (PACKAGE / "games").iterdir() if (d / "narration.yaml").is_file()),
                         ids=lambda d: d.name)
def test_every_key_the_code_names_is_in_the_phrasebook(folder):
    """A literal key of `words(…)` / `words.counted(…)` (a counted one stands for its pair)
    that the phrasebook lacks would fail only when that line is said: caught here."""
    import ast  # noqa: PLC0415 (this test only)

    english = set(phrasebook(folder / "narration.yaml")["en"]) | set(phrasebook(PACKAGE / "games/terminal.yaml")["en"])
    if (folder / "party.yaml").is_file():  # party_view.py counts with the party's own words
        english |= set(phrasebook(folder / "party.yaml")["en"])
    named = set()
    for path in folder.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)):
                func = node.func
                if isinstance(func, ast.Attribute) and func.attr == "counted":
                    named |= {node.args[0].value + "_one", node.args[0].value + "_other"}
                elif (isinstance(func, ast.Name) and func.id == "words") or (
                        isinstance(func, ast.Attribute) and func.attr == "words"):
                    named.add(node.args[0].value)
    assert named and named - english == set()


@pytest.mark.parametrize("book", ["games/pug_you/narration.yaml", "games/pixelpug/narration.yaml"])
def test_a_spanish_list_says_e_before_the_sound_i_as_the_rae_rule_has_it(book):
    spanish = Words(PACKAGE / book, "es")
    assert spanish.join(["Ana", "Inés"]) == "Ana e Inés"
    assert spanish.join(["Bea", "Ana", "Hilario"]) == "Bea, Ana e Hilario"  # hi- is the same sound
    assert spanish.join(["Ana", "Íñigo"]) == "Ana e Íñigo"
    assert spanish.join(["agua", "hielo"]) == "agua y hielo"  # hie-, hia-, io-: a diphthong keeps "y"
    assert spanish.join(["cloro", "iodo"]) == "cloro y iodo" and spanish.join(["Ana", "Bea"]) == "Ana y Bea"
    assert spanish.join(["Ana", "«Isa»"]) == "Ana e «Isa»"  # a quote mark is not a sound
    assert Words(PACKAGE / book, "en").join(["Ana", "Inés"]) == "Ana and Inés"


@pytest.mark.parametrize("book", [*BOOKS, PACKAGE / "party/words.yaml", *PACKAGE.glob("games/*/party.yaml")],
                         ids=lambda p: str(p.relative_to(PACKAGE)))
def test_french_elides_de_and_que_before_a_name_that_starts_with_a_vowel(book):
    """'la carte d’Anne', 'qu’Élodie marque', 'au tour d’Yves'; not before an h or a y + vowel."""
    french = Words(book, "fr")
    for key, text in french.texts.items():
        if not isinstance(text, str):
            continue
        for name in ("Anne", "Élodie", "Yves"):
            said = french(key, **dict.fromkeys(placeholders(text), name))
            assert not re.search(rf"(?<![\w’])(?:de|que) {name}\b", said, re.IGNORECASE), (key, said)
    if "takes" in french.texts:  # both Pug You! books
        assert "la carte d’Anne" in french("takes", seat="Inès", owner="Anne", label="x")
        assert "la carte de Hugo" in french("takes", seat="Inès", owner="Hugo", label="x")
        assert "la carte de Yolande" in french("takes", seat="Inès", owner="Yolande", label="x")


def test_the_party_pages_own_french_words_need_no_elision():
    """The pages fill party/words.yaml's texts themselves (common.js `say`), with no French
    elision (games/narration.py `elide` is the server's): so no "de {name}" there, which
    would read "de Anne" on the shared screen."""
    french = phrasebook(PACKAGE / "party/words.yaml")["fr"]
    elidable = {key: text for key, text in french.items()
                if re.search(r"(?<![\w’'])(?:de|que|lorsque|puisque|jusque) \{(?:name|names)\}", text)}
    assert not elidable, elidable


@pytest.mark.parametrize("book", [*BOOKS, PACKAGE / "party/words.yaml", *PACKAGE.glob("games/*/party.yaml")],
                         ids=lambda p: str(p.relative_to(PACKAGE)))
def test_the_words_use_typographic_apostrophes_and_read_a_card_out(book):
    """"Bea’s card", "l’aide", as the printed texts have them; and a card is read out, never
    asked ("asks a card" is no English)."""
    for language, texts in phrasebook(book).items():
        for key, text in texts.items():
            if key != "quotes_nested":
                assert re.search(r"[^\W\d_]'[^\W\d_]|\}'[^\W\d_]", text) is None, (language, key, text)
    english = " ".join(phrasebook(book)["en"].values())
    assert re.search(r"\bask(s|ed)? (a|this|which) card\b", english, re.IGNORECASE) is None


@pytest.mark.parametrize(("language", "key", "count", "said"), [
    ("es", "life", 1, "Ana pierde una vida (le queda 1)"),
    ("es", "life", 0, "Ana pierde una vida (le quedan 0)"),
    ("en", "no_champion", 1, "No champion after 1 round."),
    ("de", "no_champion", 100, "Niemand gewinnt die Meisterschaft nach 100 Runden."),
])
def test_pixelpug_counts_lives_and_rounds_by_the_languages_plural_rule(language, key, count, said):
    # "le quedan 1" / "after 1 rounds" were a bare number in a text with no singular
    book = Path(pugdeck.__file__).parent / "games" / "pixelpug" / "narration.yaml"
    assert Words(book, language).counted(key, count, name="Ana") == said


@pytest.mark.parametrize(("language", "key", "count", "said"), [
    ("en", "offered_count", 1, "1 of 4 has offered"),
    ("es", "offered_count", 1, "1 de 4 ha ofrecido"),
    ("es", "voted_count", 2, "2 de 4 han votado"),
    ("de", "voted_count", 1, "1 von 4 hat abgestimmt"),
    ("fr", "offered_count", 1, "1 sur 4 a proposé"),
    ("fr", "voted_count", 0, "0 sur 4 a voté"),  # French counts 0 as one
])
def test_the_party_screens_counter_agrees_with_its_count(language, key, count, said):
    # "1 de 4 han ofrecido", "1 von 4 haben abgestimmt": the counter had no singular
    book = PACKAGE / "games" / "pug_you" / "party.yaml"
    assert Words(book, language).counted(key, count, total=4) == said
