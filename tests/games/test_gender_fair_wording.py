"""The bundled wording in Spanish, German and French reads right whoever a player is
(issue 27): a sentence about a seat must fit Ana as well as Juan, so the phrasebooks use
neutral phrasings ("gana el campeonato", "gewinnt die Meisterschaft", "remporte le
titre", "quien", "wer", "la personne") instead of masculine words about a player."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

import pugdeck
from pugdeck.resources import data_dir

PACKAGE = Path(pugdeck.__file__).parent
BOOKS = sorted([*PACKAGE.glob("games/*/narration.yaml"), *PACKAGE.glob("games/*/party.yaml"),
                PACKAGE / "games/terminal.yaml", PACKAGE / "live/words.yaml",
                PACKAGE / "party/words.yaml"])

# Masculine words about a player that the engines used to say: each is wrong for a woman.
MASCULINE = {
    "es": ("Campeón", "campeón", "el último", "último en pie", "el primero", "jugador activo",
           "Nominado", "nominado", "Nominados", "el nominado", "sí mismo", "cada uno", "jugador",
           "jugadores", "anfitrión", "alguno de ellos"),
    "de": ("Champion", "der Erste", "als Erster", "als Letzte übrig", "Letzter", "Spieler",
           "Spielerzahl", "Gastgeber", "einer von ihnen"),
    "fr": ("Champion", "champion", "le premier", "Le premier", "dernier", "joueur actif",
           "celui qui", "celui que", "chacun", "lui-même", "éliminé", "Nominé", "le nominé",
           "joueur", "joueurs", "actif", "nommé", "Nommés", "l'hôte", "assis", "l'un d'eux",
           "non connecté"),
}


TEMPLATES = sorted(data_dir("templates").glob("*.yaml"))  # in a checkout and when installed
# A PixelPug card that targets anyone: its es/fr text used to say "El jugador" / "un joueur".
STARTER_CARDS = sorted(PACKAGE.glob("games/*/starter/*/cards/*.yaml"))


def masculine_words(text: str, language: str) -> list[str]:
    return [word for word in MASCULINE[language]
            if re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text)]


def masculine_lines(book: Path, language: str, section: str | None = None) -> list[str]:
    document = yaml.safe_load(book.read_text(encoding="utf-8"))
    texts = (document[section] if section else document)[language]
    return [f"{key}: {text!r} says {word!r}"
            for key, text in texts.items() for word in masculine_words(str(text), language)]


@pytest.mark.parametrize("language", sorted(MASCULINE))
@pytest.mark.parametrize("book", BOOKS, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_the_phrasebooks_say_nothing_masculine_about_a_player(book, language):
    assert masculine_lines(book, language) == []


@pytest.mark.parametrize("language", sorted(MASCULINE))
@pytest.mark.parametrize("template", TEMPLATES, ids=lambda p: p.name)
def test_the_reference_cards_fixed_texts_say_nothing_masculine_about_a_player(template, language):
    assert masculine_lines(template, language, section="strings") == []


@pytest.mark.parametrize("cards", [c for c in STARTER_CARDS if c.parts[-3] in MASCULINE],
                         ids=lambda p: str(p.relative_to(PACKAGE)))
def test_the_starter_cards_say_nothing_masculine_about_a_player(cards):
    language = cards.parts[-3]
    text = cards.read_text(encoding="utf-8")
    lines = [line.strip() for line in text.splitlines()
             if "text:" in line and masculine_words(line, language)]
    assert lines == []


def test_the_check_finds_the_old_masculine_wording():
    # The words the engines said before (4267549), so the guard above cannot pass vacuously.
    old = {"es": "¡Ana es Campeón de PixelPug!", "de": "Ana ist PixelPug-Champion!",
           "fr": "Une manche est gagnée par le dernier en jeu."}
    for language, text in old.items():
        assert masculine_words(text, language)


EXAMPLES = sorted((Path(__file__).parents[2] / "docs" / "examples").glob("*/deck.yaml"))  # the checkout's docs


@pytest.mark.parametrize("deck", EXAMPLES, ids=lambda p: p.parent.name)
def test_the_docs_example_decks_restate_their_strings_fairly(deck):
    # docs/authoring.md shows the example's `strings:` as the way to write one's own: they
    # keep the rule the templates keep (the Spanish example once said "a {nominees} jugadores").
    document = yaml.safe_load(deck.read_text(encoding="utf-8"))
    language = document["deck"]["language"]
    texts = document.get("strings", {})
    assert texts and language in MASCULINE
    assert [f"{key}: {text!r}" for key, text in texts.items() if masculine_words(text, language)] == []
