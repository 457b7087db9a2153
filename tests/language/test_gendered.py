"""Descriptives in two forms (authoring/texts.py): a card may give `{masculine, feminine}`;
the card prints both compactly, a seat that says its form (`play --human Ana --form
feminine`) says its own, a bot says both; validate locates a wrong or needless form. The
deck: tests/language/decks/spanish."""

from __future__ import annotations

import io
import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pugdeck.authoring.texts import compact_forms, descriptive_for, printed_descriptive
from pugdeck.cli import main

SPANISH = Path(__file__).parent / "decks" / "spanish"
STARTERS = Path(__file__).parents[2] / "pugdeck" / "games" / "pug_you" / "starter"
# "1", then "2", over and over: more answers than any game asks. Not "1" alone: a Pug You!
# second nominee keeps the numbers of the first question, so "1" again names the seat
# already chosen (refused); a refused answer costs a line, so every question gets one it takes.
ANSWERS = "1\n2\n" * 1500


def run(*args, input=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


@pytest.fixture
def spanish(tmp_path) -> Path:
    return shutil.copytree(SPANISH, tmp_path / "mentirosos")


@pytest.mark.parametrize(("masculine", "feminine", "printed"), [
    ("un pésimo mentiroso", "una pésima mentirosa", "un/a pésimo/a mentiroso/a"),
    ("ein miserabler Lügner", "eine miserable Lügnerin", "ein/e miserable/r Lügner/in"),
    ("un piètre menteur", "une piètre menteuse", "un/e piètre menteur/euse"),
    ("un ami, un vrai", "une amie, une vraie", "un/e ami/e, un/e vrai/e"),
    ("el rey del postureo", "la reina del postureo", "el/la rey/reina del postureo"),
    ("ein Gefangener der Vergangenheit", "eine Gefangene der Vergangenheit", "ein/e Gefangene/r der Vergangenheit"),
    ("a drama king", "a drama queen", "a drama king/queen"),
    ("un gallo", "una gallina de corral", "un gallo / una gallina de corral"),  # not word for word
])
def test_both_forms_print_compactly(masculine, feminine, printed):
    assert compact_forms(masculine, feminine) == printed
    assert printed_descriptive({"feminine": feminine, "masculine": masculine}) == printed


def test_a_speaker_says_their_own_form():
    forms = {"masculine": "un pésimo mentiroso", "feminine": "una pésima mentirosa"}
    assert descriptive_for(forms, "feminine") == "una pésima mentirosa"
    assert descriptive_for(forms, "masculine") == "un pésimo mentiroso"
    assert descriptive_for(forms, None) == "un/a pésimo/a mentiroso/a"
    assert descriptive_for("un desastre", "feminine") == "un desastre"
    assert printed_descriptive({"masculine": "igual", "feminine": "igual"}) == "igual"


def test_a_gendered_deck_builds_and_prints_both_forms(spanish, tmp_path):
    result = run("build", spanish, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(
        (tmp_path / "out" / "mentirosos.pdf").read_bytes())).pages)
    text = re.sub(r"\s+", " ", text)
    assert "un/a pésimo/a mentiroso/a" in text and "un/a gorrón/ona profesional" in text
    assert "un desastre con los chats" in text
    doc = json.loads((tmp_path / "out" / "mentirosos.json").read_text(encoding="utf-8"))
    cards = {c["card"]: c for c in doc["cards"]}
    # forms in one order whatever the YAML's, so the same deck builds the same bytes
    assert list(cards["detector"]["descriptive"].items()) == [
        ("masculine", "un pésimo mentiroso"), ("feminine", "una pésima mentirosa")]
    assert cards["chats"]["descriptive"] == "un desastre con los chats"


def test_a_seat_taking_the_feminine_form_says_it(spanish):
    # seed 10: a game in which Ana scores the liar's card and Bot 1 the excuse master's
    result = run("play", spanish, "-p", "3", "--seed", "10", "--human", "Ana", "--form", "feminine",
                 input=ANSWERS)
    assert result.exit_code == 0, result.output
    text = re.sub(r"\n +", " ", result.output)
    assert "Te la llevas: «Me llevo 2 medallas porque soy una pésima mentirosa.»" in text
    assert "pésimo mentiroso" not in text.replace("un/a pésimo/a mentiroso/a", "")
    assert "Bot 1 se la lleva: «Me llevo 2 medallas porque soy un/a maestro/a de la excusa.»" in text


def test_the_masculine_form_and_the_help_read_the_seats_form(spanish):
    result = run("play", spanish, "-p", "3", "--seed", "10", "--human", "Leo", "--form", "masculine",
                 input="?\n" + ANSWERS)
    assert result.exit_code == 0, result.output
    text = re.sub(r"\n +", " ", result.output)
    assert "porque soy un pésimo mentiroso.»" in text
    assert "una pésima mentirosa" not in text


def test_a_bot_game_says_both_forms(spanish):
    result = run("play", spanish, "-p", "3", "--seed", "4")
    assert result.exit_code == 0, result.output
    assert "porque soy un/a pésimo/a mentiroso/a.»" in result.output


def test_a_form_without_a_person_is_refused(spanish):
    result = run("play", spanish, "-p", "3", "--form", "feminine")
    assert result.exit_code == 2
    assert "a form is the person's: give --human NAME too" in result.output
    result = run("play", "pixelpug", "-p", "3", "--human", "Ana", "--form", "feminine", input=ANSWERS)
    assert result.exit_code == 2 and "PixelPug cards have no descriptives in forms" in result.output


def add_card(deck: Path, line: str) -> int:
    path = deck / "cartas.yaml"
    lines = path.read_text(encoding="utf-8").splitlines() + [line]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return len(lines)


def test_a_wrong_form_is_located(spanish):
    line = add_card(spanish, '  - {id: baile, kind: pug, level: red, question: "¿Quién baila?", badges: 1, '
                             'descriptive: {masculine: "un bailarín"}, turds: 1, thermometer: 1}')
    result = run("validate", spanish)
    assert result.exit_code == 1
    assert re.search(rf"cartas\.yaml:{line}:\d+: card 'baile': missing 'feminine'", result.stderr), result.stderr


def test_an_unknown_form_is_named(spanish):
    add_card(spanish, '  - {id: baile, kind: pug, level: red, question: "¿Quién baila?", badges: 1, '
                      'descriptive: {masculine: "un bailarín", feminine: "una bailarina", neutro: "x"}, '
                      'turds: 1, thermometer: 1}')
    result = run("validate", spanish)
    assert result.exit_code == 1
    assert "card 'baile': unknown key 'neutro' (known: masculine, feminine)" in result.stderr


def test_the_same_form_twice_is_a_warning(spanish):
    line = add_card(spanish, '  - {id: baile, kind: pug, level: red, question: "¿Quién baila?", badges: 1, '
                             'descriptive: {masculine: "un desastre", feminine: "un desastre"}, turds: 1, thermometer: 1}')
    result = run("validate", spanish)
    assert result.exit_code == 0
    assert re.search(rf"cartas\.yaml:{line}:\d+: warning: card 'baile': both forms of the descriptive are "
                     "the same: write it once, as one text", result.stderr), result.stderr


def test_forms_in_a_language_that_needs_none_are_a_warning(spanish):
    yaml_path = spanish / "deck.yaml"
    yaml_path.write_text(yaml_path.read_text(encoding="utf-8").replace("language: es", "language: en"),
                         encoding="utf-8")
    result = run("validate", spanish)
    assert result.exit_code == 0
    assert ("warning: card 'detector': deck.language 'en' does not change a descriptive with the speaker; "
            "the card prints both forms (\"un/a pésimo/a mentiroso/a\")") in result.stderr


@pytest.mark.parametrize(("language", "card", "feminine"), [
    ("es", "mal-mentiroso", "una sospechosa con la coartada floja"),
    ("de", "schlechter-luegner", "eine Verdächtige mit wackligem Alibi"),
    ("fr", "mauvais-menteur", "une suspecte à l’alibi fragile"),
])
def test_the_starters_are_gender_fair(tmp_path, language, card, feminine):
    result = run("init", tmp_path / "s", "--language", language)
    assert result.exit_code == 0, result.output
    result = run("build", tmp_path / "s", "--no-pdf", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    doc = json.loads(next((tmp_path / "out").glob("*.json")).read_text(encoding="utf-8"))
    forms = {c["card"]: c["descriptive"] for c in doc["cards"]}
    assert forms[card]["feminine"] == feminine


def test_both_forms_go_through_a_card_table_and_back(spanish, tmp_path):
    result = run("export", "csv", spanish, "--out", tmp_path / "csv")
    assert result.exit_code == 0, result.output
    table = tmp_path / "csv" / "mentirosos.csv"
    assert '""feminine"": ""una pésima mentirosa""' in table.read_text(encoding="utf-8-sig")
    result = run("import", table, "--into", tmp_path / "again", "--game", "pug-you")
    assert result.exit_code == 0, result.output
    result = run("build", tmp_path / "again", "--no-pdf", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    doc = json.loads(next((tmp_path / "out").glob("*.json")).read_text(encoding="utf-8"))
    forms = {c["card"]: c["descriptive"] for c in doc["cards"]}
    assert forms["detector"] == {"masculine": "un pésimo mentiroso", "feminine": "una pésima mentirosa"}
    assert forms["chats"] == "un desastre con los chats"


def test_the_gallery_finds_a_card_by_either_form(spanish, tmp_path):
    result = run("export", "html", spanish, "--dpi", "40", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    page = (tmp_path / "out" / "mentirosos.html").read_text(encoding="utf-8")
    assert ('data-text="¿quien suspenderia un detector de mentiras? un pesimo mentiroso una pesima '
            'mentirosa detector"') in page


def test_the_tabletop_description_shows_both_forms(spanish, tmp_path):
    result = run("export", "tts", spanish, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    saved = (tmp_path / "out" / "mentirosos" / "tts" / "mentirosos.json").read_text(encoding="utf-8")
    assert "Rojo · 2 medallas · 2 cacas · «un/a pésimo/a mentiroso/a»" in saved
