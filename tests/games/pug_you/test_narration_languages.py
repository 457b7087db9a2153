"""A Pug You! deck written in Spanish or German is told in that language: the transcript
(`play`, `replay`) and the person's terminal (`play --human`), with the rulebook's lines
("Me llevo 3 medallas porque soy …", "Ich bekomme 3 Orden, weil ich … bin")."""

from __future__ import annotations

import copy
import itertools
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from pugdeck.cli import main
from pugdeck.games.bots import play_game
from pugdeck.games.pug_you.bots import make_bots
from pugdeck.games.pug_you.engine import Game
from pugdeck.games.pug_you.terminal import play_in_terminal
from pugdeck.games.pug_you.transcript import loser_speech, narrate, score_speech

VERBENA = Path(__file__).parents[3] / "docs" / "examples" / "verbena"


@pytest.fixture(scope="module")
def german(bundled_docs) -> dict:
    """The bundled deck's built JSON, as a deck written in German would say it is."""
    doc = copy.deepcopy(bundled_docs["default"])
    doc["deck"]["language"] = "de"
    return doc


def test_a_spanish_deck_plays_in_spanish(tmp_path, monkeypatch):
    shutil.copytree(VERBENA, tmp_path / "verbena")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["play", "verbena", "-p", "4", "--seed", "1"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "Pug You! con ¡Verbena! 1.0.0 (38 cartas), 4 personas, semilla 1"
    assert "Turno 1 (ronda 1): le toca a P0" in lines
    assert ("  P3 se lleva radio-cotilla#1: «Me llevo 3 medallas porque soy una radio sin botón "
            "de apagar.»") in lines
    assert "Fin de la partida tras 8 turnos (2 rondas completas)." in lines
    assert [line for line in lines if " pierde con " in line][0].startswith(
        "P3 pierde con 14 medallas: «He perdido porque soy un/a dictador/a del sofá, un/a gorrón/ona "
        "profesional, el/la culpable de Benidorm, un/a desmemoriado/a del amor y una radio sin botón de apagar.»")
    assert not [line for line in lines if "because" in line or " badges" in line]


def test_a_german_deck_says_the_rulebook_lines_in_german(german):
    game = Game(german, 5, seed=3)
    pug = next(c for c in game.cards if c.kind == "pug" and c.badges == 3 and c.descriptive)
    assert score_speech(game, pug) == f"Ich bekomme 3 Orden, weil ich {pug.descriptive} bin."
    mutt = next(c for c in game.cards if c.kind == "mutt")
    assert score_speech(game, mutt).startswith("Der gesunde Mischling nimmt mir ")
    two = [i for i, c in enumerate(game.cards) if c.kind == "pug" and c.descriptive][:2]
    assert loser_speech(game, two) == (f"Ich habe verloren, weil ich {game.cards[two[0]].descriptive} "
                                       f"und {game.cards[two[1]].descriptive} bin.")
    state = play_game(game, make_bots("random", game, 3))
    lines = narrate(game, state.history())
    assert lines[0].startswith("Pug You! mit ") and lines[0].endswith(", 5 Personen, Seed 3")
    assert "Zug 1 (Runde 1): P0 ist am Zug" in lines
    assert any(line.startswith("Orden: P0 ") for line in lines)


def said(out: list[str]) -> str:
    """What the person read, with the terminal's line wrapping undone."""
    return " ".join(" ".join(out).split())


def test_the_terminal_speaks_the_decks_language(german):
    game = Game(german, 5, seed=1)
    out: list[str] = []
    # "1" then "2": the second nominee keeps the first question's numbers, so "1" alone would
    # name the seat already chosen again and again (refused each time, never ending)
    answers = itertools.cycle(["1", "2"])
    play_in_terminal(game, 0, ["Ana", "Bot 1", "Bot 2", "Bot 3", "Bot 4"], "random",
                     lambda prompt, secret: (out.append(prompt), next(answers))[1], out.append)
    text = said(out)
    assert text.startswith("Pug You!: Ana gegen Bot 1 (random), Bot 2 (random), Bot 3 (random) und Bot 4 "
                           "(random). 5 Handkarten, 2 Runden (10 Züge); wer die meisten Orden hat, verliert.")
    assert "Bei jeder Frage: ? zeigt deine Karten und die Regeln, ende verlässt das Spiel." in text
    assert "Das Deck wird gemischt, alle bekommen 5 Karten." in out
    assert "Zug 1 von 10 (Runde 1): Du bist am Zug." in out
    assert "Welches Angebot nimmst du? [1-4, ? für Hilfe]: " in out
    assert [line for line in out if line.startswith("Spielende nach ")]


def test_the_languages_own_words_for_help_and_quit_work(german):
    game = Game(german, 5, seed=1)
    out: list[str] = []
    answers = iter(["hilfe", "quatsch", "ende"])
    with pytest.raises(Exception) as left:
        play_in_terminal(game, 0, ["Ana", "Bot 1", "Bot 2", "Bot 3", "Bot 4"], "random",
                         lambda prompt, secret: next(answers), out.append)
    assert type(left.value).__name__ == "LeftTheGame"
    assert "Die Karten auf deiner Hand:" in out
    assert "„quatsch“ ist keine der Möglichkeiten: Tippe eine Zahl von 1 bis 4 oder ? für Hilfe." in said(out)


def test_leaving_a_spanish_game_is_said_in_spanish(tmp_path, monkeypatch):
    shutil.copytree(VERBENA, tmp_path / "verbena")
    monkeypatch.chdir(tmp_path)
    quit_ = CliRunner().invoke(main, ["play", "verbena", "-p", "4", "--human", "Ana"], input="salir\n")
    assert quit_.exit_code == 1
    assert quit_.stderr.strip().endswith("Ana ha dejado la partida antes del final; no se ha guardado nada.")
    end = CliRunner().invoke(main, ["play", "verbena", "-p", "4", "--human", "Ana", "--json"], input="")
    assert end.exit_code == 1 and end.stdout == ""
    assert end.stderr.strip().endswith("Ana ha dejado la partida antes del final; no se ha escrito ningún registro.")


@pytest.mark.parametrize(("language", "both", "only_you"), [
    ("es", "Ana te nomina a ti y a Bea.", "Ana te nomina a ti."),
    ("fr", "Ana vous nomine, toi et Bea.", "Ana te nomine."),
    ("de", "Ana nominiert dich und Bea.", "Ana nominiert dich."),
    ("en", "Ana nominates you and Bea.", "Ana nominates you."),
])
def test_being_nominated_takes_the_object_pronoun_the_language_needs(language, both, only_you):
    from helpers.pug_you_decks import built_deck  # noqa: PLC0415
    from pugdeck.games.pug_you.terminal_view import Narrator  # noqa: PLC0415

    doc = built_deck()
    doc["deck"]["language"] = language
    game = Game(doc, 5, seed=1)
    said: list[str] = []
    narrator = Narrator(game, 1, ["Ana", "Tú", "Bea", "Cai", "Dan"], said.append)
    observation = game.new_initial_state().observation(1)
    narrator.step([{"event": "nominate", "seat": 0, "nominees": [1, 2]}], observation)
    narrator.step([{"event": "nominate", "seat": 0, "nominees": [1]}], observation)
    assert "  " + both in said and "  " + only_you in said, said


@pytest.mark.parametrize(("language", "question", "said"), [
    ("es", "¿Quién pulsaría «responder a todos» sin querer?", "«¿Quién pulsaría “responder a todos” sin querer?»"),
    ("de", "Wer klickt aus Versehen auf „Allen antworten“?", "„Wer klickt aus Versehen auf ‚Allen antworten‘?“"),
    ("fr", "Qui cliquerait sur «\u00a0Répondre à tous\u00a0» par erreur\u202f?",
     "«\u202fQui cliquerait sur “Répondre à tous” par erreur\u202f?\u202f»"),
    ("en", "Who would hit “reply all” by mistake?", "“Who would hit ‘reply all’ by mistake?”"),
    ("en", "Who would hit 'reply all' by mistake?", "“Who would hit 'reply all' by mistake?”"),  # straight stays straight
])
def test_a_quote_inside_a_card_is_nested_as_the_language_nests_quotes(language, question, said):
    from helpers.pug_you_decks import built_deck, card  # noqa: PLC0415

    cards = [card("reply-all", question=question)] + [card(f"filler-{i:03d}") for i in range(40)]
    doc = built_deck(cards)
    doc["deck"]["language"] = language
    game = Game(doc, 5, seed=1)
    from pugdeck.games.pug_you.transcript import _card_label  # noqa: PLC0415

    assert said in _card_label(game, game.index["reply-all#1"])
