"""The Pug You! starters (and the Spanish example deck, docs/examples/verbena) keep the bundled
deck's written rules (docs/deck-editorial.md): a new designer copies from them, so they show
what the rules ask. Tags come from the tag table (translated, one word per tag), no question
takes for granted a fact some players lack, no card is a genre cliché, no descriptive names
its question's thing again, a red names the table, and the four languages are one starter."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from pugdeck.games.registry import game

ROOT = Path(__file__).parents[2]
EDITORIAL = ROOT / "docs" / "deck-editorial.md"
VERBENA = ROOT / "docs" / "examples" / "verbena"
PUG_YOU = game("pug-you")
LANGUAGES = ("en", "es", "de", "fr")
# A starter's tags are the table's, in its language: one word for each tag a starter uses.
TAGS = {
    "es": {"dating": "amor", "food": "comida", "friends": "amigos", "home": "casa", "humour": "humor",
           "manners": "modales", "music": "musica", "party": "fiesta", "planning": "planes",
           "screen": "cine", "secrets": "secretos", "work": "trabajo"},
    "de": {"dating": "liebe", "food": "essen", "friends": "freunde", "home": "zuhause", "humour": "humor",
           "manners": "benehmen", "music": "musik", "party": "party", "planning": "planung",
           "screen": "film", "secrets": "geheimnisse", "work": "arbeit"},
    "fr": {"dating": "amour", "food": "nourriture", "friends": "amis", "home": "maison", "humour": "humour",
           "manners": "manieres", "music": "musique", "party": "fete", "planning": "organisation",
           "screen": "cinema", "secrets": "secrets", "work": "travail"},
}
# The words that presuppose (docs/deck-editorial.md, "No card needs a fact half the table
# lacks"): tattoos, siblings, parents or children, a job, housemates, "their" partner, ex or car.
PRESUPPOSED = {
    "en": (r"\btattoo", r"\b(brothers?|sisters?|siblings?)\b", r"\b(their|your) (parents|mum|dad|kids|children)\b",
           r"\b(at work|office|boss|colleagues?|CV)\b", r"\b(housemates?|flatmates?)\b",
           r"\btheir (partner|husband|wife|boyfriend|girlfriend|ex|car)\b"),
    "es": (r"\btatuaje", r"\bherman[oa]s?\b", r"\b(sus|tus) (padres|hijos|hijas)\b|\bmamá\b|\bpapá\b",
           r"\b(trabajo|oficina|jef[ea]s?|compañer[oa]s de trabajo|currículum)\b", r"\bcompañer[oa]s de piso\b",
           r"\b(su|tu) (ex|pareja|novi[oa]|marido|mujer|coche)\b"),
    "de": (r"\btattoo", r"\b(bruder|brüder|schwester\w*|geschwister)\b", r"\b(deine|seine|ihre) (eltern|kinder)\b",
           r"\b(arbeit|büro|chef\w*|kolleg\w*|lebenslauf)\b", r"\b(mitbewohner\w*|wg)\b",
           r"\b(sein|seine|seinen|ihr|ihre|ihren|dein|deine|deinen) (ex|partner\w*|auto|freund|freundin|mann|frau)\b"),
    "fr": (r"\btatouage", r"\b(frères?|sœurs?|fratrie)\b", r"\b(ses|tes) (parents|enfants)\b",
           r"\b(travail|bureau|patron\w*|chef|collègues?|cv)\b", r"\bcoloc\w*\b",
           r"\b(son|sa|ton|ta) (ex|partenaire|copain|copine|mari|femme|voiture)\b"),
}
# "No genre cliché" (docs/deck-editorial.md): plane clapping, socks with sandals, three
# suitcases for a weekend, killing a cactus (or any plant), sunglasses indoors, being arrested.
CLICHES = {
    "en": (r"\bclap\w*\b.*\bland", r"\bsocks\b.*\bsandals\b", r"\bthree suitcases\b", r"\bcact(us|i)\b",
           r"\bplants?\b|\bhouseplants?\b", r"\bsunglasses\b", r"\barrested\b|\bpolice cell\b"),
    "es": (r"\baplaud\w*\b.*\baterriz", r"\bcalcetines\b.*\bsandalias\b", r"\btres maletas\b", r"\bcactus\b",
           r"\bplantas?\b", r"\bgafas de sol\b", r"\b(detenid[oa]|arrestad[oa]|calabozo)\b"),
    "de": (r"\bklatsch\w*\b.*\bland", r"\bsocken\b.*\bsandalen\b", r"\bdrei koffer", r"\bkakte",
           r"pflanze", r"\bsonnenbrille", r"\b(verhaftet|festgenommen|zelle)\b"),
    "fr": (r"\bapplaudi\w*\b.*\batterri", r"\bchaussettes\b.*\bsandales\b", r"\btrois valises\b", r"\bcactus\b",
           r"\bplantes?\b", r"\blunettes de soleil\b", r"\b(arrêtée?|garde à vue)\b"),
}
# Words too common to say a question's thing: a descriptive may share them with its question.
SMALL = {
    "en": "about always their there which would still every never someone other after where".split(),
    "es": "quién quien todos todas siempre nunca nadie alguien cuando porque sobre desde hasta entre "
          "donde mismo misma propia propio otra otro".split(),
    "de": "jemand jemandem jeder jedem jedes immer nicht würde einen einer einem eines keine schon "
          "damit wenn ohne alle allen ihren seine".split(),
    "fr": "quelqu toujours jamais personne chaque toutes toute quand comme avant après encore autre "
          "autres cette propre entre leurs".split(),
}
# A red question that names the people at this table, in each language.
AT_THIS_TABLE = {"en": r"\b(this table|here|the rest of us)\b", "es": r"\b(esta mesa|aquí)\b",
                 "de": r"\b(hier am tisch|aus der runde|von uns)\b", "fr": r"\b(cette table|d’ici)\b"}


def _cards(folder: Path) -> list[dict]:
    cards: list[dict] = []
    for path in sorted((folder / "cards").glob("*.yaml")):
        cards += yaml.safe_load(path.read_text(encoding="utf-8"))["cards"]
    return cards


def _asked(folder: Path) -> list[dict]:
    """The cards with a question: pugs, mutts and written custom cards (not the blanks)."""
    return [card for card in _cards(folder) if card.get("question")]


def _descriptives(card: dict) -> list[str]:
    text = card.get("descriptive") or ""
    return list(text.values()) if isinstance(text, dict) else [text] if text else []


def _decks() -> list[tuple[str, Path]]:
    return [(language, PUG_YOU.starter_folder(language)) for language in LANGUAGES] + [("es", VERBENA)]


def _deck_id(deck) -> str:
    return f"{deck[0]}-{deck[1].parent.name if deck[1] != VERBENA else 'verbena'}"


def test_the_english_starter_tags_only_from_the_editorial_table():
    documented = set(re.findall(r"^\| `([a-z-]+)` \|", EDITORIAL.read_text(encoding="utf-8"), re.MULTILINE))
    for card in _asked(PUG_YOU.starter_folder("en")):
        assert 1 <= len(card.get("tags", [])) <= 3, (card["id"], "one to three tags")
        assert set(card["tags"]) <= documented, (card["id"], set(card["tags"]) - documented)


@pytest.mark.parametrize("language", sorted(TAGS))
def test_a_translated_starter_tags_each_card_as_the_english_one_does(language):
    english, translated = _asked(PUG_YOU.starter_folder("en")), _asked(PUG_YOU.starter_folder(language))
    assert len(english) == len(translated)
    for theirs, ours in zip(english, translated):
        assert ours.get("tags") == [TAGS[language][tag] for tag in theirs["tags"]], (language, ours["id"])


@pytest.mark.parametrize("language", sorted(TAGS))
def test_the_four_starters_are_one_starter_in_four_languages(language):
    """A fix to a card's rating in one language is made in all four: the same cards, in the
    same order, with the same kind, level, badges, turds and thermometer."""
    values = ("kind", "level", "badges", "turds", "thermometer", "breed")
    english, translated = _cards(PUG_YOU.starter_folder("en")), _cards(PUG_YOU.starter_folder(language))
    assert [{k: c.get(k) for k in values} for c in translated] == [{k: c.get(k) for k in values} for c in english]


@pytest.mark.parametrize("deck", _decks(), ids=_deck_id)
def test_no_question_takes_for_granted_a_fact_some_players_lack(deck):
    language, folder = deck
    found = [(card["id"], pattern) for card in _asked(folder) for pattern in PRESUPPOSED[language]
             if re.search(pattern, card["question"], re.IGNORECASE)]
    assert found == []


@pytest.mark.parametrize("deck", _decks(), ids=_deck_id)
def test_no_card_is_a_genre_cliche(deck):
    language, folder = deck
    found = [(card["id"], pattern) for card in _asked(folder) for pattern in CLICHES[language]
             if re.search(pattern, " ".join([card["question"], *_descriptives(card)]), re.IGNORECASE)]
    assert found == []


def _words(text: str, language: str) -> set[str]:
    """The words of five letters or more, by their first five (so "karaoke" meets "karaoké",
    "Hochzeit" meets "Hochzeitsdrama"), less the common ones."""
    return {w[:5] for w in re.findall(r"[^\W\d_]+", text.lower()) if len(w) >= 5 and w not in SMALL[language]}


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_descriptive_names_its_questions_thing_again(language):
    """"Never the question said again" (`a karaoke hog` for the karaoke card, `a reply-all
    catastrophe`): a starter's descriptive shares no word of its question but small ones."""
    found = {card["id"]: sorted(_words(text, language) & _words(card["question"], language))
             for card in _asked(PUG_YOU.starter_folder(language)) for text in _descriptives(card)
             if _words(text, language) & _words(card["question"], language)}
    assert found == {}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_starter_red_names_the_table(language):
    """The starter shows a newcomer what red is for: the people in the room (the bundled deck
    names the table in most of its reds); a scene at a wedding is yellow-grade manners."""
    reds = [c for c in _asked(PUG_YOU.starter_folder(language)) if c.get("level") == "red"]
    assert any(re.search(AT_THIS_TABLE[language], c["question"], re.IGNORECASE) for c in reds)
