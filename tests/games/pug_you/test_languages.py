"""A Pug You! deck in its own language: every fixed text of the PDF (the back, the turd cards,
the blank customs' prompt, the reference card) in `deck.language`, the reference card saying
the deck's house rules, the deck's own `strings:`, and the errors of a language no template
speaks, as `pugdeck validate` and `pugdeck build` give them."""

from __future__ import annotations

import io
import json
import re

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pugdeck.cli import main
from pugdeck.games.registry import game

CARDS = "".join(
    f"  - {{id: c{i}, kind: pug, level: {level}, question: 'Question {i}?', badges: 1,"
    f" descriptive: word{i}, turds: 1, thermometer: 1}}\n"
    for i, level in enumerate(("green", "yellow", "red")))
MUTT = ("  - {id: m1, kind: mutt, question: 'Nicest?', descriptive: kind, turds: 1,"
        " thermometer: 1}\n")
BLANK = "  - {id: b1, kind: custom}\n"
# Distinctive words of the English fixed texts: none may be printed on a deck in another language.
ENGLISH = ("Turd card", "Nominee", "Your turn", "because I’m", "only the pugs really win",
           "Everyone else offers", "draws up to", "has had 2 turns", "the most badges loses", "pink mutt")
TRANSLATED = {
    "es": ("Carta caca", "Nominación 1 de 2", "Tu turno", "porque soy", "aquí solo ganan los carlinos",
           "Cada cual roba hasta tener 5 cartas (4 si sois 8 o más)", "haya jugado 2 turnos",
           "resta 2 medallas"),
    "de": ("Häufchen-Karte", "Nominierung 1 von 2", "Du bist dran", "denn ich bin",
           "am Ende gewinnen nur die Möpse", "außer den Nominierten", "Waren alle 2-mal an der Reihe",
           "zieht 2 Orden ab"),
    "fr": ("Carte caca", "Nomination 1 sur 2", "À toi de jouer", "parce que je suis",
           "à la fin, seuls les carlins gagnent", "reçoit la carte", "a joué 2 tours",
           "enlève 2 badges"),
}


def deck(language: str = "en", rules: str = "", strings: str = "", cards: str = CARDS + MUTT + BLANK) -> str:
    return (f"deck: {{id: t, name: Mazo, game: pug-you, language: {language}}}\n"
            + (f"rules:\n{rules}" if rules else "") + (f"strings:\n{strings}" if strings else "")
            + "cards:\n" + cards)


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def pdf_text(folder) -> str:
    """The words of every page of the deck's PDF (no-break spaces read as spaces)."""
    reader = PdfReader(io.BytesIO(next(folder.glob("*.pdf")).read_bytes()))
    text = " ".join(page.extract_text() for page in reader.pages)
    return re.sub(r"\s+", " ", text.replace("\u00a0", " ").replace("\u202f", " "))


def built(tmp_path, deck_yaml: str):
    (tmp_path / "deck").mkdir(exist_ok=True)
    (tmp_path / "deck" / "deck.yaml").write_text(deck_yaml, encoding="utf-8")
    result = run("build", tmp_path / "deck", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    doc = json.loads((tmp_path / "out" / "t.json").read_text(encoding="utf-8"))
    return doc, pdf_text(tmp_path / "out")


@pytest.mark.parametrize("language", sorted(TRANSLATED))
def test_every_fixed_text_is_in_the_decks_language(tmp_path, language):
    doc, text = built(tmp_path, deck(language))
    for words in TRANSLATED[language]:
        assert words in text, words
    for words in ENGLISH:
        assert words not in text, words
    names = {c["name"] for c in doc["components"]}
    assert names == {TRANSLATED[language][0]}  # the built turd cards are named as they print


def test_the_reference_card_states_the_house_rules(tmp_path):
    rules = ("  hand_size: 6\n  large_group: {from_players: 9, hand_size: 5}\n  rounds: 3\n"
             "  mutt_badges: -3\n")
    _doc, text = built(tmp_path, deck("en", rules))
    assert "Everyone draws up to 6 (5 with 9+ players)" in text
    assert "When everyone has had 3 turns (tie replays aside), whoever has the most badges loses." in text
    assert "Each pink mutt takes 3 badges away." in text
    assert "up to 5 " not in text and "had 2 turns" not in text and "2 badges" not in text


def test_the_english_reference_card_says_who_does_what():
    """The card speaks to the active player ("you"), so a step everyone takes must say so
    (the seventh read took "Draw up to 5" for the active player alone), the vote must say where
    a vote goes and that you vote too, and a tie must say what is read out (rulebook: no offers,
    one of your scored cards or a hand card) and that it happens once."""
    texts = game("pug-you").load_template(None).strings["en"]
    assert texts["ref_refill"].startswith("Everyone ") and texts["ref_refill_large"].startswith("Everyone ")
    assert "you included" in texts["ref_vote"] and "turd card" in texts["ref_vote"]
    assert all(words in texts["ref_score"] for words in ("no offers", "scored", "once more", "printed turds"))
    ends = re.sub(r"\{\w+\}", "", texts["ref_end_rounds_one"] + texts["ref_end_rounds_other"])
    assert "round" not in ends  # the rulebook's "round" is also one turn


def test_a_badge_limit_ends_the_reference_card_and_plurals_follow_the_language(tmp_path):
    rules = "  badge_limit: 1\n  mutt_badges: -1\n  large_group: {from_players: 8, hand_size: 5}\n"
    _doc, text = built(tmp_path, deck("fr", rules))
    assert "Dès que quelqu’un atteint 1 badge, la personne qui en a le plus perd." in text
    assert "Chaque corniaud rose enlève 1 badge." in text
    assert "Tout le monde complète sa main à 5 cartes. Puis" in text  # no smaller hand for 8+


def test_a_mutt_worth_nothing_and_a_deck_without_mutts(tmp_path):
    _doc, text = built(tmp_path, deck("es", "  mutt_badges: 0\n"))
    assert "Los chuchos rosas no cuentan." in text
    _doc, text = built(tmp_path, deck("es", cards=CARDS))
    assert "Cuando todo el mundo haya jugado 2 turnos, pierde quien tenga más medallas." in text and "chucho" not in text


def test_the_deck_restates_a_text_in_its_own_words(tmp_path):
    strings = ("  turd_title: Carta de nominación\n"
               "  ref_refill_large: 'Robad hasta {hand_size} ({large_hand_size}), {{sí}}.'\n")
    doc, text = built(tmp_path, deck("es", strings=strings))
    assert text.count("Carta de nominación") == 2 and "Carta caca" not in text
    assert "Robad hasta 5 (4), {sí}." in text
    assert doc["deck"]["strings"]["turd_title"] == "Carta de nominación"
    assert doc["components"][0]["name"] == "Carta de nominación"


def test_a_language_no_template_speaks_is_an_error_naming_the_bundled_ones(write_deck):
    write_deck(deck("it"))
    result = run("validate", "deck")
    assert result.exit_code == 1
    [error, summary] = result.stderr.splitlines()
    assert error.startswith("deck/deck.yaml:1:52: deck.language 'it': template 'pug-you' has "
                            "strings in de, en, es, fr; choose one of them, or give all 53 strings")
    assert summary == "1 error; nothing was written"


def test_a_deck_that_gives_every_string_builds_in_any_language(tmp_path):
    keys = {**game("pug-you").template_strings, **_shared()}
    strings = "".join(f"  {key}: '«{key}» " + " ".join(f"{{{p}}}" for p in placeholders) + "'\n"
                      for key, placeholders in keys.items())
    doc, text = built(tmp_path, deck("it", strings=strings))
    assert "«turd_title»" in text and "«ref_refill_large» 5 4 8" in text
    assert "«ref_end_rounds_other» 2" in text and "«back_tagline»" in text
    assert doc["deck"]["language"] == "it"


def test_an_unknown_key_in_deck_strings_is_located_with_a_suggestion(write_deck):
    write_deck(deck("es", strings="  turd_titel: Caca\n"))
    result = run("validate", "deck")
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == (
        "deck/deck.yaml:3:3: unknown key 'turd_titel'; did you mean 'turd_title'?")


def test_a_wrong_placeholder_in_deck_strings_is_located(write_deck):
    write_deck(deck("es", strings="  ref_refill: 'Roba {mano}'\n"))
    result = run("validate", "deck")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "deck/deck.yaml:3:15: strings.ref_refill: unknown placeholder '{mano}' "
        "(this text's: {hand_size})",
        "1 error; nothing was written"]


def test_a_reference_card_that_cannot_fit_fails_validate_at_its_string(write_deck):
    long = " ".join(["Everyone offers a card face down and then sells it loudly."] * 3)
    write_deck(deck("en", strings=f"  ref_offer: '{long}'\n"))
    result = run("validate", "deck")
    assert result.exit_code == 1
    assert result.stderr.startswith(
        "deck/deck.yaml:3:14: the reference card: strings.ref_offer does not fit: ")


def _shared():
    from pugdeck.render.strings import SHARED_KEYS

    return SHARED_KEYS


def test_the_backs_own_texts_win_over_the_strings(tmp_path):
    yaml = deck("es").replace("language: es}", "language: es, back: {tagline: hecho por nosotros}}")
    _doc, text = built(tmp_path, yaml)
    assert "hecho por nosotros" in text and "aquí solo ganan los carlinos" not in text
    assert "Mazo" in text  # the title is still back_title: the deck's name


def test_one_round_ends_the_german_reference_card_with_einmal(tmp_path):
    """read8d: "Waren alle 1 Mal an der Reihe" (Duden: "einmal"; with a digit "2-mal")."""
    _doc, text = built(tmp_path, deck("de", "  rounds: 1\n"))
    assert "Waren alle einmal an der Reihe" in text and " Mal " not in text


def test_the_es_de_fr_tie_line_says_which_card_is_read():
    """read8c/read8d: "tu en lis une autre", "liest noch eine vor" left open where it comes from."""
    strings = game("pug-you").load_template(None).strings
    assert "de tu mano" in strings["es"]["ref_score"]
    assert "deiner Karten" in strings["de"]["ref_score"] and "tes cartes" in strings["fr"]["ref_score"]
