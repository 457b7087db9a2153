"""The party pages speak the deck's language: every phrasebook they use has each key in
every language with the same placeholders, and a Spanish deck's pages are in Spanish."""

from __future__ import annotations

import re
import shutil

import pytest
import yaml

from pugdeck.building.pipeline import build
from pugdeck.games.narration import Words
from pugdeck.games.registry import bundled_decks, game, registered
from pugdeck.party.documents import PAGE_WORDS, phone_state, screen_state
from pugdeck.party.room import Room
from pugdeck.party.table import PartyTable

PHRASEBOOKS = [PAGE_WORDS] + [spec.party_view().PARTY_WORDS for spec in registered().values()
                              if spec.has("party_view")]
assert len(PHRASEBOOKS) >= 3, "both bundled games are played at a party"


@pytest.mark.parametrize("path", PHRASEBOOKS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_language_has_every_key_with_the_same_placeholders(path):
    book = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert {"en", "es", "de", "fr"} <= set(book)
    english = book["en"]
    for language, texts in book.items():
        assert set(texts) == set(english), language
        for key, text in texts.items():
            assert set(re.findall(r"\{(\w+)\}", text)) == set(re.findall(r"\{(\w+)\}", english[key])), \
                (language, key)


def test_a_spanish_deck_s_screens_are_in_spanish(tmp_path):
    spec = game("pug-you")
    deck = shutil.copytree(bundled_decks()["pug-you"], tmp_path / "deck")
    text = (deck / "deck.yaml").read_text(encoding="utf-8")
    (deck / "deck.yaml").write_text(text.replace("language: en", "language: es"), encoding="utf-8")
    built = build(deck)
    table = PartyTable(spec, built.doc, bots=4)
    room = Room(table)
    _seat, token = table.join("Ana")
    assert screen_state(room)["words"]["texts"]["start"] == "Empezar la partida"
    table.start()
    assert table.to_act() == 0  # the bots played until Ana must act
    phone = phone_state(room, token)
    assert phone["words"]["language"] == "es"
    narration = Words(spec.party_view().PARTY_WORDS.with_name("narration.yaml"), "es")
    view = phone["view"]
    first = table.state.legal_actions()[0]
    assert first["type"] == "choose"  # Ana is the first active player: she takes an offer
    assert view["prompt"] == narration("choose_now")
    assert view["choices"][0]["label"] == narration("choose_option", name=table.names[first["from"]])
    assert view["info"][0].startswith("Tienes ")
    assert screen_state(room)["view"]["status"].startswith("Turno 1")

